// Invitation and reply codes (web/js/net/link/codec.js) and the SDP they stand for
// (web/js/net/link/sdp.js): playing with friends, issue 22.
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CodeError, FUTURE_SKEW_S, INVITE_LIFETIME_S, REPLY_LIFETIME_S, crc32, decodeInvite, decodeReply, encodeInvite,
  encodeReply, formatIPv6, fromBase64url, iceForCode, isExpired, isLocalAddress, toBase64url,
} from "../../web/js/net/link/codec.js";
import { iceOf, parseCandidate, sdpFrom } from "../../web/js/net/link/sdp.js";

const FP = "7A:0B:93:C4:11:00:FF:E2:5D:36:8F:01:AB:CD:EF:12:34:56:78:9A:BC:DE:F0:0F:1E:2D:3C:4B:5A:69:78:87";
const NOW = 1_700_000_000; // November 2023
const TABLE = "0123456789abcdef";

/** @param {import("../../web/js/net/link/codec.js").Candidate[]} candidates */
function ice(candidates, role = "actpass") {
  return { ufrag: "Xy3/", pwd: "abcdefghijklmnop+/123456", fingerprint: FP, role, candidates };
}

const V4 = { address: "127.0.0.1", port: 50123, protocol: "udp", type: "host" };
const V6 = { address: "2001:db8::8a2e:370:7334", port: 9, protocol: "tcp", type: "host", tcpType: "active" };
const MDNS = { address: "0f8e1c2a-4b3d-4e5f-9a8b-7c6d5e4f3a2b.local", port: 61000, protocol: "udp", type: "host" };
const SRFLX = { address: "203.0.113.7", port: 40000, protocol: "udp", type: "srflx" };

function invite(over = {}) {
  return { kind: "invite", table: TABLE, seat: 2, created: NOW, host: "Mary", stun: false, ice: ice([V4]), ...over };
}

function reply(over = {}) {
  return { kind: "reply", table: TABLE, seat: 2, created: NOW, ice: ice([V4], "active"), ...over };
}

/**
 * The code of some bytes whose last 4 are a checksum, that checksum made right again: a forged
 * code, which only the checks on values can catch.
 * @param {ArrayLike<number>} raw
 */
function resealed(raw) {
  const bytes = Uint8Array.from(raw);
  const sum = crc32(bytes.subarray(0, bytes.length - 4));
  bytes.set([sum >>> 24, sum >>> 16 & 255, sum >>> 8 & 255, sum & 255], bytes.length - 4);
  return toBase64url(bytes);
}

/** @param {() => unknown} fn @param {string} code */
function throwsCode(fn, code) {
  assert.throws(fn, (err) => {
    assert.ok(err instanceof CodeError, `not a CodeError: ${err}`);
    assert.equal(err.code, code, err.message);
    assert.match(err.message, /\w+ .*\./); // a sentence for people
    return true;
  });
}

test("an invitation round-trips: IPv4, IPv6, mDNS and srflx candidates, TCP, a UTF-8 host name", () => {
  for (const candidates of [[V4], [V6], [MDNS], [SRFLX], [V4, V6, MDNS, SRFLX], []]) {
    const original = invite({ host: "Მარიამ ✓", stun: true, ice: ice(candidates) });
    const code = encodeInvite(original);
    assert.match(code, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeInvite(code, { now: NOW }), original);
  }
  const rejoin = invite({ kind: "rejoin", seat: 0, host: "" });
  assert.deepEqual(decodeInvite(encodeInvite(rejoin), { now: NOW }), rejoin);
  // an onlooker's invitation (issue 44, item 7): its seat byte numbers the onlooker
  const watch = invite({ kind: "watch", seat: 100 });
  assert.deepEqual(decodeInvite(encodeInvite(watch), { now: NOW }), watch);
});

