// A guest at a friend's table: a client. The host's tab runs the match; this page reads every
// message the host sends (messages.js's readHostMessage: as strictly as the host reads a
// guest's), puts each `state` into the match store, and sends its player's clicks. No engine
// and no driver loop run here while playing (the engine boots once at the end, for the fair-play
// check: site/friends/join.js).
//
//   const guest = createGuest({ invite, table, onChange });
//   const code = await guest.join("Ann");      // the reply code for the host
//   // …the host adds it: the table shows, seat at the bottom marked "You"
import { encodeReply, iceForCode } from "./link/codec.js";
import { guestPeer } from "./link/peer.js";
import { readHostMessage, wireName, joinHands } from "./messages.js";
import { readStored, writeStored } from "../storage/guest-store.js";
import { cleanRoster } from "../storage/roster.js";
import { keepHandedTable, noRoomForTable } from "../storage/hand-over.js";
import { promiseLine } from "./promise.js";
import { lineOf } from "./talk.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").Action} Action */
/** @typedef {import("../protocol.js").GameEvent} GameEvent */
/** @typedef {import("./link/codec.js").Invite} Invite */
/** @typedef {import("./link/peer.js").Channel} Channel */
/** @typedef {import("./messages.js").HostMessage} HostMessage */
/** @typedef {import("./messages.js").Allow} Allow */

/** Milliseconds to wait for the host's answer to a move or a question. */
const ANSWER_MS = 20000;

/**
 * @typedef {object} GuestState
 * @property {"start" | "replying" | "playing" | "lost" | "refused" | "closed" | "removed"} phase
 * @property {string} reply the reply code to give the host ("" before Join)
 * @property {number} replyCreated unix seconds the reply was made
 * @property {number | null} seat
 * @property {boolean} watching an onlooker: no seat, the spectator's view, nothing to send
 * @property {number} onlookers how many onlookers watch the table (the host says)
 * @property {string} host the host's name
 * @property {import("./messages.js").SeatLine[]} seats the friends' seats (and who is ready for another match)
 * @property {boolean} hostAway the host's device has gone quiet
 * @property {string} problem a sentence about what went wrong ("" if nothing)
 * @property {{commitment_ok?: boolean, replay_ok?: boolean, text: string} | null} audit
 * @property {boolean} moved the host handed the table to another friend (`host` names them)
 * @property {string | null} offer the host offers this device the table (its name), waiting for a yes
 * @property {string} promise the first 8 hex digits of the host's promise for this match ("" before)
 * @property {string} broken the host changed its promise: the sentence ("" while it keeps it)
 * @property {Allow} allow what the host lets this seat ask
 * @property {boolean} started the host's table has been drawn here (the match has begun)
 * @property {{seat: number, until: number} | null} turn the turn clock: whose decision, and until
 *   when by this device's clock (the host says how long is left, not when)
 */

/**
 * The table a guest draws on (table.js's, made with a `client`).
 * @typedef {object} GuestTable
 * @property {import("../match-store.js").MatchStore} store
 * @property {unknown} hello
 * @property {() => boolean} resultOpen
 * @property {(text: string, cls?: string) => void} log
 * @property {(how?: {holder?: number | null, here?: number[] | null}) => void} reset
 */

/**
 * What the guest holds; the functions below are plain functions of it.
 * @typedef {object} Gx
 * @property {Invite} invite
 * @property {GuestTable} table
 * @property {(s: GuestState) => void} onChange
 * @property {() => number} now
 * @property {((record: unknown, seen: GameEvent[], commitment: string | null) => Promise<GuestState["audit"]>) | undefined} audit
 * @property {() => void} onTable
 * @property {GuestState} state
 * @property {Channel | null} channel
 * @property {View | null} latest
 * @property {import("../protocol.js").HandResult[]} hands the match's finished hands, as the host sent
 *   them (a state message carries only the ones this device does not hold: messages.js's shipHands)
 * @property {number} next the log index the host shows next
 * @property {string | null} pinned the match's promise, as first made
 * @property {boolean} released the record of the pinned match has come (a new match may promise anew)
 * @property {boolean} expecting this player said yes to the table: a `table` message is awaited
 * @property {GameEvent[]} seen every public event seen, for the fair-play check
 * @property {Map<"act" | "coach" | "review", (m: HostMessage) => void>} waiting one answer per kind
 * @property {import("../protocol.js").StandingPrefs} prefs
 * @property {{said: (seat: number, name: string, text: string) => void, refused: (message: string) => void}} talk
 *   the page's "Say…" box (site/friends/talk-box.js)
 */

