/**
 * offline.js — the service worker's page side, and the storage safety net.
 *
 *   import { initOffline, requestPersistence, noteSave, safeSave } from "./offline.js";
 *
 * initOffline({isGameInProgress, onUpdateReady, checkEveryMs}) → controller
 *   Registers ../sw.js (scope: the site's root) once the page has loaded and
 *   the engine has booted (#boot gets is-ready, or #boot-error shows), so the
 *   precache never competes with the first download of the runtime.  Then:
 *   - looks for a new deploy at start, every checkEveryMs (default 30 min),
 *     when the page becomes visible again and when the browser comes online;
 *   - when a new version has installed and waits, offers it: the built-in
 *     prompt ("A new version is ready — reload") or onUpdateReady({accept,
 *     dismiss, inProgress}) if given and it returns true (it then shows its
 *     own).  Nothing is replaced without the player's yes: "Reload" activates
 *     the new worker and reloads; "Not now" keeps this version running (the
 *     new one starts on a later visit, once every tab of the game is closed).
 *     The match is saved after every move (localStorage), so the reload
 *     resumes it; isGameInProgress() only changes the wording.
 *   controller: {ready: Promise<registration|null>, checkForUpdate(),
 *                state: "unsupported"|"waiting-for-boot"|"registered"|"failed",
 *                updateReady: boolean}
 *
 * requestPersistence() → Promise<boolean|null>
 *   Asks the browser once per page to keep this site's storage (the save and
 *   the offline copy) under storage pressure.  Call it when a hand finishes.
 *
 * noteSave(ok) / safeSave(key, value) → {ok, error}
 *   Report a save's outcome (or write one): a failed save (storage full,
 *   storage disabled as in some private modes) shows a small notice once —
 *   the game goes on, but the match would not survive closing the page — and
 *   a later successful save takes the notice away.
 *   error: null | "quota" | "unavailable" | "failed".
 *
 * Names on the shared user.github.io origin: the worker's caches are
 * "speculation@<site path>#<build>"; localStorage keys here start "speculation:".
 */

/** @param {string} id */
const $ = (id) => document.getElementById(id);
const SW_URL = new URL("../sw.js", import.meta.url);
const SCOPE = new URL("../", import.meta.url);
const CHECK_EVERY_MS = 30 * 60 * 1000;
const MIN_CHECK_GAP_MS = 60 * 1000;

// ------------------------------------------------------------------ small DOM helpers

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attrs]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

/**
 * The notice box with this id, made (hidden) at the end of the page the first time.
 * @param {string} id
 * @param {string} className
 * @param {string} role
 * @returns {HTMLElement}
 */
function banner(id, className, role) {
  let box = $(id);
  if (!box) {
    box = el("div", { id, class: `offline-banner ${className}`, role });
    box.hidden = true;
    document.body.append(box);
  }
  return box;
}

// ------------------------------------------------------------------ the update prompt

/** @type {ReturnType<typeof setInterval> | undefined} */
let wordingTimer;

/**
 * @param {{inProgress: () => boolean, elsewhere: boolean, accept: () => void, dismiss: () => void}} offer
 */
function showUpdatePrompt({ inProgress, elsewhere, accept, dismiss }) {
  const box = banner("update-prompt", "update-prompt", "region");
  box.setAttribute("aria-label", "Update");
  const text = el("p", { class: "update-text", role: "status" });
  // The offer may come while a saved match is still being resumed: keep the words current.
  const words = () => {
    let t = elsewhere
      ? "A new version was started in another tab — reload to use it here too."
      : "A new version is ready — reload to use it.";
    if (inProgress()) t += " Your match is saved and carries on after the reload.";
    if (text.textContent !== t) text.textContent = t;
  };
  words();
  clearInterval(wordingTimer);
  wordingTimer = setInterval(words, 1000);
  const reload = el("button", { type: "button", id: "update-reload", class: "primary" }, "Reload");
  const later = el("button", { type: "button", id: "update-later" }, "Not now");
  reload.addEventListener("click", () => {
    clearInterval(wordingTimer);
    reload.disabled = true;
    later.disabled = true;
    text.textContent = "Loading the new version…";
    accept();
  });
  later.addEventListener("click", () => {
    clearInterval(wordingTimer);
    box.hidden = true;
    dismiss();
  });
  const actions = el("div", { class: "offline-actions" });
  actions.append(reload, later);
  box.replaceChildren(text, actions);
  box.hidden = false;
  document.documentElement.dataset.update = "ready";
}

