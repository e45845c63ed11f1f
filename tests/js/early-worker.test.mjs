// node --test: which pages start the engine's worker as they load (web/js/early-worker.js's
// bootsAtLoad). The site does; an embed checks its parameters first; a friend's page plays on
// the host's engine and boots its own only for the fair-play check at the match's end
// (docs/architecture.md, site/friends/join.js), and a relayed reply never needs one.
import { test } from "node:test";
import assert from "node:assert/strict";

// The module starts a worker when imported: in Node there is neither `location` nor `Worker`,
// so it is imported as an embed's page would be, which starts none.
globalThis.location = /** @type {any} */ ({ search: "?embed=1", hash: "" });
const { bootsAtLoad, takeEarlyWorker } = await import("../../web/js/early-worker.js");

const at = (search, hash) => /** @type {Location} */ (/** @type {unknown} */ ({ search, hash }));

test("the site boots at load, with or without a fragment or a query", () => {
  assert.equal(bootsAtLoad(at("", "")), true);
  assert.equal(bootsAtLoad(at("?seed=4", "#rules")), true);
  assert.equal(bootsAtLoad(at("", "#jo")), true, "only a whole #join= fragment is a friend's page");
});

test("an embed, a friend's page and a relayed reply do not", () => {
  assert.equal(bootsAtLoad(at("?embed=1", "")), false);
  assert.equal(bootsAtLoad(at("", "#join=abc")), false);
  assert.equal(bootsAtLoad(at("", "#table=t1")), false);
  assert.equal(bootsAtLoad(at("", "#reply=xyz")), false);
  assert.equal(takeEarlyWorker(), null, "no worker was started on import as an embed");
});
