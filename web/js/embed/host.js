// The embed's channel to its host page (docs/embedding.md): messages out with a namespaced,
// versioned envelope sent only to the host's exact origin, commands in only from the parent
// window at that origin, and the frame's height whenever it changes.
//
//   const host = createHost({ origin: () => config.origin, onCommand: (cmd) => run(cmd) });
//   host.post("ready", { mode: "scenario" });
//   host.reportHeight();          // after anything that may change the frame's height
//
// The counts of accepted and ignored messages and the last height are on <body>'s data set
// (data-embed-accepted, data-embed-ignored, data-embed-height) for tests and curious readers.
import { NS, VERSION, hostCommand } from "./params.js";
/** @typedef {import("./params.js").EmbedCommand} EmbedCommand */
/** @typedef {ReturnType<typeof createHost>} Host */

/**
 * @param {{origin: () => string, onCommand: (cmd: EmbedCommand) => void, dialogId?: string}} opts
 *   `origin`: the host's origin; `dialogId`: a dialog whose open state may make the frame taller
 */
export function createHost({ origin, onCommand, dialogId = "confirm" }) {
  let ignored = 0;
  let accepted = 0;
  let lastHeight = 0;
  let heightQueued = false;
  const framed = () => window.parent !== window;

  /** Tell the host something (nothing when the page is not in a frame).
   * @param {string} type @param {Record<string, unknown>} [fields] */
  function post(type, fields = {}) {
    if (!framed()) return;
    // targetOrigin is the host's exact origin: a page at any other origin receives nothing.
    window.parent.postMessage({ ns: NS, v: VERSION, type, ...fields }, origin());
  }

  /** @param {MessageEvent} ev */
  function onMessage(ev) {
    const cmd = framed() && ev.source === window.parent && ev.origin === origin() ? hostCommand(ev.data) : null;
    if (!cmd) {
      ignored++;
      document.body.dataset.embedIgnored = String(ignored);
      return;
    }
    accepted++;
    document.body.dataset.embedAccepted = String(accepted);
    onCommand(cmd);
  }

  function measure() {
    let h = Math.ceil(document.documentElement.getBoundingClientRect().height);
    const dialog = document.getElementById(dialogId);
    if (dialog instanceof HTMLDialogElement && dialog.open) h = Math.max(h, Math.ceil(dialog.getBoundingClientRect().height) + 48);
    return h;
  }

  /** Report the height at the next frame, once however often it is asked for. */
  function reportHeight() {
    if (heightQueued) return;
    heightQueued = true;
    requestAnimationFrame(() => {
      heightQueued = false;
      const h = measure();
      if (h === lastHeight) return;
      lastHeight = h;
      document.body.dataset.embedHeight = String(h);
      post("height", { height: h });
    });
  }

  /** Listen to the host, and report the height whenever the page or the dialog changes size. */
  function start() {
    window.addEventListener("message", onMessage);
    const ro = new ResizeObserver(reportHeight);
    ro.observe(document.documentElement);
    ro.observe(document.body);
    const dialog = document.getElementById(dialogId);
    if (dialog) new MutationObserver(reportHeight).observe(dialog, { attributes: true, attributeFilter: ["open"] });
    reportHeight();
  }

  return { post, reportHeight, start };
}