test("a reply round-trips and is compact", () => {
  const original = reply({ ice: ice([V4, MDNS], "active") });
  const code = encodeReply(original);
  assert.deepEqual(decodeReply(code, { now: NOW }), original);
  // one loopback candidate: header 15 + ICE 4+1 + 24+1 + 32 + 1 + 1 + 7 + CRC 4 = 90 bytes
  assert.equal(encodeReply(reply()).length, Math.ceil(90 * 4 / 3));
});

test("a host name is at most 24 UTF-8 bytes", () => {
  assert.throws(() => encodeInvite(invite({ host: "é".repeat(13) })), RangeError);
  assert.doesNotThrow(() => encodeInvite(invite({ host: "é".repeat(12) })));
});

test("a whole link, a code with white space and line breaks, a code cut into lines", () => {
  const original = invite();
  const code = encodeInvite(original);
  assert.deepEqual(decodeInvite(`  https://example.github.io/speculation/#join=${code}\n`, { now: NOW }), original);
  assert.deepEqual(decodeInvite(`\t${code.slice(0, 40)}\n${code.slice(40)}  `, { now: NOW }), original);
  assert.deepEqual(decodeInvite(`#join=${code}`, { now: NOW }), original);
});

test("a reply is not an invitation and an invitation is not a reply", () => {
  throwsCode(() => decodeInvite(encodeReply(reply()), { now: NOW }), "wrong_kind");
  throwsCode(() => decodeReply(encodeInvite(invite()), { now: NOW }), "wrong_kind");
});

test("another version is named as such", () => {
  const bytes = fromBase64url(encodeInvite(invite()));
  bytes[0] = 2;
  throwsCode(() => decodeInvite(toBase64url(bytes), { now: NOW }), "wrong_version");
  throwsCode(() => decodeReply(toBase64url(Uint8Array.of(0, 3)), { now: NOW }), "wrong_version");
});

test("a code cut short at every length is truncated", () => {
  const cases = [[encodeInvite(invite({ stun: true, ice: ice([V4, V6, MDNS]) })), decodeInvite], [encodeReply(reply()), decodeReply]];
  for (const [code, decode] of cases) {
    for (let n = 1; n < code.length; n += 1) throwsCode(() => decode(code.slice(0, n), { now: NOW }), "truncated");
  }
  throwsCode(() => decodeInvite("", { now: NOW }), "bad_code");
  throwsCode(() => decodeInvite("https://example.org/#join=", { now: NOW }), "bad_code");
});

test("a changed character is caught: by the checksum inside the ICE part, by some code everywhere", () => {
  const code = encodeInvite(invite({ ice: ice([V4, MDNS]) }));
  const codes = new Set();
  for (let i = 0; i < code.length; i += 1) {
    for (const ch of ["A", "z", "-"]) {
      if (code[i] === ch) continue;
      const garbled = code.slice(0, i) + ch + code.slice(i + 1);
      assert.throws(() => decodeInvite(garbled, { now: NOW }), (err) => {
        assert.ok(err instanceof CodeError, String(err));
        codes.add(err.code);
        // pwd (bytes 27–50) and fingerprint (51–82): characters 37–108 hold nothing else
        if (i >= 37 && i < 109) assert.equal(err.code, "checksum", `character ${i}`);
        return true;
      });
    }
  }
  assert.ok(codes.has("checksum"));
  // not base64 at all
  throwsCode(() => decodeInvite(`${code.slice(0, 10)}*${code.slice(11)}`, { now: NOW }), "bad_code");
  // one byte too many after a whole code
  throwsCode(() => decodeInvite(`${code}AA`, { now: NOW }), "checksum");
});

test("a code whose checksum is right but whose ICE text could inject SDP lines is refused", () => {
  const bytes = fromBase64url(encodeReply(reply()));
  const ufragAt = 15 + 1; // after the header and the ufrag's length
  bytes[ufragAt] = 0x0a; // "\n"
  throwsCode(() => decodeReply(resealed(bytes), { now: NOW }), "bad_code");
});

