// Framing of data-channel messages (web/js/net/link/frame.js): playing with friends, issue 22.
//
//   node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { DEFAULT_FRAME_BYTES, createAssembler, frames, utf8Length } from "../../web/js/net/link/frame.js";

/** @param {string[]} fs @param {ReturnType<typeof createAssembler>} [a] */
function reassemble(fs, a = createAssembler()) {
  let text = null;
  fs.forEach((f, i) => {
    const r = a.push(f);
    assert.ok(r.ok, `frame ${i}: ${r.ok ? "" : r.message}`);
    if (i < fs.length - 1) assert.equal(r.text, null);
    else text = r.text;
  });
  return text;
}

test("utf8Length counts what TextEncoder writes", () => {
  for (const s of ["", "abc", "é", "€", "😀", "a😀b", "\ud800", "x\udc00y", "Მარიამ"]) {
    assert.equal(utf8Length(s), new TextEncoder().encode(s).length, JSON.stringify(s));
  }
});

test("round trips at sizes around the frame limit, every frame within it", () => {
  const max = 200;
  for (const unit of ["a", "é", "€", "😀"]) {
    for (let n = 0; n < 520; n += n < 180 ? 37 : 1) {
      const text = unit.repeat(Math.ceil(n / utf8Length(unit)));
      const fs = frames(text, max, 5);
      for (const f of fs) assert.ok(utf8Length(f) <= max, `${unit}×${n}: a frame of ${utf8Length(f)} bytes`);
      assert.equal(reassemble(fs), text);
    }
  }
});

test("a 100 KB message in 16,000-byte frames, and the exact boundary", () => {
  const text = JSON.stringify({ t: "state", blob: "x".repeat(100_000) });
  const fs = frames(text);
  assert.equal(fs.length, Math.ceil(utf8Length(text) / (DEFAULT_FRAME_BYTES - 32)));
  assert.ok(fs.every((f) => utf8Length(f) <= DEFAULT_FRAME_BYTES));
  assert.equal(reassemble(fs), text);
  const exact = "y".repeat(DEFAULT_FRAME_BYTES - 32);
  assert.deepEqual(frames(exact), [`0.0/1:${exact}`]);
  assert.equal(frames(`${exact}y`).length, 2);
  assert.deepEqual(frames("", 100, 3), ["3.0/1:"]);
  assert.equal(reassemble(frames("")), "");
});

test("one assembler takes message after message", () => {
  const a = createAssembler();
  for (let id = 0; id < 5; id += 1) {
    const text = `message ${id} `.repeat(30 * id);
    assert.equal(reassemble(frames(text, 100, id), a), text);
  }
});

test("out-of-order, foreign and malformed frames are refused, without a throw, and the next message still reads", () => {
  const fs = frames("z".repeat(500), 100, 1);
  const other = frames("w".repeat(500), 100, 2);
  const cases = [
    [[fs[1]], "out_of_order"], // no start
    [[fs[0], fs[2]], "out_of_order"], // a gap
    [[fs[0], fs[1], fs[1]], "out_of_order"], // a repeat
    [[fs[0], other[1]], "out_of_order"], // another message's frame
    [[fs[0], other[0]], "out_of_order"], // another message starting in the middle
    [["hello"], "bad_frame"],
    [["1.3/2:x"], "bad_frame"],
    [["1.0/0:x"], "bad_frame"],
    [["-1.0/1:x"], "bad_frame"],
    [[42], "bad_frame"],
    [[null], "bad_frame"],
    [[new ArrayBuffer(4)], "bad_frame"],
    [["1.0/2:"], "bad_frame"], // an empty piece in a message of several frames
  ];
  for (const [sequence, code] of cases) {
    const a = createAssembler();
    let last;
    for (const f of sequence) last = a.push(f);
    assert.equal(last.ok, false, JSON.stringify(sequence).slice(0, 80));
    assert.equal(last.code, code, JSON.stringify(sequence).slice(0, 80));
    assert.match(last.message, /refused|arrived/);
    assert.equal(reassemble(frames("after", 100, 9), a), "after");
  }
});

test("the total is capped: a message over maxBytes is refused once it passes the cap", () => {
  const a = createAssembler({ maxBytes: 1000 });
  const fs = frames("q".repeat(1001), 300, 4);
  const results = fs.map((f) => a.push(f));
  assert.deepEqual(results.slice(0, -1).map((r) => r.ok), [true, true, true]);
  assert.equal(results.at(-1).code, "too_large");
  assert.equal(reassemble(frames("q".repeat(1000), 300, 5), a), "q".repeat(1000));
  // a header that claims more frames than the cap could ever hold is refused at once
  assert.equal(createAssembler({ maxBytes: 1000 }).push("1.0/5000:x").code, "too_large");
  // the default cap is 1 MiB
  const big = frames("b".repeat((1 << 20) + 1));
  const d = createAssembler();
  assert.equal(big.map((f) => d.push(f)).at(-1).code, "too_large");
});

test("frames refuses sizes it cannot honour", () => {
  assert.throws(() => frames("x", 10), RangeError);
  assert.throws(() => frames("x", 100, -1), RangeError);
});
