#!/usr/bin/env python3
"""Build the static site into dist/ and optionally serve it.

    python3 build.py                      # build into ./dist
    python3 build.py --out DIR            # build into DIR
    python3 build.py --web DIR            # take the web files from DIR instead of web/
    python3 build.py serve [--port 8000]  # build, then serve on http://127.0.0.1:PORT/

What the build does (standard library only; pip and npm do the fetching):

1. builds the engine wheel from pyproject.toml with ``pip wheel --no-deps``;
2. copies the Pyodide runtime (installed by ``npm ci``) into ``<out>/pyodide/``;
   Pyodide's own Python (run in Node by ``tools/bytecode.mjs``) replaces every module of the
   engine's wheel and of micropip's by its bytecode (``pkg/mod.pyc``, unchecked-hash, no source
   kept: each module crosses the network once), boots them as the site does and drives every
   op of the bridge, recording the standard modules imported; ``python_stdlib.zip`` then holds
   just those, as bytecode, and ``python_stdlib_rest.zip`` every other one, as source, fetched
   by the engine worker only if one is ever imported (tools/stdlib_rest.py). The browser's
   boot compiles nothing and downloads no module it does not import;
3. self-hosts micropip: ``pip download`` caches the wheel under ``build-cache/``
   (checked against a pinned sha256) and the deployed ``pyodide-lock.json`` is
   cut down to that one package, carrying the shipped wheel's hash, so nothing is
   ever looked up on a CDN;
4. copies ``web/`` into ``<out>/`` and the engine wheel into ``<out>/py/``, and
   draws the app icons (PNG, standard library only) into ``<out>/icons/``;
5. self-hosts the QR encoder and decoder: the npm package ``qr`` (installed by ``npm ci``,
   pinned in ``package-lock.json``) has its encoder ``index.js``, its decoder ``decode.js``
   (which imports ``./index.js``) and its two licence files copied unchanged into
   ``<out>/vendor/qr/`` (``web/js/net/link/qr.js`` imports them from there);
6. hashes the whole site, replaces ``__BUILD_HASH__`` in the web files with
   that hash (and adds ``<meta name="build" content="HASH">`` to index.html
   unless it has one) and writes ``<out>/build.json`` ({hash, version, wheel,
   versioned, files...}).

The service worker (``sw.js``) is stamped like every web file: its cache is
named after the build hash, and it precaches exactly the files that
``build.json`` lists, checking each against its sha256; those under "versioned"
at the address the page uses for them (``NAME?v=HASH``), so that no file is
downloaded twice on a first visit.

Every URL in the site is relative, so ``<out>/`` can be hosted under any
sub-path (GitHub Pages serves it under ``/<repo>/``).

Note: this file shadows the ``build`` package when Python runs from the
repository root; use ``python -P -m build`` if you ever need that package.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import importlib.util
import json
import re
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
CACHE = ROOT / "build-cache"
PYODIDE_PKG = ROOT / "node_modules" / "pyodide"
QR_PKG = ROOT / "node_modules" / "qr"

PYODIDE_VERSION = "314.0.7"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
STDLIB_ZIP = "python_stdlib.zip"  # trimmed to the boot's and the bridge's modules, as bytecode
# Every other standard module, as source: fetched by the engine worker only if one is imported
# (tools/stdlib_rest.py), and cached by the service worker then, never precached (LAZY).
STDLIB_REST = "python_stdlib_rest.zip"
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
# sha256 of the PyPI wheel (it differs from the one named in Pyodide's lock).
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# The QR package (paulmillr/qr, MIT OR Apache-2.0): its self-contained ESM encoder, the decoder
# that a camera scan uses where the browser has no BarcodeDetector (it imports only ./index.js),
# and the licence texts, shipped byte for byte under VENDOR_QR (never stamped: not web/ files).
QR_VERSION = "0.7.0"
QR_FILES = ("index.js", "decode.js", "LICENSE", "LICENSE-MIT")
VENDOR_QR = "vendor/qr"

# The files the site asks for as ``NAME?v=HASH`` (the build's hash in the query, so that an
# HTTP-cached copy from another deploy is never used): the engine worker (early-worker.js),
# its import of snapshot-store.js and build.json (worker.js); the engine wheel, which worker.js
# fetches the same way, is added by the build. build.json lists them under "versioned" and the
# service worker precaches each at that same address: on a first visit the boot has just put
# it in the HTTP cache, so the precache costs a 304, not a second download (issue 47).
# tests/test_build_wire.py checks this list against the queries written in web/js.
VERSIONED = ("build.json", "js/snapshot-store.js", "js/worker.js", f"pyodide/{STDLIB_REST}")
# Files the service worker does not precache: it stores them when the site first asks for them.
# The second standard-library archive is the one: a first visit never needs it, and fetching it
# ahead would cost every first visit its 1.6 MB (issue 47).
LAZY = (f"pyodide/{STDLIB_REST}",)

PLACEHOLDER = "__BUILD_HASH__"
STAMPED_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".txt", ".svg"}

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
}


class BuildError(RuntimeError):
    """A build step failed; the message says what to do."""


def log(msg: str) -> None:
    print(f"build: {msg}", file=sys.stderr, flush=True)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def run(cmd: list[str], **kw) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, **kw)
    if proc.returncode != 0:
        raise BuildError(
            f"command failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout}\n{proc.stderr}"
        )


# --------------------------------------------------------------------------- steps


def build_wheel(dest: Path) -> Path:
    """Build the engine wheel with pip (hatchling backend) into dest."""
    with tempfile.TemporaryDirectory(prefix="spec-wheel-") as tmp:
        run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
             "-q", "-w", tmp, str(ROOT)],
            cwd=tmp,  # never let the root build.py shadow anything
        )
        wheels = sorted(Path(tmp).glob("*.whl"))
        if len(wheels) != 1:
            raise BuildError(f"expected one wheel, pip produced {[w.name for w in wheels]}")
        dest.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheels[0], dest / wheels[0].name))


def micropip_wheel() -> Path:
    """The micropip wheel, downloaded once into build-cache/ and verified."""
    path = CACHE / MICROPIP_WHEEL
    if not path.exists():
        CACHE.mkdir(exist_ok=True)
        (CACHE / ".gitignore").write_text("# downloads cached by build.py\n*\n")
        log(f"downloading {MICROPIP_WHEEL} into {CACHE.relative_to(ROOT)}/")
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.14", "--implementation", "py", "--platform", "any",
             "--disable-pip-version-check", "-q", "-d", str(CACHE),
             f"micropip=={MICROPIP_VERSION}"])
    digest = sha256_file(path)
    if digest != MICROPIP_SHA256:
        path.unlink()
        raise BuildError(f"{MICROPIP_WHEEL}: sha256 {digest} is not the pinned {MICROPIP_SHA256}")
    return path


def add_bytecode(paths: dict[str, tuple[Path, ...]]) -> None:
    """Write the site's Python, compiled by Pyodide's own Python in Node (tools/bytecode.mjs):
    ``micropip`` and ``engine`` are (plain wheel, compiled wheel), each module replaced by its
    bytecode; ``stdlib`` is (Pyodide's zip, the site's zip, the rest): the modules that the boot
    and every op of the bridge import, as bytecode, and every other module, as source, in the
    second archive, fetched only if one is ever imported. The browser's boot compiles nothing."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node (20 or later) is missing: the build compiles the site's bytecode "
                         "with Pyodide under Node")
    run([node, str(ROOT / "tools" / "bytecode.mjs"),
         *(str(x) for key, group in paths.items() for x in (f"--{key}", *group))])
    for group in paths.values():
        for written in group[1:]:
            if not written.exists():
                raise BuildError(f"tools/bytecode.mjs wrote no {written.name}")


