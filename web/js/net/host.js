/**
 * The host's authority over a friends' table, pure: who sits where, who is here, away, played
 * by the computer or removed, what each friend may ask and how often. One reducer over the
 * seats with one transition table (`TRANSITIONS`), and one `onGuestMessage` that turns a
 * friend's text into replies and engine calls. No channel, no engine, no clock of its own:
 * hosting.js carries the effects out (send to one, send to all, ask the engine), so every
 * decision here is a unit test with no browser (tests/js/net-host.test.mjs).
 *
 *     import { hostReduce, onGuestMessage, openTable } from "./host.js";
 *     let s = openTable({ table: "9f1c…", hostName: "Julia", hostRow: 0, rows: [1, 2], tokens: ["…", "…"] });
 *     s = hostReduce(s, { type: "seat", row: 1, event: "connecting" });   // open -> joining
 *     const out = onGuestMessage(s, 1, text, Date.now());
 *     // out.state, out.replies (to that friend), out.calls (engine work for hosting.js)
 *
 * The only place that decides: a seat's status and its transitions; whether a friend's message
 * is read at all (the rate limit), and then what it may cause (the allowlist, the bound seat, one
 * question and one move in flight); whose token takes a named seat back; which seats a computer
 * player stands in for; what the host's save keeps (the roster).
 *
 * @module
 */

import { readGuestMessage } from "./messages.js";
import { lineOf } from "./talk.js";

/** @typedef {import("./messages.js").GuestMessage} GuestMessage */
/** @typedef {import("./messages.js").HostMessage} HostMessage */
/** @typedef {import("./messages.js").GuestAction} GuestAction */
/** @typedef {import("./messages.js").GuestPrefs} GuestPrefs */
/** @typedef {import("./messages.js").Allow} Allow */
/** @typedef {import("../storage/roster.js").Roster} Roster */

/** @typedef {"open" | "joining" | "here" | "away" | "computer" | "removed"} Status */
/**
 * What happens to a friend's seat: a reply pasted ("connecting"), the connection or the hello
 * failed, the hello accepted ("welcome"), the channel went quiet or closed, came back, the host
 * lets the computer play or waits again, removes the friend during the match, or frees the
 * seat in the lobby.
 * @typedef {"connecting" | "failed" | "welcome" | "silent" | "closed" | "back" | "computer" | "wait" | "remove" | "free"} SeatEvent
 */

/**
 * Every status a seat can be in, and where each event takes it. An event not listed for a
 * status changes nothing (a late heartbeat of a removed friend, a second "welcome"…).
 * @type {Readonly<Record<Status, Partial<Record<SeatEvent, Status>>>>}
 */
export const TRANSITIONS = Object.freeze({
  open: { connecting: "joining", welcome: "here", remove: "removed" },
  joining: { failed: "open", welcome: "here", free: "open", remove: "removed" },
  here: { silent: "away", closed: "away", computer: "computer", remove: "removed", free: "open" },
  away: { back: "here", welcome: "here", computer: "computer", remove: "removed", free: "open" },
  computer: { welcome: "here", back: "here", wait: "away", remove: "removed" },
  removed: {},
});

/** The computer player that stands in for a friend who is not playing their seat (the host's choice). */
export const STAND_IN = "skilled/fanny";
/** Milliseconds between two lines one friend may say (the rate limit for talk). */
export const TALK_GAP_MS = 1000;
/** The turn clock's default, in seconds: generous (a friend who is thinking is not hurried). */
export const CLOCK_S = 90;
/** The longest turn clock (the wire's whole numbers stop at a million milliseconds). */
export const MAX_CLOCK_S = 600;
/** A friend's messages: RATE a second on average, BURST at once (heartbeats are not counted). */
export const RATE = 20;
export const BURST = 50;
/** Milliseconds between two "too fast" refusals to one friend (the rest are dropped unsaid). */
export const WARN_MS = 1000;
/** Onlookers: at most MAX_WATCHERS at once, their rows numbered from WATCH_ROW (past any seat's row). */
export const MAX_WATCHERS = 8;
export const WATCH_ROW = 100;