// ------------------------------------------------------------------ registration

/**
 * Resolves when the engine has booted or failed (never blocks registration for long).
 * @returns {Promise<void>}
 */
function afterBoot(limitMs = 120000) {
  return new Promise((resolve) => {
    const boot = $("boot");
    const failed = () => { const e = $("boot-error"); return !!e && !e.hidden; };
    const done = () => !boot || boot.classList.contains("is-ready") || failed();
    if (!boot || done()) { resolve(); return; }
    const observer = new MutationObserver(() => { if (done()) finish(); });
    const timer = setTimeout(finish, limitMs);
    function finish() { observer.disconnect(); clearTimeout(timer); resolve(); }
    observer.observe(boot, { attributes: true, subtree: true, attributeFilter: ["class", "hidden"] });
  });
}

/** @returns {Promise<void>} */
function loaded() {
  return document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => addEventListener("load", () => resolve(), { once: true }));
}

/**
 * What the page is told when an update waits; return true to show your own prompt.
 * @typedef {(offer: {accept: () => void, dismiss: () => void, inProgress: boolean,
 *   elsewhere: boolean}) => boolean | void} UpdateHandler
 */

/**
 * @typedef {object} OfflineController
 * @property {"unsupported" | "waiting-for-boot" | "registered" | "failed"} state
 * @property {boolean} updateReady
 * @property {Promise<ServiceWorkerRegistration | null>} ready
 * @property {() => Promise<boolean>} checkForUpdate
 */

/**
 * Register the service worker after the boot and offer new deploys (see the top of this file).
 * @param {{isGameInProgress?: () => boolean, onUpdateReady?: UpdateHandler | null,
 *   checkEveryMs?: number}} [options]
 * @returns {OfflineController}
 */
