"""Split Pyodide's standard library in two: what the site's boot and games import, as bytecode,
and the rest, as source, fetched only if ever needed (issues 13 and 47).

Pyodide 314.0.7 ships ``python_stdlib.zip`` (614 modules, 3.0 MB) with sources only, and a zip on
``sys.path`` can hold no ``__pycache__``: every visit compiled each standard module it imported,
and downloaded hundreds it never imports. build.py runs tools/bytecode.mjs, which boots Pyodide's
own Python in Node the way the engine worker does and records every module name the import
system is asked for (a finder at the front of ``sys.meta_path``, and ``sys.modules``) through:
the runtime's start, ``_speculation_stdlib_rest`` (tools/stdlib_rest.py), micropip's load and its
install of the engine's wheel, the import of the bridge, every op and error path of the bridge
(tools/bridge_exercise.py) and the worker's own few lines of Python. Then

    names = core_entries(recorded, zip_names, elsewhere)   # -> ["asyncio/__init__.py", ...]
    index = split("python_stdlib.zip", "core.zip", "rest.zip", names, "/lib/python314.zip",
                  finder_source)

writes

* the first archive (the site's ``python_stdlib.zip``, which Pyodide loads at start): each of
  ``names`` as unchecked-hash bytecode (PEP 552) at the same place (``asyncio/__init__.pyc``),
  the files that are not modules (a ``py.typed``) of their packages, and
  ``_speculation_stdlib_rest.pyc``: tools/stdlib_rest.py with ``INDEX`` filled in;
* the second archive (``python_stdlib_rest.zip``): every other module, its source unchanged,
  with the other packages' files.

A module of the first archive imports without compiling; a module of the second is fetched
(the whole archive, once) and compiled from its source on first use. No list of modules is kept
by hand: a new import in the engine shows up in the next build's record.

The bytecode is compiled with the file name the source would have had
(``/lib/python314.zip/asyncio/__init__.py``), so a traceback names the same file and line as with
the stock zip; it shows no source line for those frames. The runner starts Pyodide with
``PYTHONNODEBUGRANGES=1``: column ranges are useless without the source, and dropping them makes
the bytecode about a fifth smaller.
"""

from __future__ import annotations

import hashlib
import zipfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType

from wheel_bytecode import pyc

FINDER_MODULE = "_speculation_stdlib_rest"  # tools/stdlib_rest.py, as the first archive holds it
REST_FILE = "python_stdlib_rest.zip"
INDEX_LINE = "INDEX = None\n"  # the line of tools/stdlib_rest.py the build fills in


def module_entry(name: str, zip_names: set[str]) -> str | None:
    """The zip entry of module ``name`` (``a/b.py`` or ``a/b/__init__.py``), or None."""
    base = name.replace(".", "/")
    for entry in (base + ".py", base + "/__init__.py"):
        if entry in zip_names:
            return entry
    return None


def entry_module(entry: str) -> str:
    """The module name of zip entry ``a/b.py`` or ``a/b/__init__.py``."""
    base = entry[:-len(".py")]
    return (base[:-len("/__init__")] if base.endswith("/__init__") else base).replace("/", ".")


def loaded_from(modules: Mapping[str, ModuleType | None], archive: str) -> list[str]:
    """The names of the loaded modules whose code came from the zip at ``archive`` (a frozen
    module, ``os`` or ``io``, names its source file too, but its spec's origin is ``"frozen"``)."""
    prefix = archive.rstrip("/") + "/"
    return sorted(name for name, module in list(modules.items())
                  if str(getattr(getattr(module, "__spec__", None), "origin", "")).startswith(prefix))


def core_entries(names: Iterable[str], zip_names: set[str],
                 elsewhere: Callable[[str], bool] = lambda name: False) -> list[str]:
    """The zip entries of the module ``names`` the import system was asked for: those the zip
    holds, except modules found ``elsewhere`` (frozen or built into the interpreter, which never
    read the zip)."""
    entries = set()
    for name in names:
        entry = module_entry(name, zip_names)
        if entry is not None and not elsewhere(name):
            entries.add(entry)
    return sorted(entries)


def compile_entry(name: str, source: bytes, archive: str) -> bytes:
    """The unchecked-hash bytecode of zip entry ``name``, naming the file it would be loaded
    from, without docstrings (``wheel_bytecode.pyc``: asserts and line numbers kept)."""
    return pyc(source, f"{archive.rstrip('/')}/{name}")


def finder_with_index(finder_source: str, index: dict) -> str:
    """tools/stdlib_rest.py with its ``INDEX = None`` line replaced by ``index``."""
    if finder_source.count(INDEX_LINE) != 1:
        raise ValueError(f"the finder's source must hold the line {INDEX_LINE.strip()!r} once")
    return finder_source.replace(INDEX_LINE, f"INDEX = {index!r}\n")


def package_of(name: str, zip_names: set[str]) -> str | None:
    """The ``__init__.py`` entry of the innermost package holding the file ``name``, or None."""
    parts = name.split("/")[:-1]
    while parts:
        init = "/".join(parts) + "/__init__.py"
        if init in zip_names:
            return init
        parts.pop()
    return None


def split(src: str | Path, core_dest: str | Path, rest_dest: str | Path, entries: Iterable[str],
          archive: str, finder_source: str) -> dict:
    """Write the two archives (see the module's docstring); return the second one's index.

    A file that is no module goes with its package (``tomllib/mypy.ini`` with ``tomllib``):
    anything under a directory of the first archive would make the zip importer take that
    directory for a namespace package and never look for the real one in the second. Directory
    entries are left out of both: a package is found by its ``__init__`` file."""
    wanted = set(entries)
    with zipfile.ZipFile(src) as zin:
        names = set(zin.namelist())
        missing = wanted - names
        if missing:
            raise ValueError(f"{src} has no {', '.join(sorted(missing))}")
        bad = [n for n in wanted if not n.endswith(".py")]
        if bad:
            raise ValueError(f"not Python sources: {', '.join(sorted(bad))}")
        infos = [i for i in zin.infolist() if not i.is_dir()]

        def in_core(info: zipfile.ZipInfo) -> bool:
            if info.filename.endswith(".py"):
                return info.filename in wanted
            package = package_of(info.filename, names)
            return package is None or package in wanted

        rest = [i for i in infos if not in_core(i)]
        with zipfile.ZipFile(rest_dest, "w", zipfile.ZIP_DEFLATED) as zrest:
            for info in rest:
                zrest.writestr(info, zin.read(info))
        index = {"file": REST_FILE, "sha256": hashlib.sha256(Path(rest_dest).read_bytes()).hexdigest(),
                 "size": Path(rest_dest).stat().st_size,
                 "modules": sorted(entry_module(i.filename) for i in rest if i.filename.endswith(".py"))}
        with zipfile.ZipFile(core_dest, "w", zipfile.ZIP_DEFLATED) as zcore:
            for info in infos:
                if info.filename in wanted:
                    pyc = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
                    pyc.compress_type = zipfile.ZIP_DEFLATED
                    zcore.writestr(pyc, compile_entry(info.filename, zin.read(info), archive))
                elif in_core(info):
                    zcore.writestr(info, zin.read(info))
            stamp = max((i.date_time for i in infos), default=(1980, 1, 1, 0, 0, 0))
            finder = zipfile.ZipInfo(FINDER_MODULE + ".pyc", stamp)
            finder.compress_type = zipfile.ZIP_DEFLATED
            source = finder_with_index(finder_source, index).encode("utf-8")
            zcore.writestr(finder, compile_entry(FINDER_MODULE + ".py", source, archive))
    return index
