// node --test: the host of a friends' table (web/js/net/hosting.js) with no browser: a scripted
// engine, the real match store and driver, the real codes and guard, and fake data channels.
// A friend joins through the invitation and reply codes; the host pushes that seat's own view
// after every move; a forged seat, a stale move, a deep message and a friend's try at any op
// beyond the allowlist change nothing and are answered with a refusal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMatchStore } from "../../web/js/match-store.js";
import { createDriver } from "../../web/js/driver.js";
import { createHosting } from "../../web/js/net/hosting.js";
import { cleanRoster } from "../../web/js/storage/roster.js";
import { decodeInvite, encodeReply } from "../../web/js/net/link/codec.js";

globalThis.location ??= /** @type {any} */ ({ origin: "http://127.0.0.1:8000", pathname: "/" });

const ICE = { ufrag: "abcd", pwd: "0123456789abcdefghijkl", role: "actpass",
  fingerprint: Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0").toUpperCase()).join(":"),
  candidates: [{ address: "127.0.0.1", port: 50000, protocol: "udp", type: "host" }] };

/** A data channel both ends of which the test holds. */
function fakeChannel() {
  const ch = {
    sent: [], closed: false, onMsg: null, onSt: null,
    send(obj) { ch.sent.push(JSON.parse(JSON.stringify(obj))); },
    onMessage(fn) { ch.onMsg = fn; },
    onStatus(fn) { ch.onSt = fn; },
    onError() {},
    status: () => "open",
    close() { ch.closed = true; },
    /** the friend's device sends a text */
    from(text) { ch.onMsg?.(text); },
  };
  return ch;
}

/** hostPeer stand-in: each invitation's channel is handed to the test. */
function fakePeers() {
  const channels = [];
  const peer = () => {
    const ch = fakeChannel();
    channels.push(ch);
    let open;
    const channel = new Promise((r) => { open = r; });
    return { invite: async () => ICE, accept: async () => { open(ch); }, channel, close() {} };
  };
  return { peer, channels };
}

const SEATS = [{ seat: 0, name: "Julia", kind: "human" }, { seat: 1, name: "Ann", kind: "human" }, { seat: 2, name: "Henry", kind: "bot" }];
const viewOf = (seat, extra = {}) => ({ seat, to_act: 1, phase: "sale", stage: "playing", seats: SEATS, hands: [], last_hand: null,
  match_over: false, legal: seat === 1 ? [{ type: "keep", seat: 1 }] : [], ...extra });

/** An engine that knows one match: Ann (seat 1) decides; after her keep, Julia decides. */
function fakeEngine() {
  let toAct = 1;
  let index = 10;
  const e = {
    requests: [],
    /** the match's finished hands, in every view */
    hands: [],
    /** the match's promise; Ann's move ends the match when `ends` */
    commitment: "ab".repeat(32),
    ends: false,
    async request(req) {
      e.requests.push(JSON.parse(JSON.stringify(req)));
      switch (req.op) {
        case "new_match": return { ok: true, op: "new_match", view: viewOf(0) };
        case "view": return { ok: true, op: "view", view: viewOf(req.seat, { to_act: toAct, hands: e.hands.slice(), legal: req.seat === toAct ? [{ type: "keep", seat: toAct }] : [] }) };
        case "log": return { ok: true, op: "log", entries: [], next: index };
        case "commitment": return { ok: true, op: "commitment", commitment: e.commitment, scheme: "x" };
        case "record": return { ok: true, op: "record", record: { seed: 7, commitment: e.commitment } };
        case "standing": return { ok: true, op: "standing", answer: null };
        case "act":
          if (req.action.seat !== toAct) return { ok: false, error: { code: "not_your_turn", message: "not yet" } };
          toAct = 0;
          return { ok: true, op: "act", events: [{ type: "kept", index: index++, text: "Ann keeps the 9 of hearts." },
            ...(e.ends ? [{ type: "match_over", index: index++ }] : [])], view: viewOf(req.viewer, { to_act: 0 }) };
        case "coach": await new Promise((r) => setTimeout(r, 5)); return { ok: true, op: "coach", advice: { seat: req.seat } };
        case "save": return { ok: true, op: "save", snapshot: "SNAP" };
        default: throw new Error(`the host asked the engine for ${req.op}`);
      }
    },
  };
  return e;
}

