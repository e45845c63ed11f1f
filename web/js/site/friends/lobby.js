// The host's lobby (index.html's #lobby-dialog) and the friends' line over the table: the
// invitation (link, Copy, QR code, how long it lasts), the reply box with "Add player", who is
// at the table, and "Start the match". It draws hosting.js's state and calls its methods.
//
//   const lobby = createLobby({ hosting, botFor });
//   lobby.open();                   // after hosting.open(plan)
import { byId, el } from "../../dom.js";
import { INVITE_S } from "../../net/hosting.js";
import { openSheet, closeSheet } from "../panels.js";
import { ask } from "../../dialog.js";
import { createScan } from "./scan.js";

/** @typedef {ReturnType<typeof import("../../net/hosting.js").createHosting>} Hosting */
/** @typedef {ReturnType<Hosting["state"]>} HostingState */

const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id));

/** "9:58": minutes and seconds. @param {number} s */
export function clock(s) {
  const t = Math.max(0, Math.floor(s));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

/**
 * The turn clock's line, on every table: whose decision, the time left, and what happens then.
 * @param {string} who @param {number} ms @param {boolean} you the line is for that friend's own device
 */
export function clockLine(who, ms, you) {
  const left = clock(ms / 1000);
  return you ? `Your turn: ${left} left, then a computer player plays for you until you are back.`
    : `${who} has ${left} to decide, then a computer player plays for them.`;
}

/** What a friend's seat shows in the lobby. @param {HostingState["friends"][number]} f */
export function seatLine(f) {
  const who = f.name || "A friend";
  switch (f.status) {
    case "open": return `Seat ${(f.seat ?? f.row) + 1}: waiting for a friend`;
    case "joining": return `Seat ${(f.seat ?? f.row) + 1}: connecting…`;
    case "here": return `${who}: at the table${f.ready ? ", ready to play again" : ""}`;
    case "away": return `${who}: reconnecting…`;
    case "computer": return `${who}: away, a computer player plays for them`;
    case "removed": return `${who}: removed, a computer player plays the seat`;
    default: return who;
  }
}

/**
 * @param {object} parts
 * @param {Hosting} parts.hosting
 * @param {(index: number, taken: string[]) => import("../../protocol.js").PlayerSpec} parts.botFor
 * @param {(seat: number) => unknown} [parts.handOver] "Hand the table to …" for a friend's seat
 * @param {() => number} [parts.now]
 */
export function createLobby({ hosting, botFor, handOver, now = () => Date.now() }) {
  let shownCode = "";
  /** @type {ReturnType<typeof setInterval> | null} */
  let ticker = null;
  /** @type {ReturnType<typeof createScan> | null} */
  let scan = null;

  function wire() {
    // "Scan": a reply read by the camera is added as if pasted and "Add player" pressed
    scan = createScan({ button: /** @type {HTMLButtonElement} */ (byId("lobby-scan")), box: byId("lobby-scan-box"), dialog: byId("lobby-dialog"), onError: say,
      onCode: (text) => { input("lobby-reply").value = text; /** @type {HTMLFormElement} */ (byId("lobby-reply-form")).requestSubmit(); } });
    byId("lobby-copy").addEventListener("click", () => copy("lobby-link", "lobby-copy"));
    byId("lobby-fresh").addEventListener("click", () => { hosting.invite().catch((err) => console.error(err)); });
    byId("lobby-reply-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const box = input("lobby-reply");
      const text = box.value.trim();
      if (!text) { say("Paste your friend's reply code first."); return; }
      /** @type {HTMLButtonElement} */ (byId("lobby-add")).disabled = true;
      say("");
      const problem = await hosting.addReply(text);
      /** @type {HTMLButtonElement} */ (byId("lobby-add")).disabled = false;
      if (problem) say(problem); else box.value = "";
    });
    byId("lobby-start").addEventListener("click", async () => {
      const empty = /** @type {"bots" | "drop"} */ (input("lobby-empty").value === "drop" ? "drop" : "bots");
      const problem = await hosting.startMatch(empty, botFor);
      if (problem) { say(problem); return; }
      closeSheet("lobby-dialog");
    });
    byId("btn-table").addEventListener("click", () => open());
    byId("lobby-clock").addEventListener("change", () => hosting.setClock(clockSeconds()));
    byId("lobby-allow-watch").addEventListener("change", () => hosting.setWatch(input("lobby-allow-watch").checked));
    byId("lobby-watch").addEventListener("click", () => { hosting.inviteOnlooker().catch((err) => console.error(err)); });
    for (const id of ["lobby-allow-coach", "lobby-allow-review", "lobby-allow-chat"]) {
      byId(id).addEventListener("change", () => hosting.setAllow(allowed()));
    }
    byId("friends-bot").addEventListener("click", () => {
      const away = hosting.state().friends.find((f) => f.status === "away");
      if (away?.seat != null) hosting.letComputerPlay(away.seat, true);
    });
  }

  /** The lobby's turn clock, in seconds (0: off). */
  function clockSeconds() {
    return Number(input("lobby-clock").value) || 0;
  }

  /** The lobby's "Friends may ask" boxes. */
  function allowed() {
    return { coach: input("lobby-allow-coach").checked, review: input("lobby-allow-review").checked, chat: input("lobby-allow-chat").checked };
  }

  /** @param {string} field @param {string} button */
  async function copy(field, button) {
    const b = byId(button);
    try { await navigator.clipboard.writeText(input(field).value); b.textContent = "Copied"; }
    catch { input(field).select(); }
    setTimeout(() => { b.textContent = "Copy"; }, 1500);
  }

  /** @param {string} text */
  function say(text) {
    const e = byId("lobby-error");
    e.textContent = text;
    e.hidden = !text;
  }

  function open() {
    draw();
    openSheet("lobby-dialog");
    ticker ??= setInterval(tick, 1000);
  }

  function tick() {
    drawStrip(hosting.state()); // the turn clock counts down
    const inv = hosting.state().invitation;
    if (!inv) { byId("lobby-timer").textContent = ""; return; }
    const left = inv.created + INVITE_S - now() / 1000;
    byId("lobby-timer").textContent = left > 0 ? `This invitation works for ${clock(left)}.` : "This invitation has expired.";
  }

  /** Draw the lobby and the line over the table from hosting's state. */
  function draw() {
    ticker ??= setInterval(tick, 1000); // the invitation's and the turn clock's countdowns
    const s = hosting.state();
    const inv = s.invitation;
    const f = inv ? s.friends.find((x) => x.row === inv.row) : null;
    byId("lobby-title").textContent = s.phase === "playing" ? "Your friends' table" : "Your table";
    byId("lobby-for").textContent = !inv ? (s.problem || "Every friend's seat is taken.")
      : inv.kind === "rejoin" ? `A rejoin link for ${f?.name || "your friend"}: they open it on their device to take their seat again.`
      : inv.kind === "watch" ? "An invitation for an onlooker: they watch the table from their own device, with no seat."
      : `Send this invitation to the friend for seat ${(f?.seat ?? f?.row ?? 0) + 1}, by message or by showing the QR code.`;
    input("lobby-link").value = inv?.link ?? "";
    if (!inv) scan?.stop(); // nothing waits for a reply: no camera left on behind a hidden box
    // no seat waiting for anyone: no invitation to show (a failed one keeps its retry)
    /** @type {HTMLElement} */ (byId("lobby-dialog").querySelector(".lobby-invite")).hidden = !inv && !s.problem;
    if ((inv?.code ?? "") !== shownCode) {
      shownCode = inv?.code ?? "";
      const box = byId("lobby-qr");
      box.replaceChildren();
      // qr.js loads its encoder when first asked (it would hold up the page's start)
      if (inv) import("../../net/link/qr.js").then(({ qrImage }) => { if (shownCode === inv.code) box.replaceChildren(qrImage(inv.link, "QR code of the invite link")); })
        .catch((err) => console.warn("No QR code:", err));
    }
    byId("lobby-seats").replaceChildren(...s.friends.map((x) => seatItem(x, s, { hosting, handOver,
      remove: (f) => { removeFriend(f, s.phase).catch((err) => console.error(err)); } })));
    drawWatchers(s);
    byId("lobby-start-box").hidden = s.phase !== "lobby";
    byId("btn-table").hidden = s.phase !== "playing";
    tick();
    drawStrip(s);
  }

  /**
   * "Remove Bo": asked first at the table, where it cannot be undone (a computer player plays
   * the seat to the end, and Bo's device can no longer take it back); in the lobby the seat is
   * simply open again.
   * @param {HostingState["friends"][number]} f @param {string} phase
   */
  async function removeFriend(f, phase) {
    const who = f.name || "this friend";
    if (phase === "playing") {
      const yes = await ask({ title: `Remove ${who}?`, okLabel: `Remove ${who}`,
        text: `A computer player plays ${who}'s seat to the end of the match, and ${who}'s device cannot take it back.` });
      if (!yes) return;
    }
    hosting.remove(f.row);
  }

  return { wire, open, draw, allowed, clockSeconds };
}

