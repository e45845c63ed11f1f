// qr.js — QR codes of the invitation link and the reply code (issue 22), and an optional camera
// scan of one.
//
// The encoder is the npm package `qr` (paulmillr/qr 0.7.0, MIT OR Apache-2.0, no dependencies):
// build.py copies its `index.js` and licences, unchanged, to vendor/qr/ in the site, so the code
// is served from the page's own origin and the service worker keeps it for offline play. This
// module imports it from there when it loads (a top-level await): a page should import this
// module itself with `await import("./net/link/qr.js")` when it first shows a code, so that the boot
// never waits for it.
//
//   const { qrImage } = await import("./net/link/qr.js");
//   box.append(qrImage(link, "QR code of the invite link"));
//
// The picture is an <img> whose src is a data: URL of an SVG (the page's CSP has
// `img-src 'self' data:`): dark modules on white, with the standard quiet zone of four modules.
// Reading a code with the camera uses the browser's own BarcodeDetector where it has one
// (`canScanQr()`); elsewhere the player pastes the code.

/** @typedef {typeof import("qr")} QrPackage the encoder's types, from node_modules/qr/index.d.ts */

// A computed address, as worker.js loads pyodide.mjs: the file exists only in the built site
// (vendor/qr/index.js beside js/), and a literal path would send tsc looking for it in web/.
const ENCODER_URL = new URL("../../../vendor/qr/index.js", import.meta.url).href;
// import() of a computed address is typed `any` by tsc: the cast names the package's own types.
const { encodeQR } = /** @type {QrPackage} */ (await import(ENCODER_URL));

/** Light modules around the symbol, as ISO/IEC 18004 asks (section 5.3.8): four. */
export const QUIET_ZONE = 4;
/** CSS pixels per module of qrImage's picture (a 154-character invitation: version 9, 61 modules, 244 px). */
export const MODULE_PX = 4;
/** Error correction "medium" (about 15 % of the symbol may be lost): a photo of a screen. */
const ECC = "medium";

/**
 * What went wrong. `.code`: "too_long" (the text does not fit in a QR code), "no_scanner" (this
 * browser cannot read QR codes); `.message` is a sentence for people.
 */
export class QrError extends Error {
  /**
   * @param {"too_long" | "no_scanner"} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.name = "QrError";
    this.code = code;
  }
}

/**
 * The QR code of a text as rows of modules, true for dark, quiet zone included
 * (QUIET_ZONE light modules on every side).
 * @param {string} text
 * @returns {boolean[][]}
 * @throws {QrError} "too_long" when no QR version holds the text
 */
export function qrMatrix(text) {
  try {
    return encodeQR(text, "raw", { ecc: ECC, border: QUIET_ZONE });
  } catch (err) {
    if (err instanceof Error && /capacity/i.test(err.message)) {
      throw new QrError("too_long", "This code is too long for a QR code: copy it as text instead.");
    }
    throw err;
  }
}

/** @param {string} text */
function xmlText(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
}

/**
 * The QR code of a text as an SVG document (text): a white square with the dark modules drawn
 * as one path, each row's runs of dark modules as one rectangle. One unit is one module.
 * `title` names the picture (<title> and aria-label, role "img").
 * @param {string} text
 * @param {string} [title]
 * @returns {string}
 * @throws {QrError} "too_long"
 */
export function qrSvg(text, title = "QR code") {
  return svgOf(qrMatrix(text), title);
}

/**
 * @param {boolean[][]} rows qrMatrix's output
 * @param {string} title
 */
function svgOf(rows, title) {
  const size = rows.length;
  let d = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (x + 1 < size && row[x + 1]) x++;
      const run = x - start + 1;
      d += `M${start} ${y}h${run}v1h-${run}z`;
    }
  });
  const name = xmlText(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" `
    + `width="${size * MODULE_PX}" height="${size * MODULE_PX}" shape-rendering="crispEdges" `
    + `role="img" aria-label="${name}"><title>${name}</title>`
    + `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;
}

/**
 * The QR code of a text as an <img> (src: a data: URL of qrSvg's document), with that alt text
 * and its natural size (MODULE_PX per module) as width and height.
 * @param {string} text
 * @param {string} alt what the picture is, for people who cannot see it ("QR code of the invite link")
 * @returns {HTMLImageElement}
 * @throws {QrError} "too_long"
 */
export function qrImage(text, alt) {
  const rows = qrMatrix(text);
  const size = rows.length * MODULE_PX;
  const img = document.createElement("img");
  img.className = "qr-code";
  img.alt = alt;
  img.width = size;
  img.height = size;
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svgOf(rows, alt));
  return img;
}

// ------------------------------------------------------------------ reading, with the camera

/**
 * The parts of the Shape Detection API used here (TypeScript's DOM library has no BarcodeDetector).
 * @typedef {{rawValue: string, format: string}} DetectedBarcode
 * @typedef {{detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>}} BarcodeDetectorLike
 * @typedef {{
 *   new (options: {formats: string[]}): BarcodeDetectorLike,
 *   getSupportedFormats(): Promise<string[]>,
 * }} BarcodeDetectorClass
 */

/** @returns {BarcodeDetectorClass | null} the browser's BarcodeDetector, if it has one */
function nativeDetector() {
  const scope = /** @type {{BarcodeDetector?: unknown}} */ (/** @type {unknown} */ (globalThis));
  return typeof scope.BarcodeDetector === "function"
    ? /** @type {BarcodeDetectorClass} */ (scope.BarcodeDetector)
    : null;
}

/**
 * Can this browser read QR codes itself (a BarcodeDetector that knows "qr_code")? No polyfill:
 * where it cannot, the player pastes the code instead.
 * @returns {Promise<boolean>}
 */
export async function canScanQr() {
  const Detector = nativeDetector();
  if (!Detector) return false;
  try {
    return (await Detector.getSupportedFormats()).includes("qr_code");
  } catch {
    return false;
  }
}

/**
 * Look at a source (a playing <video> of the camera, which the caller opens and closes) a few
 * times a second until it shows a QR code; resolve with the code's text. A frame the detector
 * cannot read (the video not ready yet) counts as a frame without a code.
 * @param {ImageBitmapSource} video
 * @param {{signal?: AbortSignal, intervalMs?: number}} [options] `signal` stops looking: the
 *   promise rejects with the signal's reason
 * @returns {Promise<string>}
 * @throws {QrError} "no_scanner" where canScanQr() is false
 */
export async function scanQr(video, { signal, intervalMs = 200 } = {}) {
  const Detector = nativeDetector();
  if (!Detector || !(await canScanQr())) {
    throw new QrError("no_scanner", "This browser cannot read QR codes: paste the code instead.");
  }
  const detector = new Detector({ formats: ["qr_code"] });
  for (;;) {
    signal?.throwIfAborted();
    /** @type {DetectedBarcode[]} */
    let found = [];
    try {
      found = await detector.detect(video);
    } catch {
      found = [];
    }
    signal?.throwIfAborted();
    const code = found.find((b) => b.format === "qr_code" && b.rawValue);
    if (code) return code.rawValue;
    await pause(intervalMs, signal);
  }
}

/**
 * @param {number} ms
 * @param {AbortSignal} [signal]
 * @returns {Promise<void>}
 */
function pause(ms, signal) {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener("abort", stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}
