/**
 * snapshot-store.js — where the engine worker keeps its Pyodide memory snapshot.
 *
 *   const store = await import("./snapshot-store.js");
 *   const stored = await store.openSnapshot(scope, build, store.SNAPSHOT_PYODIDE);
 *   const snap = stored && await stored.decode();   // {meta, memory, files}
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
 *   "SPECSNP2" | u32 LE header length | header JSON | memory | file bytes...
 *
 *   header {format: 2, build, pyodide, version, created, loaded,
 *           memory: n, files: [[path, size], ...]}   // padded with spaces: the memory
 *                                                   // starts at a multiple of 16
 *
 * and the entry's headers repeat the build, the Pyodide version and the raw
 * (uncompressed) length, so a stale entry is refused before it is read and a
 * fresh one is inflated straight into one buffer of the right size.  Damage is
 * caught by gzip itself (its CRC-32 and length trailer) and by the lengths:
 * the stream must inflate to exactly the stored raw length, and the header's
 * sizes must add up to it.  (No separate checksum pass: it cost more than the
 * whole decompression.)
 *
 * openSnapshot(scope, build, pyodide) → Promise<null | StoredSnapshot>
 *   null when none is stored; rejects (SnapshotError "stale") when the entry
 *   says it is of another build or Pyodide version.  stored.decode() →
 *   Promise<Snapshot> reads and inflates it; rejects (SnapshotError) on
 *   anything unexpected: "corrupt" (gzip error, wrong length), "stale"
 *   (another build or Pyodide version), "format".
 * storeSnapshot(scope, build, snapshot) → Promise<{raw, compressed}>
 *   reads the entry back after the put and rejects (SnapshotError "lost") when the
 *   browser did not keep all of it (a put can resolve and keep nothing).
 * storedBytes(scope, build) → Promise<number | null> the stored entry's size, read back
 * dropSnapshot(scope, build) → Promise<void> (the entry; the cache stays, see there)
 * encodeSnapshot(snapshot) → Promise<{raw, compressed: Uint8Array}> (tests use it)
 */

export const SNAPSHOT_PYODIDE = "314.0.7"; // the experimental API is only trusted in this version
const MAGIC = "SPECSNP2";
const FORMAT = 2;
const LEAD = MAGIC.length + 4;
// Pyodide reads the memory through Uint32Array views: it must start at an aligned offset.
const ALIGN = 16;

/**
 * What is known of a snapshot besides its bytes.
 * @typedef {object} SnapshotMeta
 * @property {string} build the site's build hash
 * @property {string} pyodide the Pyodide version that made it
 * @property {string} version the engine's version
 * @property {string} [created] ISO time
 * @property {Record<string, string>} [loaded] Pyodide's record of loaded packages, put back on restore
 */

/** A file of site-packages: [absolute path, contents]. @typedef {[string, Uint8Array]} SnapshotFile */

/**
 * A decoded (or to be encoded) snapshot.
 * @typedef {object} Snapshot
 * @property {SnapshotMeta} meta
 * @property {Uint8Array} memory the wasm memory (Pyodide's makeMemorySnapshot)
 * @property {SnapshotFile[]} files
 */

/**
 * A stored snapshot, found but not yet read.
 * @typedef {object} StoredSnapshot
 * @property {number} compressed bytes stored
 * @property {number} raw bytes once inflated
 * @property {() => Promise<Snapshot>} decode reads, inflates and checks it (once)
 */

/** @typedef {"corrupt" | "stale" | "format" | "lost"} SnapshotErrorCode */

export class SnapshotError extends Error {
  /** @param {SnapshotErrorCode} code  @param {string} message */
  constructor(code, message) {
    super(message);
    this.name = "SnapshotError";
    /** @type {SnapshotErrorCode} */
    this.code = code;
  }
}

/** Can this browser keep a snapshot at all? */
export function snapshotSupported() {
  return typeof caches !== "undefined" && typeof CompressionStream === "function" &&
    typeof DecompressionStream === "function";
}

/**
 * The service worker's cache prefix for the site rooted at scope (a URL ending in "/").
 * @param {string} scope
 */
export function cachePrefix(scope) {
  return `speculation@${new URL(scope).pathname}#`;
}

/** @param {string} scope @param {string} build */
export function snapshotCacheName(scope, build) {
  return `${cachePrefix(scope)}${build}~snapshot`;
}