/**
 * One friend's seat.
 * @typedef {object} Seat
 * @property {number} row the set-up row (before the match: the seat it will be)
 * @property {number | null} seat the engine's seat once the match has started
 * @property {string} name "" until they join (the engine's rule, names.js)
 * @property {string} token the seat's secret: a friend who reloads proves the seat is theirs
 * @property {Status} status
 * @property {GuestPrefs | null} prefs their standing answers
 * @property {{level: number, at: number, warned: number}} bucket the rate limit
 * @property {boolean} asking a coach or review question of theirs is with the engine
 * @property {boolean} acting a move of theirs waits its turn in the table's work
 * @property {boolean} ready they would play another match at this table (said at a match's end)
 * @property {boolean} muted the host has muted them: nothing they say is shown
 * @property {number} said when they last said something (milliseconds), for TALK_GAP_MS
 */

/**
 * @typedef {object} HostState
 * @property {"off" | "lobby" | "playing"} phase
 * @property {string} table the table's id (16 hex digits)
 * @property {string} hostName
 * @property {number} hostRow the host's own row (its seat once playing)
 * @property {Allow} allow what friends may ask of the engine for their own seat
 * @property {Seat[]} seats the friends' seats
 * @property {boolean} watch onlookers are let in (the host's choice)
 * @property {Seat[]} watchers the onlookers: seatless guests who see only what the engine shows
 *   a spectator, hear what is said and may say nothing (rows from WATCH_ROW up, `seat` null)
 * @property {number} clock seconds a friend has for each decision, away or not (0: no clock)
 * @property {{row: number, since: number, deadline: number} | null} turn the friend's decision the
 *   table waits on now (`since`: the log index it was shown at; `deadline`: milliseconds)
 */

/**
 * An engine call a friend's message asks hosting.js to make, for the friend's own seat only.
 * @typedef {{kind: "act", action: GuestAction, since: number}
 *   | {kind: "coach"}
 *   | {kind: "review", hand: number | null}
 *   | {kind: "take", yes: boolean}
 *   | {kind: "announce"}
 *   | {kind: "say", text: string}} Call
 */

/** @typedef {{type: "seat", row: number, event: SeatEvent, name?: string, prefs?: GuestPrefs | null, token?: string}
 *   | {type: "start", seats: Map<number, number>, host: number}
 *   | {type: "allow", allow: Allow}
 *   | {type: "prefs", row: number, prefs: GuestPrefs}
 *   | {type: "asking", row: number, on: boolean}
 *   | {type: "acting", row: number, on: boolean}
 *   | {type: "ready", row: number, on: boolean}
 *   | {type: "mute", row: number, on: boolean}
 *   | {type: "said", row: number, at: number}
 *   | {type: "new_match"}
 *   | {type: "clock", seconds: number}
 *   | {type: "watch", on: boolean}
 *   | {type: "watcher", row: number, token: string}
 *   | {type: "turn", seat: number | null, since: number, now: number}
 *   | {type: "tick", now: number}
 *   | {type: "stop"}} HostEvent */

export const OFF = /** @type {HostState} */ (Object.freeze({ phase: "off", table: "", hostName: "", hostRow: 0,
  allow: { coach: true, review: true, chat: true }, seats: [], watch: true, watchers: [], clock: CLOCK_S, turn: null }));

/** @param {number} row @param {string} token @returns {Seat} */
function emptySeat(row, token) {
  return { row, seat: null, name: "", token, status: "open", prefs: null,
    bucket: { level: BURST, at: 0, warned: -Infinity }, asking: false, acting: false, ready: false, muted: false, said: -Infinity };
}

/**
 * A table opened in the lobby: every friend's row open, each with its own token.
 * @param {{table: string, hostName: string, hostRow: number, rows: number[], tokens: string[], allow?: Allow, clock?: number}} plan
 * @returns {HostState}
 */
export function openTable({ table, hostName, hostRow, rows, tokens, allow = { coach: true, review: true, chat: true }, clock = CLOCK_S }) {
  return { phase: "lobby", table, hostName, hostRow, allow: { ...allow }, seats: rows.map((row, i) => emptySeat(row, tokens[i])),
    watch: true, watchers: [], clock, turn: null };
}

/**
 * A host's reload (or a handed-over table): the saved roster, every friend away until they
 * rejoin, a computer player where the roster says so.
 * @param {Roster} r
 * @returns {HostState}
 */
export function restoreTable(r) {
  return { phase: "playing", table: r.table, hostName: r.hostName, hostRow: r.host, allow: { ...r.allow },
    seats: r.friends.map((f) => ({ ...emptySeat(f.seat, f.token), seat: f.seat, name: f.name,
      status: f.removed ? "removed" : f.bot ? "computer" : "away" })), watch: true, watchers: [],
    clock: Math.min(MAX_CLOCK_S, r.clock ?? CLOCK_S), turn: null };
}

