// An SVG line chart of every player's chips, hand by hand.
const NS = "http://www.w3.org/2000/svg";
function s(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** series: [{name, values: [chips at start, after hand 1, ...]}] */
export function chipsChart(series, { title = "Chips after each hand" } = {}) {
  const W = 420, H = 250, L = 40, R = 10, T = 12, B = 34;
  const n = Math.max(...series.map((x) => x.values.length), 2);
  const all = series.flatMap((x) => x.values);
  const top = Math.max(1, ...all);
  const low = Math.min(...all);
  // Start the scale near the lowest value so small swings show, but at 0 when someone is broke.
  const min = low <= top * 0.25 ? 0 : Math.floor((low * 0.9) / 5) * 5;
  const max = Math.max(min + 1, top);
  const xs = (i) => L + (i * (W - L - R)) / (n - 1);
  const ys = (v) => T + (H - T - B) * (1 - (v - min) / (max - min));
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-labelledby": "chart-title chart-desc" });
  svg.append(s("title", { id: "chart-title" }, title));
  svg.append(s("desc", { id: "chart-desc" }, series.map((x) => `${x.name}: ${x.values.join(", ")}`).join("; ")));
  const ticks = 4;
  for (let k = 0; k <= ticks; k++) {
    const v = Math.round(min + ((max - min) * k) / ticks);
    svg.append(s("line", { x1: L, x2: W - R, y1: ys(v), y2: ys(v), class: "grid" }));
    svg.append(s("text", { x: L - 6, y: ys(v) + 4, "text-anchor": "end" }, v));
  }
  svg.append(s("line", { x1: L, x2: L, y1: T, y2: H - B, class: "axis" }));
  svg.append(s("line", { x1: L, x2: W - R, y1: H - B, y2: H - B, class: "axis" }));
  const step = Math.max(1, Math.ceil((n - 1) / 10));
  for (let i = 0; i < n; i += step) {
    svg.append(s("text", { x: xs(i), y: H - B + 16, "text-anchor": "middle" }, i === 0 ? "start" : i));
  }
  svg.append(s("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle" }, "hand"));
  series.forEach((x, idx) => {
    const pts = x.values.map((v, i) => `${xs(i).toFixed(1)},${ys(v).toFixed(1)}`).join(" ");
    svg.append(s("polyline", { points: pts, class: `series s${idx % 8}` }));
  });
  const wrap = document.createElement("figure");
  wrap.className = "chart-wrap";
  wrap.append(svg);
  const legend = document.createElement("ul");
  legend.className = "legend";
  series.forEach((x, idx) => {
    const li = document.createElement("li");
    const sw = document.createElement("span");
    sw.className = `legend-swatch s${idx % 8}`;
    sw.setAttribute("aria-hidden", "true");
    li.append(sw, `${x.name}: ${x.values[x.values.length - 1]}`);
    legend.append(li);
  });
  wrap.append(legend);
  return wrap;
}
