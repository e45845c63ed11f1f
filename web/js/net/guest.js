// A guest at a friend's table: the host's tab runs the engine; this page draws what the host
// sends (its own seat's view and the public events) with the same table as a local match, and
// sends its moves back. No Python runs here while playing. The table's engine is `remote`: the
// driver asks it as it would ask the worker, and it answers from the host's last message.
//
//   const guest = createGuest({ invite, table, onChange });
//   const code = await guest.join("Ann");      // the reply code for the host
//   // …the host adds it: the table shows, seat at the bottom marked "You"
import { encodeReply } from "./link/codec.js";
import { guestPeer } from "./link/peer.js";
import { readStored, writeStored } from "../storage/guest-store.js";
import { cleanRoster } from "./hosting.js";
import { randomHex } from "./link/ids.js";
import { writeSave } from "../storage.js";
import { archiveSave } from "../matches.js";

/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").GameEvent} GameEvent */
/** @typedef {import("./link/codec.js").Invite} Invite */
/** @typedef {import("./link/peer.js").Channel} Channel */

/** Milliseconds to wait for the host's answer to a move or a question. */
const ANSWER_MS = 20000;

/**
 * @typedef {object} GuestState
 * @property {"start" | "replying" | "playing" | "lost" | "refused" | "closed"} phase
 * @property {string} reply the reply code to give the host ("" before Join)
 * @property {number} replyCreated unix seconds the reply was made
 * @property {number | null} seat
 * @property {string} host the host's name
 * @property {{seat: number, name: string, status: string}[]} seats the friends' seats
 * @property {boolean} hostAway the host's device has gone quiet
 * @property {string} problem a sentence about what went wrong ("" if nothing)
 * @property {{commitment_ok?: boolean, replay_ok?: boolean, text: string} | null} audit
 * @property {boolean} moved the host handed the table to another friend (`host` names them)
 */

/**
 * @param {object} parts
 * @param {Invite} parts.invite the host's invitation (codec.js)
 * @param {import("../site/types.js").SiteTable} parts.table the
 *   table, made with `guest: true`
 * @param {(s: GuestState) => void} [parts.onChange]
 * @param {typeof guestPeer} [parts.peer]
 * @param {() => number} [parts.now]
 * @param {(record: unknown, seen: GameEvent[], commitment: string | null) => Promise<GuestState["audit"]>} [parts.audit]
 *   checks the record at the end of the match (fair play)
 * @param {() => void} [parts.onTable] the host handed this device the table (its save is written)
 */
