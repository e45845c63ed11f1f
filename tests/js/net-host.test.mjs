// node --test: the host's authority (web/js/net/host.js), pure: the seats' transition table, what
// a friend's message may cause (the allowlist, the bound seat, one move and one question in
// flight, the rate limit), whose token takes a seat back, and the roster the host's save keeps.
// No browser, no channel, no engine: every decision is a function of the state and the text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BURST, MAX_WATCHERS, RATE, STAND_IN, TRANSITIONS, WATCH_ROW, helloRefusal, hostReduce, onGuestMessage, openTable, rateCheck,
  restoreTable, rosterOf, seatsMessage, staleMove, standInFor, watching } from "../../web/js/net/host.js";
import { SEAT_STATUSES } from "../../web/js/net/messages.js";

const TOKENS = ["aa".repeat(16), "bb".repeat(16)];
const lobby = () => openTable({ table: "0123456789abcdef", hostName: "Julia", hostRow: 0, rows: [1, 2], tokens: TOKENS });
/** @param {any} s @param {number} row @param {string} event @param {object} [more] */
const seat = (s, row, event, more = {}) => hostReduce(s, { type: "seat", row, event, ...more });
/** Ann (row 1) at the table, Bo's seat (row 2) left for a computer player: the match started. */
function playing() {
  let s = seat(seat(lobby(), 1, "connecting"), 1, "welcome", { name: "Ann", prefs: { auto_reveal: true } });
  s = hostReduce(s, { type: "start", seats: new Map([[1, 1]]), host: 0 });
  return s;
}
const at = (s, row) => s.seats.find((x) => x.row === row);
let clock = 1_000_000;
/** A message from row 1's channel, read at a later millisecond each time (well within the rate). */
const from = (s, msg, row = 1) => onGuestMessage(s, row, typeof msg === "string" ? msg : JSON.stringify(msg), (clock += 1000));

test("the transition table: every status is one the wire names, every target a status, and removed is final", () => {
  assert.deepEqual(Object.keys(TRANSITIONS).sort(), [...SEAT_STATUSES].sort());
  for (const [from, to] of Object.entries(TRANSITIONS)) {
    for (const target of Object.values(to)) assert.ok(SEAT_STATUSES.includes(target), `${from} -> ${target}`);
  }
  assert.deepEqual(TRANSITIONS.removed, {});
});

test("a seat goes open -> joining -> here <-> away <-> computer, and events not in the table change nothing", () => {
  let s = lobby();
  assert.equal(at(s, 1).status, "open");
  s = seat(s, 1, "connecting");
  assert.equal(at(s, 1).status, "joining");
  const failed = seat(s, 1, "failed");
  assert.equal(at(failed, 1).status, "open");
  s = seat(s, 1, "welcome", { name: "Ann" });
  assert.deepEqual([at(s, 1).status, at(s, 1).name], ["here", "Ann"]);
  s = seat(s, 1, "silent");
  assert.equal(at(s, 1).status, "away");
  s = seat(s, 1, "back");
  assert.equal(at(s, 1).status, "here");
  s = seat(s, 1, "closed");
  s = seat(s, 1, "computer");
  assert.equal(at(s, 1).status, "computer");
  s = seat(s, 1, "wait");
  assert.equal(at(s, 1).status, "away");
  // not in the table: the same state object back
  for (const event of ["connecting", "failed", "wait", "back"]) {
    const t = seat(s, 1, event === "back" ? "wait" : event);
    assert.equal(t, s, event);
  }
  assert.equal(seat(s, 9, "welcome"), s, "no such row");
});