/** The lobby's onlookers: who watches, and the invitation button while they are let in. @param {HostingState} s */
function drawWatchers(s) {
  const n = s.watching.length;
  byId("lobby-watchers").textContent = !s.watch ? "Onlookers are not let in."
    : n ? `${n === 1 ? "One onlooker is" : `${n} onlookers are`} watching: ${s.watching.map((w) => w || "an onlooker").join(", ")}.`
    : "Nobody is watching.";
  byId("lobby-watch").hidden = !s.watch || (s.invitation?.kind === "watch");
  input("lobby-allow-watch").checked = s.watch;
}

/** The line over the table: who is away, and the match's fair-play promise. @param {HostingState} s */
function drawStrip(s) {
  const away = s.phase === "playing" ? s.friends.filter((f) => f.status === "away") : [];
  const lines = away.map((f) => `${f.name || "A friend"} is reconnecting…`);
  const timed = s.phase === "playing" && s.turn ? s.friends.find((f) => f.seat === s.turn?.seat) : null;
  if (s.turn && timed) lines.unshift(clockLine(timed.name || "A friend", s.turn.ms, false));
  const ready = s.phase === "playing" ? s.friends.filter((f) => f.ready).map((f) => f.name || "a friend") : [];
  if (ready.length) lines.push(`Ready to play again: ${ready.join(", ")}.`);
  if (s.phase === "playing" && s.watching.length) lines.push(`${s.watching.length === 1 ? "One onlooker" : `${s.watching.length} onlookers`} watching.`);
  if (s.phase === "playing" && s.promise) lines.push(`Fair-play promise ${s.promise}.`);
  byId("friends-status").hidden = lines.length === 0;
  byId("friends-text").textContent = lines.join(" ");
  byId("friends-bot").hidden = away.length === 0;
}

