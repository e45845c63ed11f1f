// Stepping through a game record with the engine's `replay` op (docs/protocol.md): the embeds'
// scenarios replace the worker's match with the replayed one; the review looks at a finished
// match beside the live one (`install: false`), so the table underneath is left as it was.
//
//   import { replayTo, createStepper } from "./stepper.js";
//   const r = await replayTo(engine, record, 12, { seat: 0, install: false });  // r.view, r.steps
//   const st = createStepper(engine, record, { seat: 0 });
//   const view = await st.goTo(5);   // st.at === 5; st.steps === record.actions.length

/**
 * Replay `record` up to `upto` actions; the answer of the `replay` op (throws on a refusal).
 * @param {{request: (req: any) => Promise<any>}} engine
 * @param {any} record
 * @param {number} upto
 * @param {{seat?: number|null, install?: boolean}} [options]
 */
export async function replayTo(engine, record, upto, { seat = null, install = true } = {}) {
  const r = await engine.request({ op: "replay", record, upto, seat, install });
  if (!r.ok) throw new Error(r.error?.message ?? "the record could not be replayed");
  return r;
}

/**
 * A cursor over a record's steps that never disturbs the match in progress.
 * @param {{request: (req: any) => Promise<any>}} engine
 * @param {any} record
 * @param {{seat?: number|null}} [options]
 */
export function createStepper(engine, record, { seat = null } = {}) {
  const st = {
    steps: Array.isArray(record?.actions) ? record.actions.length : 0,
    at: 0,
    /** @type {any} */
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
