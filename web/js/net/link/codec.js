/**
 * Invitation and reply codes for playing with friends: a compact, versioned binary form of
 * what one browser must tell the other (docs/multiplayer.md "Transport" gives the layout byte
 * by byte), written in base64url so that it fits a link, a QR code or a chat message.
 *
 *     import { encodeInvite, decodeInvite, encodeReply, decodeReply } from "./codec.js";
 *     const code = encodeInvite({kind: "invite", table, seat: 1, created, host: "Mary",
 *                                stun: false, ice});
 *     const invite = decodeInvite(`https://example.org/#join=${code}`, {now: created + 5});
 *
 * Decoding never trusts the text: every length is checked, a CRC-32 detects garbling, the
 * ICE strings are limited to the characters SDP allows there (so a code cannot inject lines
 * into the SDP that sdp.js rebuilds), the host's name must pass the engine's name rule
 * (names.js), a code dated in the future is refused, and unless "Connect over the internet"
 * is on a code may name only addresses on the devices' own networks. Errors are `CodeError`s
 * with a `.code` and a sentence for people. Pure: no DOM, no clock unless the caller leaves
 * `now` out.
 *
 * @module
 */

import { cleanName } from "../../names.js";

export const VERSION = 1;
/** Seconds an invitation stays good (the guest's clock). */
export const INVITE_LIFETIME_S = 600;
/**
 * Seconds a reply stays good (the host refuses an older one): as long as a connection can still
 * be made with it. Measured on loopback in headless Chromium (benchmarks/reply_age.py,
 * 2026-12-06): a reply taken 210 s after it was made still opened a channel, one taken 240 s
 * after did not (nor at 300 s); 180 s leaves half a minute to spare.
 */
export const REPLY_LIFETIME_S = 180;
/** Seconds a code may be dated after the reader's clock (two devices' clocks differ a little). */
export const FUTURE_SKEW_S = 60;
/** The longest host name, in UTF-8 bytes. */
export const MAX_HOST_BYTES = 24;
export const TABLE_ID_BYTES = 8;
export const MAX_CANDIDATES = 16;

/** @typedef {"invite" | "rejoin" | "reply" | "watch"} CodeKind */
/** @typedef {"actpass" | "active" | "passive"} DtlsRole */
/**
 * One ICE candidate as the codes carry it (component 1; foundation and priority are rebuilt).
 * @typedef {{address: string, port: number, protocol: "udp" | "tcp", type: "host" | "srflx",
 *            tcpType?: "active" | "passive" | "so"}} Candidate
 */
/**
 * What one side must tell the other: ICE credentials, the DTLS fingerprint (SHA-256, as SDP
 * writes it: 32 upper-case hex pairs joined by ":"), the DTLS role and the candidates.
 * @typedef {{ufrag: string, pwd: string, fingerprint: string, role: DtlsRole,
 *            candidates: Candidate[]}} IcePart
 */
/**
 * @typedef {{kind: "invite" | "rejoin" | "watch", table: string, seat: number, created: number,
 *            host: string, stun: boolean, ice: IcePart}} Invite
 * `table`: 16 lower-case hex digits (8 random bytes); `created`: unix seconds. A "watch"
 * invitation is an onlooker's: `seat` then numbers the onlooker, not a seat at the table.
 */
/** @typedef {{kind: "reply", table: string, seat: number, created: number, ice: IcePart}} Reply */
/**
 * @typedef {"bad_code" | "truncated" | "wrong_version" | "wrong_kind" | "expired" | "future" | "checksum"
 *           | "bad_name" | "bad_candidate"} CodeErrorCode
 */

// (a kind's byte is its place here: a new kind goes at the end, so older codes still read)
const KINDS = /** @type {const} */ (["invite", "rejoin", "reply", "watch"]);
const ROLES = /** @type {const} */ (["actpass", "active", "passive"]);
const TCP_TYPES = /** @type {const} */ (["passive", "active", "so"]);
const ADDR_IPV4 = 0;
const ADDR_IPV6 = 1;
const ADDR_MDNS = 2;
const FLAG_TCP = 4;
const FLAG_SRFLX = 8;
const ICE_CHARS = /^[A-Za-z0-9+/]+$/;
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const HEX = "0123456789abcdef";

