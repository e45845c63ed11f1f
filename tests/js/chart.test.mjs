// node --test: web/js/chart.js's arithmetic (no DOM): round ticks, tied lines kept apart,
// a marker shape per player, and a description in words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { chartModel, describe, markerPath, MARKERS, niceTicks, tieOffsets } from "../../web/js/chart.js";

/** Is every step between ticks 1, 2 or 5 × 10^k, and every tick a multiple of it? */
function round(ticks) {
  const step = ticks[1] - ticks[0];
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 5].includes(mantissa) && ticks.every((t, i) => t === ticks[0] + i * step && t % step === 0);
}

test("ticks are round numbers covering the range (issue 11: not 75, 88, 101)", () => {
  assert.deepEqual(niceTicks(75, 101), [70, 80, 90, 100, 110]);
  assert.deepEqual(niceTicks(0, 100), [0, 20, 40, 60, 80, 100]);
  assert.deepEqual(niceTicks(88, 96), [88, 90, 92, 94, 96]);
  for (let lo = 0; lo < 300; lo += 7) {
    for (const span of [0, 1, 3, 9, 26, 55, 140, 999]) {
      const ticks = niceTicks(lo, lo + span);
      assert.ok(round(ticks), `${lo}..${lo + span}: ${ticks}`);
      assert.ok(ticks[0] <= lo && ticks.at(-1) >= lo + span, `${lo}..${lo + span} covered by ${ticks}`);
      assert.ok(ticks.length >= 2 && ticks.length <= 6, `${lo}..${lo + span}: ${ticks.length} ticks`);
    }
  }
});

test("chips are whole numbers: the step never goes below 1", () => {
  assert.deepEqual(niceTicks(100, 100), [100, 101]);
  assert.deepEqual(niceTicks(0, 1), [0, 1]);
  assert.throws(() => niceTicks(0, Number.NaN), RangeError);
});

test("the chart's scale uses those ticks and starts at 0 when someone is nearly broke", () => {
  const m = chartModel([{ name: "A", values: [100, 130, 75] }, { name: "B", values: [100, 70, 125] }]);
  assert.deepEqual(m.yTicks.map((t) => t.value), [60, 80, 100, 120, 140]);
  assert.equal(m.min, 60);
  const broke = chartModel([{ name: "A", values: [100, 180, 200] }, { name: "B", values: [100, 20, 0] }]);
  assert.equal(broke.yTicks[0].value, 0);
  // a higher value is drawn higher (smaller y)
  const ys = broke.yTicks.map((t) => t.y);
  assert.deepEqual([...ys].sort((a, b) => b - a), ys);
});

test("tied players' lines are drawn apart, and apart from nobody else", () => {
  assert.deepEqual(tieOffsets([5, 7, 9]), [0, 0, 0]);
  const [a, b, c] = tieOffsets([5, 5, 9]);
  assert.equal(c, 0);
  assert.ok(a < 0 && b > 0 && a === -b);
  const three = tieOffsets([4, 4, 4]);
  assert.equal(new Set(three).size, 3);
  // two players with the same chips after every hand: no point of one hides the other's
  const m = chartModel([{ name: "A", values: [100, 104, 96] }, { name: "B", values: [100, 104, 96] }]);
  const [la, lb] = m.lines;
  la.points.forEach((p, i) => {
    assert.equal(p.x, lb.points[i].x);
    assert.notEqual(p.y, lb.points[i].y);
    assert.equal(p.value, lb.points[i].value);
  });
});

test("each player has a marker shape of their own, drawn as an SVG path", () => {
  const series = Array.from({ length: 8 }, (_, i) => ({ name: `P${i}`, values: [100, 100 + i] }));
  const m = chartModel(series);
  assert.equal(new Set(m.lines.map((l) => l.marker)).size, 8);
  for (const shape of MARKERS) assert.match(markerPath(shape, 10, 10), /^M[\d.,\-MLHVZaz ]+$/);
});

test("the description says each player's start, end and range, and who finished level", () => {
  const text = describe([{ name: "Fanny", values: [100, 112, 104] }, { name: "Edmund", values: [100, 96, 104] },
                         { name: "Mary", values: [100, 92, 92] }], "Chips after each hand");
  assert.match(text, /^Chips after each hand, over 2 hands\./);
  assert.match(text, /Fanny: 100 at the start, 104 at the end \(highest 112, lowest 100\)\./);
  assert.match(text, /Mary: 100 at the start, 92 at the end \(highest 100, lowest 92\)\./);
  assert.match(text, /Fanny and Edmund finish level on 104\./);
  assert.doesNotMatch(text, /Mary finish level/);
  assert.match(describe([{ name: "A", values: [100, 100] }], "T"), /over 1 hand\. A: 100 at the start, 100 at the end\.$/);
});

test("the hand axis is labelled from the start, at most about ten labels", () => {
  const m = chartModel([{ name: "A", values: Array.from({ length: 31 }, (_, i) => 100 + i) }]);
  assert.equal(m.xTicks[0].label, "start");
  assert.ok(m.xTicks.length <= 11);
  assert.deepEqual(m.xTicks.slice(1, 3).map((t) => t.label), ["3", "6"]);
});
