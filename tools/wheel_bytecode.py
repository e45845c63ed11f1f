"""Add bytecode to a pure-Python wheel, compiled by the interpreter that runs this file.

build.py runs it under Pyodide's own Python (tools/bytecode.mjs boots Pyodide in Node),
so the engine wheel and micropip arrive in the browser with ``__pycache__/*.cpython-314.pyc``
beside their sources and the first import compiles nothing (issue 13: about 150 ms of a first
visit on this machine). Under CPython it does the same with that interpreter's tag, which is
how the tests check it.

    add_bytecode("in.whl", "out.whl")   # -> number of modules compiled

The bytecode is *unchecked-hash* (PEP 552): an installed wheel's files get the install time as
their mtime, which a timestamp pyc would never match, and nobody edits an installed wheel in
the browser. Every other entry is copied unchanged, in order; the new files are added to
RECORD with their sha256 and size, as the wheel format (PEP 427) asks. An interpreter of
another version ignores the files: their names carry this one's cache tag.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import py_compile
import sys
import tempfile
import zipfile
from pathlib import Path, PurePosixPath

# Entries written here get a fixed time stamp, so the same sources give the same wheel.
STAMP = (1980, 1, 1, 0, 0, 0)


def record_line(name: str, data: bytes) -> str:
    """A RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_source(name: str, source: bytes, tmp: Path) -> bytes:
    """The unchecked-hash bytecode of the module at wheel path ``name``."""
    src = tmp / "m.py"
    out = tmp / "m.pyc"
    src.write_bytes(source)
    py_compile.compile(str(src), cfile=str(out), dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return out.read_bytes()


def add_bytecode(src: str | Path, dest: str | Path) -> int:
    """Write ``dest``: the wheel ``src`` with the bytecode of each of its modules added."""
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        records = [i for i in infos if i.filename.endswith(".dist-info/RECORD")]
        if len(records) != 1:
            raise ValueError(f"{src}: expected one RECORD, found {len(records)}")
        added: list[tuple[str, bytes]] = []
        with tempfile.TemporaryDirectory(prefix="wheel-bytecode-") as tmp:
            for info in infos:
                if info.filename.endswith(".py") and not info.is_dir():
                    cached = importlib.util.cache_from_source(info.filename)
                    added.append((PurePosixPath(cached).as_posix(),
                                  compile_source(info.filename, zin.read(info), Path(tmp))))
        record = zin.read(records[0]).decode("utf-8").rstrip("\n").split("\n")
        known = {line.split(",", 1)[0] for line in record}
        record += [record_line(n, d) for n, d in added if n not in known]
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in infos:
                if info is not records[0]:
                    zout.writestr(info, zin.read(info))
            for name, data in added:
                zout.writestr(zipfile.ZipInfo(name, STAMP), data, zipfile.ZIP_DEFLATED)
            rec = zipfile.ZipInfo(records[0].filename, records[0].date_time)
            zout.writestr(rec, ("\n".join(record) + "\n").encode("utf-8"), zipfile.ZIP_DEFLATED)
    return len(added)


def main(argv: list[str]) -> int:
    """``python wheel_bytecode.py IN.whl OUT.whl [IN.whl OUT.whl ...]``"""
    if len(argv) % 2 or not argv:
        print(main.__doc__, file=sys.stderr)
        return 2
    for i in range(0, len(argv), 2):
        n = add_bytecode(argv[i], argv[i + 1])
        print(f"{Path(argv[i + 1]).name}: {n} modules compiled by Python "
              f"{sys.version.split()[0]} ({sys.implementation.cache_tag})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
