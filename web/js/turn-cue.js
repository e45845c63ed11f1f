// "Your turn" while the page is in the background (issue 44, item 6): the tab's title says so
// until the page is looked at again, and, when the player has turned it on in Settings (the
// browser asks its permission then, never before), a system notification. The sound is the
// table's own "turn" (table-view.js). For the site and a friend's guest page alike; an embed
// has none.
//
//   const cue = createTurnCue({ enabled: () => loadSettings().notify });
//   cue.yourTurn("Keep or sell the king of hearts?");   // does nothing while the page is seen

/**
 * @param {object} [opts]
 * @param {() => boolean} [opts.enabled] whether the player wants a notification
 * @param {Document} [opts.doc]
 * @param {Window & typeof globalThis} [opts.win]
 */
export function createTurnCue({ enabled = () => false, doc = document, win = window } = {}) {
  /** @type {string | null} the title before "Your turn" was put in front of it */
  let title = null;
  doc.addEventListener("visibilitychange", () => {
    if (!doc.hidden && title != null) { doc.title = title; title = null; }
  });

  /** @param {string} text what the player is to decide (the engine's own sentence) */
  function yourTurn(text) {
    if (!doc.hidden) return;
    title ??= doc.title;
    doc.title = `● Your turn · ${title}`;
    if (!enabled() || !("Notification" in win) || win.Notification.permission !== "granted") return;
    try {
      new win.Notification("Your turn at Speculation", { body: text, tag: "speculation-turn" });
    } catch (err) { // some browsers allow notifications from a service worker only
      console.warn("No notification:", err);
    }
  }

  return { yourTurn };
}

/**
 * Ask the browser's permission for notifications, as the player turns them on. Resolves with
 * whether they may be shown, and a sentence when not.
 * @param {Window & typeof globalThis} [win]
 * @returns {Promise<{ok: boolean, why?: string}>}
 */
export async function askNotifications(win = window) {
  if (!("Notification" in win)) return { ok: false, why: "This browser cannot show notifications." };
  if (win.Notification.permission === "granted") return { ok: true };
  if (win.Notification.permission === "denied") return { ok: false, why: "Notifications are blocked for this site: allow them in the browser's settings first." };
  const answer = await win.Notification.requestPermission();
  return answer === "granted" ? { ok: true } : { ok: false, why: "The browser did not allow notifications." };
}
