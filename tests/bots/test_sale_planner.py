"""How the expert scores a sale of its trump (issue 48, item 2): each way of selling simulated as
the engine runs it. An auction is played bid by bid in the engine's order (rule D8 of
docs/rules-decisions.md: bids go round in seat order from the seller's left, each at least one
more than the last, and a pass drops the bidder out), so the price it expects is the one the
real auction reaches; the lab's exact-mechanism planner is the same search on more tables."""

from __future__ import annotations

import copy
import math
import random

from botplay import own_sale_points

from speculation.actions import Action
from speculation.bots import make_bot, public_history
from speculation.bots.pricing import stake_of
from speculation.bots.sale import auction_outcome
from speculation.observation import observe


def _slow_auction(tops: list[int], reserve: int) -> tuple[int, int] | None:
    """Rule D8 played one bid at a time, as ``game._auction_next`` does."""
    queue, high, bidder, turn = list(range(len(tops))), 0, None, 0
    while any(s != bidder for s in queue):
        turn %= len(queue)
        s = queue[turn]
        if s == bidder:
            turn += 1
            continue
        least = max(high + 1, reserve)
        if tops[s] >= least:
            high, bidder, turn = least, s, queue.index(s) + 1
        else:
            queue.pop(turn)
    return None if bidder is None else (bidder, high)


def test_the_auction_outcome_skips_whole_rounds_without_changing_the_result():
    rng = random.Random(48)
    for _ in range(5000):
        tops = [rng.randint(0, 40) for _ in range(rng.randint(1, 6))]
        reserve = rng.randint(1, 25)
        assert auction_outcome(tops, reserve) == _slow_auction(tops, reserve), (tops, reserve)


def test_the_runner_ups_top_or_a_chip_more_by_who_bids_first():
    """Two bidders of tops 9 and 5: whoever is asked first decides whether the price stops at
    5 or goes to 6 (issue 12's estimate said 6 either way)."""
    assert auction_outcome([9, 5], 3) == (0, 5)
    assert auction_outcome([5, 9], 3) == (1, 6)
    assert auction_outcome([2, 1], 3) is None


def test_a_real_auction_ends_where_the_sale_search_says():
    """At sale decisions of one-hand matches, every reserve is put up in the engine on a copy
    of the table, the real bots bid, and the sale goes to the buyer and at the price
    ``auction_outcome`` gives from each buyer's own (private) limit, in the order of bidding."""
    lineup = ["expert/edmund", "casual/mary", "beginner/henry", "casual/fanny"]
    checked = sold = 0
    for seed, game, bots in own_sale_points(lineup, range(10), step=3):
        obs = observe(game, 0)
        buyers = list(obs.context.buyers)
        tops = []
        for b in buyers:
            mine = observe(game, b)
            lim = bots[b].limits(mine, stake_of(mine)).buy
            tops.append(min(game.chips[b], math.floor(lim)))
        for reserve in range(1, game.pot + 1):
            g, bs = copy.deepcopy((game, bots))
            g.apply(Action(0, "sell_auction", reserve))
            while g.phase == "auction":
                s = g.to_act
                g.apply(bs[s].decide(observe(g, s), public_history(g)).action)
            want = auction_outcome(tops, reserve)
            got = None if g.holder == 0 else (buyers.index(g.holder), g.chips[0] - game.chips[0])
            assert got == want, (seed, reserve, tops)
            checked += 1
            sold += got is not None
    assert checked >= 60 and sold >= 20


def test_the_planner_is_the_expert_on_more_simulated_tables():
    """``yard/planner`` scores 480 tables with no node budget and plays every auction out, as the
    expert does on 120; ``yard/previous`` is the expert with issue 12's auction estimate."""
    import speculation_lab  # noqa: F401

    planner = make_bot("yard/planner", 1, 0, ("expert/edmund", "casual/edmund"))
    previous = make_bot("yard/previous", 1, 0, ("expert/edmund", "casual/edmund"))
    expert = make_bot("expert/edmund", 1, 0, ("expert/edmund", "casual/edmund"))
    assert (planner.sale_samples, planner.exact_auction) == (480, True)  # type: ignore[attr-defined]
    assert (previous.sale_samples, previous.exact_auction) == (120, False)  # type: ignore[attr-defined]
    assert (expert.sale_samples, expert.exact_auction) == (120, True)  # type: ignore[attr-defined]