test("a rejoin keeps the first name; the lobby's free opens the seat with a new token; remove is final", () => {
  let s = seat(seat(lobby(), 1, "welcome", { name: "Ann" }), 1, "silent");
  s = seat(s, 1, "welcome", { name: "Mallory" });
  assert.equal(at(s, 1).name, "Ann", "a seat's name is the first one it was taken with");
  const freed = seat(s, 1, "free", { token: "cc".repeat(16) });
  assert.deepEqual([at(freed, 1).status, at(freed, 1).name, at(freed, 1).token], ["open", "", "cc".repeat(16)]);
  const removed = seat(s, 1, "remove", { token: "dd".repeat(16) });
  assert.equal(at(removed, 1).status, "removed");
  for (const event of ["welcome", "back", "wait", "free", "computer"]) assert.equal(seat(removed, 1, event), removed, event);
});

test("start drops the seats nobody took and gives each friend the engine's seat; the roster round-trips", () => {
  const s = playing();
  assert.equal(s.phase, "playing");
  assert.deepEqual(s.seats.map((x) => [x.row, x.seat, x.name]), [[1, 1, "Ann"]]);
  const roster = rosterOf(s);
  assert.deepEqual(roster, { v: 1, table: "0123456789abcdef", hostName: "Julia", host: 0,
    friends: [{ seat: 1, name: "Ann", token: TOKENS[0], bot: false }], allow: { coach: true, review: true, chat: true }, clock: 90 });
  const back = restoreTable(roster);
  assert.equal(at(back, 1).status, "away", "after the host's reload every friend is away until they rejoin");
  assert.equal(rosterOf(lobby()), null, "no roster before the match");
  const gone = restoreTable({ ...roster, friends: [{ ...roster.friends[0], removed: true }] });
  assert.equal(at(gone, 1).status, "removed");
});

test("a named seat is given back only to its token; a removed seat to nobody", () => {
  const s = playing();
  assert.equal(helloRefusal(s, 1, { token: TOKENS[0] }), null);
  assert.equal(helloRefusal(s, 1, { token: null }).code, "not_yours");
  assert.equal(helloRefusal(s, 1, { token: "ee".repeat(16) }).code, "not_yours");
  assert.equal(helloRefusal(lobby(), 1, { token: null }), null, "an open seat takes anyone");
  assert.equal(helloRefusal(seat(s, 1, "remove"), 1, { token: TOKENS[0] }).code, "not_yours");
});

test("a computer player stands in only where the host said so (or removed the friend)", () => {
  let s = playing();
  assert.equal(standInFor(s, 1), null);
  s = seat(s, 1, "silent");
  assert.equal(standInFor(s, 1), null, "the table waits for an away friend by default");
  assert.equal(standInFor(seat(s, 1, "computer"), 1), STAND_IN);
  assert.equal(standInFor(seat(s, 1, "remove"), 1), STAND_IN);
  assert.equal(standInFor(s, 0), null, "the host's own seat");
  assert.deepEqual(seatsMessage(s), { t: "seats", seats: [{ seat: 1, name: "Ann", status: "away", ready: false }], turn: null, watching: 0 });
});

test("a move is made for the bound seat with the checked fields only; a forged seat is refused", () => {
  const s = playing();
  const forged = { t: "act", op: "save", snapshot: "SNAP", viewer: 0,
    action: { seat: 1, type: "offer", price: 2, target: 0, card: 1, op: "load", viewer: 0 }, since: 17 };
  const out = from(s, forged);
  assert.deepEqual(out.replies, []);
  assert.deepEqual(out.calls, [{ kind: "act", action: { seat: 1, type: "offer", price: 2, target: 0, card: 1 }, since: 17 }]);
  assert.equal(at(out.state, 1).acting, true);
  for (const other of [0, 2, 7]) {
    const r = from(s, { t: "act", action: { seat: other, type: "pass" }, since: 17 });
    assert.deepEqual([r.calls, r.replies[0].code, r.replies[0].of], [[], "wrong_seat", "act"]);
  }
});

test("one move in flight: a second act while one is queued is dropped, and taken again once it is done", () => {
  const s = from(playing(), { t: "act", action: { seat: 1, type: "pass" }, since: 3 }).state;
  const again = from(s, { t: "act", action: { seat: 1, type: "keep" }, since: 3 });
  assert.deepEqual(again.calls, []);
  assert.equal(again.replies[0].code, "busy");
  const done = hostReduce(again.state, { type: "acting", row: 1, on: false });
  assert.equal(from(done, { t: "act", action: { seat: 1, type: "keep" }, since: 3 }).calls.length, 1);
});