def _pinned_package(pkg: Path, name: str, pinned: str) -> Path:
    """node_modules/<name>, checked to be the version package-lock.json pins (else a BuildError
    that says to run `npm ci`)."""
    meta = pkg / "package.json"
    if not meta.exists():
        raise BuildError(f"node_modules/{name} is missing: run `npm ci` (or scripts/setup.sh)")
    version = json.loads(meta.read_text())["version"]
    if version != pinned:
        raise BuildError(f"node_modules has {name} {version}, expected {pinned}: run `npm ci`")
    return pkg


def pyodide_dir() -> Path:
    return _pinned_package(PYODIDE_PKG, "pyodide", PYODIDE_VERSION)


def qr_dir(pkg: Path = QR_PKG) -> Path:
    """node_modules/qr, checked to be the pinned version with every file the site ships.

        vendor_qr(qr_dir(), out)   # BuildError("node_modules/qr is missing: ...") before `npm ci`
    """
    _pinned_package(pkg, "qr", QR_VERSION)
    absent = [name for name in QR_FILES if not (pkg / name).is_file()]
    if absent:
        raise BuildError(f"node_modules/qr has no {', '.join(absent)}: run `npm ci`")
    return pkg


def vendor_qr(pkg: Path, out: Path) -> list[Path]:
    """Copy the QR encoder, decoder and licences into out/VENDOR_QR; return the copies."""
    dest = out / VENDOR_QR
    dest.mkdir(parents=True, exist_ok=True)
    copies = []
    for name in QR_FILES:
        shutil.copy2(pkg / name, dest / name)
        copies.append(dest / name)
    return copies