/** A code that cannot be read; `.code` says why and `.message` is a sentence for people. */
export class CodeError extends Error {
  /**
   * @param {CodeErrorCode} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.name = "CodeError";
    this.code = code;
  }
}

/**
 * Whether a code made at `created` can no longer be used at `now` (both unix seconds): it is
 * older than `lifetime`, or dated more than FUTURE_SKEW_S after `now` (a clock put back).
 *
 *     isExpired(1000, 1600, 600) === false; isExpired(1000, 1601, 600) === true
 *     isExpired(1060, 1000, 600) === false; isExpired(1061, 1000, 600) === true
 *
 * @param {number} created
 * @param {number} now
 * @param {number} lifetime seconds
 */
export function isExpired(created, now, lifetime) {
  return now - created > lifetime || created - now > FUTURE_SKEW_S;
}

/**
 * Whether an address is one a device has only on itself or its own network: loopback
 * (127.0.0.0/8, ::1), private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
 * (169.254/16, fe80::/10) or an mDNS name `<uuid>.local`. False for any other address, and
 * for text that is no address the codes can carry.
 *
 *     isLocalAddress("192.168.1.20") === true; isLocalAddress("203.0.113.7") === false
 *
 * @param {string} address
 */
export function isLocalAddress(address) {
  const a = addressOf(address);
  return !!a && isLocal(a.form, a.raw);
}

/**
 * The ICE part with only the candidates a code may carry: without `internet` ("Connect over
 * the internet" off), host candidates at local addresses (isLocalAddress); never port 0.
 * What the host passes to encodeInvite (with `internet` = its `stun`) and the guest to
 * encodeReply (with the invitation's `stun`), so that neither refuses what its device gathered.
 * @param {IcePart} ice
 * @param {boolean} internet
 * @returns {IcePart}
 */
export function iceForCode(ice, internet) {
  return {
    ...ice,
    candidates: ice.candidates.filter((c) => {
      const a = addressOf(c.address);
      return !!a && c.port > 0 && (internet || (c.type === "host" && isLocal(a.form, a.raw)));
    }),
  };
}

// ------------------------------------------------------------------ encoding

/**
 * The invitation code (base64url, no padding) for an invitation. The host name is written as
 * the engine's name rule keeps it (names.js: bidi controls removed, outer spaces trimmed; ""
 * for no name); a name the rule refuses is a TypeError, one over MAX_HOST_BYTES a RangeError.
 * Unless `stun` is set, every candidate must be a host candidate at a local address
 * (isLocalAddress; else a TypeError: see iceForCode).
 * @param {Invite} invite
 * @returns {string}
 */
export function encodeInvite(invite) {
  if (invite.kind !== "invite" && invite.kind !== "rejoin" && invite.kind !== "watch") throw new TypeError(`not an invitation kind: ${invite.kind}`);
  const w = new Writer();
  header(w, invite.kind, invite.table, invite.seat, invite.created);
  const host = hostName(invite.host, "The host's name");
  if (!host.ok) throw new TypeError(host.message);
  const name = new TextEncoder().encode(host.name);
  if (name.length > MAX_HOST_BYTES) throw new RangeError(`host name over ${MAX_HOST_BYTES} UTF-8 bytes`);
  w.byte(invite.stun ? 1 : 0);
  w.byte(name.length);
  w.bytes(name);
  writeIce(w, invite.ice, invite.stun);
  return finish(w);
}

/**
 * The reply code for a guest's reply. `internet`: the invitation's `stun` flag; when false,
 * every candidate must be a host candidate at a local address (else a TypeError: see
 * iceForCode). Default true: no address check.
 * @param {Omit<Reply, "kind"> & {kind?: "reply"}} reply
 * @param {{internet?: boolean}} [options]
 * @returns {string}
 */
export function encodeReply(reply, { internet = true } = {}) {
  const w = new Writer();
  header(w, "reply", reply.table, reply.seat, reply.created);
  writeIce(w, reply.ice, internet);
  return finish(w);
}

/**
 * The host's name as the engine's rule keeps it, or why the rule refuses it; "" (no name) stays.
 * @param {unknown} raw
 * @param {string} who begins the sentences
 * @returns {import("../../names.js").NameCheck}
 */
function hostName(raw, who) {
  return raw === "" ? { ok: true, name: "" } : cleanName(raw, { who });
}

/**
 * @param {Writer} w
 * @param {CodeKind} kind
 * @param {string} table
 * @param {number} seat
 * @param {number} created
 */
function header(w, kind, table, seat, created) {
  if (!/^[0-9a-f]{16}$/.test(table)) throw new TypeError("table id: 16 lower-case hex digits");
  if (!Number.isInteger(seat) || seat < 0 || seat > 255) throw new RangeError(`seat ${seat}`);
  if (!Number.isInteger(created) || created < 0 || created > 0xffffffff) throw new RangeError(`created ${created}`);
  w.byte(VERSION);
  w.byte(KINDS.indexOf(kind));
  w.bytes(hexBytes(table));
  w.byte(seat);
  w.uint32(created);
}

/**
 * @param {Writer} w
 * @param {IcePart} ice
 * @param {boolean} internet whether candidates may name internet addresses
 */
function writeIce(w, ice, internet) {
  for (const [what, s] of [["ufrag", ice.ufrag], ["pwd", ice.pwd]]) {
    if (!ICE_CHARS.test(s) || s.length > 255) throw new TypeError(`${what}: 1–255 ICE characters`);
    w.byte(s.length);
    w.bytes(new TextEncoder().encode(s));
  }
  const fp = ice.fingerprint.split(":");
  if (fp.length !== 32 || !fp.every((h) => /^[0-9A-Fa-f]{2}$/.test(h))) throw new TypeError("fingerprint: 32 hex pairs");
  w.bytes(hexBytes(fp.join("").toLowerCase()));
  const role = ROLES.indexOf(ice.role);
  if (role < 0) throw new TypeError(`DTLS role ${ice.role}`);
  w.byte(role);
  if (ice.candidates.length > MAX_CANDIDATES) throw new RangeError(`over ${MAX_CANDIDATES} candidates`);
  w.byte(ice.candidates.length);
  for (const c of ice.candidates) writeCandidate(w, c, internet);
}

/**
 * @param {Writer} w
 * @param {Candidate} c
 * @param {boolean} internet
 */
function writeCandidate(w, c, internet) {
  const address = addressOf(c.address);
  if (!address) throw new TypeError(`candidate address ${c.address}: not IPv4, IPv6 or <uuid>.local`);
  if (!Number.isInteger(c.port) || c.port < 1 || c.port > 65535) throw new RangeError(`port ${c.port}`);
  let flags = address.form;
  if (c.protocol === "tcp") flags |= FLAG_TCP | TCP_TYPES.indexOf(c.tcpType ?? "passive") << 4;
  else if (c.protocol !== "udp") throw new TypeError(`protocol ${c.protocol}`);
  if (c.type === "srflx") flags |= FLAG_SRFLX;
  else if (c.type !== "host") throw new TypeError(`candidate type ${c.type}`);
  if (!internet && !(c.type === "host" && isLocal(address.form, address.raw))) {
    throw new TypeError(`candidate ${c.type} ${c.address}: an internet address while "Connect over the internet" is off`);
  }
  w.byte(flags);
  w.bytes(address.raw);
  w.uint16(c.port);
}

/** @param {Writer} w */
function finish(w) {
  w.uint32(crc32(w.done()));
  return toBase64url(w.done());
}

// ------------------------------------------------------------------ decoding

/**
 * Read an invitation from what a person pasted: a whole link (`…#join=<code>`, or `…#reply=<code>`
 * for a reply), a bare code,
 * with any white space. `now` (unix seconds; default the clock) checks its age; pass
 * `{now: null}` to skip that. The host name comes back as the engine's name rule keeps it.
 * @param {string} text
 * @param {{now?: number | null, lifetime?: number}} [options]
 * @returns {Invite}
 */
export function decodeInvite(text, { now, lifetime = INVITE_LIFETIME_S } = {}) {
  const r = open(text, "invitation");
  const kind = r.kind;
  if (kind === "reply") throw new CodeError("wrong_kind", "This is a reply code, not an invitation: the host pastes it into Reply code.");
  const stun = r.byte();
  const name = r.bytes(r.byte());
  const ice = readIce(r);
  r.close();
  if (stun > 1) throw bad("invitation");
  const raw = utf8(name, "invitation");
  if (name.length > MAX_HOST_BYTES) throw bad("invitation");
  const host = hostName(raw, "The host's name in this invitation");
  if (!host.ok) throw new CodeError("bad_name", `${host.message} Ask the host for a new invitation.`);
  checkValues(r, { now, lifetime, internet: stun === 1 }, "This invitation", "ask the host for a new one");
  return { kind, table: r.table, seat: r.seat, created: r.created, host: host.name, stun: stun === 1, ice };
}

/**
 * Read a reply code (a bare code, with any white space; a link is accepted too). `now` (unix
 * seconds; default the clock) checks its age against `lifetime` (120 s). `internet`: the
 * invitation's `stun` flag ("Connect over the internet"); when false, a reply naming an
 * address off the devices' networks is refused (`bad_candidate`). Default true: no such check.
 * @param {string} text
 * @param {{now?: number | null, lifetime?: number, internet?: boolean}} [options]
 * @returns {Reply}
 */
export function decodeReply(text, { now, lifetime = REPLY_LIFETIME_S, internet = true } = {}) {
  const r = open(text, "reply");
  if (r.kind !== "reply") throw new CodeError("wrong_kind", "This is an invitation, not a reply code: it is opened on the guest's device.");
  const ice = readIce(r);
  r.close();
  checkValues(r, { now, lifetime, internet }, "This reply code", "the guest must open the invitation again");
  return { kind: "reply", table: r.table, seat: r.seat, created: r.created, ice };
}

/**
 * The checks on a read code's candidates and date, each with a sentence `${code} … : ${fix}.`
 * @param {Reader} r
 * @param {{now: number | null | undefined, lifetime: number, internet: boolean}} limits
 * @param {string} code "This invitation" or "This reply code"
 * @param {string} fix what to do about it
 */
function checkValues(r, { now, lifetime, internet }, code, fix) {
  if (r.needsInternet && !internet) {
    throw new CodeError("bad_candidate", `${code} names an internet address though "Connect over the internet" is off: ${fix}.`);
  }
  if (now === null) return;
  const at = now ?? Math.floor(Date.now() / 1000);
  if (r.created - at > FUTURE_SKEW_S) {
    throw new CodeError("future", `${code} is dated in the future, so the two devices' clocks disagree: `
      + `set both to the right time, then ${fix}.`);
  }
  if (isExpired(r.created, at, lifetime)) throw new CodeError("expired", `${code} has expired: ${fix}.`);
}

/** @param {string} what */
function bad(what) {
  return new CodeError("bad_code", `This is not a Speculation ${what} code: copy all of it again.`);
}

/**
 * The code's bytes, its version checked, the checksum verified, the header read.
 * @param {string} text
 * @param {"invitation" | "reply"} what
 */
function open(text, what) {
  if (typeof text !== "string") throw bad(what);
  let code = text.replace(/\s+/g, "");
  // a whole link: `#join=<code>` (an invitation) or `#reply=<code>` (a reply); base64url has no "="
  if (/(?:join|reply)=/.test(code)) code = code.slice(code.lastIndexOf("=") + 1);
  if (code === "") throw bad(what);
  const bytes = fromBase64url(code);
  if (!bytes) throw bad(what);
  if (bytes.length === 0) throw new CodeError("truncated", incomplete(what));
  if (bytes[0] !== VERSION) {
    throw new CodeError("wrong_version", `This ${what} code was made by another version of the game: both players should reload the page.`);
  }
  const r = new Reader(bytes, what);
  // one text per byte string: a changed last character whose spare bits alone differ is garbling
  r.canonical = toBase64url(bytes) === code.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  r.byte();
  const kind = KINDS[r.byte()];
  if (!kind) throw bad(what);
  r.kind = kind;
  r.table = [...r.bytes(TABLE_ID_BYTES)].map((b) => HEX[b >> 4] + HEX[b & 15]).join("");
  r.seat = r.byte();
  r.created = r.uint32();
  return r;
}

/** @param {string} what */
function incomplete(what) {
  return `This ${what} code is incomplete: copy all of it again.`;
}

/**
 * @param {Reader} r
 * @returns {IcePart}
 */
function readIce(r) {
  const ufrag = iceString(r);
  const pwd = iceString(r);
  const fingerprint = [...r.bytes(32)].map((b) => (HEX[b >> 4] + HEX[b & 15]).toUpperCase()).join(":");
  const role = ROLES[r.byte()];
  const count = r.byte();
  if (count > MAX_CANDIDATES) r.fail();
  /** @type {Candidate[]} */
  const candidates = [];
  for (let i = 0; i < count; i += 1) candidates.push(readCandidate(r));
  if (!role) r.fail();
  return { ufrag, pwd, fingerprint, role: /** @type {DtlsRole} */ (role), candidates };
}

/** @param {Reader} r */
function iceString(r) {
  const raw = r.bytes(r.byte());
  const s = String.fromCharCode(...raw);
  if (!ICE_CHARS.test(s)) r.fail();
  return s;
}

/**
 * @param {Reader} r
 * @returns {Candidate}
 */
function readCandidate(r) {
  const flags = r.byte();
  const addressType = flags & 3;
  if (addressType > ADDR_MDNS || flags >> 6 || (flags >> 4 & 3) > 2 || (!(flags & FLAG_TCP) && flags >> 4)) r.fail();
  const raw = r.bytes(addressType === ADDR_IPV4 ? 4 : 16);
  const port = r.uint16();
  if (port === 0) r.fail();
  if (flags & FLAG_SRFLX || !isLocal(addressType, raw)) r.needsInternet = true;
  const address = addressType === ADDR_IPV4 ? raw.join(".")
    : addressType === ADDR_IPV6 ? formatIPv6(raw) : formatUuid(raw);
  /** @type {Candidate} */
  const c = { address, port, protocol: flags & FLAG_TCP ? "tcp" : "udp", type: flags & FLAG_SRFLX ? "srflx" : "host" };
  if (flags & FLAG_TCP) c.tcpType = TCP_TYPES[flags >> 4 & 3];
  return c;
}

/**
 * @param {Uint8Array} bytes
 * @param {string} what
 */
function utf8(bytes, what) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw bad(what);
  }
}