test("one question in flight, only what the host allows, for the friend's own seat", () => {
  const s = playing();
  const asked = from(s, { t: "coach", seat: 0, op: "record" });
  assert.deepEqual(asked.calls, [{ kind: "coach" }]);
  const twice = from(asked.state, { t: "review", hand: 1 });
  assert.deepEqual([twice.calls, twice.replies[0].code, twice.replies[0].of], [[], "busy", "review"]);
  const answered = hostReduce(asked.state, { type: "asking", row: 1, on: false });
  assert.deepEqual(from(answered, { t: "review", hand: 2, seat: 0 }).calls, [{ kind: "review", hand: 2 }]);
  const none = hostReduce(s, { type: "allow", allow: { coach: false, review: false, chat: false } });
  for (const msg of [{ t: "coach" }, { t: "review", hand: null }]) {
    const r = from(none, msg);
    assert.deepEqual([r.calls, r.replies[0].code], [[], "not_allowed"]);
  }
});

test("hello and prefs cause no engine call; a move before the match is not_started; a removed friend is not read", () => {
  const s = playing();
  const hello = from(s, { t: "hello", name: "Ann", token: null, prefs: {} });
  assert.deepEqual([hello.replies, hello.calls], [[], []]);
  const p = from(s, { t: "prefs", prefs: { offers: "refuse_all" } });
  assert.deepEqual([p.calls, at(p.state, 1).prefs], [[], { offers: "refuse_all" }]);
  const early = from(seat(lobby(), 1, "welcome", { name: "Ann" }), { t: "act", action: { seat: 1, type: "pass" }, since: 0 });
  assert.equal(early.replies[0].code, "not_started");
  const removed = seat(s, 1, "remove");
  assert.deepEqual(from(removed, { t: "coach" }), { state: removed, replies: [], calls: [] });
  assert.equal(from(s, "[".repeat(100) + "]".repeat(100)).replies[0].code, "too_deep");
});

test("the rate limit: a burst of BURST is read, then RATE a second; the friend hears it once a second", () => {
  let s = playing();
  const t0 = 5_000_000;
  let read = 0;
  let warned = 0;
  for (let i = 0; i < 1000; i++) { // 1,000 messages in one second; each one read is answered bad_json
    const out = onGuestMessage(s, 1, "{not json", t0 + i);
    s = out.state;
    warned += out.replies.filter((r) => r.code === "too_fast").length;
    read += out.replies.filter((r) => r.code === "bad_json").length;
  }
  assert.ok(read >= BURST && read <= BURST + RATE + 1, `read ${read}, warned ${warned}`);
  assert.equal(warned, 1, "one sentence a second, the rest dropped unsaid");
  const later = onGuestMessage(s, 1, "{not json", t0 + 3000);
  assert.equal(later.replies[0].code, "bad_json", "read again once the bucket refilled");
  assert.equal(rateCheck({ level: 0, at: 1000, warned: 0 }, 1050).ok, true, "one message's worth refills in 50 ms");
  assert.equal(rateCheck({ level: 0, at: 1000, warned: 0 }, 1010).ok, false);
});

test("a move is played only on the table it was made on", () => {
  assert.equal(staleMove(17, 17), null);
  for (const since of [0, 16, 18]) assert.equal(staleMove(since, 17).code, "stale");
});

test("ready for another match: said by the friend, told to every table, and forgotten when the next match begins", () => {
  const s = playing();
  const out = from(s, { t: "ready", ready: true });
  assert.deepEqual(out.calls, [{ kind: "announce" }]);
  assert.equal(at(out.state, 1).ready, true);
  assert.deepEqual(seatsMessage(out.state).seats[0].ready, true);
  const next = hostReduce(out.state, { type: "new_match" });
  assert.equal(at(next, 1).ready, false);
  assert.equal(hostReduce(next, { type: "new_match" }), next, "nothing to forget: the same state");
  assert.equal(from(s, { t: "ready", ready: "yes" }).replies[0].code, "bad_message");
});