def write_lock(src: Path, dest: Path, micropip_sha: str) -> None:
    """Deploy a lock that lists only micropip, with the hash of the wheel we ship.

    A lock that names packages we do not ship would make Pyodide fetch them
    from elsewhere (Node falls back to a CDN); this one names only what is here.
    """
    lock = json.loads(src.read_text())
    entry = dict(lock["packages"]["micropip"])
    if entry["file_name"] != MICROPIP_WHEEL:
        raise BuildError(f"pyodide lock expects {entry['file_name']}, build ships {MICROPIP_WHEEL}")
    entry["sha256"] = micropip_sha
    lock["packages"] = {"micropip": entry}
    dest.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


# --------------------------------------------------------------------------- icons
#
def make_icons(dest: Path) -> list[Path]:
    """The app's PNG icons, drawn by tools/icons.py (loaded by path: tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("speculation_icons", ROOT / "tools" / "icons.py")
    assert spec and spec.loader
    icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(icons)
    made: list[Path] = icons.make_icons(dest)
    return made


def site_hash(out: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        rel = path.relative_to(out).as_posix()
        h.update(rel.encode() + b"\0" + sha256_file(path).encode() + b"\n")
    return h.hexdigest()[:16]


def stamp(out: Path, digest: str, roots: list[Path]) -> list[str]:
    stamped = []
    for root in roots:
        for path in sorted(root.rglob("*") if root.is_dir() else [root]):
            if path.is_file() and path.suffix in STAMPED_SUFFIXES:
                text = path.read_text(encoding="utf-8")
                if PLACEHOLDER in text:
                    path.write_text(text.replace(PLACEHOLDER, digest), encoding="utf-8")
                    stamped.append(path.relative_to(out).as_posix())
    return stamped


def ours(path: Path) -> bool:
    """Is path absent, empty, or an earlier output of this script (safe to replace)?"""
    return (not path.exists() or not any(path.iterdir()) or (path / "build.json").exists()
            or (path / "pyodide" / "pyodide.asm.wasm").exists())


def build(out: Path | None = None, web: Path | None = None) -> dict:
    """Build the site into out (default ROOT/dist) from web (default ROOT/web); return the manifest."""
    final = Path(out or ROOT / "dist").resolve()
    web = Path(web or WEB).resolve()
    if not ours(final):
        raise BuildError(f"{final} is not empty and is no earlier build: refusing to replace it")
    if not (web / "index.html").exists():
        raise BuildError(f"{web}/index.html is missing")
    pyo = pyodide_dir()
    qr = qr_dir()
    mp = micropip_wheel()
    # Build beside the target and swap at the end: a failed or interrupted
    # build never leaves a half-made site where a server may be looking.
    out = final.with_name(final.name + ".building")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    try:
        manifest = _assemble(out, pyo, mp, web, qr)
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)
        raise
    if final.exists():
        shutil.rmtree(final)
    out.rename(final)
    total = sum(f["size"] for f in manifest["files"].values())
    log(f"built {final} hash={manifest['hash']} wheel={manifest['wheel']} "
        f"({manifest['files'][manifest['wheel']]['size']} bytes), {len(manifest['files'])} files, "
        f"{total / 1e6:.1f} MB")
    return manifest


def _assemble(out: Path, pyo: Path, mp: Path, web: Path = WEB, qr: Path = QR_PKG) -> dict:
    """Fill the empty directory out with the site and return its manifest."""
    # web/ first, so nothing in web/ can overwrite runtime files
    web_entries = []
    for entry in sorted(web.iterdir()):
        if entry.name.startswith("."):
            continue
        target = out / entry.name
        if entry.is_dir():
            shutil.copytree(entry, target, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        else:
            shutil.copy2(entry, target)
        web_entries.append(target)

    rt = out / "pyodide"
    rt.mkdir(exist_ok=True)
    for name in PYODIDE_FILES:
        if name != STDLIB_ZIP:  # written by add_bytecode
            shutil.copy2(pyo / name, rt / name)
    with tempfile.TemporaryDirectory(prefix="spec-plain-wheel-") as tmp:
        plain = build_wheel(Path(tmp))
        wheel = out / "py" / plain.name
        wheel.parent.mkdir()
        add_bytecode({"micropip": (mp, rt / MICROPIP_WHEEL), "engine": (plain, wheel),
                      "stdlib": (pyo / STDLIB_ZIP, rt / STDLIB_ZIP, rt / STDLIB_REST)})
    write_lock(pyo / "pyodide-lock.json", rt / "pyodide-lock.json", sha256_file(rt / MICROPIP_WHEEL))

    version = wheel.name.split("-")[1]
    make_icons(out / "icons")
    vendor_qr(qr, out)  # after web/, so nothing in web/ can stand in for the package's bytes

    digest = site_hash(out)
    stamped = stamp(out, digest, web_entries)
    index = out / "index.html"
    html = index.read_text(encoding="utf-8")
    if 'name="build"' not in html:  # the page always names its build
        meta = f'<meta name="build" content="{digest}">'
        html, n = re.subn(r"(<meta charset=[^>]*>)", lambda m: m.group(1) + "\n" + meta, html, count=1)
        if not n:
            html = html.replace("<head>", "<head>\n" + meta, 1)
        index.write_text(html, encoding="utf-8")
        stamped.append("index.html")

    files = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        rel = path.relative_to(out).as_posix()
        files[rel] = {"size": path.stat().st_size, "sha256": sha256_file(path)}
    manifest = {
        "hash": digest,
        "version": version,
        "wheel": wheel.relative_to(out).as_posix(),
        "pyodide": PYODIDE_VERSION,
        "micropip": f"pyodide/{MICROPIP_WHEEL}",
        "versioned": sorted({*VERSIONED, wheel.relative_to(out).as_posix()}),
        "lazy": sorted(LAZY),
        "stamped": stamped,
        "files": files,
    }
    (out / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


# --------------------------------------------------------------------------- serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, no caching, optional quiet log."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        # A browser that drops a download (a closed tab, a test's page.route)
        # is not a server error.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1",
                quiet: bool = False, handler: type[SiteHandler] = SiteHandler) -> SiteServer:
    """An HTTP server for directory on host:port (port 0 = a free port); ``handler`` may be a
    subclass of SiteHandler (a test's server that misbehaves on purpose)."""
    factory = functools.partial(
        type("Handler", (handler,), {"quiet": quiet}), directory=str(directory)
    )
    return SiteServer((host, port), factory)


def serve_in_thread(directory: Path, port: int = 0, quiet: bool = True,
                    handler: type[SiteHandler] = SiteHandler):
    """Start a server in a daemon thread; returns (server, base_url). Call server.shutdown()."""
    server = make_server(directory, port=port, quiet=quiet, handler=handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


@contextlib.contextmanager
def served_site(site: Path | None, prefix: str = "spec-site-") -> Iterator[str]:
    """For a benchmark: `site` (or, when None, a fresh build in a temporary folder) served on
    127.0.0.1 for the `with` block; yields its base URL, and stops the server after.

        with served_site(args.site) as url:
            page.goto(url + "index.html")
    """
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        root = site.resolve() if site else Path(tmp) / "site"
        if site is None:
            build(root)
        server, url = serve_in_thread(root)
        try:
            yield url
        finally:
            server.shutdown()
            server.server_close()


# --------------------------------------------------------------------------- CLI


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output directory")
    parser.add_argument("--web", type=Path, default=WEB,
                        help="source of the web files (default: web/); e.g. a modified copy")
    parser.add_argument("--port", type=int, default=8000, help="port for `serve`")
    parser.add_argument("--no-build", action="store_true", help="`serve` the existing output")
    args = parser.parse_args(argv)
    try:
        if not (args.command == "serve" and args.no_build):
            build(args.out, args.web)
    except BuildError as err:
        print(f"build failed: {err}", file=sys.stderr)
        return 1
    if args.command == "serve":
        server = make_server(args.out.resolve(), port=args.port)
        print(f"serving {args.out} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)",
              flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