const tell = (/** @type {Gx} */ gx) => { try { gx.onChange({ ...gx.state }); } catch (err) { console.error(err); } };
const dispatch = (/** @type {Gx} */ gx, /** @type {import("../match-store.js").MatchMsg} */ m) => gx.table.store.dispatch(m);

/**
 * "Join": make the reply code for the host, then wait for the host to add it.
 * @param {Gx} gx @param {string} name @param {import("../protocol.js").StandingPrefs} standing
 * @param {typeof guestPeer} peer
 */
async function join(gx, name, standing, peer) {
  const checked = wireName(name);
  if (!checked.ok) throw new Error(checked.message);
  gx.prefs = standing;
  const inv = gx.invite;
  const p = peer(inv.ice, { stunUrls: inv.stun ? STUN_DEFAULT : [] });
  const ice = iceForCode(await p.reply, inv.stun);
  const created = Math.floor(gx.now() / 1000);
  gx.state.reply = encodeReply({ kind: "reply", table: inv.table, seat: inv.seat, created, ice }, { internet: inv.stun });
  gx.state.replyCreated = created;
  gx.state.phase = "replying";
  tell(gx);
  p.channel.then((ch) => connected(gx, ch, checked.name), (err) => {
    gx.state.phase = "lost";
    gx.state.problem = `The host's device could not be reached (${err instanceof Error ? err.message : String(err)}). `
      + "Make sure you are on the same Wi-Fi, or ask the host for a new invitation.";
    tell(gx);
  });
  return gx.state.reply;
}

/** @param {Gx} gx @param {Channel} ch @param {string} name */
function connected(gx, ch, name) {
  gx.channel = ch;
  ch.onMessage((text) => {
    const r = readHostMessage(text, { seat: gx.state.phase !== "playing" ? null : gx.state.watching ? "watch" : gx.state.seat });
    if (r.ok) onMessage(gx, r.msg);
    else refuseHost(gx, r.message);
  });
  ch.onStatus((st) => {
    gx.state.hostAway = st !== "open";
    if (st === "closed" && gx.state.phase !== "removed") gx.state.phase = "lost";
    tell(gx);
  });
  const mine = readStored();
  const ours = mine && mine.table === gx.invite.table && mine.seat === gx.invite.seat ? mine : null;
  ch.send({ t: "hello", name, token: ours?.token ?? null, prefs: gx.prefs, promise: gx.pinned ?? ours?.promise ?? null });
}

/** Something from the host this table cannot use: said on the table, nothing changes. @param {Gx} gx @param {string} why */
function refuseHost(gx, why) {
  console.warn("Refused a message from the host:", why);
  dispatch(gx, { type: "notice", text: `The host sent something this table cannot use, and it was ignored: ${why}` });
}

/** @param {Gx} gx @param {HostMessage} m */
function onMessage(gx, m) {
  switch (m.t) {
    case "welcome": welcome(gx, m); return;
    case "state": applyState(gx, m); return;
    case "ack": answer(gx, "act", m); return;
    case "coach": answer(gx, "coach", m); return;
    case "review": answer(gx, "review", m); return;
    case "refused": refused(gx, m); return;
    case "seats":
      gx.state.seats = m.seats;
      gx.state.onlookers = m.watching;
      gx.state.turn = m.turn ? { seat: m.turn.seat, until: gx.now() + m.turn.ms } : null;
      tell(gx);
      if (gx.latest?.match_over) present(gx, gx.latest); // the summary's buttons say who is ready
      return;
    case "allow": gx.state.allow = m.allow; tell(gx); return;
    case "record": checkRecord(gx, m.record); return;
    case "offer_table": gx.state.offer = m.from; tell(gx); return;
    case "table": takeTable(gx, m); return;
    case "moved": gx.state.host = m.host; gx.state.moved = true; tell(gx); return;
    case "said": gx.talk.said(m.seat, m.name, m.text); return;
    case "removed": ended(gx, "removed", `${gx.state.host || "The host"} has taken you off the table.`); return;
    case "bye": ended(gx, "closed", `${gx.state.host || "The host"} closed the table.`); return;
    default:
  }
}

/** @param {Gx} gx @param {"removed" | "closed"} phase @param {string} problem */
function ended(gx, phase, problem) {
  gx.state.phase = phase;
  gx.state.problem = problem;
  tell(gx);
  if (phase === "removed") gx.channel?.close();
}

