// An SVG line chart of every player's chips, hand by hand.
//
//   import { chipsChart, chartModel, niceTicks } from "./chart.js";
//   figure.append(chipsChart([{name: "Fanny", values: [100, 112, 96]}, ...]));
//
// chartModel() does all the arithmetic (round ticks, points, markers, the offsets that keep
// tied lines apart, the text description) without touching the DOM; chipsChart() only draws
// it. Each player's line has its own colour and its own marker shape, so lines stay apart
// without colour too.

const NS = "http://www.w3.org/2000/svg";
const SIZE = { width: 420, height: 250, left: 40, right: 10, top: 12, bottom: 34 };
/** How far apart (in SVG units) lines that share a value are drawn. */
const TIE_GAP = 3;
export const MARKERS = ["circle", "square", "triangle", "diamond", "triangle-down", "plus", "cross", "star"];

/** @typedef {{name: string, values: number[]}} Series */
/** @typedef {{x: number, y: number, value: number}} ChartPoint */
/**
 * @typedef {object} ChartLine
 * @property {string} name
 * @property {number} index the series' position (its colour class is s{index % 8})
 * @property {string} marker one of MARKERS
 * @property {ChartPoint[]} points
 */
/**
 * @typedef {object} ChartModel
 * @property {typeof SIZE} size
 * @property {number} min the lowest value on the scale
 * @property {number} max the highest value on the scale
 * @property {Array<{value: number, label: string, y: number}>} yTicks label: the value as `format` writes it
 * @property {Array<{label: string, x: number}>} xTicks
 * @property {ChartLine[]} lines
 * @property {string[]} finals each line's last value as `format` writes it (the legend's)
 * @property {string} description what the chart shows, in sentences
 */

/**
 * Round tick values covering [lo, hi]: a step of 1, 2 or 5 × 10^k (never below `minStep`),
 * with at most `count` + 1 intervals; the first tick is at or below lo, the last at or above hi.
 *
 *   niceTicks(75, 130)  // [60, 80, 100, 120, 140]
 *
 * @param {number} lo
 * @param {number} hi
 * @param {{count?: number, minStep?: number}} [options]
 * @returns {number[]}
 */
export function niceTicks(lo, hi, { count = 4, minStep = 1 } = {}) {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) throw new RangeError("ticks need finite bounds");
  if (hi < lo) [lo, hi] = [hi, lo];
  const rough = Math.max((hi - lo) / Math.max(1, count), minStep);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  // the finest round step that needs at most count + 1 intervals
  const intervals = (/** @type {number} */ st) => Math.ceil(hi / st - 1e-9) - Math.floor(lo / st + 1e-9);
  const step = [1, 2, 5, 10, 20].map((m) => m * magnitude)
    .find((st) => st >= minStep && intervals(st) <= count + 1) ?? 20 * magnitude;
  const first = Math.floor(lo / step + 1e-9) * step;
  const last = Math.max(Math.ceil(hi / step - 1e-9) * step, first + step);
  const ticks = [];
  for (let k = 0; first + k * step <= last + step * 1e-9; k++) ticks.push(roundTo(first + k * step, step));
  return ticks;
}

/** Remove float noise: 0.30000000000000004 → 0.3 (to the step's decimals). */
function roundTo(/** @type {number} */ v, /** @type {number} */ step) {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  return Number(v.toFixed(decimals));
}

/**
 * Vertical offsets (in SVG units) for the lines at one hand: lines that share a value are
 * spread TIE_GAP apart around it, in series order; a line alone there gets 0.
 * @param {Array<number | undefined>} values one per series (undefined: no point)
 * @returns {number[]}
 */
export function tieOffsets(values) {
  /** @type {Map<number, number[]>} */
  const groups = new Map();
  values.forEach((v, i) => {
    if (v === undefined) return;
    const g = groups.get(v);
    if (g) g.push(i); else groups.set(v, [i]);
  });
  const out = values.map(() => 0);
  for (const members of groups.values()) {
    members.forEach((i, k) => { out[i] = (k - (members.length - 1) / 2) * TIE_GAP; });
  }
  return out;
}

/**
 * @typedef {object} ChartOptions
 * @property {string} [title]
 * @property {string} [xLabel] the x axis's name ("hand")
 * @property {number|null} [floor] the scale never goes below this (0 for chips); null: no floor
 * @property {number|null} [firstX] label the points from this number (null: "start", 1, 2…)
 * @property {string} [description] the chart in words, instead of the chips description
 * @property {(v: number) => string} [format] how a value is written on the axis, in the legend and
 *   in the description: whole chips with a minus sign by default (chipsText); a trading score's
 *   chart gives text.js's signedTenths, the rounding the engine's score has everywhere
 */

