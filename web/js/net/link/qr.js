// qr.js — QR codes of the invitation link and the reply code (issue 22), and reading one with
// the camera (issue 44).
//
// The encoder and the decoder are the npm package `qr` (paulmillr/qr 0.7.0, MIT OR Apache-2.0, no
// dependencies): build.py copies its `index.js` (the encoder), `decode.js` (the decoder, which
// imports the encoder's tables from `./index.js`) and licences, unchanged, to vendor/qr/ in the
// site, so the code is served from the page's own origin and the service worker keeps it for
// offline play. This module imports the encoder from there when it loads (a top-level await): a
// page should import this module itself with `await import("./net/link/qr.js")` when it first
// shows a code, so that the boot never waits for it. The decoder is fetched only by a scan that
// needs it.
//
//   const { qrImage } = await import("./net/link/qr.js");
//   box.append(qrImage(link, "QR code of the invite link"));
//
// The picture is an <img> whose src is a data: URL of an SVG (the page's CSP has
// `img-src 'self' data:`): dark modules on white, with the standard quiet zone of four modules.
//
// Reading a code with the camera (`canScanQr()`, then `scanQrWithCamera(video)` when the player
// presses "Scan") works wherever the page may ask for a camera: the browser's own
// BarcodeDetector reads the frames where it knows QR codes, the package's decoder elsewhere
// (iPhone, Firefox, Chrome on Windows and Linux). Where there is no camera API the player pastes
// the code.

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
 * page cannot read QR codes: no camera API, or the decoder did not load), "no_camera" (the camera
 * was refused, is missing or is busy); `.message` is a sentence for people.
 */
export class QrError extends Error {
  /**
   * @param {"too_long" | "no_scanner" | "no_camera"} code
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
//
// Two readers of camera frames, the same loop around them: the browser's BarcodeDetector where it
// has one that knows "qr_code" (Chrome on Android and macOS), otherwise the package's own decoder
// (vendor/qr/decode.js, fetched the first time a scan needs it) on the frame drawn to a canvas.
// So a scan works wherever the page may open a camera; the player asks for it (a "Scan" button),
// and only then does the browser ask for the camera.

// Beside the encoder in the site; it imports "./index.js", the very module loaded above.
const DECODER_URL = new URL("../../../vendor/qr/decode.js", import.meta.url).href;
/** A frame's longer side is scaled down to this many pixels before decoding (about 20 ms a frame). */
export const MAX_FRAME_SIDE = 1280;

/**
 * RGBA pixels, four bytes a pixel, row by row: what getImageData gives.
 * @typedef {{width: number, height: number, data: Uint8ClampedArray | Uint8Array}} Pixels
 */

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

/** @returns {Promise<BarcodeDetectorClass | null>} the native detector when it reads QR codes */
async function nativeQrDetector() {
  const Detector = nativeDetector();
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes("qr_code") ? Detector : null;
  } catch {
    return null;
  }
}

/** @returns {((constraints: MediaStreamConstraints) => Promise<MediaStream>) | null} */
function cameraApi() {
  const devices = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
  return typeof devices?.getUserMedia === "function" ? devices.getUserMedia.bind(devices) : null;
}

/**
 * Can this page read a QR code with the camera? Yes wherever the browser lets a page ask for a
 * camera (navigator.mediaDevices.getUserMedia: a secure context, https or localhost), with its
 * own BarcodeDetector or with the package's decoder. It asks for nothing: the permission prompt
 * comes with scanQrWithCamera().
 * @returns {Promise<boolean>}
 */
export async function canScanQr() {
  return cameraApi() !== null;
}

/** @type {Promise<typeof import("qr/decode.js").default> | null} */
let decoderLoading = null;

/** The package's decoder, fetched once; a failed fetch is not kept here, so a later scan asks again. */
function loadDecoder() {
  decoderLoading ??= import(DECODER_URL).then(
    (mod) => /** @type {typeof import("qr/decode.js")} */ (mod).default,
    (err) => {
      decoderLoading = null;
      throw err;
    },
  );
  return decoderLoading;
}

/**
 * The text of the QR code in a picture, read by the package's decoder, or null when it finds
 * none (or only an empty one): a blank or blurred frame is not an error, just no code yet.
 * This is what a scan without BarcodeDetector runs on each camera frame.
 * @param {Pixels} image
 * @returns {Promise<string | null>}
 */
export async function readQrImage(image) {
  const decode = await loadDecoder();
  if (!(image.width > 0 && image.height > 0)) return null;
  try {
    return decode(image) || null;
  } catch {
    return null;
  }
}

/**
 * A 2D canvas of that size to copy frames into: an OffscreenCanvas where the browser has one
 * with a 2D context, else a <canvas> that is never put in the page.
 * @param {number} width
 * @param {number} height
 * @returns {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D}
 */
