/**
 * snapshot-store.js — where the engine worker keeps its Pyodide memory snapshot.
 *
 *   import { openSnapshot, storeSnapshot, dropSnapshot, SNAPSHOT_PYODIDE } from "./snapshot-store.js";
 *
 * A snapshot is the ready engine frozen after a normal boot: the wasm memory
 * (Pyodide's experimental makeMemorySnapshot, pinned to Pyodide SNAPSHOT_PYODIDE)
 * plus the files micropip wrote into site-packages (Emscripten's file system
 * lives outside the wasm memory, so the memory alone would lose them).
 *
 * Storage: one entry in Cache Storage, in a cache of its own named
 * "<prefix><build>~snapshot", where <prefix> is the service worker's
 * ("speculation@<site path>#"): the service worker deletes it with the other
 * caches of an old build when an update activates, and storeSnapshot deletes
 * the snapshots of other builds.  The body is gzip (CompressionStream) of
 *
 *   "SPECSNP1" | u32 LE header length | header JSON | memory | file bytes...
 *
 *   header {format: 1, build, pyodide, version, created,
 *           memory: n, files: [[path, size], ...], sha256}   // sha256 of all bytes after the header
 *
 * openSnapshot(scope, build) → Promise<null | {meta, compressed, decode()}>
 *   null when none is stored.  decode() → Promise<{meta, memory, files}>
 *   rejects (SnapshotError) on anything unexpected: corruption (gzip CRC,
 *   sha256), another build or Pyodide version, a wrong format.
 * storeSnapshot(scope, build, {meta, memory, files}) → Promise<{raw, compressed}>
 * dropSnapshot(scope, build) → Promise<void>
 */

export const SNAPSHOT_PYODIDE = "314.0.7"; // the experimental API is only trusted in this version
const MAGIC = "SPECSNP1";
const FORMAT = 1;

export class SnapshotError extends Error {
  /** @param {string} code  @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "SnapshotError";
    this.code = code;
  }
}

/** Can this browser keep a snapshot at all? */
export function snapshotSupported() {
  return typeof caches !== "undefined" && typeof CompressionStream === "function" &&
    typeof DecompressionStream === "function" && !!(globalThis.crypto && crypto.subtle);
}

/** The service worker's cache prefix for the site rooted at scope (a URL ending in "/"). */
export function cachePrefix(scope) {
  return `speculation@${new URL(scope).pathname}#`;
}

/** @param {string} scope @param {string} build */
export function snapshotCacheName(scope, build) {
  return `${cachePrefix(scope)}${build}~snapshot`;
}

function entryURL(scope) {
  return new URL("__engine-snapshot__", scope).href;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function collect(stream) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The stored form of a snapshot (compressed bytes).
 * @param {{meta: object, memory: Uint8Array, files: Array<[string, Uint8Array]>}} snap
 */
export async function encodeSnapshot({ meta, memory, files }) {
  const body = new Uint8Array(memory.length + files.reduce((n, [, b]) => n + b.length, 0));
  body.set(memory, 0);
  let at = memory.length;
  for (const [, bytes] of files) { body.set(bytes, at); at += bytes.length; }
  const header = new TextEncoder().encode(JSON.stringify({
    ...meta, format: FORMAT, memory: memory.length,
    files: files.map(([path, bytes]) => [path, bytes.length]), sha256: await sha256(body),
  }));
  const lead = new Uint8Array(MAGIC.length + 4);
  lead.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(lead.buffer).setUint32(MAGIC.length, header.length, true);
  const raw = new Blob([lead, header, body]);
  const compressed = await collect(raw.stream().pipeThrough(new CompressionStream("gzip")));
  return { raw: raw.size, compressed };
}

/**
 * Decompress and check a stored snapshot.
 * @param {Uint8Array|ArrayBuffer} compressed
 * @param {{build: string, pyodide: string}} expect
 */
export async function decodeSnapshot(compressed, expect) {
  let all;
  try {
    all = await collect(new Blob([compressed]).stream().pipeThrough(new DecompressionStream("gzip")));
  } catch (err) {
    throw new SnapshotError("corrupt", `the snapshot does not decompress (${err.message})`);
  }
  const magic = new TextDecoder().decode(all.subarray(0, MAGIC.length));
  if (magic !== MAGIC || all.length < MAGIC.length + 4) throw new SnapshotError("format", "not an engine snapshot");
  const length = new DataView(all.buffer, all.byteOffset).getUint32(MAGIC.length, true);
  const start = MAGIC.length + 4 + length;
  let meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(all.subarray(MAGIC.length + 4, start)));
  } catch {
    throw new SnapshotError("format", "the snapshot's header is unreadable");
  }
  if (meta.format !== FORMAT) throw new SnapshotError("format", `snapshot format ${meta.format}`);
  if (meta.build !== expect.build) throw new SnapshotError("stale", `snapshot of build ${meta.build}, this is ${expect.build}`);
  if (meta.pyodide !== expect.pyodide || meta.pyodide !== SNAPSHOT_PYODIDE) {
    throw new SnapshotError("stale", `snapshot of Pyodide ${meta.pyodide}, this is ${expect.pyodide}`);
  }
  const body = all.subarray(start);
  const size = meta.memory + meta.files.reduce((n, [, s]) => n + s, 0);
  if (body.length !== size) throw new SnapshotError("corrupt", `snapshot has ${body.length} bytes, expected ${size}`);
  if ((await sha256(body)) !== meta.sha256) throw new SnapshotError("corrupt", "the snapshot's checksum does not match");
  const memory = body.subarray(0, meta.memory);
  const files = [];
  let at = meta.memory;
  for (const [path, n] of meta.files) { files.push([path, body.subarray(at, at + n)]); at += n; }
  return { meta, memory, files };
}

/** @returns {Promise<null | {meta: object, compressed: number, decode: () => Promise<any>}>} */
export async function openSnapshot(scope, build, pyodide) {
  if (!snapshotSupported()) return null;
  const name = snapshotCacheName(scope, build);
  if (!(await caches.has(name))) return null;
  const cache = await caches.open(name);
  const response = await cache.match(entryURL(scope));
  if (!response) return null;
  const meta = { build: response.headers.get("x-snapshot-build"), pyodide: response.headers.get("x-snapshot-pyodide") };
  const compressed = Number(response.headers.get("content-length")) || 0;
  return {
    meta,
    compressed,
    decode: async () => decodeSnapshot(new Uint8Array(await response.arrayBuffer()), { build, pyodide }),
  };
}

/** Store (replacing) this build's snapshot; delete other builds' snapshots of this site. */
export async function storeSnapshot(scope, build, snap) {
  const { raw, compressed } = await encodeSnapshot(snap);
  const name = snapshotCacheName(scope, build);
  const cache = await caches.open(name);
  await cache.put(entryURL(scope), new Response(compressed, {
    headers: {
      "content-type": "application/octet-stream",
      "content-length": String(compressed.length),
      "x-snapshot-build": build,
      "x-snapshot-pyodide": snap.meta.pyodide,
      "x-snapshot-raw": String(raw),
    },
  }));
  const prefix = cachePrefix(scope);
  const others = (await caches.keys()).filter((n) => n.startsWith(prefix) && n.endsWith("~snapshot") && n !== name);
  await Promise.all(others.map((n) => caches.delete(n)));
  return { raw, compressed: compressed.length };
}

export async function dropSnapshot(scope, build) {
  if (typeof caches !== "undefined") await caches.delete(snapshotCacheName(scope, build));
}