/** Ann at the table; `clock`: the turn clock in seconds (0, the default here: the table waits). */
async function hostWithAnn({ clock = 0, now = () => 1_000_000_000_000, friendRows = [1] } = {}) {
  const engine = fakeEngine();
  const store = createMatchStore({ holder: 0 });
  const driver = createDriver({ store, engine, policy: {} });
  /** @type {any} */
  let friends = null;
  const table = {
    store, engine, hello: { limits: { players: { min: 2, max: 8 } } }, logItems: [], logged: [],
    log(text) { table.logged.push(text); },
    get view() { return store.getState().view; },
    run: driver.run, advance: driver.advance, friendAct: driver.friendAct,
    useFriends(f) { friends = f; driver.context.policy.standIn = (s) => f?.standIn(s) ?? null; },
  };
  const { peer, channels } = fakePeers();
  const hosting = createHosting({
    table, peer, now,
    start: async (settings) => {
      await engine.request({ op: "new_match", settings });
      store.dispatch({ type: "reset", holder: 0, here: [0] });
      await driver.playOn();
      return true;
    },
  });
  await hosting.open({ players: SEATS.map(({ name, kind }) => ({ name, kind })), friendRows, hostRow: 0, hostName: "Julia", settings: {}, clock });
  const inv = decodeInvite(hosting.state().invitation.link, { now: 1_000_000_000 });
  assert.equal(inv.seat, 1);
  assert.equal(inv.host, "Julia");
  const reply = encodeReply({ kind: "reply", table: inv.table, seat: 1, created: 1_000_000_000, ice: ICE });
  const adding = hosting.addReply(reply);
  await new Promise((r) => setTimeout(r, 0));
  const ch = channels[0];
  ch.from(JSON.stringify({ t: "hello", name: "Ann", token: null, prefs: {} }));
  assert.equal(await adding, null);
  /** @type {string[][]} */
  const asked = [];
  assert.equal(await hosting.startMatch("bots", (row, taken) => { asked.push([row, ...taken]); return { name: "Bot", kind: "bot" }; }), null);

  await driver.run(() => {}); // the start's work is done
  await new Promise((r) => setTimeout(r, 10));
  return { hosting, engine, store, ch, friends: () => friends, driver, channels, asked };
}

test("a friend's seat nobody took is given to a computer player, told the names already seated", async () => {
  const { engine, asked } = await hostWithAnn({ friendRows: [1, 2] });
  assert.deepEqual(asked, [[2, "Julia", "Ann"]], "row 2 is empty: botFor is asked for it with Julia's and Ann's names");
  const start = engine.requests.find((r) => r.op === "new_match");
  assert.deepEqual(start.settings.players.map((p) => [p.name, p.kind]), [["Julia", "human"], ["Ann", "human"], ["Bot", "bot"]]);
});

test("a friend joins by the codes, gets a welcome with a token, and their own seat's view after the start", async () => {
  const { ch } = await hostWithAnn();
  const welcome = ch.sent.find((m) => m.t === "welcome");
  assert.equal(welcome.seat, 1);
  const welcomes = ch.sent.filter((m) => m.t === "welcome");
  assert.equal(welcomes.length, 2, "one at the join, one at the start with the seat the match gave");
  assert.ok(welcomes[0].hello, "the public hello once");
  assert.equal(welcomes[1].hello, null, "not again at the start (12 KB a friend)");
  assert.match(welcome.token, /^[0-9a-f]{32}$/);
  const states = ch.sent.filter((m) => m.t === "state");
  assert.ok(states.length >= 1);
  assert.ok(states.every((m) => m.view.seat === 1), "only Ann's own view goes to Ann");
  assert.equal(states.at(-1).commitment, "ab".repeat(32));
  const text = JSON.stringify(ch.sent);
  for (const secret of ["snapshot", "\"seed\"", "\"salt\"", "\"record\""]) assert.ok(!text.includes(secret), secret);
});