/** @param {Gx} gx @param {Extract<HostMessage, {t: "welcome"}>} m */
function welcome(gx, m) {
  if (m.table !== gx.invite.table) { refuseHost(gx, "a welcome to another table"); return; }
  if ((m.seat === null) !== (gx.invite.kind === "watch")) { refuseHost(gx, "a welcome that does not answer this invitation"); return; }
  const again = gx.state.phase === "playing";
  const moved = gx.state.seat !== m.seat;
  gx.state.seat = m.seat;
  gx.state.watching = m.seat === null;
  gx.state.host = m.host;
  gx.hands = []; // the host counts the hands sent afresh from a welcome
  gx.state.allow = m.allow;
  if (m.seat !== null) keepSeat(gx, m.table, m.seat, m.token, m.host); // (an onlooker keeps nothing: a new invitation lets them back)
  if (m.hello) gx.table.hello = m.hello; // the host's public hello: the options, bots and limits drawn
  if (!again || moved) gx.table.reset({ holder: m.seat, here: m.seat === null ? [] : [m.seat] });
  gx.state.phase = "playing";
  tell(gx);
}

/**
 * This device's seat at the table, kept for a reload (with the match's promise, once pinned).
 * @param {Gx} gx @param {string} table @param {number} seat @param {string} token @param {string} host
 */
function keepSeat(gx, table, seat, token, host) {
  const kept = readStored();
  const promise = kept && kept.table === table && kept.promise ? { promise: kept.promise } : {};
  if (promise.promise && !gx.pinned) gx.pinned = promise.promise;
  writeStored({ table, seat, token, host, ...promise });
}

/**
 * The first promise of a match is pinned (and kept across a reload): a different one later is
 * refused and said, until the pinned match's record has been released (then a new match may
 * promise anew).
 * @param {Gx} gx @param {string | null} commitment
 */
function pin(gx, commitment) {
  if (!commitment || commitment === gx.pinned) return;
  if (gx.pinned && !gx.released) {
    if (gx.state.broken) return;
    gx.state.broken = `The host changed its promise at move ${gx.next}: the cards may not be the ones promised at the start. The fair-play check will hold the host to the first promise.`;
    gx.table.log(gx.state.broken, "system");
    tell(gx);
    return;
  }
  if (gx.pinned) newMatch(gx); // the last match's record came: this is the next match, played on
  gx.pinned = commitment;
  gx.released = false;
  gx.state.promise = commitment.slice(0, 8);
  gx.table.log(promiseLine(commitment), "system");
  const kept = readStored();
  if (kept && kept.table === gx.invite.table && !gx.state.watching) writeStored({ ...kept, promise: commitment });
  tell(gx);
}

/**
 * The host started the next match at the same table ("Play again"): a fresh table, and the
 * fair-play check starts over with the new promise.
 * @param {Gx} gx
 */
function newMatch(gx) {
  gx.seen = [];
  gx.hands = [];
  gx.state.audit = null;
  gx.latest = null;
  gx.table.reset({ holder: gx.state.seat, here: gx.state.seat == null ? [] : [gx.state.seat] });
}

/** The host's view and events: drawn as a local move would be. @param {Gx} gx @param {Extract<HostMessage, {t: "state"}>} m */
function applyState(gx, m) {
  const hands = joinHands(gx.hands, m.view.hands, m.known);
  if (typeof hands === "string") { refuseHost(gx, hands); return; }
  gx.next = m.next;
  pin(gx, m.commitment); // (a new match's promise starts a fresh table first)
  gx.hands = hands;
  const view = { ...m.view, hands: hands.slice() };
  if (gx.pinned && !gx.state.promise) gx.state.promise = gx.pinned.slice(0, 8);
  for (const line of m.lines) gx.table.log(line.text, line.cls);
  gx.seen.push(...m.events);
  dispatch(gx, { type: "events", events: m.events });
  gx.latest = view;
  if (!gx.state.started) { gx.state.started = true; tell(gx); }
  present(gx, view);
  // the table has settled on the host's latest (as the driver's run says after each move), unless
  // a move of this player's is still on its way
  if (!gx.waiting.has("act")) dispatch(gx, { type: "busy", state: "idle" });
}

/**
 * Show the host's view as the local table would at this point: a hand's result first (once per
 * hand, as the driver pauses there), then this seat's controls when it is this seat's turn.
 * @param {Gx} gx @param {View} view
 */
export function present(gx, view) {
  const lh = view.last_hand;
  const seen = gx.table.store.getState().seenHand;
  if (lh && view.stage === "hand_over") {
    const unseen = seen !== lh.number || gx.table.resultOpen();
    dispatch(gx, { type: "seen_hand", number: lh.number });
    if (unseen && !view.match_over) { dispatch(gx, { type: "show", view, focus: "result" }); return; }
  }
  const mine = !view.match_over && view.to_act === gx.state.seat && view.legal.length > 0;
  if (mine) dispatch(gx, { type: "show", view, controls: true, focus: "controls" });
  else dispatch(gx, { type: "show", view });
}

