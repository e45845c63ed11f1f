"""build.py as a module, for the benchmarks that build and serve the site.

    from buildpy import load_build
    build = load_build()
    build.build(Path("/tmp/site"))
    server, url = build.serve_in_thread(Path("/tmp/site"))

It is imported by path because ``import build`` would find the PyPA package of that name; the
module is made once per process (the same name as ``tests/conftest.load_site_build`` uses).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
NAME = "speculation_site_build"


def load_build() -> ModuleType:
    """The repository's build.py, loaded once."""
    if NAME not in sys.modules:
        spec = importlib.util.spec_from_file_location(NAME, ROOT / "build.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[NAME] = module
        spec.loader.exec_module(module)
    return sys.modules[NAME]