/** A chip count as the page writes it: "−12" with a minus sign, not a hyphen. @param {number} v */
export function chipsText(v) {
  return v < 0 ? `−${-v}` : String(v);
}

/**
 * Everything the chart shows, computed from the series.
 * @param {Series[]} series chips at the start, then after each hand, per player
 * @param {ChartOptions} [options]
 * @returns {ChartModel}
 */
export function chartModel(series, { title = "Chips after each hand", floor = 0, firstX = null, description, format = chipsText } = {}) {
  const { width: W, height: H, left: L, right: R, top: T, bottom: B } = SIZE;
  const n = Math.max(2, ...series.map((x) => x.values.length));
  const all = series.flatMap((x) => x.values);
  const top = Math.max(1, ...all);
  const low = all.length ? Math.min(...all) : 0;
  // Start the scale near the lowest value so small swings show, but at 0 when someone is broke.
  const ticks = floor == null ? niceTicks(Math.min(0, low), Math.max(0, ...all))
    : niceTicks(low <= top * 0.25 ? floor : low, top);
  const min = floor == null ? ticks[0] : Math.max(floor, ticks[0]);
  const yValues = ticks.filter((v) => v >= min);
  const max = yValues[yValues.length - 1];
  const xs = (/** @type {number} */ i) => L + (i * (W - L - R)) / (n - 1);
  const ys = (/** @type {number} */ v) => T + (H - T - B) * (1 - (v - min) / (max - min));
  /** @type {number[][]} */
  const offsets = [];
  for (let i = 0; i < n; i++) offsets.push(tieOffsets(series.map((x) => x.values[i])));
  const lines = series.map((x, idx) => ({
    name: x.name,
    index: idx,
    marker: MARKERS[idx % MARKERS.length],
    points: x.values.map((v, i) => ({ x: round1(xs(i)), y: round1(ys(v) + offsets[i][idx]), value: v })),
  }));
  const step = Math.max(1, Math.ceil((n - 1) / 10));
  const xTicks = [];
  for (let i = 0; i < n; i += step) {
    xTicks.push({ label: firstX != null ? String(firstX + i) : i === 0 ? "start" : String(i), x: round1(xs(i)) });
  }
  return {
    size: SIZE,
    min,
    max,
    yTicks: yValues.map((v) => ({ value: v, label: format(v), y: round1(ys(v)) })),
    xTicks,
    lines,
    finals: series.map((x) => (x.values.length ? format(x.values[x.values.length - 1]) : "")),
    description: description ?? describe(series, title, format),
  };
}

/** @param {number} v */
function round1(v) {
  return Math.round(v * 10) / 10;
}

/**
 * The chart in words for screen readers: each player's start, finish, highest and lowest, and
 * who finished level.
 * @param {Series[]} series
 * @param {string} title
 * @param {(v: number) => string} [format] how a value is written (chipsText)
 */
export function describe(series, title, format = chipsText) {
  const hands = Math.max(0, ...series.map((x) => x.values.length - 1));
  const parts = [`${title}, over ${hands} ${hands === 1 ? "hand" : "hands"}.`];
  for (const x of series) {
    if (!x.values.length) continue;
    const first = x.values[0], last = x.values[x.values.length - 1];
    const hi = Math.max(...x.values), lo = Math.min(...x.values);
    parts.push(`${x.name}: ${format(first)} at the start, ${format(last)} at the end` +
      (hi !== lo ? ` (highest ${format(hi)}, lowest ${format(lo)}).` : "."));
  }
  /** @type {Map<number, string[]>} */
  const finals = new Map();
  for (const x of series) {
    if (!x.values.length) continue;
    const last = x.values[x.values.length - 1];
    finals.set(last, [...(finals.get(last) ?? []), x.name]);
  }
  for (const [value, names] of finals) {
    if (names.length > 1) parts.push(`${listWords(names)} finish level on ${format(value)}.`);
  }
  return parts.join(" ");
}

