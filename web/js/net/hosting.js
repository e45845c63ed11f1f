// Hosting friends on their own devices: the effects around the host's authority (host.js, which
// decides). It keeps the engine (the table's worker), one data channel per friend (link/peer.js),
// the invitation waiting for a reply, and the pushes: after every move each friend listening gets
// their own seat's view and the public events. No DOM here: the lobby (site/friends/lobby.js)
// draws `state()` and calls the methods.
//
//   const hosting = createHosting({ table, start });
//   await hosting.open({ players, friendRows: [1], hostRow: 0, hostName: "Julia", settings: {} });
//   await hosting.addReply(code);                   // "Add player": the friend's reply code
//   await hosting.startMatch("bots", botFor);       // empty seats become computer players
import { encodeInvite, decodeReply, iceForCode, isExpired, INVITE_LIFETIME_S, REPLY_LIFETIME_S } from "./link/codec.js";
import { hostPeer } from "./link/peer.js";
import { randomHex } from "../ids.js";
import { readGuestMessage, shipHands, REPLY_CHANNEL } from "./messages.js";
import { OFF, hostReduce, openTable, restoreTable, onGuestMessage, staleMove, helloRefusal, standInFor,
  seatsMessage, present, rosterOf, clockOf, rowOf, isWatcher, watching, WATCH_ROW } from "./host.js";
import { cleanRoster } from "../storage/roster.js";
import { lineOf } from "./talk.js";
import { promiseLine } from "./promise.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").GameEvent} GameEvent */
/** @typedef {import("../protocol.js").PlayerSpec} PlayerSpec */
/** @typedef {import("../driver.js").StandingAnswer} StandingAnswer */
/** @typedef {import("./link/peer.js").Channel} Channel */
/** @typedef {import("./messages.js").HostMessage} HostMessage */
/** @typedef {import("./host.js").HostState} HostState */
/** @typedef {import("./host.js").HostEvent} HostEvent */
/** @typedef {import("./host.js").Call} Call */
/** @typedef {import("../storage/roster.js").Roster} Roster */

/** Seconds an invitation stays good; a reply must be taken within REPLY_S of its making (the codes' own lifetimes). */
export const INVITE_S = INVITE_LIFETIME_S;
export const REPLY_S = REPLY_LIFETIME_S;
export { STAND_IN } from "./host.js";
/** Milliseconds a friend has to answer "keep the table on this device?". */
export const OFFER_MS = 120_000;

/**
 * The lobby's plan: one row per seat, as the set-up form reads them.
 * @typedef {{players: PlayerSpec[], friendRows: number[], hostRow: number, hostName: string,
 *   settings: Record<string, unknown>, allow?: import("./messages.js").Allow,
 *   stunUrls?: string[], clock?: number}} Plan
 */

/**
 * @typedef {object} Invitation
 * @property {number} row
 * @property {string} code
 * @property {string} link the site's own address with `#join=` and the code
 * @property {number} created unix seconds
 * @property {"invite" | "rejoin" | "watch"} kind
 */

/**
 * An invitation standing for one row, with the connection it waits on (`inv` null while that
 * connection gathers its addresses).
 * @typedef {{inv: Invitation | null, peer: ReturnType<typeof hostPeer>}} Standing
 */

/**
 * What hosting needs of the table (table.js's, as the site makes it).
 * @typedef {object} HostTable
 * @property {import("../match-store.js").MatchStore} store
 * @property {import("../engine.js").Engine | null} engine
 * @property {import("../protocol.js").HelloAnswer | null} hello
 * @property {import("../match-store.js").LogItem[]} logItems
 * @property {(fn: (tok: number) => unknown) => Promise<unknown>} run
 * @property {(action: import("../protocol.js").Action) => Promise<{ok: true} | {ok: false, code: string, message: string}>} friendAct
 * @property {() => Promise<unknown>} advance
 * @property {(friends: import("../table.js").Friends | null) => void} useFriends
 * @property {(text: string, cls?: string) => void} log
 */

/**
 * Everything hosting holds; the functions below are plain functions of it (as driver.js's are).
 * @typedef {object} Hx
 * @property {HostTable} table
 * @property {(settings: Record<string, unknown>, how: {here: number[], holder: number}) => Promise<boolean>} start
 * @property {() => void} changed
 * @property {typeof hostPeer} peer
 * @property {() => number} now milliseconds
 * @property {() => string} base
 * @property {HostState} s the authority's state (host.js): only `dispatch` replaces it
 * @property {Plan | null} plan
 * @property {Map<number, Channel>} channels by row
 * @property {Map<number, number>} held by row: how many of the match's finished hands that
 *   friend's device holds (each hand's result crosses its channel once: messages.js's shipHands)
 * @property {Map<number, Standing>} invites by row: every invitation waiting for its reply
 * @property {number | null} shown the row whose invitation the lobby shows
 * @property {string} problem
 * @property {number} logNext the log index friends see next
 * @property {string | null} commitment the match's fair-play promise
 * @property {boolean} recordSent
 * @property {{commitment: string | null, record: Record<string, unknown>} | null} finished the last
 *   finished match's record, released again to a friend who rejoins still holding its promise
 * @property {{text: string, cls: string}[]} lines computer players' reasons since the last push
 * @property {Promise<unknown>} chain the pushes, in order
 * @property {{row: number, resolve: (yes: boolean) => void} | null} offer a hand-over waiting for its answer
 * @property {boolean} leaving the table has been handed over: nothing a friend sends is read here any more
 * @property {ReturnType<typeof setInterval> | null} ticker the turn clock's, while a friend's decision is timed
 * @property {(seat: number, name: string, text: string) => void} onSaid a line said at the table, for this page to show
 */