test("expiry: an invitation lasts 600 s and a reply 180 s (as long as a channel still opens with it: benchmarks/reply_age.py)", () => {
  assert.equal(INVITE_LIFETIME_S, 600);
  assert.equal(REPLY_LIFETIME_S, 180);
  assert.equal(isExpired(NOW, NOW + 600, 600), false);
  assert.equal(isExpired(NOW, NOW + 601, 600), true);
  const inv = encodeInvite(invite());
  assert.equal(decodeInvite(inv, { now: NOW + 600 }).created, NOW);
  throwsCode(() => decodeInvite(inv, { now: NOW + 601 }), "expired");
  const rep = encodeReply(reply());
  assert.equal(decodeReply(rep, { now: NOW + 180 }).seat, 2);
  throwsCode(() => decodeReply(rep, { now: NOW + 181 }), "expired");
  assert.equal(decodeReply(rep, { now: null }).seat, 2); // the check skipped
  throwsCode(() => decodeReply(rep), "expired"); // by the clock: 2023 is long past
});

test("a code dated over 60 s after the reader's clock is refused as from the future", () => {
  assert.equal(FUTURE_SKEW_S, 60);
  const inv = encodeInvite(invite());
  assert.equal(decodeInvite(inv, { now: NOW - 60 }).created, NOW); // a small skew is normal
  throwsCode(() => decodeInvite(inv, { now: NOW - 61 }), "future");
  throwsCode(() => decodeInvite(encodeInvite(invite({ created: 0xffffffff })), { now: NOW }), "future");
  const rep = encodeReply(reply());
  assert.equal(decodeReply(rep, { now: NOW - 60 }).created, NOW);
  throwsCode(() => decodeReply(rep, { now: NOW - 61 }), "future");
  assert.throws(() => decodeReply(rep, { now: NOW - 61 }), /future.*clocks/);
  assert.equal(decodeInvite(inv, { now: null }).created, NOW); // the checks skipped
  assert.equal(decodeReply(rep, { now: null }).created, NOW);
  // isExpired (the host's own check of its invitation): a date ahead of the clock is unusable too
  assert.equal(isExpired(NOW + 60, NOW, 600), false);
  assert.equal(isExpired(NOW + 61, NOW, 600), true);
});

const LOCAL = ["127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.20",
  "169.254.7.7", "::1", "fd12:3456::9", "fc00::1", "fe80::1", "febf::1", MDNS.address];
const INTERNET = ["203.0.113.7", "8.8.8.8", "11.0.0.1", "172.15.0.1", "172.32.0.1", "192.169.0.1", "169.255.0.1",
  "100.64.0.1", "0.0.0.0", "2001:db8::1", "fec0::1", "fe00::1", "::", "::2", "::ffff:7f00:1"];

/** An invitation naming `c`, forged to say "Connect over the internet" is off. @param {object} c */
function forgedOffline(c) {
  const bytes = fromBase64url(encodeInvite(invite({ stun: true, ice: ice([V4, c]) })));
  bytes[15] = 0;
  return resealed(bytes);
}

