// Stepping through a game record with the engine's `replay` op (docs/protocol.md): the embeds'
// scenarios replace the worker's match with the replayed one; the review looks at the match in
// progress beside the live one (`install: false`), so the table underneath is left as it was.
// The match in progress is replayed by the engine from its own record (`CURRENT`): the page
// never holds its seed (the `record` op withholds it until the match is over).
//
//   import { replayTo, createStepper, CURRENT } from "./stepper.js";
//   const r = await replayTo(engine, record, 12, { seat: 0, install: false });  // r.view, r.steps
//   const st = createStepper(engine, CURRENT, { seat: 0, steps: 40 });
//   const view = await st.goTo(5);   // st.at === 5; st.steps === 40

/** Replay the match in progress (the engine's own record, seed included) rather than a record. */
export const CURRENT = "current";

/**
 * Replay `record` (or the match in progress: `CURRENT`) up to `upto` actions; the answer of
 * the `replay` op (throws on a refusal).
 * @param {import("./driver.js").EngineLike} engine
 * @param {import("./protocol.js").GameRecord | typeof CURRENT} record a game record, or CURRENT
 * @param {number} upto
 * @param {{seat?: number|null, install?: boolean}} [options]
 */
export async function replayTo(engine, record, upto, { seat = null, install = true } = {}) {
  const r = await engine.request(record === CURRENT
    ? { op: "replay", current: true, upto, seat, install }
    : { op: "replay", record, upto, seat, install });
  if (!r.ok) throw new Error(r.error?.message ?? "the record could not be replayed");
  return r;
}

/**
 * A cursor over a record's steps (or the match in progress's: CURRENT, with its number of
 * `steps`) that never disturbs the match in progress.
 * @param {import("./driver.js").EngineLike} engine
 * @param {import("./protocol.js").GameRecord | typeof CURRENT} record a game record, or CURRENT
 * @param {{seat?: number|null, steps?: number}} [options]
 */
export function createStepper(engine, record, { seat = null, steps = undefined } = {}) {
  const st = {
    steps: steps ?? (record !== CURRENT && Array.isArray(record.actions) ? record.actions.length : 0),
    at: 0,
    /** @type {import("./protocol.js").View | null} */
    view: null,
    /** Show the table after the first `n` actions (clamped to the record). @param {number} n */
    async goTo(n) {
      const target = Math.max(0, Math.min(st.steps, Math.round(n)));
      const r = await replayTo(engine, record, target, { seat, install: false });
      st.at = target;
      st.view = r.view;
      return r.view;
    },
  };
  return st;
}
