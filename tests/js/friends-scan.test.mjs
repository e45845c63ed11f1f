// node --test: web/js/site/friends/scan.js, the lobby's "Scan" button, with stand-in elements and
// a stand-in scan in place of the camera (qr.js's scanQrWithCamera is tested in net-qr.test.mjs
// and, with a real press, in tests/netns/test_friends.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createScan } from "../../web/js/site/friends/scan.js";

/** An element as far as scan.js uses one: events, hidden, attributes, focus. */
class Fake extends EventTarget {
  /** @param {string} name @param {Record<string, Fake>} [inside] */
  constructor(name, inside = {}) {
    super();
    this.name = name;
    this.hidden = false;
    this.inside = inside;
    /** @type {Record<string, string>} */
    this.attrs = {};
  }
  /** @param {string} sel */
  querySelector(sel) { return this.inside[sel] ?? null; }
  /** @param {string} k @param {string} v */
  setAttribute(k, v) { this.attrs[k] = v; }
  focus() { Fake.focused = this.name; }
  click() { this.dispatchEvent(new Event("click")); }
}
/** @type {string | null} */
Fake.focused = null;

const tick = () => new Promise((r) => setTimeout(r, 0));

/** A lobby's parts and a scan the test ends by hand. @param {{canScan?: () => Promise<boolean>}} [o] */
function setUp({ canScan = async () => true } = {}) {
  const video = new Fake("video");
  const cancel = new Fake("cancel");
  const box = new Fake("box", { video, button: cancel });
  box.hidden = true;
  const button = new Fake("scan");
  const dialog = new Fake("dialog");
  /** @type {{signal: AbortSignal, resolve: (t: string) => void, reject: (e: unknown) => void, video: unknown}[]} */
  const scans = [];
  const codes = [];
  const errors = [];
  const scan = createScan(/** @type {any} */ ({
    button, box, dialog, canScan,
    onCode: (t) => codes.push(t),
    onError: (m) => errors.push(m),
    scan: (v, { signal }) => new Promise((resolve, reject) => {
      scans.push({ signal, resolve, reject, video: v });
      signal.addEventListener("abort", () => reject(signal.reason));
    }),
  }));
  Fake.focused = null;
  return { video, cancel, box, button, dialog, scans, codes, errors, scan };
}

test("Scan is shown only where a camera may be asked for, and nothing is asked before the press", async () => {
  const yes = setUp();
  assert.equal(yes.button.hidden, true, "hidden until the answer");
  await tick();
  assert.equal(yes.button.hidden, false);
  assert.equal(yes.scans.length, 0, "no scan (so no camera) before the press");
  const no = setUp({ canScan: async () => false });
  await tick();
  assert.equal(no.button.hidden, true);
  const broken = setUp({ canScan: () => Promise.reject(new Error("no module")) });
  await tick();
  assert.equal(broken.button.hidden, true);
});

test("a code read closes the box, goes to onCode once, and the focus returns to Scan", async () => {
  const t = setUp();
  await tick();
  t.button.click();
  assert.equal(t.box.hidden, false);
  assert.equal(t.button.attrs["aria-expanded"], "true");
  assert.equal(Fake.focused, "cancel", "the focus goes to Cancel while the camera is open");
  assert.equal(t.scans.length, 1);
  assert.equal(t.scans[0].video, t.video, "the box's own video shows the camera");
  t.button.click(); // a second press while scanning starts no second camera
  assert.equal(t.scans.length, 1);
  t.scans[0].resolve("http://127.0.0.1/#reply=abc");
  await tick();
  assert.deepEqual(t.codes, ["http://127.0.0.1/#reply=abc"]);
  assert.deepEqual(t.errors, []);
  assert.equal(t.box.hidden, true);
  assert.equal(t.button.attrs["aria-expanded"], "false");
  assert.equal(Fake.focused, "scan");
  assert.equal(t.scan.scanning(), false);
});

test("Cancel aborts the scan (so the camera stops) and a late code is dropped", async () => {
  const t = setUp();
  await tick();
  t.button.click();
  const { signal, resolve } = t.scans[0];
  t.cancel.click();
  assert.equal(signal.aborted, true);
  assert.equal(t.box.hidden, true);
  assert.equal(Fake.focused, "scan");
  resolve("too late");
  await tick();
  assert.deepEqual(t.codes, []);
  assert.deepEqual(t.errors, [], "a cancel is not an error");
  t.button.click();
  assert.equal(t.scans.length, 2, "Scan works again after a cancel");
  assert.equal(t.scans[1].signal.aborted, false);
});

test("Escape in the box, the lobby closing, and stop() each abort a running scan", async () => {
  const t = setUp();
  await tick();
  t.button.click();
  const esc = Object.assign(new Event("keydown", { cancelable: true }), { key: "Escape" });
  t.box.dispatchEvent(esc);
  assert.equal(t.scans[0].signal.aborted, true);
  assert.equal(esc.defaultPrevented, true, "the lobby itself stays open");
  t.button.click();
  Fake.focused = null;
  t.dialog.dispatchEvent(new Event("close"));
  assert.equal(t.scans[1].signal.aborted, true);
  assert.equal(Fake.focused, null, "no focus moved into a closed dialog");
  t.button.click();
  t.scan.stop();
  assert.equal(t.scans[2].signal.aborted, true);
  assert.equal(t.box.hidden, true);
  await tick();
  assert.deepEqual([t.codes, t.errors], [[], []]);
  t.scan.stop(); // nothing running: nothing happens
});

test("a camera error goes to onError with its sentence, and nothing else happens", async () => {
  const t = setUp();
  await tick();
  t.button.click();
  const refused = Object.assign(new Error("The camera was not allowed: allow it in the browser's settings, or paste the code instead."), { code: "no_camera" });
  t.scans[0].reject(refused);
  await tick();
  assert.deepEqual(t.errors, [refused.message]);
  assert.deepEqual(t.codes, []);
  assert.equal(t.box.hidden, true);
  assert.equal(Fake.focused, "scan");
  t.button.click();
  t.scans[1].reject("not an Error");
  await tick();
  assert.equal(t.errors.length, 2);
  assert.match(t.errors[1], /paste the code/);
});
