"""The JavaScript is type-checked: tsc (pinned in package.json) over web/js/*.js,
web/js/site/*.js, web/embed.js and web/sw.js against the JSDoc types, the bridge's in
web/js/protocol.js included.

Two projects, because the page and the workers have different global scopes:
tsconfig.json (DOM: the page's modules and embed.js) and tsconfig.worker.json (WebWorker:
web/js/worker.js and web/sw.js). Nothing is emitted; any error fails with tsc's own output.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"
PROJECTS = ["tsconfig.json", "tsconfig.worker.json"]

pytestmark = pytest.mark.node("typescript")


def _tsc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["node", str(TSC), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("project", PROJECTS)
def test_javascript_type_checks(project: str):
    done = _tsc("-p", project, "--noEmit", "--pretty", "false")
    if done.returncode != 0:
        pytest.fail(f"tsc -p {project} found errors:\n{done.stdout}{done.stderr}", pytrace=False)


def test_every_javascript_file_is_checked():
    """Each web JavaScript file is in exactly one project, with checkJs and strict on."""
    listed: list[str] = []
    for project in PROJECTS:
        done = _tsc("-p", project, "--listFilesOnly")
        assert done.returncode == 0, done.stdout + done.stderr
        listed += [str(Path(line).resolve().relative_to(ROOT)) for line in done.stdout.splitlines()
                   if line.strip() and "node_modules" not in line]
        shown = json.loads(_tsc("-p", project, "--showConfig").stdout)["compilerOptions"]
        assert shown["checkJs"] is True and shown["strict"] is True and shown["noEmit"] is True
    web = ROOT / "web"
    files = [*(web / "js").glob("*.js"), *(web / "js" / "site").glob("*.js"),
             web / "embed.js", web / "sw.js"]
    expected = sorted(str(p.relative_to(ROOT)) for p in files)
    assert sorted(listed) == expected


def test_typescript_is_pinned_exactly():
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    version = package["devDependencies"]["typescript"]
    assert version[0].isdigit(), f"typescript must be pinned to one version, not {version!r}"
    installed = json.loads((ROOT / "node_modules" / "typescript" / "package.json").read_text())
    assert installed["version"] == version, "node_modules is stale: run npm ci"
