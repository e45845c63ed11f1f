/**
 * One browser-to-browser connection for playing with friends: an RTCPeerConnection with one
 * ordered data channel, signalled by hand (the invitation and reply codes of codec.js carry
 * the ICE parts that this module takes and gives).
 *
 *     import { hostPeer, guestPeer } from "./peer.js";
 *     // the host's tab                           // the guest's tab
 *     const host = hostPeer();
 *     const ice = await host.invite();      --->  const guest = guestPeer(ice);
 *     await host.accept(reply);             <---  const reply = await guest.reply;
 *     const ch = await host.channel;              const ch = await guest.channel;
 *     ch.onMessage((text) => ...);                ch.send({t: "hello", ...});
 *
 * No ICE server is used unless `stunUrls` names some (the setting "Connect over the
 * internet"). An ICE part is returned only once gathering has completed (it is all the other
 * side will ever learn). The data channel is negotiated (id 0, ordered), so no in-band
 * announcement is needed; messages are JSON framed by frame.js, and a heartbeat frame every
 * 2 s lets each side tell "open" from "silent" (nothing heard for 5 s) and "closed".
 *
 * @module
 */

import { HEARTBEAT, createAssembler, frames } from "./frame.js";
import { iceOf, sdpFrom } from "./sdp.js";
import { REPLY_LIFETIME_S } from "./codec.js";

/** @typedef {import("./codec.js").IcePart} IcePart */
/** @typedef {"open" | "silent" | "closed"} ChannelStatus */
/**
 * @typedef {object} Channel
 * @property {(obj: unknown) => void} send JSON, in frames; ignored once closed
 * @property {(fn: (text: string) => void) => void} onMessage each whole message's JSON *text* (unparsed)
 * @property {(fn: (status: ChannelStatus) => void) => void} onStatus each change of status
 * @property {(fn: (error: {code: string, message: string}) => void) => void} onError a refused frame
 * @property {() => ChannelStatus} status the status now
 * @property {() => void} close
 */
/** @typedef {{stunUrls?: string[], connectTimeoutMs?: number, gatherTimeoutMs?: number}} PeerOptions */

export const HEARTBEAT_MS = 2000;
export const SILENT_MS = 5000;
/** The host's wait for the channel after accept(). */
export const CONNECT_TIMEOUT_MS = 20000;
/** The guest's wait: the host has the reply's lifetime to take it (codec.js), then the same 20 s. */
export const GUEST_CONNECT_TIMEOUT_MS = REPLY_LIFETIME_S * 1000 + CONNECT_TIMEOUT_MS;
/** Gathering with a STUN server that does not answer is cut short here. */
export const GATHER_TIMEOUT_MS = 10000;
export const FRAME_BYTES = 16000;
const CHECK_MS = 250;

/** A connection that could not be made; `.code` says why. */
export class PeerError extends Error {
  /**
   * @param {"no_connection" | "bad_description"} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.name = "PeerError";
    this.code = code;
  }
}

/**
 * The host's side of one guest's connection.
 * @param {PeerOptions} [options]
 * @returns {{invite: () => Promise<IcePart>, accept: (reply: IcePart) => Promise<void>,
 *            channel: Promise<Channel>, close: () => void}}
 */
export function hostPeer(options = {}) {
  const pc = connection(options);
  const dc = dataChannel(pc);
  /** @type {(ms: number) => void} */
  let startTimer = () => {};
  const channel = opened(pc, dc, (start) => { startTimer = start; });
  channel.catch(() => {}); // the caller may only ever await accept()
  return {
    async invite() {
      await pc.setLocalDescription(await pc.createOffer());
      return iceOf(await gathered(pc, options.gatherTimeoutMs ?? GATHER_TIMEOUT_MS));
    },
    async accept(reply) {
      try {
        await pc.setRemoteDescription({ type: "answer", sdp: sdpFrom(reply, "answer") });
      } catch (err) {
        throw new PeerError("bad_description", `The reply could not be used: ${/** @type {Error} */ (err).message}`);
      }
      startTimer(options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
    },
    channel,
    close: () => shut(pc, dc),
  };
}

/**
 * The guest's side: answers the host's invitation.
 * @param {IcePart} invite the ICE part of the host's invitation
 * @param {PeerOptions} [options]
 * @returns {{reply: Promise<IcePart>, channel: Promise<Channel>, close: () => void}}
 */
export function guestPeer(invite, options = {}) {
  const pc = connection(options);
  /** @type {RTCDataChannel | null} */
  let dc = null;
  const reply = (async () => {
    try {
      await pc.setRemoteDescription({ type: "offer", sdp: sdpFrom(invite, "offer") });
    } catch (err) {
      throw new PeerError("bad_description", `The invitation could not be used: ${/** @type {Error} */ (err).message}`);
    }
    dc = dataChannel(pc);
    await pc.setLocalDescription(await pc.createAnswer());
    return iceOf(await gathered(pc, options.gatherTimeoutMs ?? GATHER_TIMEOUT_MS));
  })();
  const channel = reply.then((/** @type {IcePart} */ _) => opened(pc, /** @type {RTCDataChannel} */ (dc),
    (start) => start(options.connectTimeoutMs ?? GUEST_CONNECT_TIMEOUT_MS)));
  channel.catch(() => {});
  return { reply, channel, close: () => shut(pc, dc) };
}

// ------------------------------------------------------------------ the connection

/** @param {PeerOptions} options */
function connection({ stunUrls = [] }) {
  return new RTCPeerConnection({ iceServers: stunUrls.length ? [{ urls: stunUrls }] : [] });
}

/** @param {RTCPeerConnection} pc */
function dataChannel(pc) {
  return pc.createDataChannel("speculation", { negotiated: true, id: 0, ordered: true });
}

/**
 * @param {RTCPeerConnection} pc
 * @param {RTCDataChannel | null} dc
 */
function shut(pc, dc) {
  try {
    dc?.close();
  } finally {
    pc.close();
  }
}

/**
 * The local description's SDP once ICE gathering has completed (or after `timeoutMs`, with
 * the candidates gathered so far).
 * @param {RTCPeerConnection} pc
 * @param {number} timeoutMs
 * @returns {Promise<string>}
 */
function gathered(pc, timeoutMs) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve(/** @type {RTCSessionDescription} */ (pc.localDescription).sdp);
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener("icegatheringstatechange", check);
    check();
  });
}