/** @param {Gx} gx @param {"act" | "coach" | "review"} kind @param {HostMessage} m */
function answer(gx, kind, m) {
  const done = gx.waiting.get(kind);
  gx.waiting.delete(kind);
  done?.(m);
}

/** A refusal: the answer to what it names, or a line on the table. @param {Gx} gx @param {Extract<HostMessage, {t: "refused"}>} m */
function refused(gx, m) {
  if (gx.state.phase !== "playing") {
    gx.state.phase = "refused";
    gx.state.problem = m.message;
    tell(gx);
    return;
  }
  if (m.of === "say") { gx.talk.refused(m.message); return; }
  const kind = m.of ?? null;
  if (kind && gx.waiting.has(kind)) { answer(gx, kind, m); return; }
  console.warn(`The host refused (${m.code}): ${m.message}`);
  dispatch(gx, { type: "notice", text: `Not allowed: ${m.message}`, refused: true });
}

/**
 * Ask the host and wait for the answer to `kind` (or a refusal of it).
 * @param {Gx} gx @param {import("./messages.js").GuestMessage} msg @param {"act" | "coach" | "review"} kind
 * @returns {Promise<HostMessage>}
 */
function ask(gx, msg, kind) {
  const ch = gx.channel;
  if (!ch) return Promise.resolve({ t: "refused", code: "not_connected", message: "Not connected to the host." });
  if (gx.waiting.has(kind)) return Promise.resolve({ t: "refused", code: "busy", message: "The host has not answered the last one yet." });
  return new Promise((resolve) => {
    const timer = setTimeout(() => { gx.waiting.delete(kind); resolve({ t: "refused", code: "timeout", message: "The host did not answer in time." }); }, ANSWER_MS);
    gx.waiting.set(kind, (m) => { clearTimeout(timer); resolve(m); });
    ch.send(msg);
  });
}

/** This player's move: sent with the log index it was made on; a refusal is said. @param {Gx} gx @param {Action} action */
async function act(gx, action) {
  dispatch(gx, { type: "busy", state: "busy" });
  try {
    const m = await ask(gx, { t: "act", action: { ...action }, since: gx.next }, "act");
    if (m.t === "refused") {
      console.warn(`The host refused a move (${m.code}): ${m.message}`);
      dispatch(gx, { type: "notice", text: `Not allowed: ${m.message}`, refused: true });
    }
  } finally {
    dispatch(gx, { type: "busy", state: "idle" });
  }
}

/** @param {Gx} gx @param {{op: "coach", seat: number}} _req @returns {Promise<import("../protocol.js").Response<"coach">>} */
async function coach(gx, _req) {
  /** @type {HostMessage} */
  const m = gx.state.allow.coach ? await ask(gx, { t: "coach" }, "coach")
    : { t: "refused", code: "not_allowed", message: "The host has not allowed the coach at this table." };
  // the host's engine answered (or refused) in the bridge's own shape, passed on as it came
  const out = m.t === "coach" ? { ok: true, op: "coach", advice: m.advice }
    : { ok: false, error: m.t === "refused" ? { code: m.code, message: m.message } : { code: "refused", message: "The host refused." } };
  return /** @type {import("../protocol.js").Response<"coach">} */ (/** @type {unknown} */ (out));
}

/**
 * The host handed this device the table, after its player said yes: it becomes this device's
 * own save (storage/hand-over.js), and the site opens it and hosts the friends.
 * @param {Gx} gx @param {Extract<HostMessage, {t: "table"}>} m
 */
function takeTable(gx, m) {
  const roster = cleanRoster(m.roster);
  if (!gx.expecting) { refuseHost(gx, "a table this player was not asked to take"); return; }
  if (!roster || roster.host !== gx.state.seat || roster.table !== gx.invite.table) { refuseHost(gx, "a handed-over table that is not for this seat"); return; }
  gx.expecting = false;
  const out = keepHandedTable({ snapshot: m.snapshot, roster, log: m.log });
  if (!out.ok) { gx.state.problem = out.message; tell(gx); return; }
  gx.state.phase = "closed";
  tell(gx);
  gx.channel?.close();
  gx.onTable();
}

/**
 * This player's answer to "keep the table on this device?". A yes where this device has no
 * room is sent as a no, and the reason returned.
 * @param {Gx} gx @param {boolean} yes
 * @returns {string | null} why a yes could not be given
 */
function answerOffer(gx, yes) {
  const full = yes ? noRoomForTable() : null;
  gx.state.offer = null;
  gx.expecting = yes && !full;
  gx.channel?.send({ t: "take", yes: gx.expecting });
  tell(gx);
  return full;
}

