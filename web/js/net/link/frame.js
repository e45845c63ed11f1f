/**
 * Messages over a data channel in frames that every browser carries (16 KiB is the
 * interoperable limit of one message), and their reassembly on the other side.
 *
 *     import { frames, createAssembler } from "./frame.js";
 *     for (const f of frames(JSON.stringify(msg), 16000, id)) channel.send(f);
 *     const assembler = createAssembler();
 *     channel.onmessage = (e) => { const r = assembler.push(e.data); if (r.ok && r.text !== null) use(r.text); };
 *
 * A frame is `<message id>.<index>/<count>:<piece>` (decimal numbers; the piece is a slice of
 * the text, never splitting a character); a frame's UTF-8 length, header included, is at most
 * `max` bytes. The channel is ordered and one message's frames are sent together, so the
 * assembler expects index 0, 1, …, count − 1 of one id in a row and refuses anything else.
 * Control frames (the heartbeat) start with "~" and are not the assembler's business. Pure.
 *
 * @module
 */

export const DEFAULT_FRAME_BYTES = 16000;
export const DEFAULT_MESSAGE_BYTES = 1 << 20;
/** The heartbeat's control frame (peer.js). */
export const HEARTBEAT = "~";
const HEADER = /^(\d{1,9})\.(\d{1,9})\/(\d{1,9}):/;
const MAX_HEADER_BYTES = 32;

/**
 * UTF-8 length of a string (a lone surrogate counts 3, as TextEncoder writes U+FFFD).
 * @param {string} s
 */
export function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}

/**
 * The frames of one message text, in order.
 *
 *     frames("hello", 16000, 7)  // ["7.0/1:hello"]
 *
 * @param {string} text
 * @param {number} [max] bytes per frame, header included (at least 64)
 * @param {number} [id] the message's id (0 to 999,999,999), so that a frame of another message is noticed
 * @returns {string[]}
 */
export function frames(text, max = DEFAULT_FRAME_BYTES, id = 0) {
  if (!Number.isInteger(max) || max < 2 * MAX_HEADER_BYTES) throw new RangeError(`frame size ${max}`);
  if (!Number.isInteger(id) || id < 0 || id > 999999999) throw new RangeError(`message id ${id}`);
  const room = max - MAX_HEADER_BYTES; // a header never needs more
  /** @type {string[]} */
  const pieces = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > room) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (pair) i += 1;
  }
  pieces.push(text.slice(start));
  return pieces.map((p, i) => `${id}.${i}/${pieces.length}:${p}`);
}

/**
 * @typedef {{ok: true, text: string | null} | {ok: false, code: "bad_frame" | "out_of_order" | "too_large", message: string}} PushResult
 * `text` is the whole message once its last frame has arrived, else null.
 */

/**
 * Reassembles frames into message texts; push() never throws. After a refusal the partial
 * message is dropped and the next frame must start a message.
 * @param {{maxBytes?: number}} [limits] `maxBytes`: the largest message (UTF-8 bytes, default 1 MiB)
 */
export function createAssembler({ maxBytes = DEFAULT_MESSAGE_BYTES } = {}) {
  /** @type {string[]} */
  let parts = [];
  let id = -1;
  let count = 0;
  let bytes = 0;

  /**
   * @param {"bad_frame" | "out_of_order" | "too_large"} code
   * @param {string} message
   * @returns {PushResult}
   */
  const refuse = (code, message) => {
    parts = [];
    id = -1;
    return { ok: false, code, message };
  };

  return {
    /**
     * @param {unknown} frame what the channel delivered
     * @returns {PushResult}
     */
    push(frame) {
      if (typeof frame !== "string") return refuse("bad_frame", "A frame that is not text was refused.");
      const head = HEADER.exec(frame);
      if (!head) return refuse("bad_frame", "A frame without a valid header was refused.");
      const [, fid, fi, fn] = head.map(Number);
      const piece = frame.slice(head[0].length);
      if (fn < 1 || fi >= fn) return refuse("bad_frame", "A frame with an impossible index was refused.");
      if (parts.length === 0) {
        if (fi !== 0) return refuse("out_of_order", "A frame arrived before the start of its message.");
        id = fid;
        count = fn;
        bytes = 0;
      } else if (fid !== id || fn !== count || fi !== parts.length) {
        return refuse("out_of_order", "A frame of another message arrived in the middle of one.");
      }
      if (piece === "" && fn > 1) return refuse("bad_frame", "An empty frame was refused.");
      bytes += utf8Length(piece);
      if (bytes > maxBytes || fn > maxBytes) {
        return refuse("too_large", `A message over ${maxBytes} bytes was refused.`);
      }
      parts.push(piece);
      if (parts.length < count) return { ok: true, text: null };
      const text = parts.join("");
      parts = [];
      id = -1;
      return { ok: true, text };
    },
  };
}