// ------------------------------------------------------------------ bytes

class Writer {
  constructor() {
    /** @type {number[]} */
    this.out = [];
  }

  /** @param {number} b */
  byte(b) {
    this.out.push(b & 0xff);
  }

  /** @param {ArrayLike<number>} bs */
  bytes(bs) {
    for (let i = 0; i < bs.length; i += 1) this.out.push(bs[i]);
  }

  /** @param {number} n */
  uint16(n) {
    this.out.push(n >>> 8 & 0xff, n & 0xff);
  }

  /** @param {number} n */
  uint32(n) {
    this.out.push(n >>> 24 & 0xff, n >>> 16 & 0xff, n >>> 8 & 0xff, n & 0xff);
  }

  done() {
    return Uint8Array.from(this.out);
  }
}

/**
 * Reads the bytes of a code. Reading past the end is "truncated"; the checksum is verified by
 * close() once the structure has been read, before any value is trusted (fail() marks a value
 * that is impossible: after the checksum passed it is "bad_code", else "checksum").
 */
class Reader {
  /**
   * @param {Uint8Array} data
   * @param {"invitation" | "reply"} what
   */
  constructor(data, what) {
    this.data = data;
    this.what = what;
    this.at = 0;
    this.impossible = false;
    this.canonical = true;
    /** Whether a candidate is server-reflexive or at an address that is not local. */
    this.needsInternet = false;
    /** @type {CodeKind} */
    this.kind = "invite";
    this.table = "";
    this.seat = 0;
    this.created = 0;
  }

