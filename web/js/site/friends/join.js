// The guest's page: index.html opened with an invitation (`#join=…`). It asks a name, shows the
// reply code (text, Copy, QR code) for the host, then the table the host sends, this seat at
// the bottom marked "You". No engine boots to play (net/guest.js is a client: the host plays);
// at the end of the match the engine boots once to check the host's deal against the promise
// it made at the start (fair play).
//
//   if (location.hash.startsWith("#join=") || location.hash.startsWith("#table=")) startGuest();
import { byId, el } from "../../dom.js";
import { createTable } from "../../table.js";
import { createSummaryButtons } from "../../table-view.js";
import { createSound } from "../../sound.js";
import { setStatus } from "../../render.js";
import { startEngine } from "../../boot-screen.js";
import { decodeInvite } from "../../net/link/codec.js";
import { createGuest } from "../../net/guest.js";
import { readStored, readName, keepName } from "../../storage/guest-store.js";
import { clock, clockLine } from "./lobby.js";
import { REPLY_LIFETIME_S as REPLY_S } from "../../net/link/codec.js";
import { wireName } from "../../net/messages.js";
import { ask } from "../../dialog.js";
import { createTalkBox } from "./talk-box.js";
import { openSheet, closeSheet, wirePanels } from "../panels.js";
import { createSettings } from "../settings.js";
import { openReview } from "../../review.js";

/**
 * The engine the fair-play check booted, with the finished match installed from its record:
 * "Review your play" reads it, and the next match's check reuses it (null: none yet).
 * @type {import("../../engine.js").Engine | null}
 */
let reviewer = null;

/** @typedef {import("../../net/guest.js").GuestState} GuestState */

const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id));

/** Start the guest's page. */
export function startGuest() {
  const page = createSettings(); // the header's Settings: pace, colours, and this player's standing answers
  page.wire();
  wirePanels();
  byId("btn-new").hidden = true; // the host starts matches
  document.body.classList.add("is-guest");
  byId("welcome").hidden = true;
  byId("boot").classList.add("is-ready"); // nothing to boot: the host's engine plays
  setStatus("Join the table to play.");
  /** @type {ReturnType<typeof createGuest> | null} */
  let guest = null;
  const client = () => { if (!guest) throw new Error("Join the table first."); return guest.client; };
  const table = createTable({
    mode: "site",
    pace: () => page.current().pace,
    sound: createSound(/** @type {HTMLButtonElement} */ (byId("btn-sound"))),
    // the views' clicks go to the host (the guest is made just below, with this table)
    client: { act: (a) => client().act(a), nextHand: (v) => client().nextHand(v), coach: (r) => client().coach(r) },
  });
  const hash = location.hash;
  if (hash.startsWith("#table=")) { lost(readStored()?.host ?? ""); return; }
  let invite;
  try {
    invite = decodeInvite(hash.slice("#join=".length));
  } catch (err) {
    showProblem(`This invitation cannot be used: ${err instanceof Error ? err.message : String(err)} Ask the host to send it again.`);
    return;
  }
  const inv = invite;
  const stored = readStored();
  const back = stored && stored.table === inv.table && stored.seat === inv.seat && inv.kind !== "watch";
  const watch = inv.kind === "watch";
  byId("join-title").textContent = watch ? "Watch a table" : inv.kind === "rejoin" ? "Back to the table" : "Join a table";
  byId("join-intro").textContent = watch
    ? `${inv.host || "A friend"} invites you to watch their game of Speculation: you see what every player sees of the table, and no face-down card.`
    : inv.host ? `${inv.host} invites you to a game of Speculation at their table.` : "You are invited to a game of Speculation.";
  byId("join-go").textContent = watch ? "Watch" : "Join";
  input("join-name").value = readName();
  const talk = createTalkBox({ say: (what) => me.say(what), log: (text) => table.log(text, "said") });
  talk.wire();
  const me = createGuest({
    invite: inv, table, onChange: (s) => { draw(s, inv.table); offered(me, s); talk.show(s.phase === "playing" && !s.watching); talk.allowText(s.allow.chat); },
    talk: { said: (seat, name, text) => talk.said(seat, name, text), refused: (message) => talk.problem(message) },
    audit: (record, seen, commitment) => audit(record, seen, commitment),
    onTable: () => { location.replace(`${location.pathname}${location.search}`); }, // the site: it resumes and hosts
  });
  guest = me;
  createSummaryButtons(table.store, () => endButtons(me)); // under the match summary
  byId("join-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const checked = wireName(input("join-name").value);
    if (!checked.ok) { status(checked.message); input("join-name").focus(); return; }
    const name = checked.name;
    keepName(name);
    /** @type {HTMLButtonElement} */ (byId("join-go")).disabled = true;
    status("Making your reply code…");
    try {
      await me.join(name, prefs());
    } catch (err) {
      status(`No reply code could be made: ${err instanceof Error ? err.message : String(err)}`);
      /** @type {HTMLButtonElement} */ (byId("join-go")).disabled = false;
    }
  });
  wireShare();
  byId("join-copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(input("join-reply").value); byId("join-copy").textContent = "Copied"; }
    catch { input("join-reply").select(); }
    setTimeout(() => { byId("join-copy").textContent = "Copy"; }, 1500);
  });
  const prefs = () => ({ auto_reveal: page.current().autoReveal !== false, offers: page.current().offers });
  byId("settings-dialog").addEventListener("close", () => me.setPrefs(prefs()));
  addEventListener("beforeunload", (ev) => { if (me.state().phase === "playing") ev.preventDefault(); });
  openSheet("join-dialog");
  if (back && input("join-name").value) /** @type {HTMLFormElement} */ (byId("join-form")).requestSubmit();
  byId("friends-bot").addEventListener("click", () => me.back());
  setInterval(() => { tickReply(me.state()); if (me.state().turn) draw(me.state(), inv.table); }, 1000); // the countdowns
}

