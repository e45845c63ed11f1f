"""The tournament harness, and a quick (small, seeded) version of the strength ladder.

The full ladder, with the commands that produced its tables, is docs/ai-strength.md
(benchmarks/tournament_ladder.py)."""

from __future__ import annotations

import json
import math

import pytest

from speculation import tournament
from speculation.__main__ import main as cli
from speculation.errors import SpeculationError
from speculation.tournament import interval, run_tournament

LADDER = ["expert/mary", "skilled/mary", "casual/mary", "beginner/mary"]


@pytest.fixture(scope="module")
def ladder():
    return run_tournament(LADDER, deals=150, seed=7, jobs=2)


def test_quick_ladder_each_level_beats_the_one_below(ladder):
    diffs = {(d.a, d.b): d for d in ladder.differences}
    for a in range(3):
        d = diffs[(a, a + 1)]
        assert d.luck_adjusted.lo > 0, (LADDER[a], LADDER[a + 1], d)
    means = [b.chips.mean for b in ladder.bots]
    assert means[0] > means[3] and means[1] > means[3]


def test_a_tournament_is_zero_sum(ladder):
    assert math.isclose(sum(b.chips.mean for b in ladder.bots), 0, abs_tol=1e-9)
    assert math.isclose(sum(b.luck_adjusted.mean for b in ladder.bots), 0, abs_tol=1e-9)


def test_a_mirror_match_comes_out_even():
    rep = run_tournament(["casual/william"] * 4, deals=60, seed=3, jobs=2)
    traded = [b for b in rep.bots if b.luck_adjusted.sd > 0]
    assert traded, "the noisy mirror should trade"
    for b in rep.bots:
        assert b.chips.lo <= 0 <= b.chips.hi and b.luck_adjusted.lo <= 0 <= b.luck_adjusted.hi


@pytest.mark.parametrize("exploiter", ["exploit/overbid", "exploit/accept", "exploit/ask150"])
def test_fixed_exploiters_do_not_profit_against_the_upper_levels(exploiter):
    rep = run_tournament(["expert/edmund", "skilled/edmund", exploiter], deals=30, seed=5, jobs=1)
    x = rep.bots[2]
    assert x.luck_adjusted.mean <= 0 and x.chips.lo <= 0.5


@pytest.mark.parametrize("baseline", ["baseline/random", "baseline/never", "baseline/fair"])
def test_baselines_are_beaten_by_the_upper_levels(baseline):
    rep = run_tournament(["expert/edmund", "skilled/edmund", "beginner/edmund", baseline],
                         deals=30, seed=2, jobs=1)
    diffs = {(d.a, d.b): d for d in rep.differences}
    assert diffs[(0, 3)].luck_adjusted.lo > 0 and diffs[(1, 3)].luck_adjusted.lo > 0


def test_parallel_and_serial_runs_agree():
    a = run_tournament(LADDER, deals=6, seed=4, jobs=1)
    b = run_tournament(LADDER, deals=6, seed=4, jobs=2)
    assert a.bots == b.bots and a.differences == b.differences


def test_the_command_line_prints_json_and_a_progress_bar(capsys):
    assert cli(["tournament", "--lineup", "skilled/mary,casual/fanny,baseline/never",
                "--deals", "4", "--seed", "2", "--jobs", "1", "--json"]) == 0
    out, err = capsys.readouterr()
    rep = json.loads(out)
    assert rep["lineup"] == ["skilled/mary", "casual/fanny", "baseline/never"]
    assert rep["seatings"] == 3 and len(rep["bots"]) == 3 and len(rep["differences"]) == 3
    assert rep["command"].startswith("python -m speculation tournament --lineup")
    assert "4/4 deals" in err


def test_the_text_report_is_a_markdown_table(capsys):
    assert tournament.main(["--lineup", "skilled/mary,casual/fanny", "--deals", "2",
                            "--jobs", "1", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert "| 0 | skilled/mary |" in out and "95% CI" in out and err == ""


def test_unknown_bots_are_refused():
    with pytest.raises(SpeculationError):
        run_tournament(["expert/edmund", "nobody/x"], deals=1, seed=1)


def test_the_expert_keeps_to_its_time_budget():
    """With no time at all the expert still answers legally, and says it ran out."""
    from botplay import new_game, steps

    from speculation.bots import make_bot
    from speculation.bots.trader import TraderBot

    game = new_game(4, 3, hands=1)
    for obs, hist, _ in steps(game, ["skilled/edmund"] * 4, 3):  # noqa: B007 (used below)
        if obs.phase == "sale":
            break
    bot = make_bot("expert/edmund", 1, obs.seat)
    assert isinstance(bot, TraderBot)
    bot.budget = -1.0
    d = bot.decide(obs, hist)
    assert any(t.admits(d.action) for t in obs.legal) and bot.budget_hits == 1


def test_interval_of_a_constant_is_a_point():
    i = interval([2.0] * 5)
    assert (i.mean, i.lo, i.hi, i.excludes_zero) == (2.0, 2.0, 2.0, True)