  /** @param {number} n */
  need(n) {
    if (this.at + n > this.data.length) throw new CodeError("truncated", incomplete(this.what));
  }

  byte() {
    this.need(1);
    return this.data[this.at++];
  }

  /** @param {number} n */
  bytes(n) {
    this.need(n);
    this.at += n;
    return this.data.subarray(this.at - n, this.at);
  }

  uint16() {
    return this.byte() << 8 | this.byte();
  }

  uint32() {
    return (this.byte() << 24 | this.byte() << 16 | this.byte() << 8 | this.byte()) >>> 0;
  }

  /** An impossible value: reported once the checksum has been checked (close). */
  fail() {
    this.impossible = true;
  }

  /** The checksum follows the structure and ends the code. */
  close() {
    const body = this.data.subarray(0, this.at);
    const sum = this.uint32();
    if (this.at !== this.data.length || sum !== crc32(body) || !this.canonical) {
      throw new CodeError("checksum", `This ${this.what} code has a typing mistake in it: copy all of it again.`);
    }
    if (this.impossible) throw bad(this.what);
  }
}

/** @type {Uint32Array | null} */
let crcTable = null;

/**
 * CRC-32 (IEEE 802.3, as zlib) of some bytes.
 * @param {Uint8Array} bytes
 */
export function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ c >>> 1 : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ c >>> 8;
  return (c ^ 0xffffffff) >>> 0;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** @param {Uint8Array} bytes */
