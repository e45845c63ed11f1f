// The lobby's "Scan" button (issue 44, item 4): the host shows a friend's reply QR code to this
// device's camera instead of pasting the code. Pressing Scan shows a small camera box (a
// <video> and Cancel); the first code read closes it and goes to `onCode`, which the lobby
// treats exactly as a pasted reply followed by "Add player". Cancel, Escape in the box, or the
// lobby closing abort the scan, and qr.js stops the camera however a scan ends. The button is
// shown only where the page may ask for a camera at all, and the camera is asked for only on
// the press.
//
//   const scan = createScan({ button, box, dialog, onCode: (text) => add(text), onError: say });
//   scan.stop();   // e.g. when no invitation waits for a reply any more
//
// `box` holds the <video> and the Cancel <button>. `scan` and `canScan` default to qr.js's, loaded
// on first use (qr.js fetches its encoder when it loads); tests pass their own.

/**
 * @typedef {(video: HTMLVideoElement, options: {signal: AbortSignal}) => Promise<string>} ScanFn
 */

/** @type {ScanFn} */
async function cameraScan(video, options) {
  const { scanQrWithCamera } = await import("../../net/link/qr.js");
  return scanQrWithCamera(video, options);
}

/** @returns {Promise<boolean>} */
async function cameraAvailable() {
  const { canScanQr } = await import("../../net/link/qr.js");
  return canScanQr();
}

/**
 * @param {object} parts
 * @param {HTMLButtonElement} parts.button "Scan": hidden until `canScan` says yes
 * @param {HTMLElement} parts.box the camera box (hidden while no scan runs): a <video> and Cancel
 * @param {HTMLElement} [parts.dialog] closing it (a "close" event) cancels a running scan
 * @param {(text: string) => unknown} parts.onCode the text of the code read, once per scan
 * @param {(message: string) => unknown} parts.onError a sentence when the camera or the reader failed
 * @param {ScanFn} [parts.scan]
 * @param {() => Promise<boolean>} [parts.canScan]
 */
export function createScan({ button, box, dialog, onCode, onError, scan = cameraScan, canScan = cameraAvailable }) {
  const video = /** @type {HTMLVideoElement} */ (box.querySelector("video"));
  const cancel = /** @type {HTMLButtonElement} */ (box.querySelector("button"));
  /** @type {AbortController | null} */
  let running = null;

  button.hidden = true;
  canScan().then((yes) => { button.hidden = !yes; }, () => { button.hidden = true; });

  /** Hide the camera box; with `refocus`, the focus goes back to Scan. @param {boolean} refocus */
  function finish(refocus) {
    running = null;
    box.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (refocus && !button.hidden) button.focus();
  }

  function start() {
    if (running) return;
    const ctl = new AbortController();
    running = ctl;
    box.hidden = false;
    button.setAttribute("aria-expanded", "true");
    box.scrollIntoView?.({ block: "nearest" });
    cancel.focus();
    scan(video, { signal: ctl.signal }).then(
      (text) => {
        if (ctl.signal.aborted) return; // cancelled just as a code was read: drop it
        finish(true);
        onCode(text);
      },
      (err) => {
        if (ctl.signal.aborted) return; // the abort's own rejection: nothing to say
        finish(true);
        onError(err instanceof Error && err.message ? err.message : "The camera did not open: paste the code instead.");
      },
    );
  }

  /** Abort a running scan (the camera stops with it). @param {boolean} [refocus] */
  function stop(refocus = false) {
    if (!running) return;
    running.abort();
    finish(refocus);
  }

  button.addEventListener("click", start);
  cancel.addEventListener("click", () => stop(true));
  // Escape inside the box cancels the scan rather than closing the whole lobby
  box.addEventListener("keydown", (ev) => {
    const key = /** @type {KeyboardEvent} */ (ev);
    if (key.key !== "Escape" || !running) return;
    key.preventDefault();
    key.stopPropagation();
    stop(true);
  });
  dialog?.addEventListener("close", () => stop(false));

  return { stop, scanning: () => running !== null };
}
