// The QR codes of the invitation and the reply (web/js/net/link/qr.js, issue 22): the SVG it draws
// reads back, through the package's own decoder, as the very text; it has its quiet zone, a
// title and role "img". Reading one with the camera (issue 44): the browser's BarcodeDetector
// where it knows QR codes, else the package's decoder on each frame; readQrImage, the decoder's
// path, reads real invitation and reply links from noisy camera-sized frames and gives null on
// a frame without a code; scanQrWithCamera always closes the camera.
//
//   node --test tests/js/
//
// qr.js imports the encoder from ../../../vendor/qr/index.js and the decoder from
// ../../../vendor/qr/decode.js, where build.py puts them in the site. The test lays out the same
// files in a temporary folder (the module as web/ has it, the package's files as node_modules has
// them) and imports the module from there.

import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import decodeQR from "qr/decode.js";

import { encodeInvite, encodeReply } from "../../web/js/net/link/codec.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SITE = mkdtempSync(join(tmpdir(), "spec-qr-"));
after(() => rmSync(SITE, { recursive: true, force: true }));
mkdirSync(join(SITE, "js", "net", "link"), { recursive: true });
mkdirSync(join(SITE, "vendor", "qr"), { recursive: true });
writeFileSync(join(SITE, "package.json"), '{"type": "module"}\n');
copyFileSync(join(ROOT, "web", "js", "net", "link", "qr.js"), join(SITE, "js", "net", "link", "qr.js"));
for (const name of ["index.js", "decode.js"]) {
  copyFileSync(join(ROOT, "node_modules", "qr", name), join(SITE, "vendor", "qr", name));
}
const {
  CAMERA, MAX_FRAME_SIDE, MODULE_PX, QUIET_ZONE, QrError, canScanQr, qrImage, qrMatrix, qrSvg, readQrImage, scanQr,
  scanQrWithCamera,
} = await import(pathToFileURL(join(SITE, "js", "net", "link", "qr.js")).href);

// An invitation link of the usual length: the site's address and 110 base64url characters.
const CODE = Buffer.from(Array.from({ length: 83 }, (_, i) => (i * 37 + 11) % 256)).toString("base64url").slice(0, 110);
const INVITE = "https://example.github.io/speculation/#join=" + CODE;

/** The modules that an SVG of qrSvg paints dark: its path's rectangles, one module high each. */
function modulesOf(svg) {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)[1]);
  assert.match(svg, new RegExp(`<rect width="${size}" height="${size}" fill="#fff"/>`), "a white ground");
  const d = /<path fill="#000" d="([^"]*)"\/>/.exec(svg)[1];
  const rows = Array.from({ length: size }, () => new Array(size).fill(false));
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  assert.equal(runs.map((m) => m[0]).join(""), d, "the path is nothing but runs");
  for (const [, x, y, w, back] of runs) {
    assert.equal(w, back);
    for (let i = 0; i < Number(w); i++) rows[Number(y)][Number(x) + i] = true;
  }
  return rows;
}

/** RGBA pixels of a module matrix, `scale` pixels a module, dark on white. */
function pixels(rows, scale) {
  const width = rows.length * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      if (rows[Math.floor(y / scale)][Math.floor(x / scale)]) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return { width, height: width, data };
}

test("the SVG of an invitation link reads back as the link through the package's decoder", () => {
  assert.equal(INVITE.length, 154);
  const svg = qrSvg(INVITE, "QR code of the invite link");
  const rows = modulesOf(svg);
  assert.deepEqual(rows, qrMatrix(INVITE), "the picture draws exactly the encoder's modules");
  assert.equal(decodeQR(pixels(rows, 4)), INVITE);
  // the reply code, bare, reads back too
  assert.equal(decodeQR(pixels(modulesOf(qrSvg(CODE)), 3)), CODE);
});

