// Hosting friends on their own devices: the host's tab is the table's authority. It keeps the
// engine (the local worker) and one data channel per friend (peer.js); it binds each channel to
// one seat when it adds the friend, builds every engine request a friend causes itself
// (guard.js: never the friend's JSON), and after every move sends each friend its own view and
// the public events. No DOM here: the lobby (lobby.js) draws `state()` and calls the methods.
//
//   const hosting = createHosting({ table, start, say });
//   hosting.open({ rows, settings, hostName });     // the lobby: an invitation for the first seat
//   await hosting.addReply(code);                   // "Add player": the friend's reply code
//   await hosting.startMatch("bots");               // empty seats become computer players
import { encodeInvite, decodeReply, isExpired, INVITE_LIFETIME_S, REPLY_LIFETIME_S } from "./link/codec.js";
import { hostPeer } from "./link/peer.js";
import { readGuestMessage, engineRequest } from "./messages.js";
import { randomHex } from "./link/ids.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").Request} Request */
/** @typedef {import("../protocol.js").PlayerSpec} PlayerSpec */
/** @typedef {import("../driver.js").EngineLike} EngineLike */
/** @typedef {import("../driver.js").StandingAnswer} StandingAnswer */
/** @typedef {import("./link/peer.js").Channel} Channel */

/** Seconds an invitation stays good; a reply must be taken within REPLY_S of its making (the codes' own lifetimes). */
export const INVITE_S = INVITE_LIFETIME_S;
export const REPLY_S = REPLY_LIFETIME_S;
/** The computer player that stands in for a friend who left (the host's choice). */
export const STAND_IN = "skilled/fanny";

/**
 * One friend's seat as the host keeps it.
 * @typedef {object} Friend
 * @property {number} row the set-up row (before the match: the seat it will be)
 * @property {number | null} seat the engine's seat once the match has started
 * @property {string} name the name the friend chose ("" until they join)
 * @property {string} token the seat's secret: a friend who reloads proves the seat is theirs
 * @property {"open" | "joining" | "here" | "away" | "bot"} status
 * @property {Channel | null} channel
 * @property {import("../protocol.js").StandingPrefs | null} prefs their standing answers
 */

/**
 * What the host keeps in its save (the match's roster), so a reload hosts the same friends.
 * @typedef {{v: 1, table: string, hostName: string, host: number,
 *   friends: {seat: number, name: string, token: string, bot: boolean}[],
 *   allow: {coach: boolean, review: boolean}}} Roster
 */

/**
 * A stored roster, checked field by field (a save's page part is not trusted): null if any
 * part is of the wrong shape.
 * @param {unknown} raw
 * @returns {Roster | null}
 */
export function cleanRoster(raw) {
  if (!raw || typeof raw !== "object") return null;
  const r = /** @type {Record<string, unknown>} */ (raw);
  const hex = (/** @type {unknown} */ x) => typeof x === "string" && /^[0-9a-f]{8,64}$/.test(x);
  const seat = (/** @type {unknown} */ x) => Number.isSafeInteger(x) && /** @type {number} */ (x) >= 0 && /** @type {number} */ (x) < 16;
  const name = (/** @type {unknown} */ x) => typeof x === "string" && x.length <= 40;
  if (r.v !== 1 || !hex(r.table) || !name(r.hostName) || !seat(r.host) || !Array.isArray(r.friends) || r.friends.length > 15) return null;
  const friends = [];
  for (const f of r.friends) {
    if (!f || typeof f !== "object" || !seat(f.seat) || !name(f.name) || !hex(f.token)) return null;
    friends.push({ seat: f.seat, name: f.name, token: f.token, bot: f.bot === true });
  }
  const a = /** @type {Record<string, unknown>} */ (r.allow && typeof r.allow === "object" ? r.allow : {});
  return { v: 1, table: /** @type {string} */ (r.table), hostName: /** @type {string} */ (r.hostName), host: /** @type {number} */ (r.host),
    friends, allow: { coach: a.coach !== false, review: a.review !== false } };
}

/**
 * The lobby's plan: one row per seat, as the set-up form reads them.
 * @typedef {{players: PlayerSpec[], friendRows: number[], hostRow: number, hostName: string,
 *   settings: Record<string, unknown>, allow?: {coach: boolean, review: boolean},
 *   stunUrls?: string[]}} Plan
 */

