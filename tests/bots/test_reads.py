"""How the expert reads an opponent from the public log (``bots/model.py``; issue 12, item 4):
every price a seat names is evidence of the yardstick it judges by, the reserve of an auction as
much as a firm ask, so a seller who only ever auctions is read like one who names firm prices."""

from __future__ import annotations

import pytest

from speculation.actions import Action
from speculation.bots.history import Entry
from speculation.bots.model import Read, read_table


def _ask(kind: str, price: int, fair: float, naive: float, seat: int = 1) -> Entry:
    return Entry(Action(seat, kind, price), hand=1, phase="sale", pot=12, fair=fair, price=price,
                 role="seller", naive=naive)


@pytest.mark.parametrize("kind", ["sell_firm", "sell_auction", "sell_negotiate"])
def test_a_price_asked_at_the_rank_only_value_reads_as_a_rank_only_judge(kind: str):
    # a low trump: a rank-only judge puts it at 8 chips, the odds at 3
    read = read_table((_ask(kind, 8, fair=3.0, naive=8.0),), 3)[1]
    assert read.n == 1
    assert read.naive_chance() > 0.9


@pytest.mark.parametrize("kind", ["sell_firm", "sell_auction", "sell_negotiate"])
def test_a_price_asked_at_fair_value_reads_as_a_judge_of_the_odds(kind: str):
    read = read_table((_ask(kind, 3, fair=3.0, naive=8.0),), 3)[1]
    assert read.n == 1
    assert read.naive_chance() < 0.1


def test_keeping_names_no_price_and_a_stranger_is_even_odds():
    keep = Entry(Action(1, "keep"), hand=1, phase="sale", pot=12, fair=3.0, price=None,
                 role="seller", naive=8.0)
    read = read_table((keep,), 3)[1]
    assert read == Read() and read.naive_chance() == 0.5


def _buyer(kind: str, price: int, fair: float, seat: int = 1) -> Entry:
    return Entry(Action(seat, kind, price), hand=1, phase="auction", pot=12, fair=fair,
                 price=price, role="buyer", naive=fair)


def test_the_read_of_an_unnamed_seat_narrows_with_every_price_it_shows():
    """Issue 48, item 3: the spread of a seat's price around its read shrinks as it bids,
    accepts and refuses (1/√(1 + prices shown)), so the read of a person converges on what the
    person does instead of staying a stranger's; a refusal is evidence as much as a bid."""
    assert Read().shown == 0 and Read().spread(0.15) == 0.15
    bids = [_buyer("bid", p, fair=6.0) for p in (4, 5, 6)]
    read = read_table((*bids, _buyer("pass", 7, fair=6.0)), 3)[1]
    assert (read.n, read.no, read.shown) == (3, 1, 4)
    assert read.spread(0.15) == pytest.approx(0.15 / 5 ** 0.5)
    # what it shows: it bid up to its yardstick and passed a chip above it
    assert 1.0 <= read.ceiling() <= 7 / 6
    assert read_table(bids, 3)[1].spread(0.15) > read.spread(0.15)