const seconds = (/** @type {Hx} */ hx) => Math.floor(hx.now() / 1000);
const tell = (/** @type {Hx} */ hx) => { try { hx.changed(); } catch (err) { console.error(err); } };
const seatOf = (/** @type {Hx} */ hx, /** @type {number} */ row) => rowOf(hx.s, row);
const engine = (/** @type {Hx} */ hx) => { const e = hx.table.engine; if (!e) throw new Error("The host's engine is not running."); return e; };
const later = (/** @type {Hx} */ hx, /** @type {() => unknown} */ fn) => { hx.chain = hx.chain.then(fn).catch((err) => console.error(err)); };

/** Change the authority's state (the one writer of `hx.s`). @param {Hx} hx @param {HostEvent} e */
function dispatch(hx, e) {
  const before = hx.s;
  hx.s = hostReduce(hx.s, e);
  return hx.s !== before;
}

/** @param {Hx} hx @param {number} row @param {HostMessage} msg */
function sendTo(hx, row, msg) {
  try { hx.channels.get(row)?.send(msg); } catch (err) { console.warn("A message to a friend was not sent:", err); }
}

/**
 * A friend's own view, with the hands their device does not hold yet.
 * @param {Hx} hx @param {number} row @param {View} full
 * @param {{events: GameEvent[], lines: {text: string, cls: string}[], next: number}} rest
 */
function sendState(hx, row, full, { events, lines, next }) {
  const { view, known } = shipHands(full, hx.held.get(row) ?? 0);
  hx.held.set(row, full.hands.length);
  sendTo(hx, row, { t: "state", view, known, events, lines, next, commitment: hx.commitment });
}

/** Who is where, and the turn clock, to every table. @param {Hx} hx */
function announce(hx) {
  sendAll(hx, seatsMessage(hx.s, hx.now()));
  tell(hx);
}

/**
 * The friends whose devices are listening: at the table, or played for by a computer player
 * while their channel is open (the turn clock ran out, or the host chose it).
 * @param {Hx} hx
 */
const audience = (hx) => [...hx.s.seats.filter((f) => hx.channels.has(f.row) && (f.status === "here" || f.status === "computer")),
  ...watching(hx.s).filter((w) => hx.channels.has(w.row))];

/**
 * A line said at the table: every friend listening and this page show it.
 * @param {Hx} hx @param {number} seat @param {string} name @param {string} text
 */
function relay(hx, seat, name, text) {
  sendAll(hx, { t: "said", seat, name, text });
  try { hx.onSaid(seat, name, text); } catch (err) { console.error(err); }
}

/** Every friend listening hears it. @param {Hx} hx @param {HostMessage} msg */
function sendAll(hx, msg) {
  for (const f of audience(hx)) sendTo(hx, f.row, msg);
}

/** A seat's status changed: every table hears who is where, and the lobby redraws. @param {Hx} hx @param {number} row @param {import("./host.js").SeatEvent} event @param {Partial<HostEvent>} [more] */
function seatEvent(hx, row, event, more = {}) {
  if (!dispatch(hx, /** @type {HostEvent} */ ({ type: "seat", row, event, ...more }))) return false;
  announce(hx);
  return true;
}

// ------------------------------------------------------------------ the pushes

/** Every move the table logs goes to every friend listening, with their own view. @param {Hx} hx */
function watch(hx) {
  // The view requests are made at once (inside the store's dispatch), so the worker answers
  // them before the table's next move: each friend's view is the one right after these events.
  hx.table.store.subscribe((_s, _prev, msg) => {
    if (hx.s.phase !== "playing") return;
    if (msg.type === "log" && msg.cls === "reason") hx.lines.push({ text: msg.text, cls: "reason" });
    else if (msg.type === "events") fanOut(hx, msg.events);
    else if (msg.type === "show") timeTurn(hx, msg.view);
    else if (msg.type === "reset") {
      hx.held.clear(); // a new match: every device's hands are the last match's
      if (dispatch(hx, { type: "new_match" })) announce(hx); // ready for the match that now begins
      const fresh = refreshAfterLoad(hx);
      later(hx, () => fresh.then(() => fanOut(hx, [])));
    }
  });
}

/**
 * The table shows a decision: if it is a friend's, their clock runs (every table is told how
 * long they have); when it runs out the computer plays for them until they are back.
 * @param {Hx} hx @param {View} view
 */
