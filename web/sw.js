// sw.js — the service worker: the whole game offline after one visit.
//
// One cache per build, named after the build's content hash (build.py stamps
// the hash into BUILD below, so every deploy changes this file and the browser
// installs the new worker beside the old one).
//
// install   fetches build.json (revalidating the HTTP cache), checks that it
//           belongs to this build, then fetches every file it lists — the app
//           shell, the Pyodide runtime, micropip and the engine wheel — at the
//           address the page asks for it (NAME?v=BUILD for those build.json
//           calls "versioned", else NAME), so the first visit's boot has left
//           each in the HTTP cache and a revalidation (304) stores it — all but
//           those build.json calls "lazy" (the second standard-library
//           archive, which a game never needs: see "fetch"); checks
//           each against its sha256 and stores it (a network or server error
//           is tried again twice first).  Any failure fails the install; the
//           browser tries again on a later visit.  It does not
//           skip waiting: a new version waits until the page asks for it
//           (js/offline.js shows "a new version is ready — reload").
// activate  deletes this site's caches of other builds, their engine
//           snapshots included (never another site's: every project site of a
//           GitHub user shares the user.github.io origin) and takes control of
//           open pages.
// fetch     precached files: cache first, looked up without their query string
//           (worker.js?v=…, build.json?v=…).  A "lazy" file is fetched the
//           first time it is asked for, checked against build.json's sha256 and
//           kept in this build's cache from then on (offline too).
//           Navigations: network first, with the cached page as fallback
//           (offline, a failing server, or no answer within NAV_TIMEOUT_MS);
//           index.html?seed=… and ./?embed=1 fall back to the cached index.html.  A page from the network that
//           belongs to another build (index.html names its build; other pages
//           differ from this build's copy) is not mixed with this build's
//           scripts: the cached page is served and the new build waits for the
//           player's yes.
// message   {type: "skip-waiting"} activates a waiting worker (the player said
//           yes); {type: "version"} answers {build, cache} on the given port.

// Type-checked with tsconfig.worker.json (the WebWorker library): `self` is this service
// worker's global scope.
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const BUILD = "__BUILD_HASH__";
const SCOPE = new URL("./", self.location.href).href; // sw.js sits at the site's root
// Cache names carry the site's path: two copies of the game on one origin
// (say /speculation/ and /speculation-beta/) never touch each other's caches.
const PREFIX = `speculation@${new URL(SCOPE).pathname}#`;
const CACHE = PREFIX + BUILD;
// The engine worker keeps a memory snapshot of the ready engine in a cache of
// its own (js/snapshot-store.js); it belongs to this build and goes with it.
const SNAPSHOT_CACHE = CACHE + "~snapshot";
// Held open for as long as this worker runs. WebKit, in an ephemeral session (Private
// Browsing; WebKitWebDriver's automation), keeps a cache's entries in memory only while some
// context has that cache open: the background worker that stores the snapshot ends at once, and
// a reload ends the page, so without this holder its entry is gone by the next visit (issue 49;
// tests/browser/test_webkit.py). A persistent profile keeps it on disk either way.
const heldSnapshotCache = caches.open(SNAPSHOT_CACHE);
heldSnapshotCache.catch(() => {}); // no Cache Storage (an insecure origin): nothing to hold
const NOT_PRECACHED = new Set(["sw.js"]); // the browser fetches the worker itself
const NAV_TIMEOUT_MS = 4000;
const BUILD_META = /<meta\s+name="build"\s+content="([^"]*)"/i;

sw.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (err) => {
    await caches.delete(CACHE); // never leave half a build behind
    throw err;
  }));
});

/**
 * A response's headers without those that described the bytes on the wire.
 * @param {Headers} headers
 */
function storedHeaders(headers) {
  const out = new Headers(headers);
  for (const name of ["content-encoding", "content-length", "transfer-encoding"]) out.delete(name);
  return out;
}

/** @param {ArrayBuffer} buffer */
async function hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * One file of the build, revalidated ("no-cache"), so that an HTTP-cached file of
 * an older deploy is never stored under this build's name (the sha256 check
 * would refuse it anyway).  A network error or a server error (5xx) is tried
 * again, twice, after a short pause: one dropped connection among the many
 * files of a first visit on a poor network should not cost the player the
 * offline copy until the next visit.  Any other answer is final.
 * @param {string} url
 * @param {number} [tries]
 * @returns {Promise<Response>}
 */
async function fetchFresh(url, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (response.status < 500 || attempt >= tries) return response;
    } catch (err) {
      if (attempt >= tries) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
  }
}

