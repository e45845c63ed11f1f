"""The bridge fuzz sample under Pyodide in Node: the same hostile requests (fuzz_corpus.py,
deep nesting up to 100,000 levels included) get the same codes from the built wheel in Pyodide
as from CPython, with no crash and no change to the match. Before the JSON limits
(speculation.jsonguard) a request or save nested ~1,600 deep killed Pyodide outright."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from speculation.bridge import Session

sys.path.insert(0, str(Path(__file__).parent))
import fuzz_corpus
from node_report import run_report

pytestmark = pytest.mark.node

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> tuple[Path, dict]:
    data = fuzz_corpus.corpus()
    path = tmp_path_factory.mktemp("fuzz") / "corpus.json"
    path.write_text(json.dumps(data))
    return path, data


@pytest.fixture(scope="module")
def cpython(sample) -> dict:
    return fuzz_corpus.run(Session().handle, sample[1])


@pytest.fixture(scope="module")
def pyodide(site_dir, sample) -> dict:
    report = run_report("fuzz.mjs", site_dir, sample[0], timeout=900)
    print("\nPyodide", report["pyodide"], "Python", report["python"])
    for kind, t in report["tally"].items():
        print(f"  {kind:16} tried {t['tried']:4}  refused {t['refused']:4}  crashes "
              f"{t['crashes']}  state changes {t['changed']}")
    return report


def test_the_sample_holds_the_deep_cases(sample):
    deep = [c for c in sample[1]["cases"] if c["kind"] == "deep"]
    assert len(deep) == len(fuzz_corpus.DEEP_SHAPES) * len(fuzz_corpus.DEEP_DEPTHS)
    assert max(fuzz_corpus.DEEP_DEPTHS) >= 5000 and len(sample[1]["cases"]) > 1500


def test_cpython_never_crashes_or_changes_the_match(cpython):
    assert set(cpython["tally"]) == set(fuzz_corpus.KINDS)
    assert sum(t["crashes"] for t in cpython["tally"].values()) == 0
    assert sum(t["changed"] for t in cpython["tally"].values()) == 0
    assert "internal_error" not in cpython["codes"]
    deep = cpython["codes"][:len(fuzz_corpus.DEEP_SHAPES) * len(fuzz_corpus.DEEP_DEPTHS)]
    assert set(deep) <= {"too_complex", "bad_request"}  # an array of depth 64 is no request


def test_pyodide_never_crashes_or_changes_the_match(pyodide):
    assert pyodide["python"].startswith("3.14.")
    assert not pyodide.get("fatal"), pyodide["fatal"]
    assert sum(t["crashes"] for t in pyodide["tally"].values()) == 0
    assert sum(t["changed"] for t in pyodide["tally"].values()) == 0
    assert not [line for line in pyodide["output"] if "fatal" in line.lower()]


def test_no_hostile_request_needs_the_rest_of_the_standard_library(pyodide):
    """Issue 47: every error path the sample reaches runs on the trimmed library alone."""
    assert pyodide["rest"] == {"fetches": 0, "modules": []}


def test_pyodide_and_cpython_give_the_same_codes(cpython, pyodide):
    assert len(pyodide["codes"]) == len(cpython["codes"])
    pairs = zip(cpython["codes"], pyodide["codes"], strict=True)
    diff = [(i, a, b) for i, (a, b) in enumerate(pairs) if a != b]
    assert not diff, diff[:20]
    assert pyodide["tally"] == cpython["tally"]