function timeTurn(hx, view) {
  const seat = view.match_over ? null : view.to_act ?? null;
  if (!dispatch(hx, { type: "turn", seat, since: hx.logNext, now: hx.now() })) return;
  announce(hx);
  if (hx.s.turn && !hx.ticker) {
    hx.ticker = setInterval(() => {
      const waiting = hx.s.turn;
      if (dispatch(hx, { type: "tick", now: hx.now() })) { announce(hx); hx.table.advance(); } // the stand-in moves
      if (!waiting || !hx.s.turn) { clearInterval(/** @type {ReturnType<typeof setInterval>} */ (hx.ticker)); hx.ticker = null; }
    }, 1000);
  }
}

/** @param {Hx} hx @param {GameEvent[]} events */
function fanOut(hx, events) {
  for (const e of events) if (typeof e.index === "number") hx.logNext = Math.max(hx.logNext, e.index + 1);
  const lines = hx.lines;
  hx.lines = [];
  const next = hx.logNext;
  // (an onlooker's seat is null: the engine's spectator view, every face-down card unnamed)
  const asks = audience(hx).map((f) => /** @type {const} */ ([f.row, engine(hx).request({ op: "view", seat: f.seat })]));
  const over = !hx.recordSent && events.some((e) => e.type === "match_over") ? engine(hx).request({ op: "record" }) : null;
  later(hx, async () => {
    for (const [row, ask] of asks) {
      const r = await ask;
      if (r.ok) sendState(hx, row, r.view, { events, lines, next });
    }
    const rec = over ? await over : null;
    if (rec?.ok && !hx.recordSent) {
      hx.recordSent = true;
      hx.finished = { commitment: hx.commitment, record: rec.record };
      sendAll(hx, { t: "record", record: rec.record });
    }
  });
}

/** After a match starts or is loaded: the log's next index and the match's promise. @param {Hx} hx */
async function refreshAfterLoad(hx) {
  const log = await engine(hx).request({ op: "log", since: 0 });
  hx.logNext = log.ok ? log.next : 0;
  const c = await engine(hx).request({ op: "commitment" });
  hx.commitment = c.ok ? c.commitment : null;
  hx.recordSent = false;
  if (hx.commitment) hx.table.log(promiseLine(hx.commitment), "system");
  tell(hx);
}

/** One friend's view now, to that friend (after they join or rejoin). @param {Hx} hx @param {number} row */
async function pushTo(hx, row) {
  const f = seatOf(hx, row);
  if (!f || (f.seat == null && !isWatcher(hx.s, row))) return;
  const r = await engine(hx).request({ op: "view", seat: f.seat });
  if (r.ok) sendState(hx, row, r.view, { events: [], lines: [], next: hx.logNext });
  if (r.ok && r.view.match_over && hx.recordSent) {
    const rec = await engine(hx).request({ op: "record" });
    if (rec.ok) sendTo(hx, row, { t: "record", record: rec.record });
  }
}

/** During the match, the friend gets the table as it is now, after the pushes already queued. @param {Hx} hx @param {number} row */
function catchUp(hx, row) {
  if (hx.s.phase === "playing") later(hx, () => pushTo(hx, row));
}

// ------------------------------------------------------------------ invitations

/**
 * Standing invitations: every seat waiting for someone (open, or a friend away) has one, each
 * with its own pending connection, so any of those friends can answer at any time; the lobby
 * shows one (`hx.shown`) and lets the host show another. With `row`, a fresh invitation for that
 * seat (or onlooker), shown.
 * @param {Hx} hx @param {number} [row]
 */
async function invite(hx, row) {
  if (row != null) { await makeInvite(hx, row, true); return; }
  const waiting = hx.s.seats.filter((x) => x.status === "open" || x.status === "away").map((x) => x.row);
  for (const r of [...hx.invites.keys()]) if (!waiting.includes(r) && !isWatcher(hx.s, r)) drop(hx, r);
  for (const r of waiting) {
    const e = hx.invites.get(r);
    if (!e || (e.inv && isExpired(e.inv.created, seconds(hx), INVITE_S))) await makeInvite(hx, r, false);
  }
  if (hx.shown == null || !hx.invites.has(hx.shown)) hx.shown = waiting.find((r) => hx.invites.get(r)?.inv) ?? null;
  tell(hx);
}

/** A fresh invitation for one seat's row (or an onlooker's). @param {Hx} hx @param {number} row @param {boolean} show */
async function makeInvite(hx, row, show) {
  const f = seatOf(hx, row);
  drop(hx, row);
  if (!f || f.status === "removed") { tell(hx); return; }
  const p = hx.peer({ stunUrls: hx.plan?.stunUrls ?? [] });
  /** @type {Standing} */
  const entry = { inv: null, peer: p };
  hx.invites.set(row, entry);
  try {
    const ice = await p.invite();
    if (hx.invites.get(row) !== entry) return;
    const kind = isWatcher(hx.s, row) ? "watch" : f.name ? "rejoin" : "invite";
    const created = seconds(hx);
    const stun = !!hx.plan?.stunUrls?.length;
    const code = encodeInvite({ kind, table: hx.s.table, seat: f.seat ?? f.row, created, host: hx.s.hostName,
      stun, ice: iceForCode(ice, stun) });
    entry.inv = { row, code, link: `${hx.base()}#join=${code}`, created, kind };
    if (show || hx.shown == null) hx.shown = row;
    hx.problem = "";
  } catch (err) {
    hx.problem = `No invitation could be made: ${err instanceof Error ? err.message : String(err)}`;
  }
  tell(hx);
}