/**
 * Under the match summary on a guest's table: ready for another match at this table (the host
 * starts it: "Play again"), or leave it.
 * @param {ReturnType<typeof createGuest>} guest
 * @returns {HTMLElement[]}
 */
function endButtons(guest) {
  const me = guest.state();
  const leave = el("button", "", me.watching ? "Stop watching" : "Leave the table");
  leave.type = "button";
  leave.addEventListener("click", () => { guest.close(); location.replace(`${location.pathname}${location.search}`); });
  if (me.watching) return [leave]; // an onlooker watches the next match too, if the host plays one
  const looked = reviewer;
  const seat = me.seat;
  /** @type {HTMLElement[]} */
  const more = [];
  if (looked && seat != null) { // once the host's record is checked, it replays here: the review is this device's own
    const review = el("button", "", "Review your play");
    review.type = "button";
    review.addEventListener("click", () => { openReview({ engine: looked, seat, returnFocus: review }).catch((err) => strip(`No review: ${err instanceof Error ? err.message : String(err)}`)); });
    more.push(review);
  }
  const ready = me.seats.find((x) => x.seat === me.seat)?.ready ?? false;
  const again = el("button", ready ? "" : "primary", ready ? "Not ready after all" : "Ready to play again");
  again.type = "button";
  again.addEventListener("click", () => {
    guest.setReady(!ready);
    again.disabled = true; // redrawn with the host's answer (its list of seats)
  });
  return [again, ...more, leave];
}

let asking = false;
/**
 * The host offers this device the table: its player is asked, and only a yes takes it.
 * @param {ReturnType<typeof createGuest>} guest @param {GuestState} s
 */
async function offered(guest, s) {
  if (!s.offer || asking) return;
  asking = true;
  try {
    const yes = await ask({ title: "Take the table?", okLabel: "Keep it here",
      text: `${s.offer} hands you the table: keep it on this device? This device then runs the match and the others rejoin you.` });
    const why = guest.answerOffer(!!yes);
    if (why) strip(why);
  } finally {
    asking = false;
  }
}

