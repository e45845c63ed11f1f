"""Bot tournaments with duplicate seating, confidence intervals and a luck-adjusted score.

    python -m speculation_lab tournament \\
        --lineup expert/edmund,skilled/edmund,casual/edmund,beginner/edmund \\
        --deals 400 --seed 1 [--json] [--jobs K] [--preset parlett] [--quiet]

Each *deal* is one hand from a fresh table (everyone starts with the same chips). Its deck is
fixed by the deal's seed and the hand is played once per seating, so every bot meets every card
position: most of the luck of the deal cancels out. A bot keeps its own seed across the seatings
of one deal. The seatings are *balanced* (``--seating balanced``, the default): every rotation of
the lineup and every rotation of its mirror image, so each bot has each of its neighbours on its
left as often as on its right and nobody always gets first refusal on a neighbour's sales (2n
seatings; for three players that is every order). From four players on, who the neighbours are
is still fixed by the lineup (in A, B, C, D, A never sits beside C), so two bots placed unlike
are compared with their neighbours too; ``--seating all`` plays every order (n!) and removes
that (``benchmarks/tournament_ladder.py`` uses it for its four-bot tables). ``--seating rotate``
plays only the n rotations (the old design, kept for comparison).

For every bot the report gives the mean chips won per deal (averaged over the seatings) with a
95% confidence interval over deals, and a *luck-adjusted* score: the sum, over the trades it
made, of what it gained against exact fair value at the moment of the trade (a buyer gains
fair − price, a seller price − fair), plus what its seat was worth each time a hand was dealt
(its exact chance of the pot then, the dealer's being higher, times the pot, less its ante;
``_score_deal``). Trading at fair value is a fair bet and every card turned changes a seat's
chance by zero on average, so both measure the same expected quantity, and the luck-adjusted
one without the noise of which card won. In a one-hand deal the seat's worth cancels over the
seatings; over a match it counts the deals a bot wins by winning hands. A second table compares
every pair of bots (a paired difference over the same deals).

>>> r = run_tournament(["skilled/edmund", "baseline/never"], deals=3, seed=1)
>>> len(r.bots), r.seatings, round(sum(b.chips.mean for b in r.bots), 9)
(2, 2, 0.0)
>>> seat_orders(3, "balanced")
((0, 1, 2), (0, 2, 1), (1, 2, 0), (1, 0, 2), (2, 0, 1), (2, 1, 0))
>>> len(seat_orders(4, "balanced")), len(seat_orders(4, "rotate")), len(seat_orders(4, "all"))
(8, 4, 24)
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from speculation.actions import Action, Event
from speculation.errors import ErrorCode, SpeculationError
from speculation.game import Game
from speculation.observation import observe
from speculation.records import rules_from
from speculation.review import Trade, trade_of
from speculation.rules import Rules

Z95 = 1.959964
SEATINGS = ("balanced", "all", "rotate")


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal played in every seating: per lineup entry, mean chips won and mean trade edge."""

    index: int
    chips: tuple[float, ...]
    edge: tuple[float, ...]
    actions: int


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with its 95% confidence interval over deals."""

    mean: float
    lo: float
    hi: float
    sd: float
    n: int

    @property
    def excludes_zero(self) -> bool:
        return self.lo > 0 or self.hi < 0


@dataclass(frozen=True, slots=True)
class BotScore:
    entry: int
    bot: str
    chips: Interval
    luck_adjusted: Interval


@dataclass(frozen=True, slots=True)
class Difference:
    a: int
    b: int
    chips: Interval
    luck_adjusted: Interval


@dataclass(frozen=True)
class Report:
    lineup: tuple[str, ...]
    deals: int
    seed: int
    seatings: int
    preset: str
    bots: tuple[BotScore, ...]
    differences: tuple[Difference, ...]
    seconds: float
    actions: int
    command: str = ""
    seating: str = "balanced"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["lineup"] = list(self.lineup)
        return d


# ---------------------------------------------------------------------- playing

def deal_seed(seed: int, index: int) -> int:
    """The engine seed of deal ``index`` of a tournament seeded ``seed``."""
    return random.Random(f"deal:{seed}:{index}").randrange(2**62)


def bot_seed(seed: int, index: int, entry: int) -> int:
    """The seed of lineup entry ``entry`` in deal ``index`` (the same in every seating)."""
    return random.Random(f"bot:{seed}:{index}:{entry}").randrange(2**62)


def seat_orders(n: int, design: str = "balanced") -> tuple[tuple[int, ...], ...]:
    """The seatings of one deal: each is ``seat_of`` (entry ``e`` sits in ``seat_of[e]``).

    ``balanced``: every rotation and every reflection (distinct ones only); ``all``: every
    order; ``rotate``: the rotations only."""
    if design not in SEATINGS:
        raise SpeculationError(ErrorCode.BAD_SEATING, f"unknown seating {design!r}; known: "
                               f"{', '.join(SEATINGS)}")
    if design == "all":
        return tuple(itertools.permutations(range(n)))
    out: list[tuple[int, ...]] = []
    for r in range(n):
        for order in (tuple((e + r) % n for e in range(n)),
                      () if design == "rotate" else tuple((r - e) % n for e in range(n))):
            if order and order not in out:
                out.append(order)
    return tuple(out)


def play_hand(lineup: Sequence[str], rules: Rules, seed: int, index: int,
              seat_of: Sequence[int], on_trade: Callable[[Trade, dict[int, int]], None] | None = None,
              on_action: Callable[[Action, dict[int, int]], None] | None = None,
              show_roster: bool = True) -> tuple[list[int], list[float], int]:
    """Play deal ``index`` with entry ``e`` in seat ``seat_of[e]``; return chips won per entry,
    trade edge per entry and the number of actions. ``on_trade`` is told of every trade and
    ``on_action`` of every action, with the map from seat to lineup entry
    (``benchmarks/yardsticks.py --channels`` and ``--coach`` use them). Every bot is told the
    roster (which bot sits in each seat), as a person sees it on the table; ``show_roster``
    False hides it (to measure what it is worth)."""
    from speculation.bots import public_history

    n = len(lineup)
    game, bots, entry_at = seat_match(lineup, rules, seed, index, seat_of, show_roster)
    edge = [0.0] * n
    bound = game.hand_action_bound() * max(1, rules.max_hands)  # a match of a few hands too
    steps = 0
    while not game.is_over:
        s = game.to_act
        assert s is not None
        decision = bots[s].decide(observe(game, s), public_history(game))
        if on_action is not None:
            on_action(decision.action, entry_at)
        score_action(game, decision.action, edge, entry_at, on_trade)
        steps += 1
        if steps > bound:
            raise SpeculationError(ErrorCode.RUNAWAY, f"deal {index} exceeded {bound} actions")
    start = rules.starting_chips
    return [game.chips[seat_of[e]] - start for e in range(n)], edge, steps


def seat_match(lineup: Sequence[str], rules: Rules, seed: int, index: int,
               seat_of: Sequence[int], show_roster: bool = True
               ) -> tuple[Game, dict[int, Any], dict[int, int]]:
    """Deal ``index``'s game with entry ``e`` of ``lineup`` in seat ``seat_of[e]``: the game,
    each seat's bot and the map from seat to entry. Every bot is told the roster (which bot
    sits in each seat) unless ``show_roster`` is False."""
    from speculation.bots import make_bot

    n = len(lineup)
    entry_at = {s: e for e, s in enumerate(seat_of)}
    game = Game([f"{lineup[entry_at[s]]}#{entry_at[s]}"[:40] for s in range(n)], rules,
                seed=deal_seed(seed, index))
    # the table shows who sits where, as the set-up screen does ("computer, Mary (casual)")
    roster = tuple(lineup[entry_at[s]] for s in range(n)) if show_roster else ()
    bots = {s: make_bot(lineup[entry_at[s]], bot_seed(seed, index, entry_at[s]), s, roster)
            for s in range(n)}
    return game, bots, entry_at


def score_action(game: Game, action: Action, edge: list[float], entry_at: dict[int, int],
                 on_trade: Callable[[Trade, dict[int, int]], None] | None = None
                 ) -> Sequence[Event]:
    """Apply ``action`` to ``game`` and add to ``edge`` (per lineup entry, ``entry_at`` mapping
    seat to entry) what it is worth in the luck-adjusted score: a deal credits each seat with
    its worth then (``_score_deal``), a trade each side with its gain at the pot's share
    (``review.trade_of``; ``on_trade`` is told of it). Returns the action's events."""
    dealer, carried = game.dealer, game.pot
    events = game.apply(action)
    if action.kind == "deal":
        _score_deal(game.rules, dealer, carried, events, edge, entry_at)
    step = game.steps[-1]  # the public context of the action just taken
    for e in events:
        t = trade_of(e, step)
        if t is not None:
            # at the pot's share: the deal is credited when it is dealt (``_score_deal``)
            edge[entry_at[t.buyer]] += t.gain(t.buyer, with_deal=False)
            edge[entry_at[t.seller]] += t.gain(t.seller, with_deal=False)
            if on_trade is not None:
                on_trade(t, entry_at)
    return events