test("a quiet zone of four light modules on every side, the symbol inside it", () => {
  const rows = modulesOf(qrSvg(INVITE));
  const size = rows.length;
  assert.equal(QUIET_ZONE, 4);
  const light = (x, y) => !rows[y][x];
  for (let i = 0; i < size; i++) {
    for (let q = 0; q < QUIET_ZONE; q++) {
      assert.ok(light(i, q) && light(i, size - 1 - q) && light(q, i) && light(size - 1 - q, i), `module ${i}, ${q}`);
    }
  }
  // the finder pattern's corners sit just inside the quiet zone (top left, top right, bottom left)
  const inner = size - 1 - QUIET_ZONE;
  for (const [x, y] of [[QUIET_ZONE, QUIET_ZONE], [inner, QUIET_ZONE], [QUIET_ZONE, inner]]) assert.ok(!light(x, y), `${x}, ${y}`);
  // and the symbol is a QR version's size: 17 + 4 * version modules
  assert.equal((size - 2 * QUIET_ZONE - 17) % 4, 0);
});

test("the SVG names itself: a <title>, aria-label and role img, escaped", () => {
  const svg = qrSvg(INVITE, "QR code of the invite link");
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
  assert.match(svg, /role="img" aria-label="QR code of the invite link"><title>QR code of the invite link<\/title>/);
  assert.match(qrSvg("x"), /<title>QR code<\/title>/, "a default title");
  const odd = qrSvg("x", 'Ann & "Bo" <3');
  assert.match(odd, /<title>Ann &amp; &quot;Bo&quot; &lt;3<\/title>/);
  assert.ok(!odd.includes("<3"));
  const size = qrMatrix(INVITE).length;
  assert.match(svg, new RegExp(`width="${size * MODULE_PX}" height="${size * MODULE_PX}"`));
});

test("a text too long for any QR code is a QrError too_long with a sentence", () => {
  assert.throws(() => qrSvg("x".repeat(3000)), (err) => err instanceof QrError && err.code === "too_long"
    && /too long/.test(err.message));
});

test("qrImage: an <img> of the SVG as a data: URL, with the alt text and its size", () => {
  const made = [];
  globalThis.document = { createElement: (tag) => { const el = { tag }; made.push(el); return el; } };
  try {
    const img = qrImage(INVITE, "QR code of the invite link");
    assert.equal(img.tag, "img");
    assert.equal(img.alt, "QR code of the invite link");
    const size = qrMatrix(INVITE).length * MODULE_PX;
    assert.equal(img.width, size);
    assert.equal(img.height, size);
    const prefix = "data:image/svg+xml;charset=utf-8,";
    assert.ok(img.src.startsWith(prefix));
    assert.equal(decodeURIComponent(img.src.slice(prefix.length)), qrSvg(INVITE, "QR code of the invite link"));
  } finally {
    delete globalThis.document;
  }
});

// ------------------------------------------------------------------ reading, with the camera

const FP = "7A:0B:93:C4:11:00:FF:E2:5D:36:8F:01:AB:CD:EF:12:34:56:78:9A:BC:DE:F0:0F:1E:2D:3C:4B:5A:69:78:87";
/** What a phone's browser offers over the internet: an mDNS host candidate and a public address. */
const ICE = {
  ufrag: "Xy3/", pwd: "abcdefghijklmnop+/123456", fingerprint: FP, role: "actpass", candidates: [
    { address: "0f8e1c2a-4b3d-4e5f-9a8b-7c6d5e4f3a2b.local", port: 61000, protocol: "udp", type: "host" },
    { address: "203.0.113.7", port: 40000, protocol: "udp", type: "srflx" },
  ],
};
const SITE_URL = "https://example.github.io/speculation/";
const INVITE_LINK = SITE_URL + "#join=" + encodeInvite({
  kind: "invite", table: "0123456789abcdef", seat: 2, created: 1_700_000_000, host: "Mary", stun: true, ice: ICE,
});
const REPLY_LINK = SITE_URL + "#reply=" + encodeReply({
  kind: "reply", table: "0123456789abcdef", seat: 2, created: 1_700_000_000, ice: { ...ICE, role: "active" },
});