/**
 * One friend's line in the lobby's list of seats, with what the host may do about it: show the
 * seat's standing invitation, hand the table over, let the computer play or wait, mute, remove.
 * @param {HostingState["friends"][number]} x @param {HostingState} s
 * @param {{hosting: Hosting, handOver?: (seat: number) => unknown, remove: (f: HostingState["friends"][number]) => void}} how
 */
function seatItem(x, s, { hosting, handOver, remove }) {
  const li = el("li", `lobby-seat is-${x.status}`, seatLine(x));
  if (s.invitations.some((i) => i.row === x.row) && s.invitation?.row !== x.row) {
    li.append(" ", button(x.status === "away" && x.name ? `Show ${x.name}'s rejoin invitation` : "Show its invitation", () => hosting.show(x.row)));
  }
  if (s.phase === "playing" && x.seat != null && x.status === "here" && handOver) {
    const seat = x.seat;
    li.append(" ", button(`Hand the table to ${x.name}`, () => handOver(seat)));
  }
  if (s.phase === "playing" && x.seat != null && (x.status === "away" || x.status === "computer")) {
    const seat = x.seat;
    li.append(" ", x.status === "away"
      ? button("Let the computer play", () => hosting.letComputerPlay(seat, true))
      : button("Wait for them", () => hosting.letComputerPlay(seat, false)));
  }
  if (x.status !== "open" && x.status !== "removed") {
    li.append(" ", button(x.muted ? `Unmute ${x.name || "this friend"}` : `Mute ${x.name || "this friend"}`, () => hosting.mute(x.row, !x.muted)));
    li.append(" ", button(`Remove ${x.name || "this friend"}`, () => remove(x)));
  }
  return li;
}

/** @param {string} text @param {() => void} onClick */
function button(text, onClick) {
  const b = el("button", "link-btn", text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}
