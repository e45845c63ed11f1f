"""The peer-connection tests (tests/netns/) in network namespaces that have only loopback, so
that no browser in them can reach or even see another interface. Part of the README's test
command: this module builds nothing of its own (the session's `site_dir`) and runs each inner
test in a namespace of its own,

    unshare -n sh -c 'ip link set lo up && exec <python> -m pytest tests/netns/<file>::<test> ...'

with SPECULATION_NETNS_SITE naming the built site; each prints its inner run's output and fails
with the inner failure (or with what it had printed when it ran over its time). Creating a
network namespace needs root (CI runs as root): without it these tests fail and say so, they do
not skip.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
INNER_TIMEOUT_S = 360  # each inner test: the longest, alone, now takes about a minute (2026-12-06)
# the variables of this run that must not leak into the inner one (its own pytest, one process)
OUTER_ONLY = ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_XDIST_TESTRUNUID",
              "PYTEST_CURRENT_TEST", "PYTEST_ADDOPTS")

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def can_unshare() -> str | None:
    """None when this process may create a network namespace, else why not."""
    try:
        done = subprocess.run(["unshare", "-n", "true"], capture_output=True, text=True, timeout=30)
    except FileNotFoundError:
        return "unshare is not installed (util-linux)"
    return None if done.returncode == 0 else done.stderr.strip() or f"exit status {done.returncode}"


def inner_tests() -> list[str]:
    """Every test of tests/netns/, as node ids (read from the files: the inner tests are not
    collected outside the namespace)."""
    out = []
    for path in sorted((ROOT / "tests" / "netns").glob("test_*.py")):
        names = re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M)
        out += [f"tests/netns/{path.name}::{name}" for name in names]
    return out


# Seconds an inner test takes on a quiet 2-core machine, roughly (the rest: DEFAULT_S): only to
# share them between this module and test_netns_b.py, which pytest-xdist gives whole to two
# workers (tests/conftest.py), so that the namespace tests do not all wait on one worker.
COST_S = {"test_eight_devices_play_a_whole_match_seeing_nothing_hidden": 55,
          "test_a_guest_reloads_then_the_host_reloads_and_everyone_gets_their_own_seat_back": 40,
          "test_after_a_first_visit_two_devices_play_with_no_server_at_all": 35,
          "test_the_host_hands_the_table_to_a_guest_and_everyone_plays_on_there": 35,
          "test_an_onlooker_watches_while_friends_talk_and_the_host_mutes_one": 35}
DEFAULT_S = 30


def inner_part(part: int) -> list[str]:
    """The inner tests of one of the two modules (0: this one, 1: test_netns_b.py): the longest
    first, each to the part with less to do so far."""
    load, parts = [0.0, 0.0], [[], []]  # type: ignore[var-annotated]
    cost = lambda t: COST_S.get(t.rsplit("::", 1)[1], DEFAULT_S)  # noqa: E731
    for t in sorted(inner_tests(), key=lambda t: (-cost(t), t)):
        k = 0 if load[0] <= load[1] else 1
        load[k] += cost(t)
        parts[k].append(t)
    return parts[part]


def test_the_inner_tests_are_found():
    assert len(inner_tests()) >= 7 and all("::test_" in t for t in inner_tests())
    assert sorted(inner_part(0) + inner_part(1)) == sorted(inner_tests()), "each inner test runs once"


@pytest.mark.parametrize("inner_test", inner_part(0), ids=lambda t: t.rsplit("::", 1)[1])
def test_peer_connections_in_a_loopback_only_namespace(site_dir, inner_test):
    """One inner test in a namespace of its own, so that each has its own time limit and its own
    report (a slow one on a busy machine no longer hides the others' results)."""
    why = can_unshare()
    if why is not None:
        pytest.fail(f"cannot create a network namespace ({why}): the peer-connection tests of "
                    "tests/netns/ need root (CI runs as root), so run the test command as root",
                    pytrace=False)
    env = {k: v for k, v in os.environ.items() if k not in OUTER_ONLY}
    env["SPECULATION_NETNS_SITE"] = str(site_dir)
    env["PYTHONUNBUFFERED"] = "1"  # what a run killed at its time limit had printed is not lost
    inner = [sys.executable, "-m", "pytest", inner_test, "-p", "no:cacheprovider", "-n", "0",
             "-q", "-rfE", "-s", "--durations=3",
             # a test still running near the limit prints every thread's stack (a hang shows where)
             "-o", f"faulthandler_timeout={INNER_TIMEOUT_S - 20}"]
    script = 'ip link set lo up && exec "$@"'
    try:
        done = subprocess.run(["unshare", "-n", "sh", "-c", script, "sh", *inner], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=INNER_TIMEOUT_S)
    except subprocess.TimeoutExpired as e:
        said = [s.decode(errors="replace") if isinstance(s, bytes) else (s or "") for s in (e.stdout, e.stderr)]
        pytest.fail(f"{inner_test} ran over {INNER_TIMEOUT_S} s; it had printed:\n{said[0][-4000:]}"
                    f"\nand on stderr:\n{said[1][-6000:]}", pytrace=False)
    print(done.stdout)
    print(done.stderr, file=sys.stderr)
    ran = re.search(r"(\d+) passed", done.stdout)
    if done.returncode != 0:
        lines = done.stdout.splitlines()
        failures = [line for line in lines if line.startswith(("FAILED", "ERROR", "E "))]
        pytest.fail(f"the tests in the namespace failed (exit {done.returncode}):\n"
                    + "\n".join(failures[:60] or lines[-30:]) + f"\n{done.stderr[-2000:]}",
                    pytrace=False)
    assert ran, f"no test ran in the namespace:\n{done.stdout[-3000:]}"