async function precache() {
  // The address worker.js fetches it by: on a first visit, the HTTP cache already holds it.
  const manifestResponse = await fetch(new Request(`${SCOPE}build.json?v=${BUILD}`, { cache: "no-cache" }));
  if (!manifestResponse.ok) throw new Error(`build.json: HTTP ${manifestResponse.status}`);
  const manifest = await manifestResponse.clone().json();
  if (manifest.hash !== BUILD) {
    // The server already has another deploy than this worker's: try again later.
    throw new Error(`build.json is for build ${manifest.hash}, this worker is ${BUILD}`);
  }
  const cache = await caches.open(CACHE);
  /** @type {Set<string>} files stored when first asked for, not now */
  const lazy = new Set(manifest.lazy || []);
  const names = Object.keys(manifest.files || {}).filter((name) => !NOT_PRECACHED.has(name) && !lazy.has(name));
  /** @type {Set<string>} files the site requests with the build in the query (build.py's VERSIONED) */
  const versioned = new Set(manifest.versioned || []);
  await Promise.all(names.map(async (name) => {
    const url = new URL(name, SCOPE).href;
    // Fetched where the page fetches it (one entry in the HTTP cache), stored under its plain
    // name (looked up with ignoreSearch).
    const response = await fetchFresh(versioned.has(name) ? `${url}?v=${BUILD}` : url);
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    const expected = manifest.files[name].sha256;
    if (expected && (await hex(body)) !== expected) {
      throw new Error(`${name} does not match build.json (a deploy in progress?)`);
    }
    await cache.put(url, new Response(body, {
      status: response.status, statusText: response.statusText, headers: storedHeaders(response.headers),
    }));
  }));
  await cache.put(SCOPE + "build.json", manifestResponse);
}

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => name.startsWith(PREFIX) && name !== CACHE && name !== SNAPSHOT_CACHE)
      .map((name) => caches.delete(name)));
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") sw.skipWaiting();
  else if (data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ build: BUILD, cache: CACHE });
  }
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return; // not ours
  if (request.mode === "navigate") event.respondWith(navigate(request));
  else event.respondWith(cacheFirst(request, (p) => event.waitUntil(p)));
});

/**
 * @param {Request} request
 * @param {(p: Promise<unknown>) => void} keep extends the event's life while a lazy file is stored
 */
async function cacheFirst(request, keep) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) keep(storeLazy(cache, request, response.clone()).catch(() => {}));
  return response;
}

/**
 * Keep a file that build.json calls "lazy" once it has been fetched whole and checked.
 * @param {Cache} cache
 * @param {Request} request
 * @param {Response} response
 */
async function storeLazy(cache, request, response) {
  const name = new URL(request.url).pathname.slice(new URL(SCOPE).pathname.length);
  const stored = await cache.match(SCOPE + "build.json");
  const manifest = stored ? await stored.json() : null;
  if (!manifest || !(manifest.lazy || []).includes(name)) return;
  const body = await response.arrayBuffer();
  const expected = manifest.files && manifest.files[name] && manifest.files[name].sha256;
  if (!expected || (await hex(body)) !== expected) return;
  await cache.put(SCOPE + name, new Response(body, {
    status: response.status, statusText: response.statusText, headers: storedHeaders(response.headers),
  }));
}

/**
 * The cached page for a navigation: the same file, or index.html for the app's own URLs.
 * @param {Request} request
 * @returns {Promise<Response | undefined>}
 */
async function cachedPage(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (hit) return hit;
  const path = new URL(request.url).pathname;
  const root = new URL(SCOPE).pathname;
  if (path === root || path === root + "index.html") return cache.match(SCOPE + "index.html");
  return undefined;
}

/**
 * @param {number} ms
 * @returns {Promise<never>}
 */
function timeout(ms) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("network timeout")), ms));
}

/** @param {Request} request */
async function navigate(request) {
  let response;
  try {
    response = await Promise.race([fetch(request), timeout(NAV_TIMEOUT_MS)]);
  } catch (err) {
    const cached = await cachedPage(request);
    if (cached) return cached;
    throw err;
  }
  if (!response.ok) {
    // A broken server (5xx) is no reason to lose the game; a 404 is an answer.
    const cached = response.status >= 500 ? await cachedPage(request) : undefined;
    return cached || response;
  }
  if (!(response.headers.get("content-type") || "").includes("text/html")) return response;
  const text = await response.text();
  const cached = await cachedPage(request);
  if (cached) {
    // Another deploy on the server?  Its page would load this build's cached
    // scripts: keep the whole of this build until the player accepts the update.
    // index.html names its build; another page is compared with this build's copy.
    const build = (text.match(BUILD_META) || [])[1];
    const stale = build ? build !== BUILD : text !== (await cached.clone().text());
    if (stale) return cached;
  }
  return new Response(text, {
    status: response.status, statusText: response.statusText, headers: storedHeaders(response.headers),
  });
}