export function toBase64url(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = bytes[i] << 16 | (bytes[i + 1] ?? 0) << 8 | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil((bytes.length - i) * 4 / 3));
    for (let k = 0; k < chars; k += 1) out += B64[n >> 18 - 6 * k & 63];
  }
  return out;
}

/**
 * The bytes of base64url text (also accepts + and /, and = padding), or null when a
 * character is not base64. A dangling character (a text cut short) is dropped.
 * @param {string} text
 */
export function fromBase64url(text) {
  const clean = text.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  /** @type {number[]} */
  const out = [];
  let acc = 0;
  let bits = 0;
  for (const ch of clean) {
    const v = B64.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 6 | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push(acc >> bits & 0xff);
    }
  }
  return Uint8Array.from(out);
}

// ------------------------------------------------------------------ addresses

/** @param {string} hex */
function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * The form (ADDR_IPV4, ADDR_IPV6, ADDR_MDNS) and bytes of a candidate's address, or null.
 * @param {string} address
 * @returns {{form: number, raw: Uint8Array} | null}
 */
function addressOf(address) {
  const ipv4 = parseIPv4(address);
  if (ipv4) return { form: ADDR_IPV4, raw: ipv4 };
  const ipv6 = parseIPv6(address);
  if (ipv6) return { form: ADDR_IPV6, raw: ipv6 };
  const mdns = UUID.exec(address.toLowerCase());
  return mdns ? { form: ADDR_MDNS, raw: hexBytes(mdns.slice(1).join("")) } : null;
}

