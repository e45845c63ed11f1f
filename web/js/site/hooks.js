// The site's part in the table: its answers to the table controller's hooks (table.js's `hooks`
// option, the driver's policy: saving after every move, the standing answers and buy orders,
// the pass-and-play and confirmation settings, the match summary's buttons, statistics and
// review at the match's end), and what watches the table's store (watchSite: the review entry
// at the end of a hand, the tutorial's notes, the last table kept for the next visit).
//
//   const later = new Late("the table's hooks");
//   const table = createTable({ mode: "site", hooks: forwardHooks(() => later.get()) });
//   later.wire(siteHooks({ table, slot, buy, tutorial, settings, summaryButtons }));
//   watchSite({ table, tutorial });
import { requestPersistence } from "../offline.js";
import { handReviewBox, reviewEntry } from "../review.js";
import { recordMatch } from "../stats.js";
import { storeLastView } from "../last-view.js";
import { endPreview } from "../preview.js";
import { standingAnswer, DEFAULT_STANDING } from "../standing.js";
import { orderOf, watchTable } from "../match-store.js";
import { humans, mySeat } from "./people.js";
import { autoNote, hideAutoNote, messageOf, notice } from "./panels.js";

/** @typedef {import("./types.js").SiteTable} SiteTable */
/** @typedef {import("../protocol.js").View} View */
/** @typedef {import("../protocol.js").GameEvent} GameEvent */
/** @typedef {import("../standing.js").Answer} StandingAnswer */

/**
 * @param {object} parts
 * @param {SiteTable} parts.table
 * @param {{save: () => Promise<void>}} parts.slot the save slot (save-slot.js)
 * @param {ReturnType<typeof import("../buy-order.js").createBuyOrders>} parts.buy
 * @param {ReturnType<typeof import("../tutorial.js").createTutorial>} parts.tutorial
 * @param {{current: () => import("../storage.js").UiSettings}} parts.settings
 * @param {() => HTMLElement[]} parts.summaryButtons the match summary's buttons (start.js)
 */
export function siteHooks({ table, slot, buy, tutorial, settings, summaryButtons }) {
  return {
    afterMove: () => slot.save(),
    // a standing answer's note was about an earlier decision: the person's own next move ends it
    onHumanMove: () => hideAutoNote(),
    onError: (/** @type {unknown} */ err) => notice(messageOf(err)),
    summaryButtons,
    handReview: (/** @type {View} */ view, /** @type {number} */ hand, /** @type {HTMLElement} */ box) => {
      const me = mySeat(view, table.holder);
      // the other people playing at this screen (pass-and-play; not friends on their own devices)
      const here = humans(view).filter((s) => s !== me && (table.here == null || table.here.includes(s)));
      handReviewBox(table, me, hand, box, here);
    },
    // The guided first hand plays the usual flow with the usual answers, whatever the
    // player's settings, so that its notes meet the same hand for everyone.
    standing: (/** @type {View} */ view) => {
      const s = settings.current();
      return standingAnswer(table, view, tutorial.active ? DEFAULT_STANDING : { autoReveal: s.autoReveal, offers: s.offers },
        orderOf(table.store.getState(), view.seat),
        { named: humans(view).length > 1 }); // pass-and-play: the note says whose answer it was

    },
    buyFrom: (/** @type {number} */ seat) => (table.view ? buy.stackLabel(table.view, seat) : null),
    onBuy: (/** @type {number} */ seat) => { buy.quick(seat); tutorial.onOrder(); },
    handover: () => !!settings.current().handover,
    confirmTrades: () => !!settings.current().confirmTrades,
  };
}

/** @typedef {ReturnType<typeof siteHooks>} SiteHooks */

/**
 * What the site does as the table changes, subscribed to its store.
 * @param {object} parts
 * @param {SiteTable} parts.table
 * @param {ReturnType<typeof import("../tutorial.js").createTutorial>} parts.tutorial
 * @param {{ended: () => Promise<unknown>}} parts.daily the daily deal (daily.js)
 * @returns {() => void} unsubscribe
 */
export function watchSite({ table, tutorial, daily }) {
  return watchTable(table.store, {
    events: (events) => tutorial.onEvents(events),
    // A hand has finished: ask to keep the save; offer its review. A standing answer's note
    // was about a decision of that hand: it goes with it (issue 26).
    handEnded: (view) => {
      hideAutoNote();
      requestPersistence();
      reviewEntry(table, view, mySeat(view, table.holder));
    },
    drawn: (view, how) => {
      endPreview(); // the live table replaces the stored one, kept for the next visit (preview.js)
      storeLastView(view, table.holder);
      tutorial.onView(view, how);
    },
    // the player's standing answer was sent: its note, if it has one, shows beside the table
    standing: (answer) => { if (answer.note) autoNote(answer.note); },
    // the match is over: keep it in the statistics (once), offer its review, and a daily
    // deal's result (daily.js)
    matchEnded: (view) => {
      reviewEntry(table, view, mySeat(view, table.holder));
      recordMatch(table, view, mySeat(view, table.holder)).catch((err) => console.error(err));
      daily.ended().catch((err) => console.error(err));
    },
  });
}

/**
 * The table's hooks for a table made before the parts that answer them: each calls the same
 * hook of `get()` (the same hooks, so the table sees the same ones present).
 * @param {() => SiteHooks} get
 * @returns {SiteHooks}
 */
export function forwardHooks(get) {
  return {
    afterMove: () => get().afterMove(),
    onHumanMove: () => get().onHumanMove(),
    onError: (err) => get().onError(err),
    summaryButtons: () => get().summaryButtons(),
    handReview: (view, hand, box) => get().handReview(view, hand, box),
    standing: (view) => get().standing(view),
    buyFrom: (seat) => get().buyFrom(seat),
    onBuy: (seat) => get().onBuy(seat),
    handover: () => get().handover(),
    confirmTrades: () => get().confirmTrades(),
  };
}