/** A row's invitation is withdrawn (its pending connection closed). @param {Hx} hx @param {number} row */
function drop(hx, row) {
  hx.invites.get(row)?.peer.close();
  hx.invites.delete(row);
  if (hx.shown === row) hx.shown = null;
}

/** Every invitation withdrawn. @param {Hx} hx */
function dropAll(hx) {
  for (const row of [...hx.invites.keys()]) drop(hx, row);
}

/** The invitation the lobby shows (null: none). @param {Hx} hx */
const shownInvitation = (hx) => (hx.shown == null ? null : hx.invites.get(hx.shown)?.inv ?? null);

/**
 * "Add player": the friend's reply code. Resolves with a sentence for the lobby on failure
 * (nothing changes then), or null once the friend is at the table.
 * @param {Hx} hx @param {string} text
 * @returns {Promise<string | null>}
 */
async function addReply(hx, text) {
  if (![...hx.invites.values()].some((e) => e.inv)) return "There is no invitation waiting for a reply: make a new one first.";
  let reply;
  try {
    reply = decodeReply(text, { now: seconds(hx), lifetime: REPLY_S, internet: !!hx.plan?.stunUrls?.length });
  } catch (err) { return err instanceof Error ? err.message : String(err); }
  if (reply.table !== hx.s.table) return "This reply code is for another table (or an older invitation): ask for a new one.";
  // the standing invitation this reply answers: the one for its seat (or onlooker)
  const row = [...hx.invites.keys()].find((r) => { const x = seatOf(hx, r); return x && (x.seat ?? x.row) === reply.seat; });
  const entry = row == null ? undefined : hx.invites.get(row);
  const f = row == null ? undefined : seatOf(hx, row);
  const inv = entry?.inv;
  if (!f || !entry || !inv) return "This reply code answers no invitation waiting here: ask your friend to open the newest link.";
  if (isExpired(inv.created, seconds(hx), INVITE_S)) return "This invitation has expired: make a new one.";
  const p = entry.peer;
  hx.invites.delete(f.row); // its connection is this friend's now, whatever comes of it
  if (hx.shown === f.row) hx.shown = null;
  seatEvent(hx, f.row, "connecting");
  try {
    await p.accept(reply.ice);
    const ch = await p.channel;
    const read = await firstMessage(ch, 10000);
    const hello = read.ok && read.msg.t === "hello" ? read.msg : null;
    /** @type {{t: "refused", code: string, message: string} | null} */
    const bad = !read.ok ? { t: "refused", code: read.code, message: read.message }
      : !hello ? { t: "refused", code: "bad_message", message: "Your device did not say hello." }
      : /** @type {{t: "refused", code: string, message: string} | null} */ (helloRefusal(hx.s, f.row, hello));
    if (bad || !hello) {
      const refusal = bad ?? { t: /** @type {const} */ ("refused"), code: "bad_message", message: "Your device did not say hello." };
      try { ch.send(refusal); } finally { setTimeout(() => ch.close(), 500); } // the refusal leaves first
      seatEvent(hx, f.row, "failed");
      invite(hx, f.row).catch((e) => console.error(e)); // a fresh invitation for the seat
      return `${refusal.message} (the friend's device was told)`;
    }
    bind(hx, f.row, ch, hello);
    await invite(hx); // every other seat waiting keeps its invitation; the lobby shows the next
    return null;
  } catch (err) {
    seatEvent(hx, f.row, "failed");
    p.close();
    invite(hx, f.row).catch((e) => console.error(e));
    return `Your friend's device could not be reached (${err instanceof Error ? err.message : String(err)}). `
      + "On the same Wi-Fi this usually works; over the internet, turn on “Connect over the internet”, or try a phone's hotspot.";
  }
}

/**
 * The first whole message on a channel, read as a guest's message.
 * @param {Channel} ch @param {number} ms
 * @returns {Promise<ReturnType<typeof readGuestMessage>>}
 */
function firstMessage(ch, ms) {
  return new Promise((resolve, reject) => {
    let first = true;
    const timer = setTimeout(() => reject(new Error("no hello in time")), ms);
    ch.onMessage((text) => {
      if (!first) return; // after the hello, the seat's own listener (bind) reads the channel
      first = false;
      clearTimeout(timer);
      resolve(readGuestMessage(text));
    });
  });
}

/**
 * A friend's reply opened as a link in this browser (site/friends/reply-link.js) comes here over
 * a BroadcastChannel (same browser and site only): it is taken as if pasted, and the link's page
 * is told what came of it.
 * @param {Hx} hx
 */
