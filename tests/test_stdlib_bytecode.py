"""tools/stdlib_bytecode.py, run here under CPython (build.py runs it under Pyodide's Python): the
zip's chosen sources become unchecked-hash bytecode at the same place, everything else is kept,
an interpreter imports that bytecode from the zip with no source beside it, and a traceback still
names the source's file and line."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from stdlib_bytecode import boot_entries, import_package, sourceless

ENTRIES = {
    "pkg/__init__.py": b"FROM = 'the zip'\n",
    "pkg/mod.py": b"def fail():\n    x = 1\n    raise ValueError('from pkg.mod')\n",
    "other.py": b"OTHER = 2\n",
    "pkg/data.txt": b"not code\n",
}


def make_zip(path: Path) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in ENTRIES.items():
            z.writestr(zipfile.ZipInfo(name, (2020, 5, 6, 7, 8, 10)), data, zipfile.ZIP_DEFLATED)
    return path


def test_the_chosen_sources_become_bytecode_in_place(tmp_path: Path):
    src, out = make_zip(tmp_path / "in.zip"), tmp_path / "out.zip"
    assert sourceless(src, out, ["pkg/__init__.py", "pkg/mod.py"], str(out)) == 2
    with zipfile.ZipFile(out) as z:
        assert z.namelist() == ["pkg/__init__.pyc", "pkg/mod.pyc", "other.py", "pkg/data.txt"]
        assert z.read("other.py") == ENTRIES["other.py"] and z.read("pkg/data.txt") == ENTRIES["pkg/data.txt"]
        for name in ("pkg/__init__.pyc", "pkg/mod.pyc"):
            data = z.read(name)
            assert data[:4] == importlib.util.MAGIC_NUMBER
            assert int.from_bytes(data[4:8], "little") == 1, "unchecked-hash (PEP 552)"
            assert z.getinfo(name).date_time == (2020, 5, 6, 7, 8, 10)


def test_an_interpreter_imports_the_bytecode_and_a_traceback_names_the_source(tmp_path: Path):
    src, out = make_zip(tmp_path / "in.zip"), tmp_path / "lib.zip"
    sourceless(src, out, ["pkg/__init__.py", "pkg/mod.py"], str(out))
    code = f"""
import sys, traceback
sys.path.insert(0, {str(out)!r})
import pkg, pkg.mod, other
print(pkg.__spec__.origin)
print(other.__spec__.origin)
try:
    pkg.mod.fail()
except ValueError:
    print(traceback.format_exc().strip().splitlines()[-2].strip())  # no source line follows it
"""
    lines = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={"PYTHONDONTWRITEBYTECODE": "1"}).stdout.splitlines()
    assert lines[0] == f"{out}/pkg/__init__.pyc"
    assert lines[1] == f"{out}/other.py", "an entry left alone is still imported from its source"
    assert lines[2] == f'File "{out}/pkg/mod.py", line 3, in fail'


def test_bad_entries_are_refused_and_nothing_is_written(tmp_path: Path):
    src = make_zip(tmp_path / "in.zip")
    with pytest.raises(ValueError, match=r"has no pkg/missing\.py"):
        sourceless(src, tmp_path / "a.zip", ["pkg/mod.py", "pkg/missing.py"], "/lib/x.zip")
    with pytest.raises(ValueError, match=r"not Python sources: pkg/data\.txt"):
        sourceless(src, tmp_path / "b.zip", ["pkg/data.txt"], "/lib/x.zip")
    assert not (tmp_path / "a.zip").exists() and not (tmp_path / "b.zip").exists()


def module(name: str, origin: str | None) -> types.ModuleType:
    m = types.ModuleType(name)
    m.__spec__ = importlib.util.spec_from_loader(name, loader=None, origin=origin)
    return m


def test_boot_entries_are_the_modules_compiled_from_the_zip():
    zip_ = "/lib/python314.zip"
    modules = {
        "asyncio": module("asyncio", f"{zip_}/asyncio/__init__.py"),
        "json.decoder": module("json.decoder", f"{zip_}/json/decoder.py"),
        "os": module("os", "frozen"),                       # frozen: no compiling
        "done": module("done", f"{zip_}/done.pyc"),         # already bytecode
        "site_pkg": module("site_pkg", "/lib/python3.14/site-packages/site_pkg.py"),
        "builtin": module("builtin", "built-in"),
        "broken": None,
    }
    assert boot_entries(modules, zip_) == ["asyncio/__init__.py", "json/decoder.py"]


def test_import_package_imports_every_module_but_main(tmp_path: Path, monkeypatch):
    pkg = tmp_path / "toypkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("import fractions\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("")
    (pkg / "__main__.py").write_text("raise SystemExit('never imported')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert sorted(import_package("toypkg")) == ["toypkg", "toypkg.a", "toypkg.sub", "toypkg.sub.b"]
    assert "toypkg.__main__" not in sys.modules and "fractions" in sys.modules
