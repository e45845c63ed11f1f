// The QR codes of the invitation and the reply (web/js/net/link/qr.js, issue 22): the SVG it draws
// reads back, through the package's own decoder, as the very text; it has its quiet zone, a
// title and role "img"; the optional camera scan uses a native BarcodeDetector only.
//
//   node --test tests/js/
//
// qr.js imports the encoder from ../../../vendor/qr/index.js, where build.py puts it in the site.
// The test lays out the same two files in a temporary folder (the module as web/ has it, the
// encoder as node_modules has it) and imports the module from there.

import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

import decodeQR from "qr/decode.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SITE = mkdtempSync(join(tmpdir(), "spec-qr-"));
after(() => rmSync(SITE, { recursive: true, force: true }));
mkdirSync(join(SITE, "js", "net", "link"), { recursive: true });
mkdirSync(join(SITE, "vendor", "qr"), { recursive: true });
writeFileSync(join(SITE, "package.json"), '{"type": "module"}\n');
copyFileSync(join(ROOT, "web", "js", "net", "link", "qr.js"), join(SITE, "js", "net", "link", "qr.js"));
copyFileSync(join(ROOT, "node_modules", "qr", "index.js"), join(SITE, "vendor", "qr", "index.js"));
const { MODULE_PX, QUIET_ZONE, QrError, canScanQr, qrImage, qrMatrix, qrSvg, scanQr } =
  await import(pathToFileURL(join(SITE, "js", "net", "link", "qr.js")).href);

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

test("scanQr: without a native BarcodeDetector for QR codes there is no scan (no polyfill)", async () => {
  assert.equal(globalThis.BarcodeDetector, undefined);
  assert.equal(await canScanQr(), false);
  await assert.rejects(scanQr({}), (err) => err instanceof QrError && err.code === "no_scanner");
  globalThis.BarcodeDetector = fakeDetector(["ean_13"], []).Detector;
  try {
    assert.equal(await canScanQr(), false, "a detector that knows no qr_code");
    await assert.rejects(scanQr({}), (err) => err.code === "no_scanner");
  } finally {
    delete globalThis.BarcodeDetector;
  }
});

test("scanQr: looks until a frame shows a QR code, past unreadable frames and other barcodes", async () => {
  const video = { video: true };
  const fake = fakeDetector(["qr_code", "ean_13"], [
    [], new Error("InvalidStateError: not ready"), [{ format: "ean_13", rawValue: "4006381333931" }],
    [{ format: "qr_code", rawValue: INVITE }],
  ]);
  globalThis.BarcodeDetector = fake.Detector;
  try {
    assert.equal(await canScanQr(), true);
    assert.equal(await scanQr(video, { intervalMs: 1 }), INVITE);
    assert.deepEqual(fake.calls, [{ formats: ["qr_code"] }, video, video, video, video]);
  } finally {
    delete globalThis.BarcodeDetector;
  }
});

test("scanQr: an abort stops the looking with the signal's reason", async () => {
  globalThis.BarcodeDetector = fakeDetector(["qr_code"], []).Detector;
  try {
    const stop = new AbortController();
    const looking = scanQr({}, { signal: stop.signal, intervalMs: 5 });
    setTimeout(() => stop.abort(new Error("closed")), 30);
    await assert.rejects(looking, /closed/);
    await assert.rejects(scanQr({}, { signal: AbortSignal.abort(new Error("already")) }), /already/);
  } finally {
    delete globalThis.BarcodeDetector;
  }
});