test("without \"Connect over the internet\" an invitation names only local addresses", () => {
  for (const address of LOCAL) {
    assert.equal(isLocalAddress(address), true, address);
    const original = invite({ ice: ice([{ ...V4, address }]) });
    assert.equal(decodeInvite(encodeInvite(original), { now: NOW }).ice.candidates.length, 1, address);
  }
  for (const address of [...INTERNET, "example.org", "1.2.3"]) assert.equal(isLocalAddress(address), false, address);
  for (const address of INTERNET) {
    const c = { ...V4, address };
    assert.throws(() => encodeInvite(invite({ ice: ice([V4, c]) })), TypeError, address);
    throwsCode(() => decodeInvite(forgedOffline(c), { now: NOW }), "bad_candidate");
    const stun = invite({ stun: true, ice: ice([V4, c]) }); // with the flag: as before
    assert.equal(decodeInvite(encodeInvite(stun), { now: NOW }).ice.candidates[1].address, address);
  }
  assert.throws(() => decodeInvite(forgedOffline({ ...V4, address: "8.8.8.8" }), { now: NOW }),
    /internet address though "Connect over the internet" is off/);
  // a server-reflexive candidate comes only from a STUN server, even at a private address
  const srflx = { ...SRFLX, address: "192.168.1.20" };
  assert.throws(() => encodeInvite(invite({ ice: ice([srflx]) })), TypeError);
  throwsCode(() => decodeInvite(forgedOffline(srflx), { now: NOW }), "bad_candidate");
  throwsCode(() => decodeInvite(forgedOffline(SRFLX), { now: null }), "bad_candidate");
  // a rejoin is checked the same way
  const rejoin = fromBase64url(encodeInvite(invite({ kind: "rejoin", stun: true, ice: ice([V6]) })));
  rejoin[15] = 0;
  throwsCode(() => decodeInvite(resealed(rejoin), { now: NOW }), "bad_candidate");
});

test("a reply's candidates are checked against the invitation's flag when the host passes it", () => {
  const internet = reply({ ice: ice([V4, V6, SRFLX], "active") });
  const code = encodeReply(internet);
  assert.deepEqual(decodeReply(code, { now: NOW }), internet); // default: no address check
  assert.deepEqual(decodeReply(code, { now: NOW, internet: true }), internet);
  throwsCode(() => decodeReply(code, { now: NOW, internet: false }), "bad_candidate");
  const local = reply({ ice: ice([V4, MDNS, { ...V6, address: "fe80::1" }], "active") });
  assert.deepEqual(decodeReply(encodeReply(local, { internet: false }), { now: NOW, internet: false }), local);
  assert.throws(() => encodeReply(internet, { internet: false }), TypeError);
});

test("port 0 is written by no encoder and read by no decoder; iceForCode keeps what a code may carry", () => {
  assert.throws(() => encodeInvite(invite({ ice: ice([{ ...V4, port: 0 }]) })), RangeError);
  assert.throws(() => encodeReply(reply({ ice: ice([{ ...V4, port: 0 }]) })), RangeError);
  const bytes = fromBase64url(encodeReply(reply({ ice: ice([{ ...V4, port: 1 }]) })));
  bytes[bytes.length - 5] = 0; // the last candidate's port, just before the checksum
  throwsCode(() => decodeReply(resealed(bytes), { now: NOW }), "bad_code");
  const gathered = ice([V4, { ...V4, port: 0 }, V6, SRFLX, MDNS, { ...SRFLX, address: "10.0.0.2" }]);
  assert.deepEqual(iceForCode(gathered, false), ice([V4, MDNS]));
  assert.deepEqual(iceForCode(gathered, true), ice([V4, V6, SRFLX, MDNS, { ...SRFLX, address: "10.0.0.2" }]));
  assert.doesNotThrow(() => encodeInvite(invite({ ice: iceForCode(gathered, false) })));
});

/** An invitation whose host name is these UTF-8 bytes (as a forger would write it). @param {string} name */
function withName(name) {
  const bytes = fromBase64url(encodeInvite(invite({ host: "" })));
  const utf8 = new TextEncoder().encode(name);
  return resealed([...bytes.subarray(0, 16), utf8.length, ...utf8, ...bytes.subarray(17)]);
}

