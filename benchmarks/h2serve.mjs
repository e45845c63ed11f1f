// A static HTTP/2 server for benchmarks/lighthouse.py: the built site over TLS on 127.0.0.1, as
// GitHub Pages serves it (HTTP/2), with a throwaway self-signed certificate.
//
//   node benchmarks/h2serve.mjs DIR KEY.pem CERT.pem TYPES
//     → prints "https://127.0.0.1:PORT/", serves until killed; TYPES is a JSON string: an object of
//       file extension → Content-Type (lighthouse.py passes build.py's MIME_TYPES, the types
//       the site's own server sends), anything else is application/octet-stream
//
// Lighthouse's simulated throttling replays the page's requests over the connections it saw:
// over HTTP/1.1 at most six at a time per origin, over HTTP/2 all of them on one. The site's
// few dozen small ES modules (no bundler) cost round trips over the first that Pages never
// makes a phone pay, so the benchmark serves the protocol Pages does. Pages also sends text files
// (HTML, CSS, JavaScript, JSON, SVG) gzip-compressed to a browser that accepts it, and Lantern
// times each request by the bytes it saw on the wire: so does this server. Wasm and zip files go
// as they are (the engine's download is not what the first paint waits for).
import { createSecureServer, constants } from "node:http2";
import { readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { gzipSync } from "node:zlib";

const [dir, key, cert, types] = process.argv.slice(2);
/** @type {Record<string, string>} */
const TYPES = JSON.parse(types ?? "{}");
const root = normalize(dir);
const TEXT = /^text\/|javascript|json|svg|xml/;
/** @type {Map<string, Buffer>} */
const gzipped = new Map(); // file → its gzip body (the files do not change while the benchmark runs)

const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true,
  maxSessionMemory: 512 }); // MB: Pyodide's files are large and all in flight at once
server.on("stream", (stream, headers) => {
  const path = decodeURIComponent(String(headers[constants.HTTP2_HEADER_PATH]).split("?")[0]);
  let file = normalize(join(root, path.endsWith("/") ? path + "index.html" : path));
  if (file !== root && !file.startsWith(root + sep)) { stream.respond({ ":status": 403 }); stream.end(); return; }
  try {
    if (statSync(file).isDirectory()) file = join(file, "index.html");
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    const gzip = TEXT.test(type) && /\bgzip\b/.test(String(headers["accept-encoding"] ?? ""));
    let body = readFileSync(file);
    if (gzip) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body));
      body = /** @type {Buffer} */ (gzipped.get(file));
    }
    stream.respond({ ":status": 200, "content-type": type, "cache-control": "no-cache",
      "content-length": body.length, ...(gzip ? { "content-encoding": "gzip", vary: "accept-encoding" } : {}) });
    stream.end(body);
  } catch {
    stream.respond({ ":status": 404 });
    stream.end();
  }
});
server.listen(0, "127.0.0.1", () => {
  console.log(`https://127.0.0.1:${/** @type {any} */ (server.address()).port}/`);
});
