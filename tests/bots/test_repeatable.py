"""Repeatable everywhere: no bot or coach decision depends on a clock.

Every search budget is counted in simulated tables (nodes), never in time, so a machine 50
times slower (here: every clock of the ``time`` module running 50 times fast) plays exactly the
same moves and gives exactly the same advice (issue 12, "repeatable everywhere")."""

from __future__ import annotations

import sys
import time

import pytest
from botplay import new_game, steps

import speculation.bridge  # noqa: F401  (every module a match uses is loaded for the scan)
from speculation.bots import coach_advice, make_bot

CLOCKS = ("time", "monotonic", "perf_counter", "process_time", "thread_time")
LINEUP = ["expert/henry", "expert/edmund", "skilled/mary", "expert/william", "casual/fanny",
          "expert/mary"]


def _match(seed: int, players: int) -> list:
    """Every action, reason and piece of advice of one match."""
    game = new_game(players, seed, {"facedown_buying": "many"}, hands=2)
    out = []
    for obs, hist, d in steps(game, LINEUP[:players], seed):
        out.append((d.action, d.reason, d.private, coach_advice(obs, hist)))
    return out


def _fast_clocks(monkeypatch: pytest.MonkeyPatch, factor: float = 50.0) -> None:
    """Make every clock of ``time`` (and its ``_ns`` twin) run ``factor`` times fast."""
    for name in CLOCKS:
        for fn in (name, name + "_ns"):
            real = getattr(time, fn)
            start = real()
            monkeypatch.setattr(time, fn, lambda real=real, start=start:
                                type(start)(start + (real() - start) * factor))


@pytest.mark.parametrize("seed,players", [(5, 6), (12, 4), (40, 3)])
def test_matches_and_advice_are_identical_when_every_clock_runs_50x_fast(monkeypatch, seed,
                                                                         players):
    calm = _match(seed, players)
    _fast_clocks(monkeypatch)
    assert time.perf_counter() != time.perf_counter()  # the patch is live
    hurried = _match(seed, players)
    assert hurried == calm
    assert sum(1 for a, *_ in calm if a.kind.startswith("sell_")) > 0  # the expert searched


def test_no_bot_module_holds_a_clock():
    """A clock captured at import (``CLOCK = time.process_time``) would escape the patch above,
    so no module of the engine or the bots may keep one."""
    clocks = {id(getattr(time, n + s)) for n in CLOCKS for s in ("", "_ns")}
    for name, mod in list(sys.modules.items()):
        if name.startswith("speculation.") and name != "speculation_lab.tournament":
            held = [k for k, v in vars(mod).items() if id(v) in clocks]
            assert not held, (name, held)
            assert "time" not in vars(mod) or name == "speculation.__main__", name


def test_the_search_budget_counts_nodes_and_is_the_same_everywhere():
    """With a budget of zero nodes the expert still answers legally and says it ran out; the
    default budget is a node count, not seconds, and an ordinary search never reaches it."""
    game = new_game(6, 3, hands=1)
    sales = 0
    for obs, hist, _ in steps(game, ["skilled/edmund"] * 6, 3):
        if obs.phase != "sale":
            continue
        starved = make_bot("expert/edmund", 1, obs.seat)
        normal = make_bot("expert/edmund", 1, obs.seat)
        starved.budget = 0
        d = starved.decide(obs, hist)
        assert any(t.admits(d.action) for t in obs.legal) and starved.budget_hits == 1
        normal.decide(obs, hist)
        assert normal.budget_hits == 0 and isinstance(normal.budget, int)
        sales += 1
    assert sales
