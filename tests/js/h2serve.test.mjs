// node --test: benchmarks/h2serve.mjs, the HTTP/2 server of benchmarks/lighthouse.py, serves a
// folder's files over HTTP/2 with the types it is given, gzip-compresses text files for a browser that
// asks (as Pages does), says 404 for a missing one, and nothing outside the folder (issue 26: the Lighthouse run must see the protocol GitHub Pages serves).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { connect } from "node:http2";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

const SERVER = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "benchmarks", "h2serve.mjs");

/** GET `path` over one HTTP/2 session: [status, content-type, body, content-encoding]; the body
 * decoded if it came gzip-compressed. */
function get(session, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = session.request({ ":path": path, ...headers });
    let status = 0, type = "", encoding = "";
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("response", (h) => {
      status = Number(h[":status"]); type = String(h["content-type"] ?? ""); encoding = String(h["content-encoding"] ?? "");
    });
    req.on("data", (chunk) => { chunks.push(chunk); });
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      resolve([status, type, String(encoding === "gzip" ? gunzipSync(raw) : raw), encoding]);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Whether openssl (which makes the test's certificate, as lighthouse.py does) is installed. */
function haveOpenssl() {
  try { execFileSync("openssl", ["version"], { stdio: "ignore" }); return true; } catch { return false; }
}

test("h2serve.mjs serves the folder over HTTP/2, with types, gzip for text, 404s and no way out", { skip: !haveOpenssl() && "openssl is not installed" }, async (t) => {
  const tmp = mkdtempSync(join(tmpdir(), "h2serve-"));
  t.after(() => rmSync(tmp, { recursive: true, force: true }));
  const site = join(tmp, "site");
  mkdirSync(join(site, "js"), { recursive: true });
  writeFileSync(join(site, "index.html"), "<!doctype html><title>x</title>");
  writeFileSync(join(site, "js", "a.js"), "export const a = 1;\n");
  writeFileSync(join(tmp, "secret.txt"), "outside");
  const key = join(tmp, "key.pem"), cert = join(tmp, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-keyout", key,
    "-out", cert, "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], { stdio: "ignore" });
  const types = JSON.stringify({ ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" });
  const server = spawn("node", [SERVER, site, key, cert, types], { stdio: ["ignore", "pipe", "inherit"] });
  t.after(() => server.kill());
  const base = await new Promise((resolve) => server.stdout.once("data", (d) => resolve(String(d).trim())));
  assert.match(base, /^https:\/\/127\.0\.0\.1:\d+\/$/);
  const session = connect(base, { ca: readFileSync(cert) });
  t.after(() => session.close());
  const [s1, type1, body1] = await get(session, "/");
  assert.equal(session.alpnProtocol, "h2");
  assert.equal(s1, 200);
  assert.match(type1, /^text\/html/);
  assert.match(body1, /<title>x<\/title>/);
  const [s2, type2, body2, enc2] = await get(session, "/js/a.js?v=123");
  assert.equal(s2, 200);
  assert.match(type2, /^text\/javascript/);
  assert.equal(enc2, "");
  assert.equal(body2, "export const a = 1;\n");
  const [s3, , body3, enc3] = await get(session, "/js/a.js", { "accept-encoding": "gzip, deflate, br" });
  assert.equal(s3, 200);
  assert.equal(enc3, "gzip");
  assert.equal(body3, "export const a = 1;\n");
  writeFileSync(join(site, "engine.wasm"), "\0asm");
  const [, , , enc6] = await get(session, "/engine.wasm", { "accept-encoding": "gzip" });
  assert.equal(enc6, "", "a binary file goes as it is");
  assert.equal((await get(session, "/missing.js"))[0], 404);
  const [s4, , body4] = await get(session, "/../secret.txt");
  assert.notEqual(s4, 200);
  assert.doesNotMatch(body4, /outside/);
  const [s5, , body5] = await get(session, "/%2e%2e/secret.txt");
  assert.notEqual(s5, 200);
  assert.doesNotMatch(body5, /outside/);
});
