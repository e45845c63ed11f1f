"""Turn a pure-Python wheel into a sourceless one, compiled by the interpreter that runs this file.

build.py runs it under Pyodide's own Python (tools/bytecode.mjs boots Pyodide in Node), so the
engine wheel and micropip reach the browser as bytecode and their first import compiles nothing
(issue 13: about 150 ms of a first visit on this machine). Each module is shipped once (issue
47): ``pkg/mod.py`` is replaced by ``pkg/mod.pyc`` at the same place, which the import system
loads when no source sits beside it (its sourceless loader; a ``__pycache__`` file would be
ignored without the source). Under CPython it does the same with that interpreter's magic
number, which is how the tests check it.

    sourceless_wheel("in.whl", "out.whl")   # -> number of modules compiled

Tracebacks stay readable: the bytecode keeps its line table and is compiled with the wheel path
its source had as its file name, so a frame reads ``File "speculation/game.py", line N, in
apply``, which is the repository's ``py/speculation/game.py`` at the version the page names; only
the source line under it is missing (there is no source to read it from). Column ranges are left
out (tools/bytecode.mjs sets PYTHONNODEBUGRANGES): without the source they show nothing.

Docstrings are left out of the bytecode (``without_docstrings``; issue 47: about a fifth of the
engine wheel's bytes, which only the repository's doctests and readers use). Unlike ``python
-OO``, every ``assert`` is kept, and every line number stays what it was.

The bytecode is *unchecked-hash* (PEP 552), the flag Python checks nothing against. Every other
entry is copied unchanged, in order; RECORD lists the ``.pyc`` files, with their sha256 and size,
instead of the sources, as the wheel format (PEP 427) asks. Entries written here get a fixed time
stamp, so the same sources give the same wheel.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib.util
import sys
import zipfile
from pathlib import Path
from types import CodeType

STAMP = (1980, 1, 1, 0, 0, 0)


def record_line(name: str, data: bytes) -> str:
    """A RECORD row: path, urlsafe-base64 sha256 without padding, size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def without_docstrings(source: bytes, filename: str) -> CodeType:
    """``source`` compiled with every docstring (of the module, each class and each function)
    left out, and nothing else changed: the asserts stay, and the line numbers. A body that was
    only a docstring becomes ``pass`` on the docstring's line.

    >>> q = chr(34) * 3
    >>> src = f"{q}Mod.{q}\\ndef f():\\n    {q}F.{q}\\n    assert 0, 'kept'\\n".encode()
    >>> ns = {}
    >>> exec(without_docstrings(src, "m.py"), ns)
    >>> ns.get("__doc__"), ns["f"].__doc__, ns["f"].__code__.co_firstlineno
    (None, None, 2)
    """
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                first = body[0]
                node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]
    return compile(tree, filename, "exec", dont_inherit=True)


def pyc(source: bytes, filename: str) -> bytes:
    """The unchecked-hash bytecode (PEP 552) of ``source``, without its docstrings, naming
    ``filename`` in tracebacks."""
    code = without_docstrings(source, filename)
    return importlib._bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(source), False)


def compile_source(name: str, source: bytes) -> bytes:
    """The unchecked-hash bytecode of the module at wheel path ``name`` (its file name in
    tracebacks), without docstrings."""
    return pyc(source, name)


def sourceless_wheel(src: str | Path, dest: str | Path) -> int:
    """Write ``dest``: the wheel ``src`` with each module's source replaced by its bytecode."""
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        records = [i for i in infos if i.filename.endswith(".dist-info/RECORD")]
        if len(records) != 1:
            raise ValueError(f"{src}: expected one RECORD, found {len(records)}")
        compiled: dict[str, tuple[str, bytes]] = {}  # source name -> (bytecode name, bytes)
        for info in infos:
            if info.filename.endswith(".py") and not info.is_dir():
                compiled[info.filename] = (info.filename + "c",
                                           compile_source(info.filename, zin.read(info)))
        rows = zin.read(records[0]).decode("utf-8").rstrip("\n").split("\n")
        record = []
        for row in rows:
            name = row.split(",", 1)[0]
            if name in compiled:
                record.append(record_line(*compiled[name]))
            elif not (name.endswith(".pyc") and name[:-1] in compiled):  # no stale bytecode row
                record.append(row)
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in infos:
                if info is records[0]:
                    continue
                if info.filename in compiled:
                    name, data = compiled[info.filename]
                    zout.writestr(zipfile.ZipInfo(name, STAMP), data, zipfile.ZIP_DEFLATED)
                else:
                    zout.writestr(info, zin.read(info))
            rec = zipfile.ZipInfo(records[0].filename, records[0].date_time)
            zout.writestr(rec, ("\n".join(record) + "\n").encode("utf-8"), zipfile.ZIP_DEFLATED)
    return len(compiled)


def main(argv: list[str]) -> int:
    """``python wheel_bytecode.py IN.whl OUT.whl [IN.whl OUT.whl ...]``"""
    if len(argv) % 2 or not argv:
        print(main.__doc__, file=sys.stderr)
        return 2
    for i in range(0, len(argv), 2):
        n = sourceless_wheel(argv[i], argv[i + 1])
        print(f"{Path(argv[i + 1]).name}: {n} modules compiled by Python "
              f"{sys.version.split()[0]} ({sys.implementation.cache_tag}), no sources kept")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
