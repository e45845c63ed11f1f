"""The roster: levels, personalities, baselines, and building bots by id."""

from __future__ import annotations

import json

import pytest

from speculation.bots import catalogue, make_bot
from speculation.bots.levels import LEVELS
from speculation.bots.personalities import PERSONALITIES
from speculation.errors import SpeculationError
from speculation_lab.baselines import BASELINES
from speculation_lab.follower import COACH_ID
from speculation_lab.variants import VARIANTS


def test_at_least_four_levels_and_five_personalities_each_named_and_described():
    cat = catalogue()
    levels = {b["level"] for b in cat}
    personas = {b["personality"] for b in cat}
    assert len(levels) >= 4 and len(personas) >= 5
    assert len(cat) == len(levels) * len(personas)
    for b in cat:
        assert b["id"] == f"{b['level']}/{b['personality']}"
        assert b["name"] and b["description"] and not b["baseline"]
        assert len(b["description"]) < 200 and "\n" not in b["description"]
    json.dumps(cat)


def test_levels_are_ranked_from_beginner_to_expert():
    ranks = [lv.rank for lv in LEVELS.values()]
    assert ranks == sorted(ranks) == list(range(1, len(ranks) + 1))
    assert not LEVELS["beginner"].exact and LEVELS["expert"].reads_table


def test_personalities_differ_in_risk_haggling_and_appetite():
    ps = list(PERSONALITIES.values())
    assert len({p.rho > 0 for p in ps} | {p.rho < 0 for p in ps}) == 2
    assert min(p.rho for p in ps) < 0 < max(p.rho for p in ps)
    assert min(p.concession for p in ps) < 1 < max(p.concession for p in ps)
    assert max(p.appetite for p in ps) - min(p.appetite for p in ps) > 0.5


def test_baselines_are_hidden_unless_asked_for_and_then_flagged():
    plain = {b["id"] for b in catalogue()}
    full = catalogue(include_baselines=True)
    flagged = {b["id"] for b in full if b["baseline"]}
    assert flagged == set(BASELINES) | {COACH_ID} | set(VARIANTS) and not flagged & plain
    assert {"baseline/random", "baseline/never", "baseline/fair", "exploit/overbid",
            "exploit/accept", "exploit/ask150"} <= flagged


@pytest.mark.parametrize("bot_id", [b["id"] for b in catalogue(include_baselines=True)])
def test_every_bot_can_be_built(bot_id):
    bot = make_bot(bot_id, seed=1, seat=2)
    assert bot.seat == 2 and callable(bot.decide)


@pytest.mark.parametrize("bad", ["expert", "expert/nobody", "wizard/mary", "", "baseline/x"])
def test_unknown_bots_are_refused_with_a_code(bad):
    with pytest.raises(SpeculationError) as e:
        make_bot(bad, seed=1, seat=0)
    assert e.value.code == "unknown_bot"
