// node --test: no function in web/ is longer than MAX_LINES lines (issue 43: the friends'
// table's createHosting had grown to 461). Functions are found with TypeScript's own parser
// (typescript is a dev dependency), so a nested closure counts inside its parent too, as a
// reader meets it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const MAX_LINES = 150;
const WEB = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web");

/** Every .js file under `dir`. @param {string} dir @returns {string[]} */
function jsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith(".js") || name.endsWith(".mjs") ? [path] : [];
  });
}

/** Each function of a file with its first line and its length in lines. @param {string} path */
export function functionSizes(path) {
  const text = readFileSync(path, "utf8");
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  /** @type {{name: string, line: number, lines: number}[]} */
  const out = [];
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = /** @type {{name?: ts.Node}} */ (node).name;
      const parent = node.parent && ts.isVariableDeclaration(node.parent) ? node.parent.name : null;
      out.push({ name: (named ?? parent)?.getText(file) ?? "(anonymous)", line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

test(`no function in web/ is over ${MAX_LINES} lines`, () => {
  const files = jsFiles(WEB);
  assert.ok(files.length > 50, "web/'s modules were not found");
  const long = files.flatMap((f) => functionSizes(f).filter((s) => s.lines > MAX_LINES)
    .map((s) => `${relative(WEB, f)}:${s.line} ${s.name} (${s.lines} lines)`));
  assert.deepEqual(long, []);
});