export function createGuest({ invite, table, onChange = () => {}, peer = guestPeer, now = () => Date.now(), audit,
  onTable = () => {} }) {
  /** @type {GuestState} */
  const state = { phase: "start", reply: "", replyCreated: 0, seat: null, host: invite.host, seats: [],
    hostAway: false, problem: "", audit: null, moved: false };
  /** @type {Channel | null} */
  let channel = null;
  /** @type {View | null} */
  let latest = null;
  let next = 0;
  /** @type {string | null} */
  let commitment = null;
  /** @type {GameEvent[]} every public event seen, for the fair-play check */
  const seen = [];
  /** @type {{t: string, resolve: (m: Record<string, unknown>) => void} | null} */
  let waiting = null;
  let prefs = {};

  const tell = () => { try { onChange({ ...state }); } catch (err) { console.error(err); } };

  /**
   * "Join": make the reply code for the host, then wait for the host to add it.
   * @param {string} name
   * @param {import("../protocol.js").StandingPrefs} [standing] this player's standing answers
   * @returns {Promise<string>} the reply code
   */
  async function join(name, standing = {}) {
    prefs = standing;
    const p = peer(invite.ice, { stunUrls: invite.stun ? STUN_DEFAULT : [] });
    const ice = await p.reply;
    const created = Math.floor(now() / 1000);
    state.reply = encodeReply({ kind: "reply", table: invite.table, seat: invite.seat, created, ice });
    state.replyCreated = created;
    state.phase = "replying";
    tell();
    p.channel.then((ch) => connected(ch, name), (err) => {
      state.phase = "lost";
      state.problem = `The host's device could not be reached (${err instanceof Error ? err.message : String(err)}). `
        + "Make sure you are on the same Wi-Fi, or ask the host for a new invitation.";
      tell();
    });
    return state.reply;
  }

  /** @param {Channel} ch @param {string} name */
  function connected(ch, name) {
    channel = ch;
    ch.onMessage((text) => {
      /** @type {unknown} */
      let msg;
      try { msg = JSON.parse(text); } catch { return; }
      if (msg && typeof msg === "object" && !Array.isArray(msg)) onMessage(/** @type {Record<string, unknown>} */ (msg));
    });
    ch.onStatus((st) => {
      state.hostAway = st !== "open";
      if (st === "closed") state.phase = "lost";
      tell();
    });
    const mine = readStored();
    const token = mine && mine.table === invite.table && mine.seat === invite.seat ? mine.token : null;
    ch.send({ t: "hello", name, token, prefs });
  }

  /** @param {Record<string, unknown>} m */
  function onMessage(m) {
    if (waiting && (m.t === waiting.t || m.t === "refused")) {
      const w = waiting;
      waiting = null;
      w.resolve(m);
      return;
    }
    switch (m.t) {
      case "welcome": return welcome(m);
      case "state": return applyState(m);
      case "seats":
        state.seats = Array.isArray(m.seats) ? /** @type {GuestState["seats"]} */ (m.seats) : [];
        tell();
        return;
      case "refused":
        if (state.phase !== "playing") { state.phase = "refused"; state.problem = String(m.message ?? "The host refused."); tell(); }
        else table.store.dispatch({ type: "notice", text: `Not allowed: ${String(m.message ?? "the host refused that")}`, refused: true });
        return;
      case "record": checkRecord(m.record); return;
      case "allow": return; // the host's engine answers or refuses; the page asks either way
      case "table": takeTable(m); return;
      case "moved":
        state.host = String(m.host ?? "").slice(0, 40);
        state.moved = true;
        tell();
        return;
      case "bye":
        state.phase = "closed";
        state.problem = `${state.host || "The host"} closed the table.`;
        tell();
        return;
      default:
    }
  }

  /** @param {Record<string, unknown>} m */
  function welcome(m) {
    const seat = typeof m.seat === "number" ? m.seat : invite.seat;
    state.seat = seat;
    if (typeof m.host === "string") state.host = m.host;
    writeStored({ table: invite.table, seat, token: String(m.token ?? ""), host: state.host });
    if (m.hello && typeof m.hello === "object") table.hello = /** @type {any} */ (m.hello); // the host's public hello: drawn as sent
    table.reset({ holder: seat, here: [seat] });
    state.phase = "playing";
    tell();
  }

  /** The host's view and events: drawn as a local move would be. @param {Record<string, unknown>} m */
  function applyState(m) {
    const view = /** @type {View} */ (m.view);
    if (!view || typeof view !== "object") return;
    if (typeof m.commitment === "string") commitment = m.commitment;
    if (typeof m.next === "number") next = m.next;
    if (state.seat == null) state.seat = view.seat;
    for (const line of /** @type {{text: string, cls: string}[]} */ (Array.isArray(m.lines) ? m.lines : [])) table.log(line.text, line.cls);
    const events = /** @type {GameEvent[]} */ (Array.isArray(m.events) ? m.events : []);
    seen.push(...events);
    table.store.dispatch({ type: "events", events });
    latest = view;
    table.advance();
  }

  /**
   * The host handed this device the table: keep the match as this device's own save, with the
   * roster in which it hosts, and open the site, which resumes it and hosts the friends.
   * @param {Record<string, unknown>} m
   */
  function takeTable(m) {
    const roster = cleanRoster(m.roster);
    if (typeof m.snapshot !== "string" || !roster || roster.host !== state.seat) return;
    const log = Array.isArray(m.log) ? m.log : [];
    const out = writeSave(m.snapshot, { holder: roster.host, seenHand: null, log, friends: roster },
      { match: randomHex(8), archive: archiveSave });
    if (!out.ok) { state.problem = "There is no room on this device to keep the table."; tell(); return; }
    state.phase = "closed";
    tell();
    channel?.close();
    onTable();
  }

  /** @param {unknown} record */
  async function checkRecord(record) {
    if (!audit) return;
    state.audit = { text: "Checking the host's deal against its promise…" };
    tell();
    try { state.audit = await audit(record, seen, commitment); }
    catch (err) { state.audit = { text: `The deal could not be checked: ${err instanceof Error ? err.message : String(err)}` }; }
    tell();
  }

  /**
   * Ask the host and wait for the answer of type `t` (or a refusal).
   * @param {object} msg @param {string} t
   * @returns {Promise<Record<string, unknown>>}
   */
  function ask(msg, t) {
    if (!channel) return Promise.resolve({ t: "refused", message: "Not connected to the host." });
    const ch = channel;
    return new Promise((resolve) => {
      const timer = setTimeout(() => { if (waiting?.resolve === done) waiting = null; resolve({ t: "refused", message: "The host did not answer in time." }); }, ANSWER_MS);
      const done = (/** @type {Record<string, unknown>} */ m) => { clearTimeout(timer); resolve(m); };
      waiting = { t, resolve: done };
      ch.send(msg);
    });
  }

  /** @param {Record<string, unknown>} m */
  const refusal = (m) => ({ ok: /** @type {const} */ (false), error: { code: String(m.code ?? "refused"), message: String(m.message ?? "The host refused.") } });

  /**
   * The table's engine: what the driver asks, answered by the host.
   * @type {import("../driver.js").EngineLike}
   */
  const remote = {
    async request(obj) {
      /** @type {any} */ // one answer per op, each shaped as the bridge's own (protocol.js)
      let out;
      switch (obj.op) {
        case "view":
          out = latest ? { ok: true, op: "view", view: latest } : { ok: false, error: { code: "no_match", message: "The host has not started the match." } };
          break;
        case "act": {
          const m = await ask({ t: "act", action: obj.action, since: next }, "ack");
          out = m.t === "ack" ? { ok: true, op: "act", events: [], view: null } : refusal(m);
          break;
        }
        case "coach": {
          const m = await ask({ t: "coach" }, "coach");
          out = m.t === "coach" ? { ok: true, op: "coach", advice: m.advice } : refusal(m);
          break;
        }
        case "review": {
          const m = await ask({ t: "review", hand: obj.hand ?? null }, "review");
          out = m.t === "review" ? { ok: true, op: "review", review: m.review } : refusal(m);
          break;
        }
        case "standing": out = { ok: true, op: "standing", answer: null }; break;
        default:
          out = { ok: false, error: { code: "not_allowed", message: `A guest's table does not ask for “${obj.op}”.` } };
      }
      return out;
    },
  };

  /** This player's standing answers changed (the settings). @param {import("../protocol.js").StandingPrefs} p */
  function setPrefs(p) {
    prefs = p;
    channel?.send({ t: "prefs", prefs });
  }

  return { join, remote, setPrefs, state: () => ({ ...state }), close: () => channel?.close() };
}

/** The public STUN server "Connect over the internet" adds when the host turned it on. */
export const STUN_DEFAULT = ["stun:stun.l.google.com:19302"];