test("a friend's move is played for their seat with the host's viewer, and every friend gets the events", async () => {
  const { engine, ch } = await hostWithAnn();
  const before = ch.sent.length;
  ch.from(JSON.stringify({ t: "act", action: { seat: 1, type: "keep" }, since: 10 }));
  await new Promise((r) => setTimeout(r, 20));
  const act = engine.requests.find((r) => r.op === "act");
  assert.deepEqual(act, { op: "act", action: { seat: 1, type: "keep" }, viewer: 0 });
  const after = ch.sent.slice(before);
  const state = after.find((m) => m.t === "state");
  assert.deepEqual(state.events.map((e) => e.text), ["Ann keeps the 9 of hearts."]);
  assert.equal(state.next, 11);
  assert.equal(state.view.seat, 1);
  assert.ok(after.some((m) => m.t === "ack"));
});

test("forged seat, stale move, deep or huge text, and ops beyond the allowlist reach no engine and change nothing", async () => {
  const { engine, ch } = await hostWithAnn();
  const asked = engine.requests.length;
  const refusals = () => ch.sent.filter((m) => m.t === "refused").map((m) => m.code);
  ch.from(JSON.stringify({ t: "act", action: { seat: 0, type: "keep" }, since: 10 }));
  ch.from(JSON.stringify({ t: "act", action: { seat: 1, type: "keep" }, since: 3 }));
  ch.from("[".repeat(5000) + "]".repeat(5000));
  ch.from(JSON.stringify({ t: "act", action: { seat: 1, type: "keep" }, since: 10, pad: "x".repeat(70000) }));
  ch.from(JSON.stringify({ t: "save" }));
  ch.from(JSON.stringify({ op: "load", snapshot: "evil" }));
  ch.from("not json");
  await new Promise((r) => setTimeout(r, 20));
  // (moves wait their turn in the table's work, so their refusals come after the others')
  assert.deepEqual(refusals().sort(), ["bad_json", "bad_message", "bad_message", "stale", "too_deep", "too_large", "wrong_seat"]);
  assert.deepEqual(engine.requests.slice(asked).filter((r) => !["view", "standing"].includes(r.op)), [], "no act, load or save reached the engine");
});

test("a friend who goes quiet is away, and the host may let a computer player stand in", async () => {
  const { hosting, ch, friends } = await hostWithAnn();
  ch.onSt("silent");
  assert.equal(hosting.state().friends[0].status, "away");
  assert.equal(friends().standIn(1), null, "the table waits by default");
  hosting.letComputerPlay(1, true);
  assert.equal(friends().standIn(1), "skilled/fanny");
  assert.equal(hosting.roster().friends[0].bot, true);
});

test("a friend back after a silence gets the table as it is now, moves made meanwhile included", async () => {
  // (a busy device misses heartbeats: the host marks it away and sends it nothing until it is back)
  const { hosting, ch, driver, store } = await hostWithAnn();
  ch.onSt("silent");
  assert.equal(hosting.state().friends[0].status, "away");
  const quiet = ch.sent.length;
  // meanwhile the table moves on: Ann's keep, made for her seat (as a stand-in would)
  await driver.run(() => driver.friendAct({ seat: 1, type: "keep" }));
  assert.ok(store.getState().view, "the host's table moved on");
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(ch.sent.slice(quiet).filter((m) => m.t === "state").length, 0, "nothing went to Ann while away");
  ch.onSt("open");
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(hosting.state().friends[0].status, "here");
  const caught = ch.sent.slice(quiet).filter((m) => m.t === "state");
  assert.equal(caught.length, 1, "one catching-up view");
  assert.equal(caught[0].view.seat, 1);
  assert.equal(caught[0].view.to_act, 0, "the view after the move made while Ann was away");
  assert.equal(caught[0].next, 11);
});

test("the stored roster is read field by field: anything of the wrong shape is ignored", () => {
  const good = { v: 1, table: "0123456789abcdef", hostName: "Julia", host: 0,
    friends: [{ seat: 1, name: "Ann", token: "ab".repeat(16), bot: false }], allow: { coach: true, review: false, chat: true } };
  assert.deepEqual(cleanRoster(good), good);
  for (const bad of [null, 7, { ...good, v: 2 }, { ...good, table: "XYZ" }, { ...good, host: -1 },
    { ...good, friends: [{ seat: "1", name: "Ann", token: "ab".repeat(16) }] }, { ...good, friends: "all" }]) {
    assert.equal(cleanRoster(bad), null, JSON.stringify(bad));
  }
});