def _score_deal(rules: Rules, dealer: int, carried: int, events: Sequence[Event],
                edge: list[float], entry_at: dict[int, int]) -> None:
    """Credit each seat that antes into a hand with what its seat is worth then, before the
    upcard is turned: its exact chance of taking the pot (the dealer's is higher by
    ``bots.dealing.deal_edge``) times the pot, less its ante. In a one-hand deal every entry
    deals equally often over the seatings, so this adds nothing to its score; over a match it
    is how the score counts the deals a bot wins by winning hands, at what they are worth."""
    from speculation.bots.dealing import deal_chances

    antes = {e.seat: e.amount for e in events if e.kind == "ante"}
    if not antes:
        return
    pot = carried + sum(a or 0 for a in antes.values())
    mine, other = deal_chances(rules, len(antes))
    for seat, ante in antes.items():
        assert seat is not None
        edge[entry_at[seat]] += (mine if seat == dealer else other) * pot - (ante or 0)


def play_deal(task: tuple[tuple[str, ...], dict[str, Any], int, int, str]) -> DealResult:
    """Every seating of one deal. ``task``: (lineup, rules dict, seed, deal index, design)."""
    lineup, rules_dict, seed, index, design = task
    rules = Rules.from_dict(rules_dict)
    n = len(lineup)
    orders = seat_orders(n, design)
    chips, edge, actions = [0.0] * n, [0.0] * n, 0
    for seat_of in orders:
        c, g, k = play_hand(lineup, rules, seed, index, seat_of)
        for e in range(n):
            chips[e] += c[e] / len(orders)
            edge[e] += g[e] / len(orders)
        actions += k
    return DealResult(index, tuple(chips), tuple(edge), actions)