/** @param {string} scope */
function entryURL(scope) {
  return new URL("__engine-snapshot__", scope).href;
}

/** @param {unknown} err */
const messageOf = (err) => (err instanceof Error ? err.message : String(err));

/**
 * The stored form of a snapshot: gzip of lead, header, memory and files, made
 * without first joining them into one buffer.
 * @param {Snapshot} snap
 * @returns {Promise<{raw: number, compressed: Uint8Array}>}
 */
export async function encodeSnapshot({ meta, memory, files }) {
  const json = JSON.stringify({
    ...meta, format: FORMAT, memory: memory.length,
    files: files.map(([path, bytes]) => [path, bytes.length]),
  });
  // padded with spaces (still JSON) so that the memory starts at a multiple of ALIGN
  const unpadded = new TextEncoder().encode(json).length;
  const header = new TextEncoder().encode(json + " ".repeat((ALIGN - ((LEAD + unpadded) % ALIGN)) % ALIGN));
  const lead = new Uint8Array(LEAD);
  lead.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(lead.buffer).setUint32(MAGIC.length, header.length, true);
  const parts = /** @type {Uint8Array<ArrayBuffer>[]} */ ([lead, header, memory, ...files.map(([, bytes]) => bytes)]);
  const raw = new Blob(parts);
  const compressed = new Uint8Array(await new Response(raw.stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
  return { raw: raw.size, compressed };
}

/**
 * Inflate a gzip stream into one buffer of exactly `size` bytes (no joining of chunks).
 * @param {ReadableStream<BufferSource>} body
 * @param {number} size
 */
async function inflateInto(body, size) {
  const out = new Uint8Array(size);
  let at = 0;
  const reader = body.pipeThrough(new DecompressionStream("gzip")).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (at + value.length > size) throw new SnapshotError("corrupt", `the snapshot inflates to more than its stored ${size} bytes`);
      out.set(value, at);
      at += value.length;
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError("corrupt", `the snapshot does not decompress (${messageOf(err)})`);
  }
  if (at !== size) throw new SnapshotError("corrupt", `the snapshot inflates to ${at} bytes, not its stored ${size}`);
  return out;
}

/**
 * Check the header of one inflated snapshot and cut it into memory and files (views, no copies).
 * @param {Uint8Array} all
 * @param {{build: string, pyodide: string}} expect
 * @returns {Snapshot}
 */
export function parseSnapshot(all, expect) {
  if (all.length < LEAD || new TextDecoder().decode(all.subarray(0, MAGIC.length)) !== MAGIC) {
    throw new SnapshotError("format", "not an engine snapshot of this format");
  }
  const length = new DataView(all.buffer, all.byteOffset, all.byteLength).getUint32(MAGIC.length, true);
  const start = LEAD + length;
  /** @type {SnapshotMeta & {format: number, memory: number, files: [string, number][]}} */
  let meta;
  try {
    meta = JSON.parse(new TextDecoder().decode(all.subarray(LEAD, start)));
  } catch {
    throw new SnapshotError("format", "the snapshot's header is unreadable");
  }
  if (meta.format !== FORMAT) throw new SnapshotError("format", `snapshot format ${meta.format}`);
  if (start % ALIGN) throw new SnapshotError("format", "the snapshot's memory is not aligned");
  checkOrigin(meta.build, meta.pyodide, expect);
  const size = meta.memory + meta.files.reduce((n, [, s]) => n + s, 0);
  if (all.length - start !== size) throw new SnapshotError("corrupt", `snapshot has ${all.length - start} bytes, expected ${size}`);
  const memory = all.subarray(start, start + meta.memory);
  /** @type {SnapshotFile[]} */
  const files = [];
  let at = start + meta.memory;
  for (const [path, n] of meta.files) { files.push([path, all.subarray(at, at + n)]); at += n; }
  const { format, memory: _m, files: _f, ...rest } = meta;
  return { meta: rest, memory, files };
}

/**
 * @param {string | null | undefined} build
 * @param {string | null | undefined} pyodide
 * @param {{build: string, pyodide: string}} expect
 */
function checkOrigin(build, pyodide, expect) {
  if (build !== expect.build) throw new SnapshotError("stale", `snapshot of build ${build}, this is ${expect.build}`);
  if (pyodide !== expect.pyodide || pyodide !== SNAPSHOT_PYODIDE) {
    throw new SnapshotError("stale", `snapshot of Pyodide ${pyodide}, this is ${expect.pyodide}`);
  }
}

/**
 * Look the snapshot of this build up (one Cache Storage call); null if none is stored.
 * @param {string} scope the site's root URL
 * @param {string} build
 * @param {string} pyodide the running Pyodide's version
 * @returns {Promise<StoredSnapshot | null>}
 */
export async function openSnapshot(scope, build, pyodide) {
  if (!snapshotSupported()) return null;
  const response = await caches.match(entryURL(scope), { cacheName: snapshotCacheName(scope, build) });
  if (!response) return null;
  const expect = { build, pyodide };
  checkOrigin(response.headers.get("x-snapshot-build"), response.headers.get("x-snapshot-pyodide"), expect);
  const raw = Number(response.headers.get("x-snapshot-raw"));
  if (!Number.isSafeInteger(raw) || raw < LEAD) throw new SnapshotError("format", "the stored snapshot does not say its size");
  const compressed = Number(response.headers.get("content-length")) || 0;
  /** @type {Promise<Snapshot> | null} */
  let decoded = null;
  const decode = () => {
    if (!response.body) return Promise.reject(new SnapshotError("corrupt", "the stored snapshot has no body"));
    decoded ??= inflateInto(response.body, raw).then((all) => parseSnapshot(all, expect));
    return decoded;
  };
  return { compressed, raw, decode };
}

/**
 * Store (replacing) this build's snapshot; delete other builds' snapshots of this site.
 * @param {string} scope
 * @param {string} build
 * @param {Snapshot} snap
 * @returns {Promise<{raw: number, compressed: number}>}
 */
export async function storeSnapshot(scope, build, snap) {
  const { raw, compressed } = await encodeSnapshot(snap);
  const name = snapshotCacheName(scope, build);
  const cache = await caches.open(name);
  await cache.put(entryURL(scope), new Response(/** @type {Uint8Array<ArrayBuffer>} */ (compressed), {
    headers: snapshotHeaders(build, snap.meta.pyodide, raw, compressed.length),
  }));
  // A put that resolved is not yet a stored snapshot: read it back, whole.
  const kept = await storedBytes(scope, build);
  if (kept !== compressed.length) {
    throw new SnapshotError("lost", kept === null
      ? `the browser did not keep the snapshot it was given (${compressed.length} bytes)`
      : `the browser kept ${kept} of the snapshot's ${compressed.length} bytes`);
  }
  const prefix = cachePrefix(scope);
  const others = (await caches.keys()).filter((n) => n.startsWith(prefix) && n.endsWith("~snapshot") && n !== name);
  await Promise.all(others.map((n) => caches.delete(n)));
  return { raw, compressed: compressed.length };
}

/**
 * The headers a stored snapshot carries (tests use them to store a damaged one).
 * @param {string} build @param {string} pyodide @param {number} raw @param {number} compressed
 * @returns {Record<string, string>}
 */
export function snapshotHeaders(build, pyodide, raw, compressed) {
  return {
    "content-type": "application/octet-stream",
    "content-length": String(compressed),
    "x-snapshot-build": build,
    "x-snapshot-pyodide": pyodide,
    "x-snapshot-raw": String(raw),
  };
}

/**
 * The size of this build's stored snapshot as read back from Cache Storage, or null when
 * there is none. Reads the whole body: a browser that kept the entry but not all its
 * bytes (a quota) is caught too.
 * @param {string} scope @param {string} build
 * @returns {Promise<number | null>}
 */
export async function storedBytes(scope, build) {
  if (typeof caches === "undefined") return null;
  const response = await caches.match(entryURL(scope), { cacheName: snapshotCacheName(scope, build) });
  return response ? (await response.arrayBuffer()).byteLength : null;
}

/**
 * Delete this build's snapshot: the entry, not its cache, which the service worker keeps
 * open (sw.js: WebKit's ephemeral sessions keep a cache's entries only while some context
 * has it open, so a new cache made after a drop would not be held).
 * @param {string} scope @param {string} build
 */
export async function dropSnapshot(scope, build) {
  if (typeof caches === "undefined") return;
  const name = snapshotCacheName(scope, build);
  if (await caches.has(name)) await (await caches.open(name)).delete(entryURL(scope));
}
