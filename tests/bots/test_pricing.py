"""Certainty equivalents and reservation prices."""

from __future__ import annotations

import math

from botplay import new_game, steps
from hypothesis import given, settings
from hypothesis import strategies as st

from speculation.bots.pricing import buy_limit, certainty, chips, describe, sell_floor, stake_of

prob = st.floats(0, 1, allow_nan=False)
rho = st.floats(-3, 3, allow_nan=False)
pot = st.integers(1, 400)


@settings(max_examples=200, deadline=None)
@given(p=prob, q=prob, r=rho, pot=pot)
def test_certainty_is_increasing_in_the_chance_and_bounded_by_the_pot(p, q, r, pot):
    lo, hi = sorted((p, q))
    assert -1e-9 <= certainty(lo, pot, r) <= certainty(hi, pot, r) + 1e-9 <= pot + 1e-6


@settings(max_examples=200, deadline=None)
@given(p=prob, pot=pot, r=st.floats(0.01, 3))
def test_caution_lowers_and_boldness_raises_the_value_of_a_gamble(p, pot, r):
    fair = p * pot
    assert certainty(p, pot, r) <= fair + 1e-9 <= certainty(p, pot, -r) + 2e-9
    assert math.isclose(certainty(p, pot, 0.0), fair)


@settings(max_examples=200, deadline=None)
@given(mine=st.floats(0, 0.5), share=st.floats(0, 0.5), r=rho, pot=pot)
def test_what_a_buyer_pays_is_what_the_same_player_would_then_sell_it_for(mine, share, r, pot):
    assert math.isclose(buy_limit(mine, share, pot, r), sell_floor(mine + share, share, pot, r),
                        rel_tol=1e-9, abs_tol=1e-9)


def test_a_cautious_holder_values_an_extra_card_more_than_a_cautious_outsider():
    """Hedging: the holder of a likely winner pays more to buy up a card that might beat it."""
    assert buy_limit(0.7, 0.05, 20, 1.0) > buy_limit(0.05, 0.05, 20, 1.0)


def test_stakes_match_the_exact_odds_and_reasons_quote_the_pot():
    seen_trump = seen_card = False
    for obs, _, _ in steps(new_game(4, 9, hands=1), ["skilled/edmund"] * 4, 9):
        if not obs.legal or obs.phase in ("deal", "reveal"):
            continue
        s = stake_of(obs)
        assert math.isclose(s.fair, s.share * obs.pot)
        if s.kind == "trump":
            seen_trump = True
            holder = obs.holder
            survives = 0.0 if holder is None else float(
                obs.odds.seat[holder] - obs.odds.per_card * obs.stacks[holder])
            assert math.isclose(s.share, survives)
            assert " holds with a " in describe(obs, s)
        else:
            seen_card = True
            assert math.isclose(s.share, float(obs.odds.per_card))
        assert f"of the {obs.pot}-chip pot" in describe(obs, s)
    assert seen_trump and seen_card


def test_chip_amounts_are_written_for_people():
    assert (chips(3.0), chips(2.96), chips(0.04)) == ("3", "3", "0")
