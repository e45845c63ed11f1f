// The set-up form's rule fields, one builder per option type of the engine's `hello.options`:
// each makes the field's elements and says how to read and set its value.
//
//   import { optionField } from "./setup/fields.js";
//   const { node, io } = optionField(opt);   // io: {get(), set(value)}, or null (shown only)
//   box.append(node);
import { el } from "../dom.js";
/** @typedef {import("../protocol.js").OptionSpec} OptionSpec */
/** @typedef {import("../protocol.js").RuleValue} RuleValue */
/** @typedef {{get: () => RuleValue, set: (v: RuleValue | undefined) => void}} FieldIO */
/** @typedef {{wrap: HTMLElement, src: HTMLElement | null, label: string, id: string}} FieldParts */

/** A choice's words: its identifier with spaces. @param {string} s */
export function humanise(s) {
  return String(s).replace(/_/g, " ");
}

/** @param {string} text @param {string} id */
function labelFor(text, id) {
  const lab = el("label", null, text);
  lab.htmlFor = id;
  return lab;
}

/** @param {string} id @param {string} type */
function input(id, type) {
  const i = el("input");
  i.type = type;
  i.id = id;
  return i;
}

// One builder per option type: it fills `parts.wrap` and returns how to read and set the value.
/** @type {Record<string, (opt: OptionSpec, parts: FieldParts) => FieldIO>} */
const BUILDERS = {
  bool(opt, { wrap, src, label, id }) {
    const box = input(id, "checkbox");
    const lab = labelFor(label, id);
    if (src) lab.append(src);
    wrap.append(box, lab);
    return { get: () => box.checked, set: (v) => { box.checked = !!v; } };
  },
  int(opt, { wrap, src, label, id }) {
    const num = input(id, "number");
    num.step = "1";
    num.inputMode = "numeric";
    if (opt.min != null) num.min = String(opt.min);
    if (opt.max != null) num.max = String(opt.max);
    wrap.append(labelFor(label, id), num);
    if (src) wrap.append(src);
    return { get: () => (num.value === "" ? opt.default : Number(num.value)), set: (v) => { num.value = String(v ?? ""); } };
  },
  choice(opt, { wrap, src, label, id }) {
    const sel = el("select");
    sel.id = id;
    for (const c of opt.choices ?? []) {
      const o = el("option", null, humanise(c));
      o.value = c;
      sel.append(o);
    }
    wrap.append(labelFor(label, id), sel);
    if (src) wrap.append(src);
    return { get: () => sel.value, set: (v) => { sel.value = String(v ?? ""); } };
  },
  set(opt, { wrap, src, label, id }) {
    const fs = el("fieldset", "option-set");
    fs.append(el("legend", null, label));
    const boxes = (opt.choices ?? []).map((c) => {
      const row = el("div", "field-check");
      const cb = input(`${id}-${c}`, "checkbox");
      cb.value = c;
      row.append(cb, labelFor(humanise(c), cb.id));
      fs.append(row);
      return cb;
    });
    if (src) fs.append(src);
    wrap.append(fs);
    return {
      get: () => boxes.filter((b) => b.checked).map((b) => b.value),
      set: (v) => { for (const b of boxes) b.checked = Array.isArray(v) && v.includes(b.value); },
    };
  },
};

/**
 * One option's field: its label, input(s), source and help. An option of a type the page
 * does not know is shown with its value and sent as it is (`io` null).
 * @param {OptionSpec} opt
 * @returns {{node: HTMLElement, io: FieldIO | null}}
 */
export function optionField(opt) {
  const wrap = el("div", opt.type === "bool" ? "field field-check" : "field");
  const src = opt.source ? el("span", "opt-source", `Source: ${opt.source}`) : null;
  const label = opt.label ?? opt.name;
  const build = Object.hasOwn(BUILDERS, opt.type) ? BUILDERS[opt.type] : null;
  const io = build ? build(opt, { wrap, src, label, id: `opt-${opt.name}` }) : null;
  if (!build) wrap.append(el("span", "hint", `${label}: ${JSON.stringify(opt.default)}`));
  if (opt.help) wrap.append(el("span", "hint", opt.help));
  return { node: wrap, io };
}
