"""The odds are a fair game from turn to turn: before a face-down card is turned, each seat's
chance of taking the pot equals the average of its chances after every card that could come up
(RULES.md §2: every way of filling the face-down places with the unseen cards is equally likely).

This is what makes the tournament's luck-adjusted score measure the same expectation as chips
(``speculation_lab.tournament``; docs/ai-strength.md). A player's chips are its trades' gains over
fair value, plus its share at the deal, plus the changes of fair value when cards are turned. A
bot decides from public information only, so those changes have mean zero whatever it does,
and dropping them from the score changes its noise, not its mean.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from speculation.odds import Odds, compute_odds


@st.composite
def tables(draw: st.DrawFn) -> dict:
    """Counts of a hand in play: face-down cards per seat, a dead hand, the unseen trumps above
    and below the best trump showing, and the other unseen cards."""
    seats = draw(st.lists(st.integers(0, 3), min_size=2, max_size=5))
    if not any(seats):
        seats[0] = 1
    dead = draw(st.integers(0, 2))
    above = draw(st.integers(0, 6))
    below = draw(st.integers(0, 6))
    others = draw(st.integers(0, 12))
    unseen = max(above + below + others, sum(seats) + dead)
    holder = draw(st.one_of(st.none(), st.integers(0, len(seats) - 1)))
    return {"unseen": unseen, "above": above, "below": below, "seat_facedown": tuple(seats),
            "holder": holder, "dead": dead}


def _after_turning(t: dict, s: int) -> list[tuple[Fraction, Odds]]:
    """Each way the top card of seat ``s`` can come up, with its chance and the odds after."""
    n, above, below = t["unseen"], t["above"], t["below"]
    fewer = tuple(k - (i == s) for i, k in enumerate(t["seat_facedown"]))
    base = {**t, "unseen": n - 1, "seat_facedown": fewer}
    out = []
    # A trump above the best: the j-th lowest of them becomes the best, held by seat s.
    for j in range(above):
        out.append((Fraction(1, n), compute_odds(**{**base, "above": above - 1 - j,
                                                   "below": below + j, "holder": s})))
    if below:  # a lower trump: nothing changes but the counts
        out.append((Fraction(below, n), compute_odds(**{**base, "below": below - 1})))
    rest = n - above - below
    if rest:
        out.append((Fraction(rest, n), compute_odds(**base)))
    return out


@given(tables(), st.data())
def test_each_seats_chance_is_the_average_of_its_chances_after_the_next_card(t, data):
    s = data.draw(st.sampled_from([i for i, k in enumerate(t["seat_facedown"]) if k]))
    now = compute_odds(**t)
    after = _after_turning(t, s)
    assert sum(p for p, _ in after) == 1
    for i in range(len(t["seat_facedown"])):
        assert sum(p * o.seat[i] for p, o in after) == now.seat[i], (t, s, i)
    assert sum(p * o.carry_over for p, o in after) == now.carry_over, (t, s)


def test_a_turn_can_move_the_chances_a_lot():
    """The check above is not empty: one card can take a seat from unlikely to certain."""
    t = {"unseen": 10, "above": 1, "below": 0, "seat_facedown": (1, 1), "holder": 1, "dead": 0}
    chances = {o.seat[0] for _, o in _after_turning(t, 0)}
    assert chances == {Fraction(1), Fraction(0)} and compute_odds(**t).seat[0] == Fraction(1, 10)
