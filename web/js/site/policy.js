// The site's part in the table: the driver's policy (saving after every move, the standing
// answers with the buy orders, the pass-and-play setting, errors), the page's parts of the
// table's views (the confirmation setting, the stacks' one-click buy order, the end-of-hand
// review box), and what follows the table's store (watchSite: the review entry at the end of a
// hand, the standing answers' notes, the tutorial's notes, the last table kept for the next
// visit, statistics and the daily deal at the match's end).
//
//   const store = createMatchStore();
//   const table = createTable({ store, mode: "site",
//     policy: sitePolicy({ store, settings, engine: () => table, save, guided }),
//     views: siteViews({ store, settings, buy, engine: () => table }) });
//   watchSite({ table, tutorial, daily });
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
/** @typedef {import("../match-store.js").MatchStore} MatchStore */
/** @typedef {import("../driver.js").EngineLike} EngineLike */
/** @typedef {{current: () => import("../storage.js").UiSettings}} Settings */

/**
 * What only the site knows in the driver's loop (table.js's `policy`).
 * @param {object} parts
 * @param {MatchStore} parts.store the table's state (its buy orders)
 * @param {Settings} parts.settings
 * @param {() => EngineLike} parts.engine the table's engine, asked for the standing answers
 * @param {() => Promise<void>} parts.save the save slot's (save-slot.js), after every move
 * @param {() => boolean} parts.guided the guided first hand is under way (tutorial.js)
 * @returns {import("../table.js").TablePolicy}
 */
export function sitePolicy({ store, settings, engine, save, guided }) {
  return {
    afterMove: () => save(),
    // a standing answer's note was about an earlier decision: the person's own next move ends it
    onHumanMove: () => hideAutoNote(),
    onError: (err) => notice(messageOf(err)),
    // The guided first hand plays the usual flow with the usual answers, whatever the
    // player's settings, so that its notes meet the same hand for everyone.
    standing: (view) => {
      const s = settings.current();
      return standingAnswer(engine(), view, guided() ? DEFAULT_STANDING : { autoReveal: s.autoReveal, offers: s.offers },
        orderOf(store.getState(), view.seat),
        { named: humans(view).length > 1 }); // pass-and-play: the note says whose answer it was
    },
    handover: () => !!settings.current().handover,
  };
}

/**
 * The site's parts of the table's views (table.js's `views`).
 * @param {object} parts
 * @param {MatchStore} parts.store
 * @param {Settings} parts.settings
 * @param {ReturnType<typeof import("../buy-order.js").createBuyOrders>} parts.buy
 * @param {() => EngineLike} parts.engine the table's engine, asked for the hand's review
 * @returns {import("../table.js").TableViewParts}
 */
export function siteViews({ store, settings, buy, engine }) {
  return {
    confirmTrades: () => !!settings.current().confirmTrades,
    buyFrom: (seat) => {
      const view = store.getState().view;
      return view ? buy.stackLabel(view, seat) : null;
    },
    onBuy: (seat) => buy.quick(seat),
    handReview: (view, hand, box) => {
      const { holder, here } = store.getState();
      const me = mySeat(view, holder);
      // the other people playing at this screen (pass-and-play; not friends on their own devices)
      const others = humans(view).filter((s) => s !== me && (here == null || here.includes(s)));
      handReviewBox(engine(), me, hand, box, others);
    },
  };
}

/**
 * What the site does as the table changes, subscribed to its store.
 * @param {object} parts
 * @param {SiteTable} parts.table
 * @param {ReturnType<typeof import("../tutorial.js").createTutorial>} parts.tutorial
 * @param {{ended: () => Promise<unknown>}} parts.daily the daily deal (daily.js)
 * @returns {() => void} unsubscribe
 */
export function watchSite({ table, tutorial, daily }) {
  // a buy order placed (the dialog or a stack's click): the guided hand's note on orders
  const offOrders = table.store.subscribe((s, prev, msg) => { if (msg.type === "order") tutorial.onOrder(); });
  const offTable = watchTable(table.store, {
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
  return () => { offOrders(); offTable(); };
}
