"""tools/wheel_bytecode.py, run here under CPython (build.py runs it under Pyodide's Python):
each module of the wheel is replaced by its unchecked-hash bytecode at the same place (issue 47:
every module once), RECORD lists the bytecode instead of the sources, every other entry is kept
as it was, an interpreter imports that bytecode with no source beside it, and a traceback names
the source's wheel path and line. The docstrings are left out and the asserts kept."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from wheel_bytecode import sourceless_wheel

SOURCES = {
    "toy/__init__.py": b'"""A toy package."""\nANSWER = 41 + 1\n',
    "toy/sub/deep.py": (b"def where():\n    return 'from the wheel'\n\n\n"
                        b"def fail():\n    raise ValueError('deep')\n\n\n"
                        b"def checked(x):\n    \"\"\"Only a docstring and an assert.\"\"\"\n"
                        b"    assert x, 'kept'\n\n\n"
                        b"class Told:\n    \"\"\"Nothing but a docstring.\"\"\"\n"),
}
DATA = {"toy/data.txt": b"not code\n", "toy-1.0.dist-info/METADATA": b"Name: toy\nVersion: 1.0\n"}


def record_row(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def make_wheel(path: Path) -> Path:
    files = {**SOURCES, **DATA}
    record = [record_row(n, d) for n, d in files.items()] + ["toy-1.0.dist-info/RECORD,,"]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
        z.writestr("toy-1.0.dist-info/RECORD", "\n".join(record) + "\n")
    return path


def test_each_module_becomes_its_bytecode_listed_in_record(tmp_path: Path):
    plain = make_wheel(tmp_path / "toy-1.0-py3-none-any.whl")
    out = tmp_path / "out.whl"
    assert sourceless_wheel(plain, out) == 2
    with zipfile.ZipFile(plain) as a, zipfile.ZipFile(out) as b:
        names = b.namelist()
        assert names == ["toy/__init__.pyc", "toy/sub/deep.pyc", *DATA, "toy-1.0.dist-info/RECORD"]
        for name in DATA:  # every other entry, unchanged
            assert b.read(name) == a.read(name), name
        record = b.read(names[-1]).decode().splitlines()
        for name in ("toy/__init__.pyc", "toy/sub/deep.pyc"):
            data = b.read(name)
            assert record_row(name, data) in record
            assert data[:4] == importlib.util.MAGIC_NUMBER
            assert int.from_bytes(data[4:8], "little") == 1, "unchecked-hash (PEP 552)"
        assert not [row for row in record if row.split(",")[0].endswith(".py")], record
        assert len(record) == len(SOURCES) + len(DATA) + 1


def test_the_same_wheel_gives_the_same_bytes(tmp_path: Path):
    plain = make_wheel(tmp_path / "toy-1.0-py3-none-any.whl")
    sourceless_wheel(plain, tmp_path / "a.whl")
    sourceless_wheel(plain, tmp_path / "b.whl")
    assert (tmp_path / "a.whl").read_bytes() == (tmp_path / "b.whl").read_bytes()


def test_an_interpreter_imports_the_bytecode_and_a_traceback_names_the_source(tmp_path: Path):
    """Installed (unzipped): the modules import from their bytecode alone, and a frame of a
    traceback names the module's wheel path and line (with no source line under it)."""
    plain = make_wheel(tmp_path / "toy-1.0-py3-none-any.whl")
    out = tmp_path / "out.whl"
    sourceless_wheel(plain, out)
    site = tmp_path / "site"
    zipfile.ZipFile(out).extractall(site)
    assert not list(site.rglob("*.py"))
    code = """
import traceback, toy.sub.deep as d, toy
print(d.where(), toy.ANSWER, type(d.__loader__).__name__)
try:
    d.fail()
except ValueError:
    print(traceback.format_exc().strip().splitlines()[-2].strip())
print(toy.__doc__, d.checked.__doc__, d.Told.__doc__)
try:
    d.checked(0)
except AssertionError as e:
    print("assert", e, traceback.extract_tb(e.__traceback__)[-1].lineno)
"""
    got = subprocess.run([sys.executable, "-B", "-c", code], cwd=site, capture_output=True, text=True,
                         check=True).stdout.strip().splitlines()
    assert got == ["from the wheel 42 SourcelessFileLoader",
                   'File "toy/sub/deep.py", line 6, in fail',
                   "None None None",  # the docstrings are left out (issue 47)
                   "assert kept 11"]  # the asserts are kept, on their own lines


def test_a_wheel_without_record_is_refused(tmp_path: Path):
    bad = tmp_path / "bad.whl"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("toy/__init__.py", "X = 1\n")
    with pytest.raises(ValueError, match="expected one RECORD"):
        sourceless_wheel(bad, tmp_path / "out.whl")
    assert not (tmp_path / "out.whl").exists()