test("the turn clock: a friend's decision is timed once, then the computer plays for them until they are back", () => {
  let s = hostReduce(playing(), { type: "clock", seconds: 30 });
  s = hostReduce(s, { type: "turn", seat: 1, since: 40, now: 1000 });
  assert.deepEqual(s.turn, { row: 1, since: 40, deadline: 31_000 });
  assert.equal(hostReduce(s, { type: "turn", seat: 1, since: 40, now: 5000 }), s, "the same decision shown again keeps its deadline");
  const between = hostReduce(s, { type: "turn", seat: 2, since: 40, now: 3000 });
  assert.equal(between, s, "another seat shown while nothing happened (a computer player's quiet pass): the clock runs on");
  assert.equal(hostReduce(between, { type: "turn", seat: 1, since: 40, now: 4000 }).turn.deadline, 31_000);
  assert.equal(hostReduce(s, { type: "turn", seat: 0, since: 41, now: 5000 }).turn, null, "a move was made: the host's own turn now");
  assert.equal(hostReduce(s, { type: "turn", seat: 1, since: 41, now: 5000 }).turn.deadline, 35_000, "the next decision has its own");
  assert.deepEqual(seatsMessage(s, 21_000).turn, { seat: 1, ms: 10_000 });
  assert.equal(hostReduce(s, { type: "tick", now: 30_999 }), s, "not yet");
  const out = hostReduce(s, { type: "tick", now: 31_000 });
  assert.deepEqual([at(out, 1).status, out.turn], ["computer", null]);
  assert.equal(standInFor(out, 1), STAND_IN);
  assert.equal(hostReduce(out, { type: "turn", seat: 1, since: 42, now: 40_000 }).turn, null, "a seat the computer plays is not timed");
  const back = from(out, { t: "back" });
  assert.deepEqual([at(back.state, 1).status, back.calls], ["here", [{ kind: "announce" }]]);
  assert.deepEqual(from(s, { t: "back" }).calls, [], "back when nobody played for them: nothing");
  // an away friend is timed the same way; the host's own seat and computer players never are
  assert.ok(hostReduce(seat(s, 1, "silent"), { type: "turn", seat: 1, since: 50, now: 0 }).turn);
  assert.equal(hostReduce(hostReduce(s, { type: "turn", seat: null, since: 50, now: 0 }), { type: "turn", seat: 0, since: 50, now: 0 }).turn, null);
  const off = hostReduce(s, { type: "clock", seconds: 0 });
  assert.deepEqual([off.turn, hostReduce(off, { type: "turn", seat: 1, since: 60, now: 0 }).turn], [null, null], "off: the table waits");
  assert.equal(rosterOf(s).clock, 30);
  assert.equal(restoreTable(rosterOf(s)).clock, 30);
});