function listenForReplies(hx) {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel(REPLY_CHANNEL);
  /** @type {{unref?: () => void}} */ (/** @type {unknown} */ (channel)).unref?.(); // Node's (the unit tests): it must not keep the process alive
  channel.addEventListener("message", async (ev) => {
    const m = ev.data;
    if (!m || m.t !== "reply" || typeof m.code !== "string" || typeof m.id !== "string" || hx.s.phase === "off") return;
    const problem = await addReply(hx, m.code.slice(0, 2000));
    channel.postMessage({ t: "reply-answer", id: m.id, ok: problem === null, message: problem ?? "" });
  });
}

// ------------------------------------------------------------------ a friend's channel

/**
 * The friend's channel belongs to their seat from now on.
 * @param {Hx} hx @param {number} row @param {Channel} ch
 * @param {{name: string, prefs: import("./messages.js").GuestPrefs, promise?: string | null}} hello
 */
function bind(hx, row, ch, hello) {
  hx.channels.get(row)?.close();
  hx.channels.set(row, ch);
  dispatch(hx, { type: "seat", row, event: "welcome", name: hello.name, prefs: hello.prefs });
  ch.onMessage((text) => onText(hx, row, ch, text));
  ch.onStatus((st) => onStatus(hx, row, ch, st));
  welcome(hx, row, true);
  // away when the last match ended, the friend still holds its promise: its record first, so
  // their device checks it and takes this match's promise as a new match's (not a changed one)
  const last = hx.finished;
  if (last && hello.promise && hello.promise === last.commitment && hello.promise !== hx.commitment) {
    sendTo(hx, row, { t: "record", record: last.record });
  }
  sendAll(hx, seatsMessage(hx.s, hx.now()));
  catchUp(hx, row);
  tell(hx);
}

/**
 * A message from a friend's device: host.js decides what it causes; this carries it out.
 * @param {Hx} hx @param {number} row @param {Channel} ch @param {string} text
 */
function onText(hx, row, ch, text) {
  if (hx.channels.get(row) !== ch || hx.leaving) return;
  const out = onGuestMessage(hx.s, row, text, hx.now());
  hx.s = out.state;
  for (const reply of out.replies) sendTo(hx, row, reply);
  for (const call of out.calls) carryOut(hx, row, call).catch((err) => console.error(err));
}

/** @param {Hx} hx @param {number} row @param {Call} call */
async function carryOut(hx, row, call) {
  const f = seatOf(hx, row);
  if (call.kind === "take") { if (hx.offer?.row === row) hx.offer.resolve(call.yes); return; }
  if (call.kind === "announce") { announce(hx); return; }
  if (call.kind === "say") { if (f) relay(hx, f.seat ?? f.row, f.name, call.text); return; }
  if (f?.seat == null) return;
  const seat = f.seat;
  if (call.kind === "act") {
    await hx.table.run(async () => {
      /** @type {HostMessage} */
      let reply = { t: "refused", code: "refused", message: "The host's table could not play that move.", of: "act" };
      try {
        const stale = staleMove(call.since, hx.logNext);
        const out = stale ? null : await hx.table.friendAct(/** @type {import("../protocol.js").Action} */ (call.action));
        reply = stale ?? (out?.ok ? { t: "ack" } : { t: "refused", code: out?.code ?? "refused", message: out?.message ?? "Refused.", of: "act" });
      } finally { // the next move of theirs is taken whatever became of this one
        dispatch(hx, { type: "acting", row, on: false });
        sendTo(hx, row, reply);
      }
    });
    return;
  }
  try {
    const res = call.kind === "coach" ? await engine(hx).request({ op: "coach", seat })
      : await engine(hx).request(call.hand == null ? { op: "review", seat } : { op: "review", seat, hand: call.hand });
    if (!res.ok) sendTo(hx, row, { t: "refused", code: res.error?.code ?? "refused", message: res.error?.message ?? "Refused.", of: call.kind });
    else if ("advice" in res) sendTo(hx, row, { t: "coach", advice: /** @type {Record<string, unknown>} */ (res.advice) });
    else if ("review" in res) sendTo(hx, row, { t: "review", review: /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (res.review)) });
  } finally {
    dispatch(hx, { type: "asking", row, on: false });
  }
}

/** @param {Hx} hx @param {number} row @param {Channel} ch @param {"open" | "silent" | "closed"} st */
function onStatus(hx, row, ch, st) {
  if (hx.channels.get(row) !== ch) return;
  if (st === "closed") { hx.channels.delete(row); ch.close(); }
  if (isWatcher(hx.s, row) && st === "closed") { seatEvent(hx, row, "remove"); return; } // an onlooker who left is gone
  if (st === "open") {
    // Back after a silence (a busy device misses heartbeats): the moves made meanwhile were
    // sent to nobody on this channel, so the friend gets the table as it is now.
    if (seatEvent(hx, row, "back")) catchUp(hx, row);
    return;
  }
  // their standing rejoin invitation is ready in the lobby, beside any other
  if (seatEvent(hx, row, st)) invite(hx).catch((err) => console.error(err));
}

// ------------------------------------------------------------------ the match

/**
 * "Start the match": friends' seats that nobody took become computer players ("bots") or
 * are left out ("drop").
 * @param {Hx} hx @param {"bots" | "drop"} empty @param {(index: number, taken: string[]) => PlayerSpec} botFor
 * @returns {Promise<string | null>} why not (null: started)
 */
