/**
 * The part of an SDP that a data channel needs, and a full SDP rebuilt from it.
 *
 *     import { iceOf, sdpFrom } from "./sdp.js";
 *     const ice = iceOf(pc.localDescription.sdp);   // after ICE gathering has completed
 *     await other.setRemoteDescription({type: "offer", sdp: sdpFrom(ice, "offer")});
 *
 * Everything else in Chromium's SDP for one data channel is the same every time, so sdpFrom
 * writes it from a fixed template (one bundled `application` section, SCTP over DTLS). iceOf
 * keeps only what the codes can carry: component-1 candidates over UDP or TCP, host or srflx,
 * at an IPv4, IPv6 or `<uuid>.local` address (a relay or peer-reflexive candidate, or another
 * address form, is left out). Pure: no DOM.
 *
 * @module
 */

/** @typedef {import("./codec.js").IcePart} IcePart */
/** @typedef {import("./codec.js").Candidate} Candidate */

/** An SDP without what a data channel needs. */
export class SdpError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "SdpError";
    this.code = "bad_sdp";
  }
}

const ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9A-Fa-f:]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local)$/;

/**
 * The ICE part of an SDP (a local description once gathering is complete).
 * @param {string} sdp
 * @returns {IcePart}
 */
export function iceOf(sdp) {
  const lines = sdp.split(/\r?\n/);
  /** @param {string} name */
  const attr = (name) => {
    const line = lines.find((l) => l.startsWith(`a=${name}:`));
    return line === undefined ? null : line.slice(name.length + 3).trim();
  };
  const ufrag = attr("ice-ufrag");
  const pwd = attr("ice-pwd");
  const fp = attr("fingerprint");
  const setup = attr("setup");
  if (!ufrag || !pwd) throw new SdpError("the SDP has no ICE credentials");
  const [algorithm, fingerprint] = (fp ?? "").split(/\s+/);
  if (algorithm?.toLowerCase() !== "sha-256" || !/^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/.test(fingerprint ?? "")) {
    throw new SdpError("the SDP has no SHA-256 DTLS fingerprint");
  }
  if (setup !== "actpass" && setup !== "active" && setup !== "passive") throw new SdpError("the SDP has no DTLS role");
  /** @type {Candidate[]} */
  const candidates = [];
  for (const line of lines) {
    if (!line.startsWith("a=candidate:")) continue;
    const c = parseCandidate(line.slice("a=candidate:".length));
    if (c && !candidates.some((d) => sameCandidate(c, d))) candidates.push(c);
  }
  return { ufrag, pwd, fingerprint: fingerprint.toUpperCase(), role: setup, candidates };
}

/**
 * @param {Candidate} a
 * @param {Candidate} b
 */
function sameCandidate(a, b) {
  return a.address === b.address && a.port === b.port && a.protocol === b.protocol && a.type === b.type;
}

/**
 * One `candidate:` attribute, or null when the codes cannot carry it.
 * @param {string} text
 * @returns {Candidate | null}
 */
export function parseCandidate(text) {
  const f = text.trim().split(/\s+/);
  if (f.length < 8 || f[1] !== "1" || f[6] !== "typ") return null;
  const protocol = f[2].toLowerCase();
  const type = f[7];
  const port = Number(f[5]);
  if ((protocol !== "udp" && protocol !== "tcp") || (type !== "host" && type !== "srflx")) return null;
  if (!ADDRESS.test(f[4]) || !Number.isInteger(port) || port < 0 || port > 65535) return null;
  /** @type {Candidate} */
  const c = { address: f[4].toLowerCase(), port, protocol, type };
  if (protocol === "tcp") {
    const at = f.indexOf("tcptype");
    const tcpType = at > 0 ? f[at + 1] : "passive";
    if (tcpType !== "active" && tcpType !== "passive" && tcpType !== "so") return null;
    c.tcpType = tcpType;
  }
  return c;
}

/**
 * The `candidate:` attribute text (without "a=") of candidate number `index`: the priority
 * follows RFC 8445 5.1.2.1 (host above srflx, UDP above TCP, earlier above later).
 * @param {Candidate} c
 * @param {number} index
 */
export function candidateLine(c, index) {
  const typePref = c.type === "host" ? 126 : 100;
  const localPref = (c.protocol === "udp" ? 60000 : 30000) - index;
  const priority = typePref * 2 ** 24 + localPref * 2 ** 8 + 255;
  let line = `candidate:${index + 1} 1 ${c.protocol} ${priority} ${c.address} ${c.port} typ ${c.type}`;
  if (c.type === "srflx") line += " raddr 0.0.0.0 rport 0";
  if (c.protocol === "tcp") line += ` tcptype ${c.tcpType ?? "passive"}`;
  return `${line} generation 0`;
}

/**
 * A whole SDP for one data channel from an ICE part: an offer, or the answer to one.
 * @param {IcePart} ice
 * @param {"offer" | "answer"} type
 * @returns {string}
 */
export function sdpFrom(ice, type) {
  const role = type === "offer" ? "actpass" : ice.role === "actpass" ? "active" : ice.role;
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...ice.candidates.map((c, i) => `a=${candidateLine(c, i)}`),
    "a=end-of-candidates",
    `a=ice-ufrag:${ice.ufrag}`,
    `a=ice-pwd:${ice.pwd}`,
    `a=fingerprint:sha-256 ${ice.fingerprint}`,
    `a=setup:${role}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
