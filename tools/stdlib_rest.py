"""The rest of the standard library, fetched the first time a module of it is imported (issue 47).

build.py ships Pyodide's standard library in two archives: ``python_stdlib.zip``, which Pyodide
loads at start, holds only the modules that the runtime's start, micropip's install of the
engine and every op of the engine's bridge import (recorded by running them:
tools/stdlib_bytecode.py); ``python_stdlib_rest.zip`` holds every other module, as source. This
file is compiled into the first archive as ``_speculation_stdlib_rest`` with ``INDEX`` filled
in (the second archive's name, sha256 and module names); the engine worker installs it right
after Pyodide has started:

    import _speculation_stdlib_rest
    _speculation_stdlib_rest.install("https://…/pyodide/", "?v=BUILD")

It puts a finder at the end of ``sys.meta_path``, so Python asks it only about a module that no
other finder found. For a module of the second archive it downloads that archive once, with a
synchronous XMLHttpRequest (allowed in a worker, and served by the service worker when it holds
the file), checks its sha256, writes it to ``/lib/python_stdlib_rest.zip`` and adds it to
``sys.path``; a submodule of a package of the first archive (``email.mime`` under ``email``) is
found by adding the package's directory in the second archive to the package's ``__path__``.
Any other name is none of its business: a probe such as ``import _winapi`` costs nothing. A
download that fails raises ModuleNotFoundError naming the module and the reason (offline, with
the archive never fetched while online), which code that tries an optional import handles.

It imports only what it needs at its own import (``hashlib``, ``sys``, ``importlib.machinery``):
the build records those with the rest of the boot, so they are always in the first archive.
Nothing here holds a JavaScript object once a download is over, so a memory snapshot of the
engine can be made with it installed (the worker keeps the downloaded archive's file with the
snapshot's files, if it was ever fetched).
"""

import hashlib
import sys
from importlib.machinery import PathFinder

# The build replaces this line with the index of the second archive:
# {"file": "python_stdlib_rest.zip", "sha256": "<hex>", "size": N, "modules": ["a", "a.b", ...]}
INDEX = None

ARCHIVE = "/lib/python_stdlib_rest.zip"  # where the downloaded archive is written
FINDER = None  # the finder install() put on sys.meta_path


def xhr_download(url):
    """The bytes at ``url``, by a synchronous XMLHttpRequest (a worker may make one)."""
    from js import XMLHttpRequest

    xhr = XMLHttpRequest.new()
    xhr.open("GET", url, False)
    xhr.responseType = "arraybuffer"
    xhr.send(None)
    if xhr.status != 200:
        raise OSError(f"HTTP {xhr.status}")
    return xhr.response.to_bytes()


class RestFinder:
    """A meta path finder for the modules of the second archive (see the module's docstring)."""

    def __init__(self, url, index, core, archive=ARCHIVE, download=xhr_download):
        self.url = url
        self.modules = frozenset(index["modules"])
        self.sha256 = index.get("sha256")
        self.core = core.rstrip("/")
        self.archive = archive
        self.download = download
        self.loaded = False
        self.fetches = 0
        self._busy = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.modules or self._busy:
            return None
        self._busy = True  # nothing imported while it downloads may come back here
        try:
            self._load(fullname)
        finally:
            self._busy = False
        if path is None:  # a top-level module: the archive is on sys.path now
            return PathFinder.find_spec(fullname, [self.archive], target)
        inner = [self.archive + p[len(self.core):] for p in list(path)
                 if isinstance(p, str) and p.startswith(self.core + "/")]
        for directory in inner:  # the package's other submodules in the archive, found directly
            if directory not in path and hasattr(path, "append"):
                path.append(directory)
        return PathFinder.find_spec(fullname, inner, target)

    def _load(self, fullname):
        if self.loaded:
            return
        self.fetches += 1
        # Said on stderr (the browser's console): the site's build meant the first archive to
        # hold everything a game imports, so this is worth a look (docs/offline-and-deploy.md).
        print(f"{fullname} is not in the trimmed standard library: fetching {self.url}",
              file=sys.stderr)
        try:
            data = self.download(self.url)
            if self.sha256 and hashlib.sha256(data).hexdigest() != self.sha256:
                raise OSError("the download does not match this build (a stale copy?)")
        except Exception as err:
            raise ModuleNotFoundError(
                f"No module named {fullname!r} here: it is in the part of the standard library "
                f"that is downloaded on first use ({self.url}), and that download failed: {err}",
                name=fullname) from None
        with open(self.archive, "wb") as f:
            f.write(data)
        sys.path_importer_cache.pop(self.archive, None)
        sys.path.append(self.archive)
        self.loaded = True

    def loaded_modules(self):
        """The names of the loaded modules that came from the second archive."""
        prefix = self.archive + "/"
        return sorted(name for name, module in list(sys.modules.items())
                      if str(getattr(getattr(module, "__spec__", None), "origin", "")).startswith(prefix))


def install(base_url, query="", index=None, download=xhr_download, archive=ARCHIVE):
    """Put the finder at the end of sys.meta_path (once) and return it; None for a library
    that is not split (no index: every module is in the one archive). The first zip on
    sys.path is the first archive; the second is written to ``archive``."""
    global FINDER
    index = index if index is not None else INDEX
    if index is None:
        return None
    if FINDER is not None and FINDER in sys.meta_path:
        return FINDER
    core = next(p for p in sys.path if p.endswith(".zip"))
    FINDER = RestFinder(base_url + index["file"] + query, index, core, archive, download)
    sys.meta_path.append(FINDER)
    return FINDER


def status():
    """What the worker reports: was the second archive fetched, and which modules came from it."""
    if FINDER is None:
        return {"split": False, "fetched": False, "modules": []}
    return {"split": True, "fetched": FINDER.loaded, "modules": FINDER.loaded_modules(),
            "archive": FINDER.archive}