async function startMatch(hx, empty, botFor) {
  const plan = hx.plan;
  if (!plan || hx.s.phase !== "lobby") return "No table is open.";
  const open = new Set(hx.s.seats.filter((f) => f.status !== "here").map((f) => f.row));
  /** @type {PlayerSpec[]} */
  const players = [];
  /** @type {Map<number, number>} */
  const seatOfRow = new Map();
  // the names seated, so that a computer player in an empty seat takes another
  const taken = plan.players.flatMap((p, row) => (open.has(row) ? [] : [seatOf(hx, row)?.name ?? p.name]));
  plan.players.forEach((p, row) => {
    if (open.has(row) && empty === "drop") return;
    seatOfRow.set(row, players.length);
    const f = seatOf(hx, row);
    const bot = open.has(row) ? botFor(row, taken) : null;
    if (bot) taken.push(bot.name);
    players.push(bot ?? (f ? { ...p, name: f.name } : p));
  });
  const limits = hx.table.hello?.limits?.players;
  if (limits && players.length < limits.min) return `A match needs at least ${limits.min} players: invite someone, or let computer players take the empty seats.`;
  dropAll(hx);
  for (const row of open) hx.channels.get(row)?.close();
  const host = seatOfRow.get(plan.hostRow) ?? 0;
  const was = hx.s;
  dispatch(hx, { type: "start", seats: new Map([...seatOfRow].filter(([row]) => !open.has(row))), host });
  install(hx);
  // every friend hears their seat at this table (a dropped seat before theirs moves it)
  for (const f of audience(hx)) welcome(hx, f.row, false);
  const ok = await hx.start({ ...plan.settings, players }, { here: [host], holder: host });
  if (!ok) { hx.s = was; return "The match could not start."; }
  announce(hx);
  return null;
}

/**
 * A friend's welcome: their seat and token, and, the first time, the public part of the
 * engine's hello they draw with (12 KB; at the start of the match the welcome says only the
 * seat the match gave them).
 * @param {Hx} hx @param {number} row @param {boolean} withHello
 */
function welcome(hx, row, withHello) {
  const f = seatOf(hx, row);
  if (!f || !hx.channels.has(row)) return;
  const h = withHello ? hx.table.hello : null;
  hx.held.set(row, 0); // a welcomed device starts its hands afresh (a new or reloaded page holds none)
  sendTo(hx, row, { t: "welcome", seat: isWatcher(hx.s, row) ? null : f.seat ?? f.row, token: f.token, table: hx.s.table, host: hx.s.hostName, allow: hx.s.allow,
    hello: h ? { version: h.version, protocol: h.protocol, options: h.options, presets: h.presets, bots: h.bots, limits: h.limits } : null });
}

/** The friends' standing answers and stand-ins on the table. @param {Hx} hx */
function install(hx) {
  hx.table.useFriends({ standing: (view) => standingFor(hx, view), standIn: (seat) => standInFor(hx.s, seat) });
}

/**
 * A friend's standing answer, by the friend's own preferences (never the host's buy orders).
 * @param {Hx} hx @param {View} view the friend's view at their decision
 * @returns {Promise<StandingAnswer | null>}
 */
async function standingFor(hx, view) {
  const f = hx.s.seats.find((x) => x.seat === view.seat);
  if (!f || view.seat == null) return null;
  const r = await engine(hx).request({ op: "standing", seat: view.seat, prefs: /** @type {import("../protocol.js").StandingPrefs} */ (f.prefs ?? {}) });
  if (!r.ok || !r.answer) return null;
  return { action: r.answer.action, note: r.answer.note ? `${f.name}: ${r.answer.note}` : null, usedOrder: false };
}

/**
 * A reload of the host: the saved page part's roster hosts the same friends again; every
 * friend is away until they take a rejoin invitation. Returns the seats played here (null:
 * the save is not a friends' table's, or its roster is unreadable: ignored).
 * @param {Hx} hx @param {unknown} ui the save's page part
 * @returns {number[] | null}
 */
function restore(hx, ui) {
  const r = cleanRoster(/** @type {{friends?: unknown} | null} */ (ui)?.friends);
  if (!r) { if (hx.s.phase !== "off") stop(hx); return null; }
  hx.s = restoreTable(r);
  hx.plan = { players: [], friendRows: [], hostRow: r.host, hostName: r.hostName, settings: {}, allow: r.allow };
  install(hx);
  tell(hx);
  refreshAfterLoad(hx).then(() => invite(hx)).catch((err) => console.error(err));
  return [r.host];
}

/**
 * The host removes a friend: in the lobby their seat is open again (a new invitation, a new
 * token); during the match a computer player plays it to the end and their token no longer
 * takes it back. Their device is told, and its channel closed.
 * @param {Hx} hx @param {number} row
 */