/** @param {GuestState} s @param {string} tableId */
function draw(s, tableId) {
  if (s.reply) {
    byId("join-form").hidden = true;
    byId("join-reply-box").hidden = false;
    const link = replyLink(s.reply);
    if (input("join-reply").value !== link) {
      input("join-reply").value = link;
      import("../../net/link/qr.js").then(({ qrImage }) => { byId("join-qr").replaceChildren(qrImage(link, "QR code of your reply link")); })
        .catch((err) => console.warn("No QR code:", err));
    }
  }
  if (s.phase === "replying") {
    status(`Send this link to ${s.host || "the host"}: opened in the browser that has the table, it seats you at once `
      + "(or they paste it under “Reply code”, or scan the QR code with that device).");
  }
  tickReply(s);
  if (s.phase === "playing" && byId("join-dialog").hasAttribute("open")) {
    closeSheet("join-dialog");
    history.replaceState(null, "", `${location.pathname}${location.search}#table=${tableId}`);
  }
  const host = s.host || "the host";
  if (s.moved && s.phase !== "playing") {
    strip(`${host} has the table now. Your seat is kept: open the rejoin link ${host} sends you.`);
  } else if (s.phase === "closed" && !s.problem) {
    strip("This device has the table now: opening it…");
  } else if (s.phase === "lost" && s.seat != null && !byId("join-dialog").hasAttribute("open")) {
    // The channel closed mid-match (the host reloaded, or its device went away): the seat is kept.
    strip(`${host} is reconnecting… Your seat is kept: when ${host} is back, open the rejoin link ${host} sends you.`);
  } else if (s.phase === "lost" || s.phase === "refused" || s.phase === "closed" || s.phase === "removed") {
    if (byId("join-dialog").hasAttribute("open")) status(s.problem || `The connection to ${host} was lost.`);
    else strip(s.problem || `The connection to ${host} was lost.`);
  } else if (s.phase === "playing") {
    if (s.moved) { strip(`${host} is taking over the table… open the rejoin link ${host} sends you.`); return; }
    if (!s.started) setStatus(waitingRoom(s));
    if (s.watching) { strip(watchLine(s)); return; }
    const away = s.seats.filter((x) => x.status === "away" && x.seat !== s.seat).map((x) => `${x.name || "A friend"} is reconnecting…`);
    if (s.hostAway) away.unshift(`${s.host || "The host"} is reconnecting… the match waits for them.`);
    const mine = s.seats.find((x) => x.seat === s.seat);
    const timed = s.turn && s.seats.find((x) => x.seat === s.turn?.seat);
    if (s.turn && timed) away.unshift(clockLine(timed.name || "A friend", s.turn.until - Date.now(), timed.seat === s.seat));
    if (mine?.status === "computer") away.unshift("A computer player is playing for you.");
    backButton(mine?.status === "computer");
    const ready = s.seats.filter((x) => x.ready).map((x) => (x.seat === s.seat ? "you" : x.name || "a friend"));
    if (ready.length) away.push(`Ready to play again: ${ready.join(", ")}. ${s.host || "The host"} starts the next match.`);
    if (s.onlookers) away.push(`${s.onlookers === 1 ? "One onlooker" : `${s.onlookers} onlookers`} watching.`);
    if (s.broken) away.push(s.broken);
    else if (s.promise && !s.audit) away.push(`Fair-play promise ${s.promise}.`);
    if (s.audit) away.push(s.audit.text);
    strip(away.join(" "));
  }
}

/**
 * The waiting room, until the host starts the match: whose table, who is seated, who is awaited.
 * @param {GuestState} s
 */
function waitingRoom(s) {
  const host = s.host || "the host";
  if (s.watching) {
    const seated = s.seats.filter((x) => x.status === "here").map((x) => x.name);
    return `You are watching ${host}'s table (${[host, ...seated].join(", ")}). Waiting for ${host} to start the match.`;
  }
  const seated = s.seats.filter((x) => x.status === "here").map((x) => (x.seat === s.seat ? "you" : x.name));
  const awaited = s.seats.filter((x) => x.status === "open" || x.status === "joining").length;
  const more = awaited ? ` ${awaited === 1 ? "One seat waits" : `${awaited} seats wait`} for a friend.` : "";
  return `You are at ${host}'s table with ${[host, ...seated.filter((n) => n !== "you")].join(", ")}.${more} `
    + `Waiting for ${host} to start the match.`;
}

/**
 * An onlooker's line over the table: whose table, that they watch, and the fair-play check.
 * @param {GuestState} s
 */
