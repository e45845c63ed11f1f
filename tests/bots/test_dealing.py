"""Dealing the next hand (rules: the winner deals next, the upcard belongs to the dealer; RULES.md
D16 and the deal): what it is worth, and the expert counting it in every price before the last
hand of a match (issue 23: the strongest player uses what the table shows)."""

from __future__ import annotations

import math
import statistics
import sys
from pathlib import Path

import pytest
from botplay import new_game

from speculation.actions import Action
from speculation.bots import coach_advice, make_bot, public_history
from speculation.bots.dealing import deal_edge, deal_value
from speculation.bots.pricing import stake_of
from speculation.observation import observe
from speculation.rules import Rules


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_dealers_edge_is_what_the_engines_odds_give_at_the_deal(players):
    """The dealer's chance at the deal (the engine's exact odds once the upcard is turned; an
    ace upcard takes the pot at once), minus another seat's, averaged over many deals, is
    ``deal_edge``, which computes the same from the pack alone."""
    diffs = []
    for seed in range(1500):
        game = new_game(players, seed, hands=1)
        dealer = game.dealer
        game.apply(Action(dealer, "deal"))
        odds = observe(game, dealer).odds
        other = (dealer + 1) % players
        diffs.append(float(odds.seat[dealer] - odds.seat[other]) if not game.is_over else 1.0)
    mean, se = statistics.mean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs))
    assert abs(mean - deal_edge(Rules(), players)) < 4 * se, (mean, se)


def test_the_deal_is_worth_nothing_on_the_last_hand_or_when_the_winner_does_not_deal():
    chips = (96, 96, 96, 96)
    assert deal_value(Rules(max_hands=3), 2, chips) > 4
    assert deal_value(Rules(max_hands=3), 3, chips) == 0.0
    assert deal_value(Rules(next_dealer="left"), 1, chips) == 0.0
    assert deal_value(Rules(pool_owns_upcard=True), 1, chips) == 0.0
    assert deal_value(Rules(), 1, (96, 2, 1, 0)) == 0.0  # nobody left to deal to
    # a dealer who antes more gains that much less by dealing
    assert math.isclose(deal_value(Rules(dealer_ante=6), 1, chips),
                        18 * deal_edge(Rules(dealer_ante=6), 4) - 2)


def _sale(hands: int):
    """The dealer's sale of the upcard in the first hand of a match of ``hands`` hands."""
    game = new_game(4, 3, hands=hands)
    game.apply(Action(game.dealer, "deal"))
    while observe(game, game.to_act).phase != "sale":
        game.apply(Action(game.to_act, "keep"))
    return game


@pytest.mark.parametrize("bot", ["expert/edmund", "skilled/edmund", "casual/edmund"])
def test_only_the_expert_counts_the_next_deal_and_only_before_the_last_hand(bot):
    """A risk-neutral expert's limits rise by exactly the card's share of the deal's worth when
    another hand follows; on the last hand, and for every other level, they do not move."""
    last, more = _sale(1), _sale(4)
    seat = 1 if last.dealer != 1 else 2
    lo, hi = observe(last, seat), observe(more, seat)
    stake = stake_of(hi)
    a = make_bot(bot, 5, seat).limits(lo, stake_of(lo))
    b = make_bot(bot, 5, seat).limits(hi, stake)
    step = stake.share * deal_value(hi.rules, hi.hand, hi.chips) if bot.startswith("expert") else 0
    assert math.isclose(b.buy - a.buy, step, abs_tol=1e-9)
    assert math.isclose(b.sell - a.sell, step, abs_tol=1e-9)


def test_the_coach_says_its_one_fair_value_counts_the_next_deal():
    """Issue 45, item 2: one value. Before the last hand the coach's fair value is the engine's
    (the pot and the next deal), said once, with why; on the last hand it is the pot's share."""
    game = _sale(4)
    seller = game.to_act
    a = coach_advice(observe(game, seller), public_history(game))
    ctx = game.decision()
    assert ctx is not None and ctx.deal > 0
    assert a["fair_value"] == round(float(ctx.fair), 2)
    assert "deals the next hand" in a["suggestion"] and "counting the next deal" in a["summary"]
    assert "with the next deal" not in a["summary"]  # no second value beside the first
    last = _sale(1)
    b = coach_advice(observe(last, seller), public_history(last))
    end = last.decision()
    assert end is not None and end.deal == 0 and b["fair_value"] == round(float(end.fair), 2)
    assert "deals the next hand" not in b["suggestion"] and "counting" not in b["summary"]


@pytest.mark.slow
def test_counting_the_deal_earns_chips_over_8_hand_matches():
    """The expert at the weak table (a casual and a beginner Edmund), 8-hand matches, each
    played with the expert counting the next deal and again without (``trader.worth_to`` the pot
    alone, as ``Level.counts_deal`` False would make it): counting it earns more chips, the 95 %
    interval above zero (+12.8 [+10.4, +15.2] a match over 200 matches with
    ``benchmarks/yardsticks.py``'s design)."""
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "benchmarks"))
    import yardsticks

    from speculation.bots import trader
    from speculation_lab.tournament import interval

    yardsticks.HANDS[0] = 8
    try:
        lineup = ["expert/edmund", *yardsticks.TABLES["weak"]]
        counted = yardsticks.run(lineup, 25, 1, 1)
        real = trader.worth_to  # what taking the pot is worth to a bot: the pot alone, here
        trader.worth_to = lambda level, obs: float(obs.pot)
        try:
            ignored = yardsticks.run(lineup, 25, 1, 1)
        finally:
            trader.worth_to = real
    finally:
        yardsticks.HANDS[0] = 1
    gain = interval([counted[i][0] - ignored[i][0] for i in range(25)])
    assert gain.lo > 0, gain