# ---------------------------------------------------------------------- statistics

def interval(xs: Sequence[float]) -> Interval:
    """Mean and normal 95% interval of ``xs``.

    >>> i = interval([1.0, 2.0, 3.0]); (i.mean, round(i.lo, 3), round(i.hi, 3))
    (2.0, 0.868, 3.132)
    """
    n = len(xs)
    mean = sum(xs) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n else 0.0
    return Interval(mean, mean - half, mean + half, sd, n)


def summarise(lineup: Sequence[str], results: Sequence[DealResult]) -> tuple[tuple[BotScore, ...],
                                                                            tuple[Difference, ...]]:
    """Per-bot intervals and paired differences of every pair of entries (``a`` < ``b``)."""
    n = len(lineup)
    bots = tuple(BotScore(e, lineup[e], interval([r.chips[e] for r in results]),
                          interval([r.edge[e] for r in results])) for e in range(n))
    diffs = tuple(Difference(a, b, interval([r.chips[a] - r.chips[b] for r in results]),
                             interval([r.edge[a] - r.edge[b] for r in results]))
                  for a in range(n) for b in range(a + 1, n))
    return bots, diffs


# ---------------------------------------------------------------------- running

def run_tournament(lineup: Sequence[str], deals: int, seed: int, jobs: int = 1,
                   preset: str = "parlett", rules: dict[str, Any] | None = None,
                   progress: bool = False, command: str = "",
                   seating: str = "balanced") -> Report:
    """Play ``deals`` deals in every seating and summarise (see the module docstring)."""
    from speculation.bots import bot_ids

    known = set(bot_ids())
    for b in lineup:
        if b not in known:
            raise SpeculationError(ErrorCode.UNKNOWN_BOT,
                                   f"unknown bot {b!r}; known: {', '.join(sorted(known))}")
    base = rules_from(preset, dict(rules or {}))
    base.check_players(len(lineup))
    rules_dict = {**base.to_dict(), "max_hands": 1}
    orders = seat_orders(len(lineup), seating)
    tasks = [(tuple(lineup), rules_dict, seed, i, seating) for i in range(deals)]
    t0 = time.perf_counter()
    results: list[DealResult] = []
    bar = _Progress(deals, progress)
    for r in _map(tasks, jobs):
        results.append(r)
        bar.update(len(results))
    bar.done()
    results.sort(key=lambda r: r.index)
    bots, diffs = summarise(lineup, results)
    return Report(tuple(lineup), deals, seed, len(orders), preset, bots, diffs,
                  time.perf_counter() - t0, sum(r.actions for r in results), command, seating)