/**
 * The Channel once `dc` opens. `arm(start)` is given the function that starts the time limit
 * (the host calls it at accept(), the guest at once); past it, or when ICE fails first, the
 * promise rejects with PeerError "no_connection".
 * @param {RTCPeerConnection} pc
 * @param {RTCDataChannel} dc
 * @param {(start: (ms: number) => void) => void} arm
 * @returns {Promise<Channel>}
 */
function opened(pc, dc, arm) {
  return new Promise((resolve, reject) => {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const fail = () => {
      clearTimeout(timer);
      reject(new PeerError("no_connection", "No connection could be made: check that both devices are on the same network, then try again."));
    };
    arm((ms) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (dc.readyState !== "open") fail();
      }, ms);
    });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" && dc.readyState !== "open") fail();
    });
    const open = () => {
      clearTimeout(timer);
      resolve(wrap(pc, dc));
    };
    if (dc.readyState === "open") open();
    else dc.addEventListener("open", open, { once: true });
  });
}

/**
 * The Channel of an open data channel: framing, reassembly, heartbeat and status.
 * @param {RTCPeerConnection} pc
 * @param {RTCDataChannel} dc
 * @returns {Channel}
 */
function wrap(pc, dc) {
  /** @type {((text: string) => void)[]} */
  const messageFns = [];
  /** @type {string[]} whole messages that came before anyone listened (the first, a hello, can
   * arrive before the opener's continuation has run) */
  const early = [];
  /** @type {((status: ChannelStatus) => void)[]} */
  const statusFns = [];
  /** @type {((error: {code: string, message: string}) => void)[]} */
  const errorFns = [];
  const assembler = createAssembler();
  /** @type {ChannelStatus} */
  let status = "open";
  let heard = performance.now();
  let nextId = 0;

  /** @param {ChannelStatus} next */
  const setStatus = (next) => {
    if (status === next || status === "closed") return;
    status = next;
    if (next === "closed") {
      clearInterval(beat);
      clearInterval(watch);
    }
    for (const fn of statusFns) call(fn, next);
  };
  const sendRaw = (/** @type {string} */ text) => {
    if (dc.readyState !== "open") return;
    try {
      dc.send(text);
    } catch {
      setStatus("closed"); // the channel went away between the check and the send
    }
  };
  const beat = setInterval(() => sendRaw(HEARTBEAT), HEARTBEAT_MS);
  const watch = setInterval(() => {
    if (status === "open" && performance.now() - heard > SILENT_MS) setStatus("silent");
  }, CHECK_MS);

  dc.addEventListener("message", (event) => {
    heard = performance.now();
    if (status === "silent") setStatus("open");
    if (event.data === HEARTBEAT) return;
    const result = assembler.push(event.data);
    if (!result.ok) {
      for (const fn of errorFns) call(fn, { code: result.code, message: result.message });
    } else if (result.text !== null) {
      if (!messageFns.length) early.push(result.text);
      for (const fn of messageFns) call(fn, result.text);
    }
  });
  dc.addEventListener("close", () => setStatus("closed"));
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed" || pc.connectionState === "closed") setStatus("closed");
  });

  return {
    send(obj) {
      const text = JSON.stringify(obj);
      const id = nextId;
      nextId = (nextId + 1) % 1_000_000_000;
      for (const frame of frames(text, FRAME_BYTES, id)) sendRaw(frame);
    },
    onMessage: (fn) => {
      messageFns.push(fn);
      for (const text of early.splice(0)) call(fn, text);
    },
    onStatus: (fn) => { statusFns.push(fn); },
    onError: (fn) => { errorFns.push(fn); },
    status: () => status,
    close() {
      setStatus("closed");
      shut(pc, dc);
    },
  };
}

/**
 * A listener's failure stays its own: it never breaks the channel's handler.
 * @template T
 * @param {(value: T) => void} fn
 * @param {T} value
 */
function call(fn, value) {
  try {
    fn(value);
  } catch (err) {
    console.error(err);
  }
}