/**
 * @typedef {object} Invitation
 * @property {number} row
 * @property {string} code
 * @property {string} link the site's own address with `#join=` and the code
 * @property {number} created unix seconds
 * @property {"invite" | "rejoin"} kind
 */

/**
 * @param {object} parts
 * @param {import("../site/types.js").SiteTable} parts.table
 * @param {(settings: Record<string, unknown>, how: {here: number[], holder: number}) => Promise<boolean>} parts.start
 *   start the match (start.js's startMatch, inside the table's work)
 * @param {() => void} [parts.changed] the lobby or the seats changed (redraw)
 * @param {typeof hostPeer} [parts.peer]
 * @param {() => number} [parts.now] milliseconds (Date.now)
 * @param {() => string} [parts.base] the site's own address, where `#join=` goes
 */
export function createHosting({ table, start, changed = () => {}, peer = hostPeer, now = () => Date.now(),
  base = () => location.origin + location.pathname }) {
  /** @type {"off" | "lobby" | "playing"} */
  let phase = "off";
  /** @type {Plan | null} */
  let plan = null;
  let tableId = "";
  /** @type {Friend[]} */
  let friends = [];
  /** @type {Invitation | null} */
  let invitation = null;
  /** @type {ReturnType<typeof hostPeer> | null} */
  let pending = null;
  let logNext = 0;
  /** @type {string | null} */
  let commitment = null;
  let recordSent = false;
  let hostSeat = 0;
  let problem = "";

  const seconds = () => Math.floor(now() / 1000);
  const tell = () => { try { changed(); } catch (err) { console.error(err); } };

  /** @param {Friend} f @param {object} msg */
  function send(f, msg) {
    try { f.channel?.send(msg); } catch (err) { console.warn("A message to a friend was not sent:", err); }
  }

  /** Every friend connected now. */
  const connected = () => friends.filter((f) => f.status === "here" && f.channel);

  // --------------------------------------------------------------- the table, watched

  /** The host's engine (the table's). */
  function engine() {
    const e = table.engine;
    if (!e) throw new Error("The host's engine is not running.");
    return e;
  }

  /** @type {{text: string, cls: string}[]} computer players' reasons since the last push */
  let lines = [];
  /** @type {Promise<unknown>} the pushes, in order */
  let chain = Promise.resolve();

  // Every move the table logs goes to every friend with their own view. The view requests are
  // made at once (inside the store's dispatch), so the worker answers them before the table's
  // next move: each friend's view is the one right after these events.
  table.store.subscribe((_s, _prev, msg) => {
    if (phase !== "playing") return;
    if (msg.type === "log" && msg.cls === "reason") lines.push({ text: msg.text, cls: "reason" });
    else if (msg.type === "events") fanOut(msg.events);
    else if (msg.type === "reset") {
      const fresh = refreshAfterLoad();
      chain = chain.then(() => fresh).then(() => fanOut([]));
    }
  });

  /** @param {import("../protocol.js").GameEvent[]} events */
  function fanOut(events) {
    for (const e of events) if (typeof e.index === "number") logNext = Math.max(logNext, e.index + 1);
    const said = lines;
    lines = [];
    const next = logNext;
    const asks = connected().map((f) => /** @type {const} */ ([f, engine().request({ op: "view", seat: /** @type {number} */ (f.seat) })]));
    const over = !recordSent && events.some((e) => e.type === "match_over") ? engine().request({ op: "record" }) : null;
    chain = chain.then(async () => {
      for (const [f, ask] of asks) {
        const r = await ask;
        if (r.ok) send(f, { t: "state", view: r.view, events, lines: said, next, commitment });
      }
      const rec = over ? await over : null;
      if (rec?.ok && !recordSent) {
        recordSent = true;
        for (const f of connected()) send(f, { t: "record", record: rec.record });
      }
    }).catch((err) => console.error(err));
  }

  async function refreshAfterLoad() {
    const log = await engine().request({ op: "log", since: 0 });
    logNext = log.ok ? log.next : 0;
    const c = await engine().request(/** @type {Request} */ ({ op: "commitment" }));
    commitment = c.ok && "commitment" in c && typeof c.commitment === "string" ? c.commitment : null;
    recordSent = false;
  }

  /** One friend's view now, to that friend (after they join or rejoin). @param {Friend} f */
  async function pushTo(f) {
    if (f.seat == null) return;
    const r = await engine().request({ op: "view", seat: f.seat });
    if (r.ok) send(f, { t: "state", view: r.view, events: [], lines: [], next: logNext, commitment });
    if (r.ok && r.view.match_over && recordSent) {
      const rec = await engine().request({ op: "record" });
      if (rec.ok) send(f, { t: "record", record: rec.record });
    }
  }

  // --------------------------------------------------------------- the lobby

  /** Open the table: the lobby, with an invitation for the first friend's seat. @param {Plan} p */
  async function open(p) {
    plan = p;
    phase = "lobby";
    tableId = randomHex(8);
    friends = p.friendRows.map((row) => ({ row, seat: null, name: "", token: randomHex(16), status: "open",
      channel: null, prefs: null }));
    problem = "";
    tell();
    await invite();
  }

  /**
   * A fresh invitation for `row` (default: the first seat waiting for someone).
   * @param {number} [row]
   */
  async function invite(row) {
    const f = row == null ? friends.find((x) => x.status === "open" || x.status === "away") : friends.find((x) => x.row === row);
    pending?.close();
    pending = null;
    invitation = null;
    if (!f) { tell(); return; }
    const p = peer({ stunUrls: plan?.stunUrls ?? [] });
    pending = p;
    try {
      const ice = await p.invite();
      if (pending !== p) return;
      const kind = f.status === "away" || (phase === "playing" && f.name) ? "rejoin" : "invite";
      const created = seconds();
      const seat = phase === "playing" && f.seat != null ? f.seat : f.row;
      const code = encodeInvite({ kind, table: tableId, seat, created, host: plan?.hostName ?? "",
        stun: !!plan?.stunUrls?.length, ice });
      invitation = { row: f.row, code, link: `${base()}#join=${code}`, created, kind };
      problem = "";
    } catch (err) {
      problem = `No invitation could be made: ${err instanceof Error ? err.message : String(err)}`;
    }
    tell();
  }

  /**
   * "Add player": the friend's reply code. Resolves with a sentence for the lobby on failure
   * (nothing changes then), or null once the friend is at the table.
   * @param {string} text
   * @returns {Promise<string | null>}
   */
  async function addReply(text) {
    const inv = invitation;
    const p = pending;
    if (!inv || !p) return "There is no invitation waiting for a reply: make a new one first.";
    let reply;
    try { reply = decodeReply(text, { now: seconds(), lifetime: REPLY_S }); } catch (err) { return err instanceof Error ? err.message : String(err); }
    if (reply.table !== tableId) return "This reply code is for another table (or an older invitation): ask for a new one.";
    const f = friends.find((x) => x.row === inv.row);
    const seat = phase === "playing" && f?.seat != null ? f.seat : inv.row;
    if (!f || reply.seat !== seat) return "This reply code answers another invitation: ask your friend to open the newest link.";
    if (isExpired(inv.created, seconds(), INVITE_S)) return "This invitation has expired: make a new one.";
    f.status = f.status === "away" ? "away" : "joining";
    tell();
    try {
      await p.accept(reply.ice);
      const ch = await p.channel;
      const hello = await firstMessage(ch, 10000);
      const bad = checkHello(f, hello);
      if (bad) { send({ ...f, channel: ch }, { t: "refused", code: "not_yours", message: bad }); ch.close(); f.status = f.name ? "away" : "open"; tell(); return bad; }
      pending = null;
      invitation = null;
      bind(f, ch, /** @type {{name: string, prefs?: Friend["prefs"]}} */ (hello));
      await invite(); // the next seat's invitation, if any is empty
      return null;
    } catch (err) {
      f.status = f.name ? "away" : "open";
      tell();
      return `Your friend's device could not be reached (${err instanceof Error ? err.message : String(err)}). `
        + "On the same Wi-Fi this usually works; over the internet, turn on “Connect over the internet”, or try a phone's hotspot.";
    }
  }

  /** @param {Friend} f @param {unknown} hello @returns {string | null} why it is refused */
  function checkHello(f, hello) {
    if (!hello || typeof hello !== "object" || /** @type {{t?: unknown}} */ (hello).t !== "hello") return "Your friend's device did not say hello.";
    const h = /** @type {{token?: unknown}} */ (hello);
    if (f.name && h.token !== f.token) return `That seat is ${f.name}'s: only their device can take it back.`;
    return null;
  }

  /**
   * The first whole message on a channel, read through the guard.
   * @param {Channel} ch @param {number} ms
   * @returns {Promise<unknown>}
   */
  function firstMessage(ch, ms) {
    return new Promise((resolve, reject) => {
      let first = true;
      const timer = setTimeout(() => reject(new Error("no hello in time")), ms);
      ch.onMessage((text) => {
        if (!first) return; // after the hello, the seat's own listener (bind) reads the channel
        first = false;
        clearTimeout(timer);
        const r = readGuestMessage(text);
        resolve(r.ok ? r.msg : null);
      });
    });
  }

  /**
   * The friend's channel belongs to their seat from now on.
   * @param {Friend} f @param {Channel} ch @param {{name: string, prefs?: Friend["prefs"]}} hello
   */
  function bind(f, ch, hello) {
    f.channel = ch;
    if (!f.name) f.name = hello.name;
    f.prefs = hello.prefs ?? f.prefs;
    f.status = "here";
    ch.onMessage((text) => { onText(f, ch, text).catch((err) => console.error(err)); });
    ch.onStatus((st) => onStatus(f, ch, st));
    send(f, { t: "welcome", seat: f.seat ?? f.row, token: f.token, table: tableId, host: plan?.hostName ?? "",
      allow: plan?.allow ?? { coach: true, review: true }, hello: helloFor() });
    broadcastSeats();
    catchUp(f);
    tell();
  }

  /** During the match, `f` gets the table as it is now, after the pushes already queued. @param {Friend} f */
  function catchUp(f) {
    if (phase === "playing") chain = chain.then(() => pushTo(f)).catch((err) => console.error(err));
  }

  /** The public part of the engine's `hello` a guest draws the table with (no Python there). */
  function helloFor() {
    const h = table.hello;
    return h ? { version: h.version, protocol: h.protocol, options: h.options, presets: h.presets, bots: h.bots,
      limits: h.limits } : null;
  }

  /** @param {Friend} f @param {Channel} ch @param {"open" | "silent" | "closed"} st */
  function onStatus(f, ch, st) {
    if (f.channel !== ch) return;
    if (st === "open") {
      if (f.status === "away") {
        // Back after a silence (a busy device misses heartbeats): the moves made meanwhile were
        // sent to nobody on this channel, so the friend gets the table as it is now.
        f.status = "here";
        broadcastSeats();
        tell();
        catchUp(f);
      }
      return;
    }
    if (st === "closed") { f.channel = null; ch.close(); }
    if (f.status === "here" || f.status === "joining") {
      f.status = "away";
      broadcastSeats();
      tell();
      // their rejoin link is ready in the lobby (unless an invitation is waiting for a reply)
      if (!invitation) invite().catch((err) => console.error(err));
    }
  }

  /** Every friend hears who is at the table and who is away. */
  function broadcastSeats() {
    const seats = friends.map((f) => ({ seat: f.seat ?? f.row, name: f.name, status: f.status }));
    for (const f of connected()) send(f, { t: "seats", seats, paused: false });
  }

  /**
   * A message from a friend's device: read through the guard, then turned into the host's
   * own request for that friend's seat.
   * @param {Friend} f @param {Channel} ch @param {string} text
   */
  async function onText(f, ch, text) {
    if (f.channel !== ch) return;
    const r = readGuestMessage(text);
    if (!r.ok) { send(f, { t: "refused", code: r.code, message: r.message }); return; }
    const msg = /** @type {{t: string, prefs?: Friend["prefs"]}} */ (r.msg);
    if (msg.t === "hello") return;
    if (msg.t === "prefs") { f.prefs = msg.prefs ?? f.prefs; return; }
    if (phase !== "playing" || f.seat == null) { send(f, { t: "refused", code: "not_started", message: "The match has not started yet." }); return; }
    if (msg.t === "act") { await table.run(() => friendMove(f, r.msg)); return; }
    const q = engineRequest(r.msg, { seat: f.seat, logNext, allow: plan?.allow ?? { coach: true, review: true } });
    if (!q.ok) { send(f, { t: "refused", code: q.code, message: q.message }); return; }
    const res = await engine().request(/** @type {Request} */ (q.request));
    if (!res.ok) { send(f, { t: "refused", code: res.error?.code ?? "refused", message: res.error?.message ?? "Refused." }); return; }
    if (msg.t === "coach" && "advice" in res) send(f, { t: "coach", advice: res.advice });
    else if (msg.t === "review" && "review" in res) send(f, { t: "review", review: res.review });
  }

  /** A friend's move, checked (seat, freshness) at its turn in the table's work. @param {Friend} f @param {unknown} msg */
  async function friendMove(f, msg) {
    const q = engineRequest(msg, { seat: /** @type {number} */ (f.seat), logNext, allow: plan?.allow ?? { coach: true, review: true } });
    if (!q.ok) { send(f, { t: "refused", code: q.code, message: q.message }); return; }
    const req = /** @type {{op: "act", action: import("../protocol.js").Action}} */ (q.request);
    const out = await table.friendAct(req.action);
    send(f, out.ok ? { t: "ack" } : { t: "refused", code: out.code, message: out.message });
  }

  // --------------------------------------------------------------- the match

  /**
   * "Start the match": friends' seats that nobody took become computer players ("bots") or
   * are left out ("drop").
   * @param {"bots" | "drop"} empty
   * @param {(index: number) => PlayerSpec} botFor a computer player for an empty seat
   * @returns {Promise<string | null>} why not (null: started)
   */
  async function startMatch(empty, botFor) {
    if (!plan || phase !== "lobby") return "No table is open.";
    pending?.close(); pending = null; invitation = null;
    const open = new Set(friends.filter((f) => f.status !== "here").map((f) => f.row));
    /** @type {PlayerSpec[]} */
    const players = [];
    /** @type {Map<number, number>} */
    const seatOf = new Map();
    plan.players.forEach((p, row) => {
      if (open.has(row) && empty === "drop") return;
      seatOf.set(row, players.length);
      players.push(open.has(row) ? botFor(row) : p);
    });
    const limits = table.hello?.limits?.players;
    if (limits && players.length < limits.min) return `A match needs at least ${limits.min} players: invite someone, or let computer players take the empty seats.`;
    friends = friends.filter((f) => !open.has(f.row));
    for (const f of friends) {
      f.seat = seatOf.get(f.row) ?? null;
      if (f.name) players[/** @type {number} */ (f.seat)] = { ...players[/** @type {number} */ (f.seat)], name: f.name };
    }
    const host = seatOf.get(plan.hostRow) ?? 0;
    hostSeat = host;
    install();
    phase = "playing";
    const ok = await start({ ...plan.settings, players }, { here: [host], holder: host });
    if (!ok) { phase = "lobby"; return "The match could not start."; }
    broadcastSeats();
    tell();
    return null;
  }

  /** The friends' standing answers on the table. */
  function install() {
    table.useFriends({ standing: standingFor, standIn: (seat) => friends.find((f) => f.seat === seat && f.status === "bot") ? STAND_IN : null });
  }

  /**
   * A friend's standing answer, by the friend's own preferences (never the host's buy orders).
   * @param {View} view the friend's view at their decision
   * @returns {Promise<StandingAnswer | null>}
   */
  async function standingFor(view) {
    const f = friends.find((x) => x.seat === view.seat);
    if (!f) return null;
    const prefs = f.prefs ?? {};
    const r = await engine().request({ op: "standing", seat: /** @type {number} */ (view.seat), prefs });
    if (!r.ok || !r.answer) return null;
    return { action: r.answer.action, note: r.answer.note ? `${f.name}: ${r.answer.note}` : null, usedOrder: false };
  }

  /** The roster for the host's save (null: not hosting). @returns {Roster | null} */
  function roster() {
    if (phase !== "playing" || !plan) return null;
    return { v: 1, table: tableId, hostName: plan.hostName, host: hostSeat,
      friends: friends.map((f) => ({ seat: /** @type {number} */ (f.seat), name: f.name, token: f.token, bot: f.status === "bot" })),
      allow: plan.allow ?? { coach: true, review: true } };
  }

  /**
   * A reload of the host: the saved page part's roster hosts the same friends again; every
   * friend is away until they take a rejoin invitation. Returns the seats played here (null:
   * the save is not a friends' table's, or its roster is unreadable: ignored).
   * @param {unknown} ui the save's page part
   * @returns {number[] | null}
   */
  function restore(ui) {
    const r = cleanRoster(/** @type {{friends?: unknown} | null} */ (ui)?.friends);
    if (!r) { if (phase !== "off") stop(); return null; }
    tableId = r.table;
    hostSeat = r.host;
    plan = { players: [], friendRows: [], hostRow: r.host, hostName: r.hostName, settings: {}, allow: r.allow };
    friends = r.friends.map((f) => ({ row: f.seat, seat: f.seat, name: f.name, token: f.token,
      status: f.bot ? "bot" : "away", channel: null, prefs: null }));
    phase = "playing";
    install();
    tell();
    refreshAfterLoad().then(() => invite()).catch((err) => console.error(err));
    return [r.host];
  }

  /**
   * The host's choice for a friend who is away: a computer player plays their seat until they
   * come back (on), or the table waits for them (off).
   * @param {number} seat @param {boolean} on
   */
  function letComputerPlay(seat, on) {
    const f = friends.find((x) => x.seat === seat);
    if (!f || phase !== "playing") return;
    f.status = on ? "bot" : f.channel ? "here" : "away";
    broadcastSeats();
    tell();
    if (on) table.advance();
  }

  /**
   * "Connect over the internet": the invitations ask these STUN servers (none: the Wi-Fi only).
   * @param {string[]} urls
   */
  async function setStun(urls) {
    if (plan) plan.stunUrls = urls;
    await invite();
  }

  /**
   * What friends may ask of the host's engine for their own seat (the lobby's checkboxes);
   * told to every friend at once.
   * @param {{coach: boolean, review: boolean}} allow
   */
  function setAllow(allow) {
    if (!plan) return;
    plan.allow = { coach: !!allow.coach, review: !!allow.review };
    for (const f of connected()) send(f, { t: "allow", allow: plan.allow });
  }

  /**
   * "Hand the table to Ann": the match (the engine's snapshot, which holds the seed and the
   * face-down cards, exactly as this device did) and a roster in which Ann hosts and this
   * device is a friend like the others go to Ann's device; every other friend is told who has
   * the table now. The caller then leaves the table on this device (its save goes to Saved
   * matches) and keeps the returned seat and token to rejoin Ann's table as a guest.
   * @param {number} seat a friend connected now
   * @returns {Promise<{ok: true, seat: number, token: string, host: string, table: string} | {ok: false, message: string}>}
   */
  async function passTable(seat) {
    const f = friends.find((x) => x.seat === seat && x.status === "here" && x.channel);
    if (!f || phase !== "playing" || !plan) return { ok: false, message: "Only a friend at the table now can take it." };
    const snap = await engine().request({ op: "save" });
    if (!snap.ok) return { ok: false, message: snap.error?.message ?? "The match could not be saved." };
    const mine = { seat: hostSeat, name: plan.hostName, token: randomHex(16), bot: false };
    /** @type {Roster} */
    const next = { v: 1, table: tableId, hostName: f.name, host: /** @type {number} */ (f.seat),
      friends: [...friends.filter((x) => x !== f).map((x) => ({ seat: /** @type {number} */ (x.seat), name: x.name, token: x.token, bot: x.status === "bot" })), mine],
      allow: plan.allow ?? { coach: true, review: true } };
    send(f, { t: "table", snapshot: snap.snapshot, roster: next, log: table.logItems.slice(-150) });
    for (const o of connected()) if (o !== f) send(o, { t: "moved", host: f.name });
    return { ok: true, seat: hostSeat, token: mine.token, host: f.name, table: tableId };
  }

  /** Stop hosting (a new match of one's own): friends are told, channels closed. */
  function stop({ quietly = false } = {}) {
    for (const f of friends) { if (!quietly) send(f, { t: "bye" }); f.channel?.close(); }
    pending?.close();
    friends = []; pending = null; invitation = null; phase = "off"; plan = null;
    table.useFriends(null);
    tell();
  }

  return {
    open, invite, addReply, startMatch, roster, restore, stop, letComputerPlay, setStun, setAllow, passTable,
    /** What the lobby draws. */
    state: () => ({ phase, tableId, invitation, problem, hostName: plan?.hostName ?? "",
      friends: friends.map((f) => ({ row: f.row, seat: f.seat, name: f.name, status: f.status })) }),
    /** Whether a seat is a friend's on another device. @param {number} seat */
    isFriend: (seat) => friends.some((f) => f.seat === seat),
  };
}