/**
 * The one reducer: a new state, or the same object when the event changes nothing.
 * @param {HostState} s @param {HostEvent} e
 * @returns {HostState}
 */
export function hostReduce(s, e) {
  switch (e.type) {
    case "seat": {
      const seat = rowOf(s, e.row);
      const to = seat && TRANSITIONS[seat.status][e.event];
      if (!seat || !to) return s;
      /** @type {Seat} */
      const next = { ...seat, status: to };
      if (e.event === "welcome") { next.name = seat.name || (e.name ?? ""); next.prefs = e.prefs ?? seat.prefs; }
      if (to === "open") { next.name = ""; next.prefs = null; }
      if (e.token) next.token = e.token; // a freed or removed seat's old token proves nothing any more
      if (to !== "here") { next.asking = false; next.acting = false; }
      return withSeat(s, next);
    }
    case "start":
      return { ...s, phase: "playing", hostRow: e.host,
        seats: s.seats.filter((x) => e.seats.has(x.row)).map((x) => ({ ...x, seat: e.seats.get(x.row) ?? null })) };
    case "allow": return { ...s, allow: { coach: !!e.allow.coach, review: !!e.allow.review, chat: e.allow.chat !== false } };
    case "mute": return patch(s, e.row, { muted: e.on });
    case "said": return patch(s, e.row, { said: e.at });
    case "prefs": return patch(s, e.row, { prefs: e.prefs });
    case "asking": return patch(s, e.row, { asking: e.on });
    case "acting": return patch(s, e.row, { acting: e.on });
    case "ready": return patch(s, e.row, { ready: e.on });
    case "new_match": return s.seats.some((x) => x.ready) ? { ...s, seats: s.seats.map((x) => ({ ...x, ready: false })) } : s;
    case "clock": return { ...s, clock: Math.min(MAX_CLOCK_S, Math.max(0, Math.round(e.seconds))), turn: e.seconds > 0 ? s.turn : null };
    case "turn": return turnAt(s, e.seat, e.since, e.now);
    case "tick": return tick(s, e.now);
    case "watch": return e.on === s.watch ? s : { ...s, watch: e.on, watchers: e.on ? s.watchers : [] };
    case "watcher": {
      const watchers = s.watchers.filter((w) => w.status !== "removed");
      if (!s.watch || watchers.length >= MAX_WATCHERS || rowOf(s, e.row)) return s;
      return { ...s, watchers: [...watchers.filter((w) => w.status !== "open"), emptySeat(e.row, e.token)] };
    }
    case "stop": return OFF;
    default: return s;
  }
}

/**
 * The table now waits on `seat` (null: on nobody's friend). The clock starts when a friend's
 * decision is first shown (the same decision shown again keeps its deadline), and only for a
 * friend the computer does not already play for.
 * @param {HostState} s @param {number | null} seat @param {number} since @param {number} now
 * @returns {HostState}
 */
function turnAt(s, seat, since, now) {
  if (!s.clock || s.phase !== "playing") return s.turn ? { ...s, turn: null } : s;
  const f = seat == null ? null : s.seats.find((x) => x.seat === seat && (x.status === "here" || x.status === "away"));
  // the same decision, or another seat shown while nothing has happened since (a computer
  // player's quiet pass in a market window): the clock runs on, it does not start again
  if (s.turn && s.turn.since === since && (!f || s.turn.row === f.row)) return s;
  if (!f) return s.turn ? { ...s, turn: null } : s;
  return { ...s, turn: { row: f.row, since, deadline: now + s.clock * 1000 } };
}

/**
 * The clock ran out: the computer plays for the friend until they are back (their device's
 * "I'm back", a rejoin, or its channel heard again).
 * @param {HostState} s @param {number} now
 * @returns {HostState}
 */
function tick(s, now) {
  if (!s.turn || now < s.turn.deadline) return s;
  const row = s.turn.row;
  return hostReduce({ ...s, turn: null }, { type: "seat", row, event: "computer" });
}

/** What every table shows of the clock: whose decision and how many milliseconds are left (null: none). @param {HostState} s @param {number} now */
export function clockOf(s, now) {
  const f = s.turn && s.seats.find((x) => x.row === s.turn?.row);
  return s.turn && f?.seat != null ? { seat: f.seat, ms: Math.max(0, s.turn.deadline - now) } : null;
}

/** A friend's seat or an onlooker's, by row. @param {HostState} s @param {number} row @returns {Seat | undefined} */
export function rowOf(s, row) {
  return s.seats.find((x) => x.row === row) ?? s.watchers.find((x) => x.row === row);
}

