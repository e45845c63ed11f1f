// A part that parts made before it call. The site's wiring is in dependency order, except
// where two parts need each other (the table's hooks reach the save slot, the buy orders and
// the tutorial, which all drive the table): the earlier part calls through a Late, which the
// wiring names once every part exists. A call before that is a wiring bug, and says so.
//
//   const later = new Late("the table's hooks");
//   const table = createTable({ hooks: forward(() => later.get()) });
//   later.wire(hooksMadeFrom(table));

/** @template T */
export class Late {
  /** @param {string} what named in the error of a call made too early */
  constructor(what) {
    this.what = what;
    /** @type {T | null} */
    this.target = null;
  }

  /** Name the part (once). @param {T} target */
  wire(target) {
    if (this.target) throw new Error(`${this.what}: wired twice`);
    this.target = target;
  }

  /** @returns {T} */
  get() {
    if (!this.target) throw new Error(`${this.what}: used before it is wired`);
    return this.target;
  }
}