/** Numbers in [0, 1) from a seed, the same every run. */
function randoms(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A camera's view of a QR code on a screen: the matrix (quiet zone included) drawn `scale`
 * pixels a module at (left, top) on a grey desk that darkens to the right, grey rather than
 * black and white, every channel of every pixel off by up to ±noise/2.
 */
function cameraFrame(rows, { width = 640, height = 480, scale = 4, left = 70, top = 50, noise = 50, seed = 7 } = {}) {
  const rand = randoms(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  const size = rows.length * scale;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const mx = Math.floor((x - left) / scale);
      const my = Math.floor((y - top) / scale);
      const inside = x >= left && y >= top && x < left + size && y < top + size;
      const level = inside ? (rows[my][mx] ? 45 : 210) : 170 - (60 * x) / width;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = level + (rand() - 0.5) * noise;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** A frame of one colour, or of pure noise. */
function flatFrame(width, height, noise = 0) {
  const rand = randoms(3);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = i % 4 === 3 ? 255 : noise ? rand() * 256 : 128;
  return { width, height, data };
}

test("readQrImage reads a real invitation and a real reply link from noisy camera-sized frames", async () => {
  assert.ok(INVITE_LINK.length > 180 && REPLY_LINK.length > 180, `${INVITE_LINK.length}, ${REPLY_LINK.length}`);
  for (const [link, options] of [
    [INVITE_LINK, {}],
    [REPLY_LINK, { scale: 3, left: 200, top: 120, seed: 11 }],
    [REPLY_LINK, { width: 1280, height: 720, scale: 6, left: 400, top: 100, noise: 70 }],
  ]) {
    const frame = cameraFrame(qrMatrix(link), options);
    assert.equal(await readQrImage(frame), link, JSON.stringify(options));
  }
});

test("readQrImage: a frame without a code is null, not an error", async () => {
  assert.equal(await readQrImage(flatFrame(640, 480)), null, "blank");
  assert.equal(await readQrImage(flatFrame(640, 480, 1)), null, "noise");
  assert.equal(await readQrImage(flatFrame(1, 1)), null, "one pixel");
  assert.equal(await readQrImage({ width: 0, height: 0, data: new Uint8ClampedArray(0) }), null, "no pixels");
  // half a code is no code either
  const half = cameraFrame(qrMatrix(INVITE_LINK));
  half.data.fill(128, half.data.length / 2);
  assert.equal(await readQrImage(half), null, "half");
});

/**
 * Run `fn` with globalThis.navigator replaced (Node 21 and later have one of their own).
 * @param {object} nav
 * @param {() => Promise<void>} fn
 */
async function withNavigator(nav, fn) {
  const before = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  Object.defineProperty(globalThis, "navigator", { value: nav, configurable: true, writable: true });
  try {
    await fn();
  } finally {
    if (before) Object.defineProperty(globalThis, "navigator", before);
    else delete globalThis.navigator;
  }
}

/** Run `fn` with a global of that name set, then restore what was there. */
async function withGlobal(name, value, fn) {
  const had = Object.hasOwn(globalThis, name);
  const before = globalThis[name];
  globalThis[name] = value;
  try {
    await fn();
  } finally {
    if (had) globalThis[name] = before;
    else delete globalThis[name];
  }
}

/** A stand-in for the browser's BarcodeDetector: each detect() gives the next of `frames`. */
function fakeDetector(formats, frames) {
  const calls = [];
  return {
    calls,
    Detector: class {
      static async getSupportedFormats() { return formats; }
      constructor(options) { calls.push(options); }
      async detect(source) {
        calls.push(source);
        const next = frames.shift();
        if (next instanceof Error) throw next;
        return next ?? [];
      }
    },
  };
}

/**
 * A stand-in for OffscreenCanvas whose 2D context hands out `frames` in turn from getImageData;
 * `drawn` records each drawImage's size and the canvases made.
 */
function fakeCanvas(frames) {
  const drawn = [];
  const made = [];
  class FakeOffscreenCanvas {
    constructor(width, height) {
      this.width = width;
      this.height = height;
      made.push([width, height]);
    }
    getContext(kind, options) {
      assert.equal(kind, "2d");
      assert.deepEqual(options, { willReadFrequently: true });
      return {
        canvas: this,
        drawImage: (_video, x, y, w, h) => drawn.push([x, y, w, h]),
        getImageData: (x, y, w, h) => {
          assert.deepEqual([x, y, w, h], [0, 0, this.width, this.height]);
          return frames.shift() ?? flatFrame(w, h);
        },
      };
    }
  }
  return { drawn, made, FakeOffscreenCanvas };
}

/** A camera that works: getUserMedia's constraints are kept, each track counts its stop(). */
function fakeCamera() {
  const camera = { asked: [], stopped: 0 };
  const stream = { getTracks: () => [{ stop: () => { camera.stopped++; } }] };
  camera.navigator = { mediaDevices: { getUserMedia: async (constraints) => { camera.asked.push(constraints); return stream; } } };
  camera.stream = stream;
  return camera;
}

/** A <video> that plays what it is given, at that size. */
function fakeVideo(videoWidth = 640, videoHeight = 480) {
  const video = {
    videoWidth, videoHeight, srcObject: null, muted: false, playsInline: false, attributes: {}, played: 0,
    setAttribute(name, value) { this.attributes[name] = value; },
    async play() { this.played++; },
  };
  return video;
}

test("canScanQr: yes wherever the page can ask for a camera, whether or not there is a BarcodeDetector", async () => {
  await withNavigator({}, async () => {
    assert.equal(await canScanQr(), false, "no mediaDevices (an http page)");
  });
  await withNavigator({ mediaDevices: {} }, async () => {
    assert.equal(await canScanQr(), false, "no getUserMedia");
  });
  await withNavigator(fakeCamera().navigator, async () => {
    assert.equal(globalThis.BarcodeDetector, undefined);
    assert.equal(await canScanQr(), true, "the decoder stands in");
    await withGlobal("BarcodeDetector", fakeDetector(["qr_code"], []).Detector, async () => {
      assert.equal(await canScanQr(), true);
    });
  });
});

test("scanQr without a BarcodeDetector: the decoder reads frames drawn to a canvas, past empty ones", async () => {
  const code = cameraFrame(qrMatrix(REPLY_LINK), { width: 1280, height: 720, scale: 5, left: 300, top: 30 });
  const canvas = fakeCanvas([flatFrame(1280, 720), flatFrame(1280, 720, 1), code]);
  const video = fakeVideo(1920, 1080);
  let ready = 0;
  Object.defineProperty(video, "videoWidth", { get: () => (ready++ < 2 ? 0 : 1920) }); // no picture at first
  await withGlobal("OffscreenCanvas", canvas.FakeOffscreenCanvas, async () => {
    assert.equal(await scanQr(video, { intervalMs: 1 }), REPLY_LINK);
  });
  // a 1080p camera is looked at 1280 × 720: one canvas, three frames drawn into it
  assert.equal(MAX_FRAME_SIDE, 1280);
  assert.deepEqual(canvas.made, [[1280, 720]]);
  assert.deepEqual(canvas.drawn, [[0, 0, 1280, 720], [0, 0, 1280, 720], [0, 0, 1280, 720]]);
});

test("scanQr: a BarcodeDetector that does not know QR codes leaves the reading to the decoder", async () => {
  const fake = fakeDetector(["ean_13"], []);
  const canvas = fakeCanvas([cameraFrame(qrMatrix(INVITE_LINK))]);
  await withGlobal("BarcodeDetector", fake.Detector, async () => {
    await withGlobal("OffscreenCanvas", canvas.FakeOffscreenCanvas, async () => {
      assert.equal(await scanQr(fakeVideo(), { intervalMs: 1 }), INVITE_LINK);
    });
  });
  assert.deepEqual(fake.calls, [], "never made nor asked");
  assert.deepEqual(canvas.made, [[640, 480]]);
});

test("scanQr with a BarcodeDetector that knows QR codes: looks until a frame shows one, past unreadable frames and other barcodes", async () => {
  const video = { video: true };
  const fake = fakeDetector(["qr_code", "ean_13"], [
    [], new Error("InvalidStateError: not ready"), [{ format: "ean_13", rawValue: "4006381333931" }],
    [{ format: "qr_code", rawValue: INVITE }],
  ]);
  await withGlobal("BarcodeDetector", fake.Detector, async () => {
    assert.equal(await scanQr(video, { intervalMs: 1 }), INVITE);
  });
  assert.deepEqual(fake.calls, [{ formats: ["qr_code"] }, video, video, video, video]);
});

test("scanQr: an abort stops the looking with the signal's reason, on either reader", async () => {
  for (const formats of [["qr_code"], []]) {
    const canvas = fakeCanvas([]);
    await withGlobal("BarcodeDetector", fakeDetector(formats, []).Detector, async () => {
      await withGlobal("OffscreenCanvas", canvas.FakeOffscreenCanvas, async () => {
        const stop = new AbortController();
        const looking = scanQr(fakeVideo(), { signal: stop.signal, intervalMs: 5 });
        setTimeout(() => stop.abort(new Error("closed")), 30);
        await assert.rejects(looking, /closed/);
        await assert.rejects(scanQr(fakeVideo(), { signal: AbortSignal.abort(new Error("already")) }), /already/);
      });
    });
  }
});

test("scanQrWithCamera: asks for the back camera, plays it inline and muted, and closes it after the code", async () => {
  const camera = fakeCamera();
  const video = fakeVideo();
  const canvas = fakeCanvas([flatFrame(640, 480), cameraFrame(qrMatrix(REPLY_LINK), { scale: 3 })]);
  await withNavigator(camera.navigator, async () => {
    await withGlobal("OffscreenCanvas", canvas.FakeOffscreenCanvas, async () => {
      assert.equal(await scanQrWithCamera(video, { intervalMs: 1 }), REPLY_LINK);
    });
  });
  assert.deepEqual(camera.asked, [CAMERA]);
  assert.equal(CAMERA.audio, false);
  assert.deepEqual(CAMERA.video.facingMode, { ideal: "environment" });
  assert.equal(video.played, 1);
  assert.ok(video.muted && video.playsInline);
  assert.equal(video.attributes.playsinline, "");
  assert.equal(camera.stopped, 1, "the camera is closed");
  assert.equal(video.srcObject, null);
});

test("scanQrWithCamera: cancelled, the camera closes too; refused or missing, a QrError no_camera", async () => {
  const camera = fakeCamera();
  const video = fakeVideo();
  let shown = null;
  Object.defineProperty(video, "srcObject", { get: () => shown, set: (v) => { shown = v; } });
  const canvas = fakeCanvas([]);
  await withNavigator(camera.navigator, async () => {
    await withGlobal("OffscreenCanvas", canvas.FakeOffscreenCanvas, async () => {
      const stop = new AbortController();
      const looking = scanQrWithCamera(video, { signal: stop.signal, intervalMs: 5 });
      while (canvas.drawn.length < 2) await new Promise((resolve) => setTimeout(resolve, 5)); // it is looking
      assert.notEqual(shown, null, "the video shows the camera");
      stop.abort(new Error("Cancel"));
      await assert.rejects(looking, /Cancel/);
    });
  });
  assert.equal(camera.stopped, 1);
  assert.equal(shown, null);

  // cancelled while the browser was asking: the camera it then gives is closed at once
  const slow = fakeCamera();
  const stop = new AbortController();
  slow.navigator.mediaDevices.getUserMedia = async () => { stop.abort(new Error("gone")); return slow.stream; };
  await withNavigator(slow.navigator, async () => {
    await assert.rejects(scanQrWithCamera(fakeVideo(), { signal: stop.signal }), /gone/);
  });
  assert.equal(slow.stopped, 1);

  for (const [name, words] of [["NotAllowedError", /not allowed/], ["NotFoundError", /no camera/], ["NotReadableError", /busy/],
    ["TypeError", /did not open/]]) {
    const refusing = { mediaDevices: { getUserMedia: async () => { throw new DOMException("no", name); } } };
    const warn = console.warn;
    console.warn = () => {};
    try {
      await withNavigator(refusing, async () => {
        await assert.rejects(scanQrWithCamera(fakeVideo()), (err) => err instanceof QrError && err.code === "no_camera"
          && words.test(err.message) && /paste the code/.test(err.message));
      });
    } finally {
      console.warn = warn;
    }
  }
  await withNavigator({}, async () => {
    await assert.rejects(scanQrWithCamera(fakeVideo()), (err) => err instanceof QrError && err.code === "no_scanner");
  });
});