/** Is `row` an onlooker's? @param {HostState} s @param {number} row */
export const isWatcher = (s, row) => s.watchers.some((x) => x.row === row);

/** @param {HostState} s @param {Seat} seat @returns {HostState} */
function withSeat(s, seat) {
  if (isWatcher(s, seat.row)) return { ...s, watchers: s.watchers.map((x) => (x.row === seat.row ? seat : x)) };
  return { ...s, seats: s.seats.map((x) => (x.row === seat.row ? seat : x)) };
}

/** @param {HostState} s @param {number} row @param {Partial<Seat>} part @returns {HostState} */
function patch(s, row, part) {
  const seat = rowOf(s, row);
  return seat ? withSeat(s, { ...seat, ...part }) : s;
}

/**
 * The rate limit: a bucket of BURST messages that refills at RATE a second. Returns the seat's
 * new bucket and whether this message may be read; `warn` when the friend should hear once
 * that they are sending too fast.
 * @param {Seat["bucket"]} b @param {number} now milliseconds
 * @returns {{bucket: Seat["bucket"], ok: boolean, warn: boolean}}
 */
export function rateCheck(b, now) {
  const level = Math.min(BURST, b.level + (b.at ? ((now - b.at) / 1000) * RATE : BURST));
  if (level >= 1) return { bucket: { level: level - 1, at: now, warned: b.warned }, ok: true, warn: false };
  const warn = now - b.warned >= WARN_MS;
  return { bucket: { level, at: now, warned: warn ? now : b.warned }, ok: false, warn };
}

/**
 * @param {string} code @param {string} message @param {"act" | "coach" | "review" | "say"} [of] the request it answers
 * @returns {{t: "refused", code: string, message: string, of?: "act" | "coach" | "review" | "say"}}
 */
const refused = (code, message, of) => (of ? { t: "refused", code, message, of } : { t: "refused", code, message });

/**
 * A message from the friend at `row`, bound to its seat: what the host answers and what it asks
 * of the engine. Nothing the friend wrote is copied into a call but the checked fields of a
 * move; the seat is always the channel's.
 * @param {HostState} s @param {number} row @param {string} text @param {number} now milliseconds
 * @returns {{state: HostState, replies: HostMessage[], calls: Call[]}}
 */
export function onGuestMessage(s, row, text, now) {
  const seat = rowOf(s, row);
  if (!seat || seat.status === "removed") return { state: s, replies: [], calls: [] };
  const rate = rateCheck(seat.bucket, now);
  const state = withSeat(s, { ...seat, bucket: rate.bucket });
  const done = (/** @type {HostMessage[]} */ replies, /** @type {Call[]} */ calls = [], next = state) => ({ state: next, replies, calls });
  if (!rate.ok) return done(rate.warn ? [refused("too_fast", `Slow down: at most ${RATE} messages a second. Some were not read.`)] : []);
  const r = readGuestMessage(text);
  if (!r.ok) return done([refused(r.code, r.message)]);
  const msg = r.msg;
  if (isWatcher(state, row)) { // an onlooker watches: a hello again is nothing, all else is refused
    return done(msg.t === "hello" ? [] : [refused("watching", "You are watching this table: onlookers do not play, ask or talk.",
      msg.t === "act" || msg.t === "coach" || msg.t === "review" || msg.t === "say" ? msg.t : undefined)]);
  }
  const bound = state.seats.find((x) => x.row === row) ?? seat;
  switch (msg.t) {
    case "hello": return done([]); // already at the table
    case "prefs": return done([], [], hostReduce(state, { type: "prefs", row, prefs: msg.prefs }));
    case "take": return done([], [{ kind: "take", yes: msg.yes }]);
    case "ready": return done([], [{ kind: "announce" }], hostReduce(state, { type: "ready", row, on: msg.ready }));
    case "say": return talk(state, row, msg, now);
    case "back": { // "I'm back": the computer stops playing for them
      const next = hostReduce(state, { type: "seat", row, event: "back" });
      return done([], next === state ? [] : [{ kind: "announce" }], next);
    }
    default:
  }
  if (state.phase !== "playing" || bound.seat == null) return done([refused("not_started", "The match has not started yet.")]);
  if (msg.t === "act") {
    if (msg.action.seat !== bound.seat) return done([refused("wrong_seat", `You play seat ${bound.seat + 1}, not seat ${msg.action.seat + 1}.`, "act")]);
    if (bound.acting) return done([refused("busy", "Your last move is still on its way: this one was not made.", "act")]);
    return done([], [{ kind: "act", action: { ...msg.action, seat: bound.seat }, since: msg.since }],
      hostReduce(state, { type: "acting", row, on: true }));
  }
  if (!state.allow[msg.t]) {
    return done([refused("not_allowed", msg.t === "coach" ? "The host has not allowed the coach at this table." : "The host has not allowed reviews at this table.", msg.t)]);
  }
  if (bound.asking) return done([refused("busy", "One question at a time: your last one is still being answered.", msg.t)]);
  /** @type {Call} */
  const call = msg.t === "coach" ? { kind: "coach" } : { kind: "review", hand: msg.hand };
  return done([], [call], hostReduce(state, { type: "asking", row, on: true }));
}