function removeFriend(hx, row) {
  const watcher = isWatcher(hx.s, row);
  const event = hx.s.phase === "lobby" && !watcher ? "free" : "remove";
  sendTo(hx, row, { t: "removed" });
  const ch = hx.channels.get(row);
  hx.channels.delete(row);
  setTimeout(() => ch?.close(), 500); // the message leaves first
  if (!seatEvent(hx, row, event, { token: randomHex(16) })) return;
  drop(hx, row);
  invite(hx).catch((err) => console.error(err)); // a seat freed in the lobby gets a new one
  if (event === "remove" && !watcher) hx.table.advance();
}

/**
 * "Hand the table to Ann": her device is asked first ("keep it on this device?"); on her yes,
 * the match (the engine's snapshot, the seed and the face-down cards with it) and a roster in
 * which she hosts and this device is a friend like the others go to her; every other friend
 * is told who has the table now. The caller then leaves the table on this device
 * (storage/hand-over.js's leaveTable) with the returned seat and token.
 * @param {Hx} hx @param {number} seat a friend present now
 * @returns {Promise<{ok: true, seat: number, token: string, host: string, table: string} | {ok: false, message: string}>}
 */
async function offerTable(hx, seat) {
  const f = present(hx.s).find((x) => x.seat === seat);
  if (!f || hx.s.phase !== "playing") return { ok: false, message: "Only a friend at the table now can take it." };
  hx.offer?.resolve(false);
  const yes = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), OFFER_MS);
    hx.offer = { row: f.row, resolve: (answer) => { clearTimeout(timer); hx.offer = null; resolve(answer); } };
    sendTo(hx, f.row, { t: "offer_table", from: hx.s.hostName });
  });
  if (!yes) return { ok: false, message: `${f.name} did not take the table: it stays with you.` };
  /** @type {{ok: true, seat: number, token: string, host: string, table: string} | {ok: false, message: string}} */
  let out = { ok: false, message: "The table stopped before it could be handed over." };
  await hx.table.run(async () => { out = await handTableTo(hx, f); }); // no move between the snapshot and the hand-over
  return out;
}

/**
 * The match and the new roster go to `f`'s device; this device takes no more moves.
 * @param {Hx} hx @param {import("./host.js").Seat} f
 * @returns {Promise<{ok: true, seat: number, token: string, host: string, table: string} | {ok: false, message: string}>}
 */
async function handTableTo(hx, f) {
  const snap = await engine(hx).request({ op: "save" });
  const roster = rosterOf(hx.s);
  if (!snap.ok || !roster || f.seat == null) return { ok: false, message: snap.ok ? "No match is being hosted." : snap.error?.message ?? "The match could not be saved." };
  const mine = { seat: hx.s.hostRow, name: hx.s.hostName, token: randomHex(16), bot: false };
  /** @type {Roster} */
  const next = { ...roster, hostName: f.name, host: f.seat, friends: [...roster.friends.filter((x) => x.seat !== f.seat), mine] };
  sendTo(hx, f.row, { t: "table", snapshot: snap.snapshot, roster: next, log: hx.table.logItems.slice(-150).map((l) => ({ text: l.text, cls: l.cls })) });
  for (const o of audience(hx)) if (o !== f) sendTo(hx, o.row, { t: "moved", host: f.name });
  hx.leaving = true;
  return { ok: true, seat: hx.s.hostRow, token: mine.token, host: f.name, table: hx.s.table };
}

/** Stop hosting (a new match of one's own): friends are told, channels closed. @param {Hx} hx @param {{quietly?: boolean}} [how] */
function stop(hx, { quietly = false } = {}) {
  for (const [row, ch] of hx.channels) { if (!quietly) sendTo(hx, row, { t: "bye" }); ch.close(); }
  hx.channels.clear();
  dropAll(hx);
  hx.plan = null; hx.s = OFF; hx.leaving = false;
  if (hx.ticker) { clearInterval(hx.ticker); hx.ticker = null; }
  hx.table.useFriends(null);
  tell(hx);
}

/**
 * @param {object} parts
 * @param {HostTable} parts.table
 * @param {Hx["start"]} parts.start start the match (start.js's startMatch, inside the table's work)
 * @param {() => void} [parts.changed] the lobby or the seats changed (redraw)
 * @param {typeof hostPeer} [parts.peer]
 * @param {() => number} [parts.now] milliseconds (Date.now)
 * @param {() => string} [parts.base] the site's own address, where `#join=` goes
 * @param {Hx["onSaid"]} [parts.onSaid] show a line said at the table (site/friends/talk-box.js)
 */
