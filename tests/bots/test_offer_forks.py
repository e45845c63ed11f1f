"""The paired forks of ``benchmarks/offer_forks.py`` (issue 23): a fork played on with the
offer the expert made must be the match itself, and the parts it prints must add up to the
luck-adjusted difference it reports."""

from __future__ import annotations

import copy
import math

from botplay import benchmark

from speculation.bots import public_history
from speculation.game import Game
from speculation.observation import observe
from speculation.records import rules_from
from speculation.rules import Rules
from speculation_lab.tournament import seat_match


def _forks():
    return benchmark("offer_forks")


def _weak_match(of, index: int, hands: int) -> tuple[Game, dict]:
    lineup = (of.EXPERT, *of.TABLES["weak"])
    rules = Rules.from_dict({**rules_from("parlett", {}).to_dict(), "max_hands": hands})
    game, bots, _ = seat_match(lineup, rules, 1, index, (0, 1, 2))
    return game, bots


def test_the_fork_with_the_offer_made_is_the_match_itself():
    """Copies share nothing with the match: the one played on with the expert's offer ends
    with the chips the match itself ends with."""
    of = _forks()
    game, bots = _weak_match(of, index=2, hands=2)
    forked = None
    while not game.is_over:
        seat = game.to_act
        d = bots[seat].decide(observe(game, seat), public_history(game))
        if forked is None and seat == 0 and d.action.kind == "offer":
            g, b = copy.deepcopy((game, bots))
            of.play_on(g, b, 0, d.action)
            forked = list(g.chips)
        game.apply(d.action)
    assert forked is not None, "the expert made no offer for a face-down card in two hands"
    assert forked == list(game.chips)


def test_the_parts_add_up_to_the_difference_it_reports():
    of = _forks()
    rules = {**rules_from("parlett", {}).to_dict(), "max_hands": 2}
    rows = of.fork_deal(((of.EXPERT, *of.TABLES["weak"]), rules, 1, 1))
    assert rows, "no offers in one 2-hand match in every seating"
    for r in rows:
        assert math.isclose(r["edge"], sum(r[k] for k in of.PARTS), abs_tol=1e-9)
        assert r["owner"] in ("casual", "beginner")
        assert r["predicted"] is not None
    assert any(r["edge"] != 0 for r in rows), "no offer changed anything"
    table = of.report(rows)
    assert "| casual |" in table or "| beginner |" in table