/** @param {Gx} gx @param {unknown} record */
async function checkRecord(gx, record) {
  gx.released = true;
  const kept = readStored(); // a reload from now on pins the next match's promise afresh
  if (kept && kept.table === gx.invite.table && kept.promise) { const { promise: _, ...seat } = kept; writeStored(seat); }
  if (!gx.audit) return;
  gx.state.audit = { text: "Checking the host's deal against its promise…" };
  tell(gx);
  try { gx.state.audit = await gx.audit(record, gx.seen, gx.pinned); }
  catch (err) {
    // The engine did not load or run here (an old phone, no network for its files): the
    // player gets a plain sentence; the detail is for whoever opens the console.
    console.warn("the fair-play check could not run:", err);
    gx.state.audit = { text: "The deal could not be checked on this device: the game's engine did not load here. Reload the page to try again." };
  }
  tell(gx);
  if (gx.latest?.match_over) present(gx, gx.latest); // the summary again, with what the check made possible (Review)
}

/**
 * @param {object} parts
 * @param {Invite} parts.invite the host's invitation (link/codec.js)
 * @param {GuestTable} parts.table the table, made with this guest's `client`
 * @param {(s: GuestState) => void} [parts.onChange]
 * @param {typeof guestPeer} [parts.peer]
 * @param {() => number} [parts.now]
 * @param {Gx["audit"]} [parts.audit] checks the record at the end of the match (fair play)
 * @param {() => void} [parts.onTable] the host handed this device the table (its save is written)
 * @param {Gx["talk"]} [parts.talk] shows what is said at the table
 */
export function createGuest({ invite, table, onChange = () => {}, peer = guestPeer, now = () => Date.now(), audit,
  onTable = () => {}, talk = { said: () => {}, refused: () => {} } }) {
  /** @type {Gx} */
  const gx = { invite, table, onChange, now, audit, onTable, talk, channel: null, latest: null, hands: [], next: 0, pinned: null, released: false,
    expecting: false, seen: [], waiting: new Map(), prefs: {},
    state: { phase: "start", reply: "", replyCreated: 0, seat: null, watching: false, onlookers: 0, host: invite.host, seats: [], hostAway: false, problem: "",
      audit: null, moved: false, offer: null, promise: "", broken: "", allow: { coach: true, review: true, chat: true }, turn: null, started: false } };
  return {
    /** @param {string} name @param {import("../protocol.js").StandingPrefs} [standing] */
    join: (name, standing = {}) => join(gx, name, standing, peer),
    /** What the table's views call (table.js's `client`). */
    client: {
      /** @param {Action} action */ act: (action) => act(gx, action),
      /** "Next hand": the dealer (this seat) deals; otherwise the table as it is now. @param {View | null} view */
      nextHand(view) {
        const deal = (view?.legal ?? []).find((t) => t.type === "deal" && t.seat === gx.state.seat);
        if (deal) return act(gx, { type: "deal", seat: deal.seat });
        if (gx.latest) present(gx, gx.latest);
        return Promise.resolve();
      },
      /** @param {{op: "coach", seat: number}} req */ coach: (req) => coach(gx, req),
    },
    /** This player's standing answers changed (the settings). @param {import("../protocol.js").StandingPrefs} p */
    setPrefs(p) { gx.prefs = p; gx.channel?.send({ t: "prefs", prefs: p }); },
    /** @param {boolean} yes */ answerOffer: (yes) => answerOffer(gx, yes),
    /** At a match's end: this player would play another at this table (or no longer). @param {boolean} on */
    setReady(on) { gx.channel?.send({ t: "ready", ready: on }); },
    /** "I'm back": the computer stops playing for this player. */
    back() { gx.channel?.send({ t: "back" }); },
    /**
     * Say a quick phrase or some words at the table (the host relays them); a sentence when
     * they cannot be said at all.
     * @param {{phrase?: string, text?: string}} what @returns {string | null}
     */
    say(what) {
      if (!gx.channel) return "Not connected to the host.";
      const line = lineOf(what, gx.state.allow.chat); // checked here too, so a refusal is said at once
      if (!line.ok) return line.message;
      gx.channel.send(what.text == null ? { t: "say", phrase: what.phrase ?? "", text: null } : { t: "say", phrase: null, text: line.text });
      return null;
    },
    state: () => ({ ...gx.state }),
    close: () => gx.channel?.close(),
  };
}

/** The public STUN server "Connect over the internet" adds when the host turned it on. */
export const STUN_DEFAULT = ["stun:stun.l.google.com:19302"];
