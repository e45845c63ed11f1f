"""tools/wheel_bytecode.py, run here under CPython (build.py runs it under Pyodide's Python):
the wheel gains each module's unchecked-hash bytecode and a RECORD that lists it, keeps every
other entry as it was, and an interpreter really imports from that bytecode."""

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
from wheel_bytecode import add_bytecode

SOURCES = {
    "toy/__init__.py": b'"""A toy package."""\nANSWER = 41 + 1\n',
    "toy/sub/deep.py": b"def where():\n    return 'from the wheel'\n",
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


def test_each_module_gains_its_bytecode_listed_in_record(tmp_path: Path):
    plain = make_wheel(tmp_path / "toy-1.0-py3-none-any.whl")
    out = tmp_path / "out.whl"
    assert add_bytecode(plain, out) == 2
    with zipfile.ZipFile(plain) as a, zipfile.ZipFile(out) as b:
        names = b.namelist()
        for name in a.namelist():  # every original entry, unchanged (RECORD grows)
            if not name.endswith("RECORD"):
                assert b.read(name) == a.read(name), name
        assert names[-1] == "toy-1.0.dist-info/RECORD"
        tag = sys.implementation.cache_tag
        pycs = {f"toy/__pycache__/__init__.{tag}.pyc", f"toy/sub/__pycache__/deep.{tag}.pyc"}
        assert pycs <= set(names)
        record = b.read(names[-1]).decode().splitlines()
        for name in pycs:
            data = b.read(name)
            assert record_row(name, data) in record
            assert data[:4] == importlib.util.MAGIC_NUMBER
            assert int.from_bytes(data[4:8], "little") == 1, "unchecked-hash (PEP 552)"
        assert len(record) == len(SOURCES) + len(DATA) + 1 + len(pycs)


def test_the_same_wheel_gives_the_same_bytes(tmp_path: Path):
    plain = make_wheel(tmp_path / "toy-1.0-py3-none-any.whl")
    add_bytecode(plain, tmp_path / "a.whl")
    add_bytecode(plain, tmp_path / "b.whl")
    assert (tmp_path / "a.whl").read_bytes() == (tmp_path / "b.whl").read_bytes()


def test_an_interpreter_imports_the_bytecode_not_the_source(tmp_path: Path):
    """Installed (unzipped), then the sources edited: the import still runs the wheel's
    bytecode, because nothing checks it against the source."""
    plain = make_wheel(tmp_path / "toy-1.0-py3-none-any.whl")
    out = tmp_path / "out.whl"
    add_bytecode(plain, out)
    site = tmp_path / "site"
    zipfile.ZipFile(out).extractall(site)
    (site / "toy" / "sub" / "deep.py").write_text("def where():\n    return 'from the source'\n")
    code = "import toy.sub.deep as d, toy; print(d.where(), toy.ANSWER)"
    got = subprocess.run([sys.executable, "-B", "-c", code], cwd=site, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert got == "from the wheel 42"


def test_a_wheel_without_record_is_refused(tmp_path: Path):
    bad = tmp_path / "bad.whl"
    with zipfile.ZipFile(bad, "w") as z:
        z.writestr("toy/__init__.py", "X = 1\n")
    with pytest.raises(ValueError, match="expected one RECORD"):
        add_bytecode(bad, tmp_path / "out.whl")
    assert not (tmp_path / "out.whl").exists()