/** "A", "A and B", "A, B and C" @param {string[]} names */
function listWords(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * An SVG path for a marker shape centred on (x, y).
 * @param {string} shape one of MARKERS
 * @param {number} x
 * @param {number} y
 * @param {number} [r] half its size
 */
export function markerPath(shape, x, y, r = 3.5) {
  const p = (/** @type {number[][]} */ pts) => `M${pts.map(([a, b]) => `${round1(x + a)},${round1(y + b)}`).join("L")}Z`;
  switch (shape) {
    case "square": return p([[-r, -r], [r, -r], [r, r], [-r, r]]);
    case "triangle": return p([[0, -r * 1.2], [r * 1.1, r * 0.8], [-r * 1.1, r * 0.8]]);
    case "triangle-down": return p([[0, r * 1.2], [r * 1.1, -r * 0.8], [-r * 1.1, -r * 0.8]]);
    case "diamond": return p([[0, -r * 1.3], [r * 1.1, 0], [0, r * 1.3], [-r * 1.1, 0]]);
    case "plus": return `M${round1(x - r)},${round1(y)}H${round1(x + r)}M${round1(x)},${round1(y - r)}V${round1(y + r)}`;
    case "cross": return `M${round1(x - r)},${round1(y - r)}L${round1(x + r)},${round1(y + r)}M${round1(x - r)},${round1(y + r)}L${round1(x + r)},${round1(y - r)}`;
    case "star": {
      /** @type {number[][]} */
      const pts = [];
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5, rr = k % 2 ? r * 0.5 : r * 1.3;
        pts.push([rr * Math.cos(a), rr * Math.sin(a)]);
      }
      return p(pts);
    }
    default: // circle, as two arcs
      return `M${round1(x - r)},${round1(y)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
  }
}

// ------------------------------------------------------------------------------ drawing

let charts = 0;

/**
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string | number} [text]
 */
function s(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = String(text);
  return e;
}

/**
 * The chart as a <figure>: the SVG (labelled by its title and description) and a legend.
 * @param {Series[]} series chips at the start, then after each hand, per player
 * @param {ChartOptions} [options] (a trading-score chart: floor null, firstX 1, xLabel "match")
 * @returns {HTMLElement}
 */
export function chipsChart(series, { title = "Chips after each hand", xLabel = "hand", ...rest } = {}) {
  const m = chartModel(series, { title, ...rest });
  const { width: W, height: H, left: L, right: R, top: T, bottom: B } = m.size;
  const id = `chart-${++charts}`;
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-caption` });
  svg.append(s("title", { id: `${id}-title` }, title));
  svg.append(s("desc", { id: `${id}-desc` }, m.description));
  for (const t of m.yTicks) {
    svg.append(s("line", { x1: L, x2: W - R, y1: t.y, y2: t.y, class: "grid" }));
    svg.append(s("text", { x: L - 6, y: t.y + 4, "text-anchor": "end" }, t.label));
  }
  svg.append(s("line", { x1: L, x2: L, y1: T, y2: H - B, class: "axis" }));
  svg.append(s("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, class: "axis" }));
  for (const t of m.xTicks) svg.append(s("text", { x: t.x, y: H - B + 16, "text-anchor": "middle" }, t.label));
  svg.append(s("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle" }, xLabel));
  for (const line of m.lines) {
    const cls = `s${line.index % 8}`;
    const g = s("g", { class: `series-group ${cls}` });
    g.append(s("polyline", { points: line.points.map((p) => `${p.x},${p.y}`).join(" "), class: `series ${cls}` }));
    g.append(s("path", { d: line.points.map((p) => markerPath(line.marker, p.x, p.y)).join(""), class: `marker ${cls}` }));
    svg.append(g);
  }
  const wrap = document.createElement("figure");
  wrap.className = "chart-wrap";
  // the chart in words, read by screen readers (the picture is described by it)
  const caption = document.createElement("figcaption");
  caption.id = `${id}-caption`;
  caption.className = "visually-hidden chart-description";
  caption.textContent = m.description;
  wrap.append(svg, caption);
  const legend = document.createElement("ul");
  legend.className = "legend";
  for (const line of m.lines) {
    const li = document.createElement("li");
    const key = s("svg", { viewBox: "0 0 24 12", class: "legend-key", "aria-hidden": "true", width: 24, height: 12 });
    key.append(s("line", { x1: 0, x2: 24, y1: 6, y2: 6, class: `series s${line.index % 8}` }));
    key.append(s("path", { d: markerPath(line.marker, 12, 6), class: `marker s${line.index % 8}` }));
    li.append(key, `${line.name}: ${m.finals[line.index]}`);
    legend.append(li);
  }
  wrap.append(legend);
  return wrap;
}