test("the coach for a friend's own seat when the host allows it, and a plain refusal when not", async () => {
  const { hosting, engine, ch } = await hostWithAnn();
  ch.from(JSON.stringify({ t: "coach" }));
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(engine.requests.filter((r) => r.op === "coach"), [{ op: "coach", seat: 1 }], "Ann's seat, never another");
  assert.deepEqual(ch.sent.find((m) => m.t === "coach").advice, { seat: 1 });
  hosting.setAllow({ coach: false, review: true, chat: true });
  assert.deepEqual(ch.sent.at(-1), { t: "allow", allow: { coach: false, review: true, chat: true } });
  ch.from(JSON.stringify({ t: "coach" }));
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(ch.sent.at(-1).code, "not_allowed");
  assert.equal(engine.requests.filter((r) => r.op === "coach").length, 1);
});

test("a flood of questions reaches the engine one at a time and at most at the rate limit (issue 43)", async () => {
  const { engine, ch } = await hostWithAnn();
  const before = engine.requests.length;
  for (let i = 0; i < 1000; i++) ch.from(JSON.stringify({ t: "coach" }));
  await new Promise((r) => setTimeout(r, 30));
  const coach = engine.requests.slice(before).filter((r) => r.op === "coach");
  assert.equal(coach.length, 1, "one question in flight; the rest refused or dropped");
  const codes = ch.sent.filter((m) => m.t === "refused").map((m) => m.code);
  assert.ok(codes.includes("busy") && codes.includes("too_fast"), codes.join());
  assert.ok(codes.length < 100, `the host answered ${codes.length} of 1,000 (the rest were dropped unread)`);
});

test("the host's log shows the first digits of the match's promise (every table shows the same)", async () => {
  const { hosting } = await hostWithAnn();
  assert.equal(hosting.state().promise, "abababab");
});

test("the host removes a friend: told, channel closed, a computer plays the seat, the old token no longer takes it", async () => {
  const { hosting, ch, friends } = await hostWithAnn();
  const token = ch.sent.find((m) => m.t === "welcome").token;
  hosting.remove(1);
  assert.deepEqual(ch.sent.at(-1), { t: "removed" });
  await new Promise((r) => setTimeout(r, 600));
  assert.equal(ch.closed, true);
  assert.equal(hosting.state().friends[0].status, "removed");
  assert.equal(friends().standIn(1), "skilled/fanny");
  assert.notEqual(hosting.roster().friends[0].token, token);
  assert.equal(hosting.roster().friends[0].removed, true);
  ch.from(JSON.stringify({ t: "coach" })); // a removed friend's channel is not read
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(ch.sent.at(-1).t, "removed");
});

test("a hand-over is only offered: the table goes only after the friend says yes, never on its own (issue 43)", async () => {
  const { hosting, ch } = await hostWithAnn();
  const no = hosting.offerTable(1);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(ch.sent.at(-1), { t: "offer_table", from: "Julia" });
  ch.from(JSON.stringify({ t: "take", yes: false }));
  const refusal = await no;
  assert.equal(refusal.ok, false);
  assert.match(refusal.message, /Ann did not take the table/);
  assert.ok(!ch.sent.some((m) => m.t === "table"), "no snapshot went out on a no");
  const yes = hosting.offerTable(1);
  await new Promise((r) => setTimeout(r, 0));
  ch.from(JSON.stringify({ t: "take", yes: true }));
  const out = await yes;
  assert.equal(out.ok, true);
  const table = ch.sent.find((m) => m.t === "table");
  assert.equal(table.snapshot, "SNAP");
  assert.equal(table.roster.host, 1);
  assert.deepEqual(table.roster.friends.map((f) => [f.seat, f.name]), [[0, "Julia"]]);
});

test("the turn clock runs on the host: every table hears how long Ann has, and when it runs out a computer player moves for her", async () => {
  let t = 1_000_000_000_000;
  const { hosting, ch, engine } = await hostWithAnn({ clock: 2, now: () => t });
  try {
    const told = ch.sent.filter((m) => m.t === "seats" && m.turn);
    assert.ok(told.length >= 1, "Ann's table was told her clock");
    assert.deepEqual(told.at(-1).turn, { seat: 1, ms: 2000 });
    assert.deepEqual(hosting.state().turn, { seat: 1, ms: 2000 });
    t += 2500;
    await new Promise((r) => setTimeout(r, 1100)); // the host's ticker notices
    assert.equal(hosting.state().friends[0].status, "computer");
    // still connected, Ann keeps hearing the table while the computer plays for her
    assert.equal(ch.sent.findLast((m) => m.t === "seats").seats[0].status, "computer");
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(engine.requests.some((r) => r.op === "bot" && r.seat === 1 && r.stand_in === "skilled/fanny"), "the stand-in was asked to move");
    ch.from(JSON.stringify({ t: "back" }));
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(hosting.state().friends[0].status, "here");
  } finally {
    hosting.stop({ quietly: true });
  }
});

