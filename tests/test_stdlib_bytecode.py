"""tools/stdlib_bytecode.py and tools/stdlib_rest.py, run here under CPython (build.py runs the
first under Pyodide's Python; the engine worker runs the second): the standard library splits
in two archives, the chosen modules as unchecked-hash bytecode in the first with the finder of
the second, every other module as source in the second; an interpreter imports from the first
with no download, fetches the second once for a module only it holds (a top-level one, or a
submodule of a package of the first), never for a name it does not hold, and a traceback still
names the source's file and line (issue 47; issue 13 for the bytecode)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from stdlib_bytecode import (
    FINDER_MODULE,
    REST_FILE,
    core_entries,
    entry_module,
    finder_with_index,
    loaded_from,
    module_entry,
    split,
)

ENTRIES = {
    "pkg/": b"",
    "pkg/__init__.py": b"FROM = 'the first archive'\n",
    "pkg/mod.py": b"def fail():\n    x = 1\n    raise ValueError('from pkg.mod')\n",
    "pkg/extra.py": b"WHERE = 'pkg.extra, from the second archive'\n",
    "pkg/py.typed": b"",
    "other.py": b"import alone.sub\nOTHER = alone.sub.SUB + 1\n",
    "alone/": b"",
    "alone/__init__.py": b"",
    "alone/sub.py": b"SUB = 1\n",
    "alone/mypy.ini": b"[mypy]\n",
    "README.txt": b"not code\n",
}
CORE = ["pkg/__init__.py", "pkg/mod.py"]
FINDER = (Path(__file__).resolve().parents[1] / "tools" / "stdlib_rest.py").read_text(encoding="utf-8")


def make_zip(path: Path) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in ENTRIES.items():
            z.writestr(zipfile.ZipInfo(name, (2020, 5, 6, 7, 8, 10)), data, zipfile.ZIP_DEFLATED)
    return path


@pytest.fixture
def archives(tmp_path: Path) -> tuple[Path, Path, dict]:
    core, rest = tmp_path / "lib.zip", tmp_path / "rest.zip"
    index = split(make_zip(tmp_path / "in.zip"), core, rest, CORE, str(core), FINDER)
    return core, rest, index


def test_the_chosen_modules_are_bytecode_in_the_first_archive_the_others_source_in_the_second(archives):
    core, rest, index = archives
    with zipfile.ZipFile(core) as z:
        assert z.namelist() == ["pkg/__init__.pyc", "pkg/mod.pyc", "pkg/py.typed", "README.txt",
                                FINDER_MODULE + ".pyc"]
        for name in ("pkg/__init__.pyc", "pkg/mod.pyc", FINDER_MODULE + ".pyc"):
            data = z.read(name)
            assert data[:4] == importlib.util.MAGIC_NUMBER
            assert int.from_bytes(data[4:8], "little") == 1, "unchecked-hash (PEP 552)"
        assert z.getinfo("pkg/mod.pyc").date_time == (2020, 5, 6, 7, 8, 10)
    with zipfile.ZipFile(rest) as z:
        # a package's other files go with it, and no directory entry is kept: a directory of the
        # first archive would pass for a namespace package and hide the real one
        assert z.namelist() == ["pkg/extra.py", "other.py", "alone/__init__.py", "alone/sub.py",
                                "alone/mypy.ini"]
        assert all(z.read(n) == ENTRIES[n] for n in z.namelist())
    assert index == {"file": REST_FILE, "sha256": hashlib.sha256(rest.read_bytes()).hexdigest(),
                     "size": rest.stat().st_size,
                     "modules": ["alone", "alone.sub", "other", "pkg.extra"]}


FETCH = """
import json, sys, traceback
sys.path.insert(0, {core!r})
fetched = []
def download(url):
    fetched.append(url)
    if {fail!r}:
        raise OSError("offline")
    with open({rest!r}, "rb") as f:
        return f.read()
import _speculation_stdlib_rest as r
finder = r.install("https://site.example/pyodide/", "?v=b1", download=download, archive={archive!r})
out = {{}}
def attempt(name):
    try:
        out[name] = __import__(name, fromlist=["_"]).__spec__.origin
    except ImportError as e:
        out[name] = f"{{type(e).__name__}}: {{e}}"
    out[name + " fetches"] = len(fetched)
for name in {names!r}:
    attempt(name)
import pkg.mod
try:
    pkg.mod.fail()
except ValueError:
    out["frame"] = traceback.format_exc().strip().splitlines()[-2].strip()
