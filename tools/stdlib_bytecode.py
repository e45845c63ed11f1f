"""Ship the standard-library modules of the engine's boot as bytecode, in Pyodide's own stdlib zip.

Pyodide 314.0.7 ships ``python_stdlib.zip`` with sources only, and a zip on ``sys.path`` can hold
no ``__pycache__``: every visit compiles each standard module it imports, about 150 of them
between ``loadPyodide()`` and a ready engine (asyncio, the ``pyodide`` package, micropip's
``urllib``, ``ipaddress``, ``html``...). That compiling is most of the interpreter's start-up
(issue 13). build.py runs this file under Pyodide's own Python (``tools/bytecode.mjs`` boots it
in Node): it boots micropip and installs the engine's wheel the way the site does, then

    import_package("speculation")                              # every module of the engine
    names = boot_entries(sys.modules, "/lib/python314.zip")   # -> ["asyncio/__init__.py", ...]
    sourceless("python_stdlib.zip", "out.zip", names, "/lib/python314.zip")   # -> len(names)

writes a zip where each of those entries is replaced by its bytecode (``asyncio/__init__.pyc``,
unchecked-hash, PEP 552), at the same place and with the same date. Python's zip importer loads
a ``.pyc`` that has no source beside it; every other entry is copied unchanged, so a module the
boot does not import is still compiled from its source on first use, as before.

The bytecode is compiled with the file name the source would have had
(``/lib/python314.zip/asyncio/__init__.py``), so a traceback names the same file and line as with
the stock zip; it shows no source line for those frames. The runner starts Pyodide with
``PYTHONNODEBUGRANGES=1``: column ranges are useless without the source, and dropping them keeps
the zip about a fifth smaller.
"""

from __future__ import annotations

import importlib
import pkgutil
import py_compile
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType

# The engine's package: every module of it is imported (the first screen needs the bridge; the
# rest, the bots, the review, the tournament, come on first use), so that what they import from
# the standard library is bytecode too.
PACKAGE = "speculation"


def import_package(name: str = PACKAGE) -> list[str]:
    """Import the package ``name`` and every module under it (not ``__main__``); their names."""
    package = importlib.import_module(name)
    names = [name]
    for info in pkgutil.walk_packages(package.__path__, prefix=name + "."):
        if not info.name.endswith(".__main__"):
            importlib.import_module(info.name)
            names.append(info.name)
    return names


def boot_entries(modules: Mapping[str, ModuleType | None], archive: str) -> list[str]:
    """The zip entries (``pkg/mod.py``) of the loaded modules compiled from their source in the zip
    at ``archive``. A frozen module (``os``, ``io``, ``site``...) names its source file too, but
    its spec's origin is ``"frozen"``: it needs no bytecode."""
    prefix = archive.rstrip("/") + "/"
    names = set()
    for module in list(modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.startswith(prefix) and origin.endswith(".py"):
            names.add(origin[len(prefix):])
    return sorted(names)


def compile_entry(name: str, source: bytes, archive: str, tmp: Path) -> bytes:
    """The unchecked-hash bytecode of zip entry ``name``, naming the file it would be loaded from."""
    src, out = tmp / "m.py", tmp / "m.pyc"
    src.write_bytes(source)
    py_compile.compile(str(src), cfile=str(out), dfile=f"{archive.rstrip('/')}/{name}", doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return out.read_bytes()


def sourceless(src: str | Path, dest: str | Path, entries: Iterable[str], archive: str) -> int:
    """Write ``dest``: the zip ``src`` with each of ``entries`` (``.py``) replaced by its bytecode."""
    wanted = set(entries)
    with zipfile.ZipFile(src) as zin:
        missing = wanted - set(zin.namelist())
        if missing:
            raise ValueError(f"{src} has no {', '.join(sorted(missing))}")
        bad = [n for n in wanted if not n.endswith(".py")]
        if bad:
            raise ValueError(f"not Python sources: {', '.join(sorted(bad))}")
        done = 0
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout, \
                tempfile.TemporaryDirectory(prefix="stdlib-bytecode-") as tmp:
            for info in zin.infolist():
                data = zin.read(info)
                if info.filename not in wanted:
                    zout.writestr(info, data)
                    continue
                pyc = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
                pyc.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(pyc, compile_entry(info.filename, data, archive, Path(tmp)))
                done += 1
    return done


def archive_path() -> str:
    """Where this interpreter's standard-library zip sits on ``sys.path``."""
    for entry in sys.path:
        if entry.endswith(".zip"):
            return entry
    raise RuntimeError("no standard-library zip on sys.path")