test("talk: a phrase's words or a friend's own, one line a second, none from a muted friend, free text only if allowed", () => {
  const s = playing();
  const t0 = 9_000_000;
  const say = (st, msg, now) => onGuestMessage(st, 1, JSON.stringify({ t: "say", phrase: null, text: null, ...msg }), now);
  const phrase = say(s, { phrase: "fair" }, t0);
  assert.deepEqual(phrase.calls, [{ kind: "say", text: "A fair price!" }]);
  const soon = say(phrase.state, { phrase: "done" }, t0 + 200);
  assert.deepEqual([soon.calls, soon.replies[0].code, soon.replies[0].of], [[], "too_fast", "say"]);
  const words = say(phrase.state, { text: "  \u202eI <b>bid</b> high  " }, t0 + 1500);
  assert.deepEqual(words.calls, [{ kind: "say", text: "I <b>bid</b> high" }], "bidi controls out, the rest is text (drawn as text)");
  assert.equal(say(s, { phrase: "steal" }, t0).replies[0].code, "bad_message");
  assert.equal(say(s, { text: "a\nb" }, t0).replies[0].code, "bad_message");
  assert.equal(say(s, { text: "x".repeat(121) }, t0).replies[0].code, "bad_message");
  const quiet = hostReduce(s, { type: "allow", allow: { coach: true, review: true, chat: false } });
  assert.equal(say(quiet, { text: "hello" }, t0).replies[0].code, "chat_off");
  assert.equal(say(quiet, { phrase: "well" }, t0).calls.length, 1, "the phrases still work");
  const muted = hostReduce(s, { type: "mute", row: 1, on: true });
  assert.deepEqual([say(muted, { phrase: "fair" }, t0).calls, say(muted, { phrase: "fair" }, t0).replies[0].code], [[], "muted"]);
  assert.equal(say(hostReduce(muted, { type: "mute", row: 1, on: false }), { phrase: "bravo" }, t0).calls[0].text, "Bravo!");
  assert.equal(say(s, { phrase: "fair", text: "both" }, t0).replies[0].code, "bad_message");
});

test("onlookers (issue 44, item 7): let in or not by the host, counted once here, refused everything but watching", () => {
  let s = playing();
  s = hostReduce(s, { type: "watcher", row: WATCH_ROW, token: TOKENS[0] });
  assert.equal(s.watchers.length, 1);
  s = seat(seat(s, WATCH_ROW, "connecting"), WATCH_ROW, "welcome", { name: "Edmund" });
  assert.deepEqual(watching(s).map((w) => w.name), ["Edmund"]);
  assert.equal(seatsMessage(s).watching, 1, "every table hears how many watch");
  assert.deepEqual(seatsMessage(s).seats.map((x) => x.seat), [1], "an onlooker has no seat in the list of seats");
  // whatever an onlooker sends, nothing reaches the engine and nothing changes but the rate bucket
  for (const msg of [{ t: "act", action: { seat: 1, type: "keep" }, since: 3 }, { t: "coach" }, { t: "review", hand: null },
    { t: "say", phrase: "fair", text: null }, { t: "ready", ready: true }, { t: "take", yes: true }, { t: "back" }]) {
    const out = from(s, msg, WATCH_ROW);
    assert.deepEqual(out.calls, [], JSON.stringify(msg));
    assert.equal(out.replies[0].code, "watching");
  }
  assert.deepEqual(from(s, { t: "hello", name: "Edmund", token: null, prefs: {} }, WATCH_ROW).replies, []);
  // no computer player stands in for an onlooker, and the host's save does not keep them
  assert.equal(standInFor(s, WATCH_ROW), null);
  assert.deepEqual(rosterOf(s)?.friends.map((f) => f.name), ["Ann"]);
  // at most MAX_WATCHERS; an unanswered invitation makes way for the next
  let many = s;
  for (let i = 1; i < MAX_WATCHERS + 3; i++) many = hostReduce(many, { type: "watcher", row: WATCH_ROW + i, token: TOKENS[1] });
  assert.equal(many.watchers.length, 2, "one watching and the newest invitation only");
  for (let i = 1; i < MAX_WATCHERS + 3; i++) {
    many = seat(seat(hostReduce(many, { type: "watcher", row: WATCH_ROW + 20 + i, token: TOKENS[1] }), WATCH_ROW + 20 + i, "connecting"), WATCH_ROW + 20 + i, "welcome");
  }
  assert.equal(watching(many).length, MAX_WATCHERS);
  // the host says no: every onlooker goes and no new one is let in
  const closed = hostReduce(s, { type: "watch", on: false });
  assert.deepEqual([closed.watchers, seatsMessage(closed).watching], [[], 0]);
  assert.equal(hostReduce(closed, { type: "watcher", row: WATCH_ROW + 5, token: TOKENS[0] }), closed);
});