test("the host's name follows the engine's name rule (names.js), in both directions", () => {
  assert.equal(decodeInvite(withName("Mary"), { now: NOW }).host, "Mary"); // the forging is sound
  assert.equal(decodeInvite(withName(""), { now: NOW }).host, ""); // no name: allowed, as before
  for (const name of ["\u200b\u200b", "Ann\u0007", "a\nb", " ", "\u202e"]) {
    assert.throws(() => encodeInvite(invite({ host: name })), TypeError, JSON.stringify(name));
    throwsCode(() => decodeInvite(withName(name), { now: NOW }), "bad_name");
  }
  assert.throws(() => decodeInvite(withName("\u200b"), { now: NOW }), /host's name in this invitation has no visible/);
  // bidi controls are removed and outer spaces trimmed: what is written and what is read
  assert.equal(decodeInvite(withName("\u202eMary\u202c"), { now: NOW }).host, "Mary");
  assert.equal(encodeInvite(invite({ host: " \u2066Mary\u2069 " })), encodeInvite(invite()));
  // the 24-byte limit applies to the name as written
  assert.doesNotThrow(() => encodeInvite(invite({ host: `\u202e${"é".repeat(12)}` })));
});

test("IPv6 text is canonical (RFC 5952)", () => {
  assert.equal(formatIPv6(Uint8Array.from([0x20, 1, 0xd, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])), "2001:db8::1");
  assert.equal(formatIPv6(new Uint8Array(16)), "::");
  const c = { ...V6, address: "fe80:0:0:0:0:0:0:1" };
  assert.equal(decodeInvite(encodeInvite(invite({ ice: ice([c]) })), { now: NOW }).ice.candidates[0].address, "fe80::1");
});

// A real local description of Chromium 156 (headless, in a loopback-only network namespace, no
// ICE servers, one negotiated data channel), once gathering had completed: the offer and the
// answer to it.
const CHROMIUM_OFFER = [
  "v=0",
  "o=- 908259370547199492 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "a=extmap-allow-mixed",
  "a=msid-semantic: WMS",
  "m=application 60917 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 127.0.0.1",
  "a=candidate:2283980184 1 udp 2122260223 127.0.0.1 60917 typ host generation 0 network-id 1 network-cost 50",
  "a=candidate:1988628748 1 tcp 1518280447 127.0.0.1 9 typ host tcptype active generation 0 network-id 1 network-cost 50",
  "a=ice-ufrag:qvJ1",
  "a=ice-pwd:sK4RL42vGRSXSY/RPzQBLww6",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 35:92:24:B9:33:E2:19:37:AD:0E:74:B4:0E:95:07:74:20:67:05:A9:6A:73:72:1F:FE:C8:33:59:E9:09:78:40",
  "a=setup:actpass",
  "a=mid:0",
  "a=sctp-port:5000",
  "a=max-message-size:262144",
].join("\r\n") + "\r\n";
const CHROMIUM_ANSWER = [
  "v=0",
  "o=- 8947657798750620684 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "a=extmap-allow-mixed",
  "a=msid-semantic: WMS",
  "m=application 39661 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 127.0.0.1",
  "a=candidate:563436342 1 udp 2122260223 127.0.0.1 39661 typ host generation 0 network-id 1 network-cost 50",
  "a=ice-ufrag:GYiE",
  "a=ice-pwd:aW92a/4K3t7EH7WsQSAIkG/T",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 77:4A:79:E6:A4:BE:0E:14:88:E8:C1:8A:E9:52:36:43:F8:1A:23:AD:2E:F8:89:55:C0:77:7C:FC:5B:D5:A4:52",
  "a=setup:active",
  "a=mid:0",
  "a=sctp-port:5000",
  "a=max-message-size:262144",
].join("\r\n") + "\r\n";

test("sdp: iceOf reads Chromium's offer and answer", () => {
  assert.deepEqual(iceOf(CHROMIUM_OFFER), {
    ufrag: "qvJ1",
    pwd: "sK4RL42vGRSXSY/RPzQBLww6",
    fingerprint: "35:92:24:B9:33:E2:19:37:AD:0E:74:B4:0E:95:07:74:20:67:05:A9:6A:73:72:1F:FE:C8:33:59:E9:09:78:40",
    role: "actpass",
    candidates: [
      { address: "127.0.0.1", port: 60917, protocol: "udp", type: "host" },
      { address: "127.0.0.1", port: 9, protocol: "tcp", type: "host", tcpType: "active" },
    ],
  });
  const answer = iceOf(CHROMIUM_ANSWER);
  assert.equal(answer.role, "active");
  assert.deepEqual(answer.candidates, [{ address: "127.0.0.1", port: 39661, protocol: "udp", type: "host" }]);
});

test("sdp: iceOf -> sdpFrom -> iceOf gives the same part, for an offer and an answer", () => {
  for (const [sdp, type] of [[CHROMIUM_OFFER, "offer"], [CHROMIUM_ANSWER, "answer"]]) {
    const part = iceOf(sdp);
    const rebuilt = sdpFrom(part, type);
    assert.match(rebuilt, /^v=0\r\n[^]*m=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r\n[^]*\r\n$/);
    assert.equal(rebuilt.replace(/\r\n/g, "").includes("\n"), false); // CRLF line ends only
    assert.deepEqual(iceOf(rebuilt), part);
  }
  // and through the codes, as the two people carry them
  const part = iceOf(CHROMIUM_OFFER);
  const code = encodeInvite(invite({ ice: part }));
  assert.deepEqual(decodeInvite(code, { now: NOW }).ice, part);
  assert.deepEqual(iceOf(sdpFrom(decodeInvite(code, { now: NOW }).ice, "offer")), part);
  const answerCode = encodeReply(reply({ ice: iceOf(CHROMIUM_ANSWER) }));
  assert.deepEqual(decodeReply(answerCode, { now: NOW }).ice, iceOf(CHROMIUM_ANSWER));
  // the sizes people copy: 103 bytes for the invitation (two candidates), 90 for the reply
  assert.equal(code.length, Math.ceil(103 * 4 / 3));
  assert.equal(answerCode.length, 120);
});

test("sdp: priorities put host before srflx and UDP before TCP; other candidates are left out", () => {
  const part = { ...iceOf(CHROMIUM_ANSWER), candidates: [SRFLX, V6, MDNS, V4] };
  const lines = sdpFrom(part, "answer").split("\r\n").filter((l) => l.startsWith("a=candidate:"));
  const priority = (l) => Number(l.split(" ")[3]);
  assert.ok(priority(lines[2]) > priority(lines[3])); // earlier over later
  assert.ok(priority(lines[2]) > priority(lines[1])); // UDP host over TCP host
  assert.ok(priority(lines[1]) > priority(lines[0])); // TCP host over UDP srflx
  assert.match(lines[0], / typ srflx raddr 0\.0\.0\.0 rport 0 generation 0$/);
  assert.match(lines[1], / tcptype active generation 0$/);
  assert.deepEqual(iceOf(sdpFrom(part, "answer")).candidates, [SRFLX, V6, MDNS, V4]);
  for (const text of [
    "1 2 udp 1 127.0.0.1 5000 typ host", // component 2
    "1 1 udp 1 198.51.100.1 5000 typ relay raddr 0.0.0.0 rport 0", // relay
    "1 1 udp 1 198.51.100.1 5000 typ prflx",
    "1 1 sctp 1 127.0.0.1 5000 typ host",
    "1 1 udp 1 example.org 5000 typ host", // a name that is no mDNS UUID
    "1 1 udp 1 127.0.0.1 70000 typ host",
    "1 1 udp 1",
  ]) assert.equal(parseCandidate(text), null, text);
});

test("sdp: an SDP without credentials, fingerprint or role is refused", () => {
  assert.throws(() => iceOf(CHROMIUM_OFFER.replace(/a=ice-pwd:.*\r\n/, "")), { code: "bad_sdp" });
  assert.throws(() => iceOf(CHROMIUM_OFFER.replace("sha-256", "sha-1")), { code: "bad_sdp" });
  assert.throws(() => iceOf(CHROMIUM_OFFER.replace("a=setup:actpass", "a=setup:holdconn")), { code: "bad_sdp" });
});
