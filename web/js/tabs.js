// One writer per match: of all the tabs that show this site, only the one that holds the
// "play" lock (Web Locks) plays and saves. Another tab shows "This match is open in another
// tab" with "Play here instead", which takes the lock (steal) and tells the old holder, which
// stops and shows the same panel. Without Web Locks the save's generation number still
// refuses a save that would replace a newer one (storage.js); a refused save also yields.
// Nothing runs at import time.
//
//   const tabs = createTabs({ onLost: () => table.cancel() });
//   await tabs.acquire();     // resolves once this tab is the writer (maybe after a click)
//   tabs.yieldTo();           // a save was refused as stale: another tab writes now

const CHANNEL = "speculation:tabs";

/**
 * The tabs' channel, or null where there is none or opening it throws (a SecurityError where
 * storage is blocked).
 * @param {string} name
 * @returns {BroadcastChannel|null}
 */
function openChannel(name) {
  try { return "BroadcastChannel" in globalThis ? new BroadcastChannel(name) : null; } catch { return null; }
}

/**
 * @param {{onLost: () => void, onRegained: () => (void|Promise<void>)}} hooks
 *   onLost: another tab took the match (stop playing, do not save);
 *   onRegained: this tab took it back (read the save again and play on)
 */
export function createTabs({ onLost, onRegained }) {
  const scope = new URL("../", import.meta.url).pathname; // two copies of the site on one origin stay apart
  const lockName = `speculation:play@${scope}`;
  const me = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const locks = navigator.locks;
  const channel = openChannel(`${CHANNEL}@${scope}`);
  let holding = false;
  /** @type {(() => void) | null} */
  let release = null;

  channel?.addEventListener("message", (ev) => {
    if (ev.data?.type === "take" && ev.data.from !== me && holding) lose();
  });

  /** Hold the lock until released or stolen. Resolves true once held, false if not available. */
  function hold(/** @type {{steal?: boolean, ifAvailable?: boolean}} */ how) {
    if (!locks) return Promise.resolve(true);
    return new Promise((resolve) => {
      locks.request(lockName, how, (lock) => {
        if (!lock) { resolve(false); return undefined; }
        holding = true;
        resolve(true);
        return new Promise((/** @type {(v?: unknown) => void} */ r) => { release = r; });
      }).catch(() => {
        if (holding) lose(); // stolen by another tab
        else resolve(true); // refused before it was held (storage blocked: a SecurityError): play as without locks
      });
    });
  }

  function lose() {
    if (!holding) return;
    holding = false;
    release?.();
    release = null;
    onLost();
    showPanel().then(takeBack);
  }

  async function takeBack() {
    await take();
    await onRegained();
  }

  async function take() {
    channel?.postMessage({ type: "take", from: me });
    await hold({ steal: true });
    holding = true;
    hidePanel();
  }

  /** Become the writer: at once if no other tab plays, else after "Play here instead". */
  async function acquire() {
    if (holding) return;
    if (await hold({ ifAvailable: true })) { holding = true; return; }
    await showPanel();
    await take();
  }

  /** Another tab saved (a stale save was refused): stop, and offer to play here again. */
  function yieldTo() {
    if (!locks) holding = true; // without locks there is nothing to release: just show the panel
    lose();
  }

  return { acquire, yieldTo, isWriter: () => holding, id: me };
}

// ------------------------------------------------------------------ the panel

/** @returns {Promise<void>} resolves when the player chooses "Play here instead" */
function showPanel() {
  let dlg = /** @type {HTMLDialogElement|null} */ (document.getElementById("tab-dialog"));
  if (!dlg) {
    dlg = document.createElement("dialog");
    dlg.id = "tab-dialog";
    dlg.className = "confirm";
    dlg.setAttribute("aria-labelledby", "tab-dialog-title");
    const h = document.createElement("h2");
    h.id = "tab-dialog-title";
    h.textContent = "This match is open in another tab";
    const p = document.createElement("p");
    p.textContent = "Only one tab plays a match, so that no move is lost. Play on in the other tab, or move the match here.";
    const b = document.createElement("button");
    b.type = "button";
    b.className = "primary";
    b.id = "tab-play-here";
    b.textContent = "Play here instead";
    dlg.append(h, p, b);
    dlg.addEventListener("cancel", (ev) => ev.preventDefault()); // Escape does not dismiss it
    document.body.append(dlg);
  }
  const d = dlg;
  const button = /** @type {HTMLButtonElement} */ (d.querySelector("#tab-play-here"));
  if (!d.open) d.showModal();
  button.focus();
  return new Promise((resolve) => {
    button.onclick = () => { button.onclick = null; resolve(); };
  });
}

function hidePanel() {
  const dlg = /** @type {HTMLDialogElement|null} */ (document.getElementById("tab-dialog"));
  if (dlg?.open) dlg.close();
}
