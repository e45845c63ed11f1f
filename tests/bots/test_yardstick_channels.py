"""The channel split of ``benchmarks/yardsticks.py --channels`` (issue 12, item 4): it divides
entry 0's luck-adjusted score among the ways it traded, so its channels must add up to the
score the tournament itself gives entry 0 on the same deals, and each channel must name a real
role, stake, way of selling and counterparty."""

from __future__ import annotations

import math

import pytest
from botplay import benchmark

from speculation.records import rules_from
from speculation_lab.tournament import play_deal


def _yardsticks():
    return benchmark("yardsticks")


@pytest.mark.parametrize(("first", "hands"), [("expert/edmund", 1), ("exploit/rankonly", 1),
                                              ("expert/edmund", 3)])
def test_the_channels_add_up_to_the_tournaments_luck_adjusted_score(first: str, hands: int):
    """Over a match too, where the hands a bot is dealt into are part of its score."""
    ys = _yardsticks()
    rules = {**rules_from("parlett", {}).to_dict(), "max_hands": hands}
    lineup = (first, *ys.TABLES["weak"])
    traded = 0
    for i in range(6):
        task = (lineup, rules, 1, i, "balanced")
        split = ys._channels(task)
        assert math.isclose(sum(g for g, _ in split.values()), play_deal(task).edge[0], abs_tol=1e-9)
        dealt = split.pop(ys.DEALT)
        if hands == 1:  # every entry deals equally often over the seatings of one hand
            assert math.isclose(dealt[0], 0.0, abs_tol=1e-9)
        for (role, what, how, other), (_, n) in split.items():
            assert role in ("sells", "buys") and what in ("trump", "face-down card")
            assert how in ("auction", "firm", "negotiation", "offer") and other in (1, 2)
            assert n > 0
        traded += len(split)
    assert traded, "six deals at the weak table without one trade by entry 0"