out["fetched"] = fetched
out["status"] = r.status()
print(json.dumps(out))
"""


def fetch_run(tmp_path: Path, archives, names: list[str], fail: bool = False) -> dict:
    core, rest, _ = archives
    code = FETCH.format(core=str(core), rest=str(rest), archive=str(tmp_path / "fetched.zip"),
                        names=names, fail=fail)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={"PYTHONDONTWRITEBYTECODE": "1"})
    result: dict = json.loads(done.stdout)
    return result


def test_the_first_archive_imports_alone_and_the_second_is_fetched_once_when_needed(tmp_path, archives):
    core = archives[0]
    fetched = tmp_path / "fetched.zip"
    out = fetch_run(tmp_path, archives, ["pkg.mod", "no_such_module", "_winapi", "other",
                                         "pkg.extra", "alone.sub"])
    assert out["pkg.mod"] == f"{core}/pkg/mod.pyc" and out["pkg.mod fetches"] == 0
    assert out["no_such_module"].startswith("ModuleNotFoundError") and out["no_such_module fetches"] == 0
    assert out["_winapi fetches"] == 0
    assert out["other"] == f"{fetched}/other.py" and out["other fetches"] == 1  # it imports alone.sub
    assert out["pkg.extra"] == f"{fetched}/pkg/extra.py"  # a submodule of a package of the first
    assert out["alone.sub"] == f"{fetched}/alone/sub.py"
    assert out["fetched"] == ["https://site.example/pyodide/python_stdlib_rest.zip?v=b1"]
    assert out["status"] == {"split": True, "fetched": True, "archive": str(fetched),
                             "modules": ["alone", "alone.sub", "other", "pkg.extra"]}
    # bytecode without its source: the frame names the source's file and line, no source line
    assert out["frame"] == f'File "{core}/pkg/mod.py", line 3, in fail'


def test_a_failed_download_says_why_and_is_tried_again_on_the_next_import(tmp_path, archives):
    out = fetch_run(tmp_path, archives, ["other", "pkg.extra", "pkg.mod"], fail=True)
    assert out["other"].startswith("ModuleNotFoundError: No module named 'other' here")
    assert "downloaded on first use" in out["other"] and "offline" in out["other"]
    assert out["pkg.extra fetches"] == 2 and out["pkg.mod fetches"] == 2
    assert out["status"]["fetched"] is False


def test_a_download_of_another_build_is_refused(tmp_path, archives):
    core, rest, _ = archives
    rest.write_bytes(rest.read_bytes() + b"\0")  # not the bytes the index names
    out = fetch_run(tmp_path, (core, rest, None), ["other"])
    assert "does not match this build" in out["other"]


def test_without_an_index_nothing_is_installed():
    import stdlib_rest

    assert stdlib_rest.INDEX is None  # the build fills it in only in the copy it compiles
    assert stdlib_rest.install("https://x/") is None


def test_the_index_is_written_into_the_finder_once():
    source = finder_with_index(FINDER, {"file": "r.zip", "modules": ["a"]})
    assert "INDEX = {'file': 'r.zip', 'modules': ['a']}\n" in source and "INDEX = None" not in source
    with pytest.raises(ValueError, match="INDEX = None"):
        finder_with_index(source, {})


def module(name: str, origin: str | None) -> types.ModuleType:
    m = types.ModuleType(name)
    m.__spec__ = importlib.util.spec_from_loader(name, loader=None, origin=origin)
    return m


def test_the_recorded_names_become_entries_of_the_zip():
    zip_names = {"asyncio/__init__.py", "asyncio/events.py", "json/__init__.py", "os.py", "re/__init__.py"}
    names = ["asyncio", "asyncio.events", "json", "os", "_winapi", "sitecustomize", "speculation"]
    assert core_entries(names, zip_names, lambda n: n == "os") == [
        "asyncio/__init__.py", "asyncio/events.py", "json/__init__.py"]
    assert module_entry("re", zip_names) == "re/__init__.py" and module_entry("nope", zip_names) is None
    assert entry_module("asyncio/__init__.py") == "asyncio" and entry_module("a/b.py") == "a.b"


def test_loaded_from_names_the_modules_of_one_archive():
    zip_ = "/lib/python314.zip"
    modules = {
        "asyncio": module("asyncio", f"{zip_}/asyncio/__init__.pyc"),
        "json.decoder": module("json.decoder", f"{zip_}/json/decoder.py"),
        "os": module("os", "frozen"),
        "csv": module("csv", "/lib/python_stdlib_rest.zip/csv.py"),
        "site_pkg": module("site_pkg", "/lib/python3.14/site-packages/site_pkg.py"),
        "broken": None,
    }
    assert loaded_from(modules, zip_) == ["asyncio", "json.decoder"]


def test_bad_entries_are_refused(tmp_path: Path):
    src = make_zip(tmp_path / "in.zip")
    with pytest.raises(ValueError, match=r"has no pkg/missing\.py"):
        split(src, tmp_path / "a.zip", tmp_path / "b.zip", ["pkg/missing.py"], "/lib/x.zip", FINDER)
    with pytest.raises(ValueError, match=r"not Python sources: README\.txt"):
        split(src, tmp_path / "a.zip", tmp_path / "b.zip", ["README.txt"], "/lib/x.zip", FINDER)