/**
 * A friend says something: a phrase's words, or their own when the host allows free text; at
 * most one line a second, and nothing from a friend the host has muted.
 * @param {HostState} s @param {number} row @param {{phrase: string | null, text: string | null}} msg @param {number} now
 * @returns {{state: HostState, replies: HostMessage[], calls: Call[]}}
 */
function talk(s, row, msg, now) {
  const seat = /** @type {Seat} */ (s.seats.find((x) => x.row === row));
  const no = (/** @type {string} */ code, /** @type {string} */ message) => ({ state: s, replies: [refused(code, message, "say")], calls: [] });
  if (seat.muted) return no("muted", "The host has muted you: what you say is not shown.");
  if (now - seat.said < TALK_GAP_MS) return no("too_fast", "One line a second, please.");
  const line = lineOf(msg, s.allow.chat);
  if (!line.ok) return no(line.code, line.message);
  return { state: hostReduce(s, { type: "said", row, at: now }), replies: [], calls: [{ kind: "say", text: line.text }] };
}

/**
 * A move's freshness at its turn in the table's work: it was made on the table as it is now
 * (the log index its sender saw next is the one the host will show next), or it is stale.
 * @param {number} since @param {number} logNext
 * @returns {HostMessage | null} the refusal, or null to play it
 */
export function staleMove(since, logNext) {
  return since === logNext ? null : refused("stale", "The table changed before this move arrived: it was not made.", "act");
}

/**
 * Why a hello may not take `row`'s seat (null: it may). A seat that has had a name is given
 * back only to the token it was given with.
 * @param {HostState} s @param {number} row @param {{token: string | null}} hello
 * @returns {{t: "refused", code: string, message: string} | null}
 */
export function helloRefusal(s, row, hello) {
  const seat = rowOf(s, row);
  if (!seat || seat.status === "removed") return refused("not_yours", "That seat is no longer at this table.");
  if (seat.name && hello.token !== seat.token) return refused("not_yours", `That seat is ${seat.name}'s: only their device can take it back.`);
  return null;
}

/** The computer player for a friend's seat now, or null (the table waits for the friend). @param {HostState} s @param {number} seat */
export function standInFor(s, seat) {
  const f = s.seats.find((x) => x.seat === seat);
  return f && (f.status === "computer" || f.status === "removed") ? STAND_IN : null;
}

/**
 * What every table is told of the friends' seats, and of the turn clock (milliseconds left now:
 * the devices' clocks need not agree).
 * @param {HostState} s @param {number} [now] milliseconds
 * @returns {HostMessage}
 */
export function seatsMessage(s, now = 0) {
  return { t: "seats", seats: s.seats.map((f) => ({ seat: f.seat ?? f.row, name: f.name, status: f.status, ready: f.ready })),
    turn: clockOf(s, now), watching: watching(s).length };
}

/** The onlookers watching now. @param {HostState} s */
export const watching = (s) => s.watchers.filter((w) => w.status === "here");

/** The friends connected and playing now. @param {HostState} s */
export const present = (s) => s.seats.filter((f) => f.status === "here");

/**
 * The roster for the host's save (null: not hosting a match).
 * @param {HostState} s
 * @returns {Roster | null}
 */
export function rosterOf(s) {
  if (s.phase !== "playing") return null;
  return { v: 1, table: s.table, hostName: s.hostName, host: s.hostRow,
    friends: s.seats.map((f) => ({ seat: /** @type {number} */ (f.seat), name: f.name, token: f.token,
      bot: f.status === "computer", ...(f.status === "removed" ? { removed: true } : {}) })),
    allow: { ...s.allow }, clock: s.clock };
}