export function initOffline({
  isGameInProgress = () => false,
  onUpdateReady = null,
  checkEveryMs = CHECK_EVERY_MS,
} = {}) {
  /** @type {OfflineController} */
  const controller = {
    state: "unsupported",
    updateReady: false,
    ready: Promise.resolve(null),
    checkForUpdate: async () => false,
  };
  const sw = navigator.serviceWorker;
  if (!sw || !/^https?:$/.test(location.protocol)) return controller;

  let accepted = false;
  let controlled = !!sw.controller;
  /** @type {ServiceWorker | null} */
  let offered = null; // the waiting worker already offered
  let lastCheck = 0;
  controller.state = "waiting-for-boot";

  sw.addEventListener("controllerchange", () => {
    if (accepted) { location.reload(); return; }
    if (!controlled) { controlled = true; return; } // the first visit's worker took over
    // Another tab of the game accepted the update: this page still runs the old
    // scripts.  Say so; reloading stays the player's choice.
    offer(null, true);
  });

  /** @param {ServiceWorker | null} worker */
  function offer(worker, elsewhere = false) {
    if (worker && offered === worker) return;
    offered = worker;
    controller.updateReady = true;
    const accept = () => {
      accepted = true;
      if (worker && worker.state !== "redundant" && worker !== sw.controller) {
        worker.postMessage({ type: "skip-waiting" });
        // controllerchange reloads; should it never come, reload anyway.
        setTimeout(() => location.reload(), 10000);
      } else location.reload();
    };
    const dismiss = () => { document.documentElement.dataset.update = "dismissed"; };
    const inProgress = () => { try { return !!isGameInProgress(); } catch { return false; } };
    let handled = false;
    if (onUpdateReady) {
      try { handled = onUpdateReady({ accept, dismiss, inProgress: inProgress(), elsewhere }) === true; } catch (err) { console.error(err); }
    }
    if (!handled) showUpdatePrompt({ inProgress, elsewhere, accept, dismiss });
  }

  /** @param {ServiceWorkerRegistration} reg */
  function watch(reg) {
    /** @param {ServiceWorker | null} worker */
    const consider = (worker) => {
      // Only an update is offered: on the first visit nothing was controlling the page.
      if (worker && worker.state === "installed" && sw.controller) offer(worker);
    };
    consider(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => consider(worker));
    });
  }

  controller.ready = (async () => {
    await loaded();
    await afterBoot();
    try {
      const reg = await sw.register(SW_URL.href, { scope: SCOPE.href, updateViaCache: "none" });
      controller.state = "registered";
      watch(reg);
      controller.checkForUpdate = async () => {
        const now = Date.now();
        if (now - lastCheck < MIN_CHECK_GAP_MS) return false;
        lastCheck = now;
        try { await reg.update(); return true; } catch { return false; } // offline: try later
      };
      // (Navigations check too; a page left open for hours relies on the timer.)
      controller.checkForUpdate();
      setInterval(() => controller.checkForUpdate(), checkEveryMs);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") controller.checkForUpdate();
      });
      addEventListener("online", () => { lastCheck = 0; controller.checkForUpdate(); });
      return reg;
    } catch (err) {
      controller.state = "failed";
      console.warn(`Offline play is unavailable: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  })();
  return controller;
}

// ------------------------------------------------------------------ storage

/** @type {Promise<boolean | null> | null} */
let persistAsked = null;

/** @returns {Promise<boolean | null>} */
export function requestPersistence() {
  if (!persistAsked) {
    persistAsked = (async () => {
      try {
        const storage = navigator.storage;
        if (!storage || !storage.persist) return null;
        if (storage.persisted && (await storage.persisted())) return true;
        return await storage.persist();
      } catch {
        return null;
      }
    })();
  }
  return persistAsked;
}

const PROBE_KEY = "speculation:probe";

/** @typedef {"quota" | "unavailable" | "failed"} SaveError */

/**
 * @param {unknown} err
 * @returns {SaveError}
 */
function classify(err) {
  if (!err || typeof err !== "object") return "failed";
  const { name = "", code = 0 } = /** @type {{name?: string, code?: number}} */ (err);
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" || code === 22 || code === 1014) {
    return "quota";
  }
  if (name === "SecurityError" || name === "InvalidAccessError") return "unavailable";
  return "failed";
}

/**
 * Why did a save fail? A tiny write tells storage-full from storage-off.
 * @returns {SaveError}
 */
function diagnose() {
  try {
    if (typeof localStorage === "undefined" || localStorage === null) return "unavailable";
    localStorage.setItem(PROBE_KEY, "1");
    localStorage.removeItem(PROBE_KEY);
    return "quota"; // small writes work: the save itself is too big for what is left
  } catch (err) {
    return classify(err) === "failed" ? "unavailable" : classify(err);
  }
}

/** @type {Record<SaveError, string>} */
const SAVE_WORDS = {
  quota: "the browser's storage for this site is full",
  unavailable: "this browser does not let the page store anything (a private window, or storage turned off)",
  failed: "the browser refused to store it",
};
let warned = false;

/** @param {SaveError} error */
function showSaveWarning(error) {
  if (warned) return; // once, until a save works again
  warned = true;
  const box = banner("save-warning", "save-warning", "alert");
  const text = el("p", { class: "save-warning-text" },
    `This match could not be saved: ${SAVE_WORDS[error] ?? SAVE_WORDS.failed}. ` +
    "You can go on playing, but the match will be lost if this page is closed or reloaded.");
  const close = el("button", { type: "button", id: "save-warning-close" }, "Dismiss");
  close.addEventListener("click", () => { box.hidden = true; });
  const actions = el("div", { class: "offline-actions" });
  actions.append(close);
  box.replaceChildren(text, actions);
  box.hidden = false;
  document.documentElement.dataset.save = error;
}

function clearSaveWarning() {
  if (!warned) return;
  warned = false;
  const box = $("save-warning");
  if (box) box.hidden = true;
  document.documentElement.dataset.save = "ok";
}

/**
 * Report the outcome of a save written elsewhere (storage.js's writeSave returns {ok, ...}).
 * @param {boolean} ok
 * @returns {{ok: boolean, error: SaveError | null}}
 */
export function noteSave(ok) {
  if (ok) { clearSaveWarning(); return { ok: true, error: null }; }
  const error = diagnose();
  showSaveWarning(error);
  return { ok: false, error };
}

/**
 * Write key = value to localStorage; a failure is reported to the player, never thrown.
 * @param {string} key
 * @param {string} value
 * @returns {{ok: boolean, error: SaveError | null}}
 */
export function safeSave(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (err) {
    const error = classify(err) === "failed" ? diagnose() : classify(err);
    showSaveWarning(error);
    return { ok: false, error };
  }
  clearSaveWarning();
  return { ok: true, error: null };
}
