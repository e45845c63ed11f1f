"""The usage examples in the engine's docstrings are run as tests, so they stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import speculation
import speculation_lab

# the engine's modules and the research lab's (which the wheel leaves out, issue 46)
MODULES = sorted([m.name for m in pkgutil.walk_packages(speculation.__path__, "speculation.")]
                 + ["speculation_lab"]
                 + [m.name for m in pkgutil.walk_packages(speculation_lab.__path__, "speculation_lab.")])


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"


def test_the_engine_modules_have_examples():
    with_examples = [n for n in MODULES
                     if doctest.DocTestFinder().find(importlib.import_module(n))
                     and any(t.examples for t in doctest.DocTestFinder().find(importlib.import_module(n)))]
    for core in ("cards", "rules", "actions", "odds", "game", "observation", "records", "bridge"):
        assert f"speculation.{core}" in with_examples
