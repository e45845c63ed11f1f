"""The self-hosted QR encoder (issue 22) and decoder (issue 44): build.py copies the npm package
``qr``'s encoder, its decoder and its licences, byte for byte, into ``vendor/qr/`` of the site,
where ``web/js/net/link/qr.js`` imports them, and the service worker precaches them with the rest
(it fetches exactly what ``build.json`` lists). A missing or other version of the package stops
the build with a BuildError that says to run ``npm ci``, as a missing Pyodide does.

The checks of ``qr_dir`` and ``vendor_qr`` run on temporary folders (quick tier); the last test
reads the built site (``site_dir``: slow, it builds the site once).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "qr"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def fake_package(tmp_path: Path) -> Path:
    """A stand-in for node_modules/qr with the pinned version and the four files."""
    pkg = tmp_path / "qr"
    pkg.mkdir()
    (pkg / "package.json").write_text(json.dumps({"name": "qr", "version": "0.7.0"}))
    for name in ("index.js", "decode.js", "LICENSE", "LICENSE-MIT"):
        (pkg / name).write_text(f"{name} of the package\n")
    return pkg


def test_the_pins_agree_with_package_json_and_the_lock(site_build) -> None:
    """build.py, package.json and package-lock.json name one version: `npm ci` installs the one
    the build accepts."""
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert package["dependencies"]["qr"] == site_build.QR_VERSION
    assert lock["packages"][""]["dependencies"]["qr"] == site_build.QR_VERSION
    entry = lock["packages"]["node_modules/qr"]
    assert entry["version"] == site_build.QR_VERSION
    assert entry["license"] == "(MIT OR Apache-2.0)"
    assert entry["integrity"].startswith("sha512-")
    assert "dependencies" not in entry  # zero dependencies: nothing else comes with it


def test_vendor_qr_copies_the_encoder_decoder_and_licences_unchanged(site_build, fake_package: Path,
                                                                    tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    copies = site_build.vendor_qr(site_build.qr_dir(fake_package), out)
    assert [p.relative_to(out).as_posix() for p in copies] == [
        "vendor/qr/index.js", "vendor/qr/decode.js", "vendor/qr/LICENSE", "vendor/qr/LICENSE-MIT"]
    for copy in copies:
        assert copy.read_bytes() == (fake_package / copy.name).read_bytes()


def test_a_missing_package_is_a_build_error(site_build, tmp_path: Path) -> None:
    with pytest.raises(site_build.BuildError, match=r"node_modules/qr is missing: run `npm ci`"):
        site_build.qr_dir(tmp_path / "absent")


def test_another_version_is_a_build_error(site_build, fake_package: Path) -> None:
    (fake_package / "package.json").write_text(json.dumps({"name": "qr", "version": "0.6.1"}))
    with pytest.raises(site_build.BuildError, match=r"has qr 0\.6\.1, expected 0\.7\.0: run `npm ci`"):
        site_build.qr_dir(fake_package)


def test_a_package_without_its_licence_is_a_build_error(site_build, fake_package: Path) -> None:
    (fake_package / "LICENSE-MIT").unlink()
    with pytest.raises(site_build.BuildError, match=r"node_modules/qr has no LICENSE-MIT"):
        site_build.qr_dir(fake_package)


def test_the_installed_package_is_the_pinned_one(site_build) -> None:
    if not (PACKAGE / "package.json").exists():
        pytest.skip("node_modules/qr is missing (npm ci)")
    assert site_build.qr_dir() == PACKAGE
    # the encoder is self-contained and the decoder needs nothing but the encoder: the site ships
    # no other file of the package
    imports = re.compile(r"^\s*(?:import|export)\b[^;]*?\bfrom\s*['\"]([^'\"]+)['\"]", re.MULTILINE)
    assert imports.findall((PACKAGE / "index.js").read_text()) == []
    assert set(imports.findall((PACKAGE / "decode.js").read_text())) == {"./index.js"}
    assert "MIT" in (PACKAGE / "LICENSE-MIT").read_text()
    assert "Apache License" in (PACKAGE / "LICENSE").read_text()


def test_the_site_ships_the_encoder_and_decoder_and_the_worker_precaches_them(site_dir: Path) -> None:
    """In the built site and in build.json, the list that sw.js precaches, with the package's
    own bytes (the build stamps nothing in them)."""
    files = json.loads((site_dir / "build.json").read_text())["files"]
    stamped = json.loads((site_dir / "build.json").read_text())["stamped"]
    for name in ("index.js", "decode.js", "LICENSE", "LICENSE-MIT"):
        rel = f"vendor/qr/{name}"
        assert rel in files, rel
        assert rel not in stamped
        assert files[rel]["sha256"] == sha256(site_dir / rel) == sha256(PACKAGE / name), rel
        assert files[rel]["size"] == (PACKAGE / name).stat().st_size
    # qr.js finds it at the path it imports, relative to itself
    qr_js = (site_dir / "js" / "net" / "link" / "qr.js").read_text()
    assert 'new URL("../../../vendor/qr/index.js", import.meta.url)' in qr_js
    assert 'new URL("../../../vendor/qr/decode.js", import.meta.url)' in qr_js
    assert "js/net/link/qr.js" in files
    # the worker precaches build.json's list less NOT_PRECACHED (sw.js itself) and less the
    # files build.json calls lazy (fetched when first asked for): these are in neither
    manifest = json.loads((site_dir / "build.json").read_text())
    assert not {f"vendor/qr/{n}" for n in ("index.js", "decode.js")} & set(manifest.get("lazy", []))
    sw = (site_dir / "sw.js").read_text()
    assert 'const NOT_PRECACHED = new Set(["sw.js"]);' in sw
    assert "!NOT_PRECACHED.has(name) && !lazy.has(name)" in sw