test("each finished hand goes to a friend once: a state carries only the hands their device does not hold (issue 44, item 8)", async () => {
  const { engine, ch } = await hostWithAnn();
  const states = () => ch.sent.filter((m) => m.t === "state");
  assert.deepEqual(states().map((m) => m.known), [0], "the first view of the match holds every hand (none yet)");
  engine.hands = [{ number: 1 }, { number: 2 }];
  ch.from(JSON.stringify({ t: "act", action: { seat: 1, type: "keep" }, since: 10 }));
  await new Promise((r) => setTimeout(r, 20));
  const afterMove = states().at(-1);
  assert.equal(afterMove.known, 0);
  assert.deepEqual(afterMove.view.hands, [{ number: 1 }, { number: 2 }]);
  // a third hand ends while Ann's device is quiet; back, she gets the third hand only
  engine.hands = [{ number: 1 }, { number: 2 }, { number: 3 }];
  ch.onSt("silent");
  ch.onSt("open");
  await new Promise((r) => setTimeout(r, 10));
  const caught = states().at(-1);
  assert.equal(caught.known, 2);
  assert.deepEqual(caught.view.hands, [{ number: 3 }]);
});

test("an onlooker joins by their own invitation, is sent the spectator's view after every move, and can make none (issue 44, item 7)", async () => {
  const { hosting, engine, ch, channels } = await hostWithAnn();
  assert.equal(await hosting.inviteOnlooker(), true);
  const inv = decodeInvite(hosting.state().invitation.link, { now: 1_000_000_000 });
  assert.equal(inv.kind, "watch");
  const adding = hosting.addReply(encodeReply({ kind: "reply", table: inv.table, seat: inv.seat, created: 1_000_000_000, ice: ICE }));
  await new Promise((r) => setTimeout(r, 0));
  const eye = channels.at(-1);
  eye.from(JSON.stringify({ t: "hello", name: "Edmund", token: null, prefs: {} }));
  assert.equal(await adding, null);
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(eye.sent.find((m) => m.t === "welcome").seat, null, "an onlooker has no seat");
  assert.deepEqual(hosting.state().watching, ["Edmund"]);
  assert.equal(ch.sent.filter((m) => m.t === "seats").at(-1).watching, 1, "Ann's table hears that one watches");
  assert.equal(eye.sent.filter((m) => m.t === "state").at(-1).view.seat, null, "caught up with the spectator's view");
  ch.from(JSON.stringify({ t: "act", action: { seat: 1, type: "keep" }, since: 10 }));
  await new Promise((r) => setTimeout(r, 20));
  const seen = eye.sent.filter((m) => m.t === "state").at(-1);
  assert.deepEqual([seen.view.seat, seen.view.legal, seen.events.map((e) => e.text)], [null, [], ["Ann keeps the 9 of hearts."]]);
  assert.ok(engine.requests.some((r) => r.op === "view" && r.seat === null), "the engine was asked for a spectator's view");
  const acts = engine.requests.filter((r) => r.op === "act").length;
  eye.from(JSON.stringify({ t: "act", action: { seat: 0, type: "keep" }, since: 11 }));
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(engine.requests.filter((r) => r.op === "act").length, acts, "no move of an onlooker's reaches the engine");
  assert.equal(eye.sent.at(-1).code, "watching");
  // the host stops letting onlookers in: Edmund is told and let go
  hosting.setWatch(false);
  assert.ok(eye.sent.some((m) => m.t === "removed"));
  assert.deepEqual(hosting.state().watching, []);
});