/**
 * Whether an address (its form and bytes) is loopback, private, link-local or mDNS.
 * @param {number} form
 * @param {Uint8Array} raw
 */
function isLocal(form, raw) {
  const [a, b] = raw;
  if (form === ADDR_MDNS) return true;
  if (form === ADDR_IPV4) return a === 127 || a === 10 || (a === 172 && b >> 4 === 1) || (a === 192 && b === 168) || (a === 169 && b === 254);
  const loopback = raw.every((x, i) => x === (i === 15 ? 1 : 0));
  return loopback || (a & 0xfe) === 0xfc || (a === 0xfe && (b & 0xc0) === 0x80);
}

/** @param {string} s */
function parseIPv4(s) {
  const parts = s.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255)) return null;
  return Uint8Array.from(parts.map(Number));
}

/**
 * 16 bytes of an IPv6 address in hex groups (with at most one "::"), or null.
 * @param {string} s
 */
function parseIPv6(s) {
  const halves = s.split("::");
  if (halves.length > 2) return null;
  /** @param {string} h */
  const groups = (h) => (h === "" ? [] : h.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const known = head.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const all = [...head, ...Array(8 - known).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return null;
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    const n = parseInt(g, 16);
    out[2 * i] = n >> 8;
    out[2 * i + 1] = n & 0xff;
  });
  return out;
}

/**
 * RFC 5952 text of 16 bytes (lower case, the longest run of two or more zero groups as "::").
 * @param {Uint8Array} raw
 */
export function formatIPv6(raw) {
  const g = [];
  for (let i = 0; i < 16; i += 2) g.push(raw[i] << 8 | raw[i + 1]);
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (g[i] !== 0) { i += 1; continue; }
    let j = i;
    while (j < 8 && g[j] === 0) j += 1;
    if (j - i > bestLen) { best = i; bestLen = j - i; }
    i = j;
  }
  const hex = g.map((n) => n.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}

/** @param {Uint8Array} raw */
function formatUuid(raw) {
  const h = [...raw].map((b) => HEX[b >> 4] + HEX[b & 15]).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
}
