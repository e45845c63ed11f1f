"""The build's bytecode is reproducible: compiling the same sources again (tools/bytecode.mjs, as
build.py runs it) gives the very bytes of the built site. A deploy that changes nothing then keeps
its build hash, so players keep their cached files and their engine snapshot (issue 13)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.mark.skipif(bool(os.environ.get("SPECULATION_SITE")), reason="the site was built elsewhere")
def test_compiling_again_gives_the_sites_bytes(site_build, site_dir: Path, tmp_path: Path):
    plain = site_build.build_wheel(tmp_path / "plain")
    out = tmp_path / "out"
    out.mkdir()
    pairs = {
        "micropip": (site_build.micropip_wheel(), out / site_build.MICROPIP_WHEEL),
        "engine": (plain, out / plain.name),
        "stdlib": (site_build.PYODIDE_PKG / site_build.STDLIB_ZIP, out / site_build.STDLIB_ZIP),
    }
    site_build.add_bytecode(pairs)
    shipped = {
        "micropip": site_dir / "pyodide" / site_build.MICROPIP_WHEEL,
        "engine": site_dir / "py" / plain.name,
        "stdlib": site_dir / "pyodide" / site_build.STDLIB_ZIP,
    }
    for key, (_, again) in pairs.items():
        assert again.read_bytes() == shipped[key].read_bytes(), f"{key}: a second compile differs"
    # and the zip really changed: the boot's modules are bytecode, not Pyodide's sources
    assert shipped["stdlib"].read_bytes() != (site_build.PYODIDE_PKG / site_build.STDLIB_ZIP).read_bytes()