def _map(tasks: list[Any], jobs: int) -> Iterator[DealResult]:
    if jobs <= 1 or len(tasks) < 2:
        yield from map(play_deal, tasks)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    chunk = max(1, min(8, len(tasks) // (jobs * 8)))
    with ctx.Pool(jobs) as pool:
        yield from pool.imap_unordered(play_deal, tasks, chunksize=chunk)


class _Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, on: bool) -> None:
        self.total, self.on, self.t0, self.last = total, on, time.perf_counter(), 0.0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if not self.on or (now - self.last < 0.25 and done < self.total):
            return
        self.last = now
        width = 30
        filled = int(width * done / max(1, self.total))
        rate = done / max(1e-9, now - self.t0)
        eta = (self.total - done) / rate if rate else 0
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} deals"
                         f"  {now - self.t0:.0f}s elapsed, ~{eta:.0f}s left ")
        sys.stderr.flush()

    def done(self) -> None:
        if self.on:
            sys.stderr.write("\n")
            sys.stderr.flush()


# ---------------------------------------------------------------------- output

def format_report(rep: Report) -> str:
    """The report as a Markdown table (what the docs quote)."""
    lines = [f"{len(rep.lineup)} players, {rep.deals} deals x {rep.seatings} seatings "
             f"(duplicate, {rep.seating}), seed {rep.seed}, rules {rep.preset}; {rep.actions} actions in "
             f"{rep.seconds:.1f} s", "",
             "| # | bot | chips/deal | 95% CI | luck-adjusted | 95% CI |",
             "|---|-----|-----------:|--------|--------------:|--------|"]
    for b in rep.bots:
        lines.append(f"| {b.entry} | {b.bot} | {b.chips.mean:+.2f} | {_ci(b.chips)} | "
                     f"{b.luck_adjusted.mean:+.2f} | {_ci(b.luck_adjusted)} |")
    if rep.differences:
        lines += ["", "| comparison | chips/deal | 95% CI | luck-adjusted | 95% CI |",
                  "|------------|-----------:|--------|--------------:|--------|"]
        for d in rep.differences:
            lines.append(f"| #{d.a} {rep.lineup[d.a]} − #{d.b} {rep.lineup[d.b]} | "
                         f"{d.chips.mean:+.2f} | {_ci(d.chips)} | {d.luck_adjusted.mean:+.2f} | "
                         f"{_ci(d.luck_adjusted)} |")
    return "\n".join(lines)


def _ci(i: Interval) -> str:
    return f"[{i.lo:+.2f}, {i.hi:+.2f}]"


def main(argv: Sequence[str]) -> int:
    """``python -m speculation_lab tournament …`` (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m speculation_lab tournament",
                                description="Play bots against each other with duplicate seating.")
    p.add_argument("--lineup", required=True, help="comma-separated bot ids, one per seat "
                   "(see --list)")
    p.add_argument("--deals", type=int, default=200, help="deals to play (each in every seating)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="worker processes (default: all cores)")
    p.add_argument("--preset", default="parlett", help="rules preset")
    p.add_argument("--seating", default="balanced", choices=SEATINGS,
                   help="balanced: rotations and reflections (default); all: every order; "
                   "rotate: rotations only")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(list(argv))
    lineup = [b.strip() for b in args.lineup.split(",") if b.strip()]
    if args.deals < 1:
        p.error("--deals must be at least 1")
    command = "python -m speculation_lab tournament " + " ".join(argv)
    rep = run_tournament(lineup, args.deals, args.seed, max(1, args.jobs), args.preset,
                         progress=not args.quiet, command=command, seating=args.seating)
    print(json.dumps(rep.to_dict(), indent=2) if args.json else format_report(rep))
    return 0