function watchLine(s) {
  const host = s.host || "the host";
  const parts = [`You are watching ${host}'s table${s.onlookers > 1 ? ` with ${s.onlookers - 1} other onlooker${s.onlookers > 2 ? "s" : ""}` : ""}.`];
  if (s.hostAway) parts.push(`${host} is reconnecting…`);
  if (s.broken) parts.push(s.broken);
  else if (s.audit) parts.push(s.audit.text);
  else if (s.promise) parts.push(`Fair-play promise ${s.promise}.`);
  return parts.join(" ");
}

/** The strip's "I'm back" on a guest's table, shown while a computer player plays for them. @param {boolean} on */
function backButton(on) {
  const b = byId("friends-bot");
  b.hidden = !on;
  b.textContent = "I'm back";
}

/**
 * The reply as a link to the site: opened in the host's browser, it passes the reply to the
 * host's tab (site/friends/reply-link.js). The host may still paste it: the codec reads a link.
 * @param {string} code
 */
function replyLink(code) {
  return `${location.origin}${location.pathname}#reply=${code}`;
}

/** "Send…": the device's own share sheet, where there is one. */
function wireShare() {
  const share = /** @type {HTMLButtonElement} */ (byId("join-share"));
  if (typeof navigator.share !== "function") return;
  share.hidden = false;
  share.addEventListener("click", () => {
    navigator.share({ title: "My reply for your Speculation table", url: input("join-reply").value })
      .catch((err) => console.warn("Not shared:", err)); // the player closed the sheet
  });
}

/** @param {GuestState} s */
function tickReply(s) {
  if (s.phase !== "replying") { byId("join-timer").textContent = ""; return; }
  const left = s.replyCreated + REPLY_S - Date.now() / 1000;
  byId("join-timer").textContent = left > 0 ? `The code works for ${clock(left)}.`
    : "This code has expired: ask the host for a new invitation and open it.";
}

/** The line over the table. @param {string} text */
function strip(text) {
  byId("friends-status").hidden = !text;
  byId("friends-text").textContent = text;
}

/** @param {string} text */
function status(text) { byId("join-status").textContent = text; }

/** @param {string} text */
function showProblem(text) {
  byId("join-form").hidden = true;
  status(text);
  openSheet("join-dialog");
}

/** A reload after joining: the seat is kept; the host's rejoin link takes it back. @param {string} host */
function lost(host) {
  byId("join-title").textContent = "Back to the table";
  showProblem(`You were at ${host || "a friend"}'s table. Your seat is kept: ask ${host || "the host"} for the rejoin link (under “Friends” on their screen) and open it here.`);
}


/**
 * The fair-play check at the end: the engine boots here once and replays the record the host
 * released, against the promise made at the deal and the moves this page saw.
 * @param {unknown} record @param {import("../../protocol.js").GameEvent[]} seen @param {string | null} commitment
 * @returns {Promise<GuestState["audit"]>}
 */
async function audit(record, seen, commitment) {
  if (!commitment) return { text: "The host made no promise about the deal, so it cannot be checked." };
  const engine = reviewer ?? await startEngine({ onFatal: () => {} });
  reviewer = null;
  let keep = false;
  try {
    const r = await engine.request(/** @type {any} */ ({ op: "verify", record, commitment, seen })); // verify: see docs/protocol.md
    if (!r.ok) return { text: `The deal could not be checked: ${r.error?.message ?? "the engine refused"}` };
    const v = /** @type {{commitment_ok: boolean, replay_ok: boolean, log_ok: boolean}} */ (/** @type {unknown} */ (r));
    const fair = v.commitment_ok && v.replay_ok && v.log_ok;
    if (fair) { // the checked match, installed in this engine for "Review your play"
      const installed = await engine.request(/** @type {any} */ ({ op: "replay", record }));
      keep = installed.ok;
      if (keep) reviewer = engine;
    }
    return { commitment_ok: v.commitment_ok, replay_ok: v.replay_ok && v.log_ok,
      text: fair ? "Fair play checked: the cards were the ones the host promised at the start, and every move you saw replays exactly."
        : "Fair play check FAILED: the record the host released does not match its promise or what you saw." };
  } finally {
    if (!keep) engine.terminate?.();
  }
}
