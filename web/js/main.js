// The page's entry module, the only one that does anything when it is imported: it picks the
// mode and starts it. The full site is site.js; index.html?embed=1 is the compact table of
// embed-frame.js (docs/embedding.md). Both drive the one table controller, table.js.
import { startSite } from "./site.js";
import { nextTask } from "./dom.js";
import { applyDisplaySettings } from "./render.js";
import { loadSettings } from "./storage.js";
import { initOffline } from "./offline.js";
import { startPreview } from "./preview.js";
import { wireHeaderMenu } from "./header-menu.js";
import { watchStageSize } from "./stage-size.js";

// Opening a friend's invitation in a tab that shows the site (or another table) starts afresh
// as that table's guest; only the fragment changed, so the page would not load again by itself.
addEventListener("hashchange", () => { if (/^#join=/.test(location.hash)) location.reload(); });

// The frame that paints the shell (benchmarks/shell_paint.py, docs/offline-and-deploy.md).
requestAnimationFrame(() => performance.mark("speculation:shell"));

const embedded = new URLSearchParams(location.search).get("embed") === "1";
if (!embedded) watchStageSize(document.querySelector(".stage")); // the cards' sizes (layout.css)

if (/^#reply=/.test(location.hash)) {
  // A friend's reply, opened in the host's browser: passed to the tab that has the table.
  const { relayReply } = await import("./site/friends/reply-link.js");
  relayReply();
} else if (/^#(join|table)=/.test(location.hash)) {
  // A friend's invitation: this page is a guest at the host's table (no engine to play).
  wireHeaderMenu(document.querySelector(".site-header"));
  const { startGuest } = await import("./site/friends/join.js");
  startGuest();
  initOffline();
} else if (embedded) {
  applyDisplaySettings(loadSettings(), { theme: false }); // the reader's four colours and motion
  // The embed's own modules load only in an embed: the site never fetches them (issue 26;
  // tests/js/module-graph.test.mjs).
  const { startEmbed } = await import("./embed-frame.js");
  startEmbed();
  initOffline();
} else {
  startPreview(); // a returning player's last table, before the engine boots (preview.js)
  wireHeaderMenu(document.querySelector(".site-header")); // the header's Menu on narrow screens
  // The rest in a task of its own: evaluating the modules, the preview and the site's wiring
  // in one task took over 50 ms on a cold visit here (issue 13: no long task during boot).
  // (Importing site.js only now cut Lighthouse's blocking time, but left the header's buttons
  // dead until it arrived: a click on Rules right after the first paint was lost.)
  await nextTask();
  const site = await startSite();
  initOffline({ isGameInProgress: site.isGameInProgress });
}
