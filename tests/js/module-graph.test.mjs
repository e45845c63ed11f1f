// node --test: the site's page loads only what it uses. Its entry module's static imports
// (followed through every module) reach no embed-only module (embed-frame.js, embed/*) and not
// the friend's guest page (site/friends/join.js); those come by a dynamic import in their own mode only
// (web/js/main.js, issue 26).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const JS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "js");

/** The module's static imports (`import … from "x"`, `import "x"`, `export … from "x"`), as paths. */
function staticImports(file) {
  const src = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const out = [];
  for (const m of src.matchAll(/^\s*(?:import|export)\s+(?:[\s\S]*?\sfrom\s+)?["'](\.[^"']+)["']/gm)) {
    out.push(join(dirname(file), m[1]));
  }
  return out;
}

/** Every module reached from `entry` by static imports. */
function graph(entry) {
  const seen = new Set();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...staticImports(f));
  }
  return [...seen].map((f) => relative(JS, f).replaceAll("\\", "/"));
}

const EMBED_ONLY = (m) => m === "embed-frame.js" || m.startsWith("embed/") || m === "site/friends/join.js";

test("the site's page imports no embed-only module (nor the guest's page)", () => {
  const site = graph(join(JS, "main.js"));
  assert.ok(site.includes("preview.js") && site.includes("table.js"), `the graph was not followed: ${site}`);
  assert.deepEqual(site.filter(EMBED_ONLY), []);
});

test("the embed's modules are still reached, by a dynamic import in the embed's branch", () => {
  const main = readFileSync(join(JS, "main.js"), "utf8");
  assert.match(main, /await import\("\.\/embed-frame\.js"\)/);
  const embed = graph(join(JS, "embed-frame.js"));
  assert.ok(embed.includes("embed/embed.js") && embed.includes("table.js"));
});

// The friends' table (hosting friends on their own devices, with its connections, codes and
// lobby) loads only when a friends' table is opened or resumed (web/js/site/friends.js): most
// visits never need it, and every module costs the page's start main-thread time.
const FRIENDS_ONLY = (m) => ["net/hosting.js", "site/friends/lobby.js", "net/link/peer.js", "net/link/codec.js", "net/messages.js"].includes(m);

test("the site's page does not load the friends' table until it is needed", () => {
  const site = graph(join(JS, "main.js"));
  assert.ok(site.includes("site/friends.js"), `the graph was not followed: ${site}`);
  assert.deepEqual(site.filter(FRIENDS_ONLY), []);
  const lazy = readFileSync(join(JS, "site", "friends.js"), "utf8");
  assert.match(lazy, /import\("\.\.\/net\/hosting\.js"\)/);
  assert.match(lazy, /import\("\.\/friends\/lobby\.js"\)/);
  assert.ok(graph(join(JS, "net", "hosting.js")).includes("net/link/peer.js"));
});

// The friends' layers (issue 43): site/ (the pages) above net/ (the authority, the client and the
// wire) above storage/ (the stores both use). Nothing imports up the layers, type imports in
// JSDoc included, and the guest's client never reaches the host's modules.
/** Every module a file names: static imports, dynamic imports and JSDoc `import("…")` types. */
function named(file) {
  const src = readFileSync(file, "utf8");
  return [...src.matchAll(/(?:from\s+|import\(\s*)["'](\.[^"']+)["']/g)].map((m) => relative(JS, join(dirname(file), m[1])).replaceAll("\\", "/"));
}

/** @param {string} folder */
function modulesIn(folder) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".js")) out.push(path);
    }
  };
  walk(join(JS, folder));
  return out;
}

test("net/ never names site/; storage/ names neither; the guest's client never names the host's modules", () => {
  const up = [];
  for (const f of modulesIn("net")) for (const m of named(f)) if (m.startsWith("site")) up.push(`${relative(JS, f)} -> ${m}`);
  for (const f of modulesIn("storage")) for (const m of named(f)) if (m.startsWith("site") || m.startsWith("net/")) up.push(`${relative(JS, f)} -> ${m}`);
  assert.deepEqual(up, []);
  const guest = named(join(JS, "net", "guest.js"));
  assert.ok(guest.includes("net/messages.js"), `the guest's imports were not read: ${guest}`);
  assert.deepEqual(guest.filter((m) => m === "net/host.js" || m === "net/hosting.js"), []);
  assert.ok(modulesIn("storage").length >= 4 && modulesIn("net").length >= 8);
});