test("a friend away when the last match ended gets its record on rejoining, before the new match's table (no false alarm)", async () => {
  const { hosting, engine, store, ch, channels } = await hostWithAnn();
  engine.ends = true;
  ch.from(JSON.stringify({ t: "act", action: { seat: 1, type: "keep" }, since: 10 }));
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(ch.sent.filter((m) => m.t === "record").map((m) => m.record.commitment), ["ab".repeat(32)]);
  // Play again: a new match with a new promise; Ann's device was closed meanwhile
  ch.onSt("closed");
  engine.commitment = "cd".repeat(32);
  store.dispatch({ type: "reset", holder: 0, here: [0] });
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(hosting.state().promise, "cdcdcdcd");
  const rejoin = async (promise) => {
    const inv = decodeInvite(hosting.state().invitation.link, { now: 1_000_000_000 });
    const adding = hosting.addReply(encodeReply({ kind: "reply", table: inv.table, seat: 1, created: 1_000_000_000, ice: ICE }));
    await new Promise((r) => setTimeout(r, 0));
    const back = channels.at(-1);
    back.from(JSON.stringify({ t: "hello", name: "Ann", token: hosting.roster().friends[0].token, prefs: {}, promise }));
    assert.equal(await adding, null);
    await new Promise((r) => setTimeout(r, 20));
    return back.sent.map((m) => m.t);
  };
  const kinds = await rejoin("ab".repeat(32));
  assert.ok(kinds.includes("record") && kinds.indexOf("record") < kinds.indexOf("state"), `the record before the table: ${kinds}`);
  // a device that already holds this match's promise is sent no old record
  channels.at(-1).onSt("closed");
  await new Promise((r) => setTimeout(r, 10));
  assert.ok(!(await rejoin("cd".repeat(32))).includes("record"));
});

test("every seat waiting has its own standing invitation: friends answer in any order, the lobby shows one at a time (issue 44, items 3 and 4)", async () => {
  const engine = fakeEngine();
  const store = createMatchStore({ holder: 0 });
  const driver = createDriver({ store, engine, policy: {} });
  const table = { store, engine, hello: { limits: { players: { min: 2, max: 8 } } }, logItems: [], log() {},
    run: driver.run, advance: driver.advance, friendAct: driver.friendAct, useFriends() {} };
  const { peer, channels } = fakePeers();
  const hosting = createHosting({ table, peer, now: () => 1_000_000_000_000, start: async () => true });
  await hosting.open({ players: [{ name: "Julia" }, { name: "" }, { name: "" }], friendRows: [1, 2], hostRow: 0, hostName: "Julia", settings: {} });
  assert.deepEqual(hosting.state().invitations.map((i) => [i.row, i.kind]), [[1, "invite"], [2, "invite"]]);
  assert.equal(hosting.state().invitation.row, 1, "the lobby shows the first seat's");
  hosting.show(2);
  assert.equal(hosting.state().invitation.row, 2);
  const codeFor = (seat) => encodeReply({ kind: "reply", table: hosting.state().tableId, seat, created: 1_000_000_000, ice: ICE });
  const answer = async (seat, ch, name) => {
    const adding = hosting.addReply(codeFor(seat));
    await new Promise((r) => setTimeout(r, 0));
    ch.from(JSON.stringify({ t: "hello", name, token: null, prefs: {} }));
    return adding;
  };
  // Bo (seat 2) answers first, while Ann's invitation stands
  assert.equal(await answer(2, channels[1], "Bo"), null);
  assert.deepEqual(hosting.state().invitations.map((i) => i.row), [1], "Ann's invitation still stands");
  assert.equal(hosting.state().invitation.row, 1);
  assert.equal(await answer(1, channels[0], "Ann"), null);
  assert.deepEqual(hosting.state().friends.map((f) => [f.name, f.status]), [["Ann", "here"], ["Bo", "here"]]);
  assert.deepEqual(hosting.state().invitations, [], "nobody is waited for");
  assert.equal(hosting.state().invitation, null);
  // a reply for a seat nobody is invited to is refused with a sentence, and changes nothing
  assert.match(await hosting.addReply(codeFor(1)), /no invitation waiting/);
  // both go quiet: each gets a standing rejoin invitation at once
  channels[0].onSt("silent");
  channels[1].onSt("silent");
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(hosting.state().invitations.map((i) => [i.row, i.kind]).sort(), [[1, "rejoin"], [2, "rejoin"]]);
  hosting.stop({ quietly: true });
});