function frameSurface(width, height) {
  if (typeof OffscreenCanvas === "function") {
    const g = new OffscreenCanvas(width, height).getContext("2d", { willReadFrequently: true });
    if (g) return g;
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  if (!g) throw new QrError("no_scanner", "This browser cannot read QR codes: paste the code instead.");
  return g;
}

/**
 * The current frame of a video as pixels, its longer side at most MAX_FRAME_SIDE; null while
 * the video has no picture yet. One canvas serves every frame of the same size.
 * @returns {(video: HTMLVideoElement) => Pixels | null}
 */
function frameGrabber() {
  /** @type {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null} */
  let g = null;
  return (video) => {
    const { videoWidth, videoHeight } = video;
    if (!(videoWidth > 0 && videoHeight > 0)) return null;
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(videoWidth, videoHeight));
    const width = Math.max(1, Math.round(videoWidth * scale));
    const height = Math.max(1, Math.round(videoHeight * scale));
    if (!g || g.canvas.width !== width || g.canvas.height !== height) g = frameSurface(width, height);
    g.drawImage(video, 0, 0, width, height);
    return g.getImageData(0, 0, width, height);
  };
}

/**
 * How one frame is looked at: the native detector where it reads QR codes, else the decoder
 * (fetched now if it was not yet). A frame that cannot be read counts as a frame without a code.
 * @returns {Promise<(video: HTMLVideoElement) => Promise<string | null>>}
 */
async function frameReader() {
  const Detector = await nativeQrDetector();
  if (Detector) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => {
      try {
        const code = (await detector.detect(video)).find((b) => b.format === "qr_code" && b.rawValue);
        return code ? code.rawValue : null;
      } catch {
        return null; // the video has no frame yet
      }
    };
  }
  try {
    await loadDecoder();
  } catch (err) {
    console.warn("The QR decoder did not load:", err);
    throw new QrError("no_scanner", "The QR code reader did not load: paste the code instead.");
  }
  const grab = frameGrabber();
  return async (video) => {
    const frame = grab(video);
    return frame ? readQrImage(frame) : null;
  };
}

/**
 * Look at a playing <video> (of the camera: scanQrWithCamera opens and closes it) a few times a
 * second until a frame shows a QR code; resolve with the code's text.
 * @param {HTMLVideoElement} video
 * @param {{signal?: AbortSignal, intervalMs?: number}} [options] `signal` stops looking: the
 *   promise rejects with the signal's reason
 * @returns {Promise<string>}
 * @throws {QrError} "no_scanner" when the decoder cannot be fetched (offline before it was cached)
 */
export async function scanQr(video, { signal, intervalMs = 200 } = {}) {
  signal?.throwIfAborted();
  const read = await frameReader();
  for (;;) {
    signal?.throwIfAborted();
    const text = await read(video);
    signal?.throwIfAborted();
    if (text) return text;
    await pause(intervalMs, signal);
  }
}

/** What the page asks of the camera: the one facing away from the player, a modest picture. */
export const CAMERA = Object.freeze({
  audio: false,
  video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
});

/**
 * Open the camera into `video` (muted, inline: iPhones play nothing else without a gesture),
 * read the first QR code it shows, and close the camera again however it ends: a code, an
 * abort, an error. Call it from the player's press of a "Scan" button; the browser asks for
 * the camera then, the first time.
 * @param {HTMLVideoElement} video where the player sees what the camera sees
 * @param {{signal?: AbortSignal, intervalMs?: number}} [options] `signal` (the player's Cancel)
 *   stops the scan and the camera: the promise rejects with the signal's reason
 * @returns {Promise<string>}
 * @throws {QrError} "no_scanner" (no camera API here, or no decoder), "no_camera" (refused, none,
 *   or busy)
 */
export async function scanQrWithCamera(video, { signal, intervalMs } = {}) {
  const open = cameraApi();
  if (!open) throw new QrError("no_scanner", "This browser cannot use a camera here: paste the code instead.");
  signal?.throwIfAborted();
  /** @type {MediaStream} */
  let stream;
  try {
    stream = await open(CAMERA);
  } catch (err) {
    console.warn("No camera:", err);
    throw new QrError("no_camera", cameraProblem(err));
  }
  try {
    signal?.throwIfAborted(); // cancelled while the browser was asking
    video.muted = true;
    video.playsInline = true;
    video.setAttribute("playsinline", "");
    video.srcObject = stream;
    await video.play();
    return await scanQr(video, { signal, intervalMs });
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}

/**
 * A sentence for a camera that did not open.
 * @param {unknown} err getUserMedia's rejection
 */
function cameraProblem(err) {
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return "The camera was not allowed: allow it in the browser's settings, or paste the code instead.";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") {
    return "This device has no camera to use: paste the code instead.";
  }
  if (name === "NotReadableError" || name === "AbortError") {
    return "The camera is busy (another app may be using it): close that app, or paste the code instead.";
  }
  return "The camera did not open: paste the code instead.";
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