export function createHosting({ table, start, changed = () => {}, peer = hostPeer, now = () => Date.now(),
  base = () => location.origin + location.pathname, onSaid = () => {} }) {
  /** @type {Hx} */
  const hx = { table, start, changed, peer, now, base, s: OFF, plan: null, channels: new Map(), held: new Map(), invites: new Map(), shown: null,
    problem: "", logNext: 0, commitment: null, recordSent: false, finished: null, lines: [], chain: Promise.resolve(), offer: null, leaving: false, ticker: null, onSaid };
  watch(hx);
  listenForReplies(hx);
  const rowOfSeat = (/** @type {number} */ seat) => hx.s.seats.find((f) => f.seat === seat)?.row;
  return {
    /** Open the table: the lobby, with an invitation for the first friend's seat. @param {Plan} plan */
    async open(plan) {
      hx.plan = plan;
      hx.s = openTable({ table: randomHex(8), hostName: plan.hostName, hostRow: plan.hostRow, rows: plan.friendRows,
        tokens: plan.friendRows.map(() => randomHex(16)), allow: plan.allow, ...(plan.clock == null ? {} : { clock: plan.clock }) });
      hx.problem = "";
      tell(hx);
      await invite(hx);
    },
    /** A fresh invitation for `row` (default: the one the lobby shows), shown. @param {number} [row] */
    invite: (row) => invite(hx, row ?? hx.shown ?? undefined),
    /** @param {string} text */ addReply: (text) => addReply(hx, text),
    /** @param {"bots" | "drop"} empty @param {(index: number, taken: string[]) => PlayerSpec} botFor */ startMatch: (empty, botFor) => startMatch(hx, empty, botFor),
    roster: () => rosterOf(hx.s),
    /** @param {unknown} ui */ restore: (ui) => restore(hx, ui),
    /** @param {{quietly?: boolean}} [how] */ stop: (how) => stop(hx, how),
    /**
     * The host's choice for a friend: a computer player plays their seat until they come back
     * (on), or the table waits for them (off).
     * @param {number} seat @param {boolean} on
     */
    letComputerPlay(seat, on) {
      const row = rowOfSeat(seat);
      if (row == null || hx.s.phase !== "playing") return;
      if (!seatEvent(hx, row, on ? "computer" : "wait")) return;
      if (!on && hx.channels.has(row)) seatEvent(hx, row, "back");
      if (on) table.advance();
    },
    /** Remove a friend (the lobby's or the table's "Remove"). @param {number} row */
    remove: (row) => removeFriend(hx, row),
    /** "Connect over the internet": the invitations ask these STUN servers. @param {string[]} urls */
    async setStun(urls) { if (hx.plan) hx.plan.stunUrls = urls; dropAll(hx); await invite(hx); },
    /** What friends may ask of the engine for their own seat, and free text, told to every friend. @param {import("./messages.js").Allow} allow */
    setAllow(allow) {
      if (!dispatch(hx, { type: "allow", allow })) return;
      if (hx.plan) hx.plan.allow = hx.s.allow;
      sendAll(hx, { t: "allow", allow: hx.s.allow });
    },
    /** @param {number} seat */ offerTable: (seat) => offerTable(hx, seat),
    /**
     * The host says something at the table: a phrase's id, or words (the same rule as a friend's).
     * @param {{phrase?: string, text?: string}} what @returns {string | null} why not
     */
    say(what) {
      const line = lineOf(what, true); // the host's own words are always allowed at its table
      if (!line.ok) return line.message;
      relay(hx, hx.s.hostRow, hx.s.hostName, line.text);
      return null;
    },
    /** The host mutes a friend (nothing they say is shown), or not. @param {number} row @param {boolean} on */
    mute(row, on) { if (dispatch(hx, { type: "mute", row, on })) tell(hx); },
    /** Onlookers let in or not; turned off, every onlooker is told and let go. @param {boolean} on */
    setWatch(on) {
      if (!on) for (const w of hx.s.watchers) if (hx.channels.has(w.row)) removeFriend(hx, w.row);
      if (!dispatch(hx, { type: "watch", on })) return;
      if (!on) for (const row of [...hx.invites.keys()]) if (row >= WATCH_ROW) drop(hx, row);
      announce(hx);
    },
    /** "Invite an onlooker": the invitation on screen is for a seatless guest until one takes it. */
    async inviteOnlooker() {
      const row = WATCH_ROW + hx.s.watchers.reduce((m, w) => Math.max(m, w.row - WATCH_ROW + 1), 0);
      if (!dispatch(hx, { type: "watcher", row, token: randomHex(16) })) { tell(hx); return false; }
      await invite(hx, row);
      return true;
    },
    /** The turn clock: seconds a friend has for a decision (0: off). @param {number} seconds */
    setClock(seconds) { if (dispatch(hx, { type: "clock", seconds })) announce(hx); },
    /** What the lobby draws. */
    /** The lobby shows this row's standing invitation. @param {number} row */
    show(row) { if (hx.invites.get(row)?.inv) { hx.shown = row; tell(hx); } },
    state: () => ({ phase: hx.s.phase, tableId: hx.s.table, invitation: shownInvitation(hx),
      invitations: [...hx.invites.values()].flatMap((e) => (e.inv ? [{ row: e.inv.row, kind: e.inv.kind }] : [])), problem: hx.problem, hostName: hx.s.hostName,
      promise: hx.commitment?.slice(0, 8) ?? "", clock: hx.s.clock, turn: clockOf(hx.s, hx.now()),
      allow: hx.s.allow, watch: hx.s.watch, watching: watching(hx.s).map((w) => w.name),
      friends: hx.s.seats.map((f) => ({ row: f.row, seat: f.seat, name: f.name, status: f.status, ready: f.ready, muted: f.muted })) }),
    /** Whether a seat is a friend's on another device. @param {number} seat */
    isFriend: (seat) => hx.s.seats.some((f) => f.seat === seat),
  };
}
