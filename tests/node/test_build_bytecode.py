"""The build's bytecode is reproducible: compiling the same sources again (tools/bytecode.mjs, as
build.py runs it) gives the very bytes of the built site, the record of the standard modules the
boot and the bridge need included (issue 47). A deploy that changes nothing then keeps its build
hash, so players keep their cached files and their engine snapshot (issue 13)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.mark.skipif(bool(os.environ.get("SPECULATION_SITE")), reason="the site was built elsewhere")
def test_compiling_again_gives_the_sites_bytes(site_build, site_dir: Path, tmp_path: Path):
    plain = site_build.build_wheel(tmp_path / "plain")
    out = tmp_path / "out"
    out.mkdir()
    paths = {
        "micropip": (site_build.micropip_wheel(), out / site_build.MICROPIP_WHEEL),
        "engine": (plain, out / plain.name),
        "stdlib": (site_build.PYODIDE_PKG / site_build.STDLIB_ZIP, out / site_build.STDLIB_ZIP,
                   out / site_build.STDLIB_REST),
    }
    site_build.add_bytecode(paths)
    shipped = {
        out / site_build.MICROPIP_WHEEL: site_dir / "pyodide" / site_build.MICROPIP_WHEEL,
        out / plain.name: site_dir / "py" / plain.name,
        out / site_build.STDLIB_ZIP: site_dir / "pyodide" / site_build.STDLIB_ZIP,
        out / site_build.STDLIB_REST: site_dir / "pyodide" / site_build.STDLIB_REST,
    }
    for again, built in shipped.items():
        assert again.read_bytes() == built.read_bytes(), f"{again.name}: a second compile differs"
    # and the zip really changed: the boot's modules are bytecode, not Pyodide's sources
    assert shipped[out / site_build.STDLIB_ZIP].read_bytes() != (
        site_build.PYODIDE_PKG / site_build.STDLIB_ZIP).read_bytes()
