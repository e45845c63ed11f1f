"""The expert against the yardsticks, each placed in the expert's own seat (issue 12, item 4).

    python benchmarks/yardsticks.py --table weak --deals 2000 --seed 1 --jobs 1
    python benchmarks/yardsticks.py --table experts --deals 2000 --seed 2 --jobs 1 \
        --only margin/0,margin/10,margin/20,margin/30,exploit/rankonly

For every deal the same hand is played twice with balanced duplicate seating: once with
``expert/edmund`` in entry 0 and once with a yardstick there, the rest of the table (and every
seed) unchanged. The difference of entry 0's results, deal by deal, is the expert's advantage
over that yardstick in the same seat, with a 95 % interval over deals, in chips and in the
luck-adjusted score (which has the same expectation: ``tests/engine/test_odds_martingale.py``);
"beats" means the interval lies above zero. ``weak`` is a table with a casual and a beginner,
``experts`` one with three experts, ``ladder`` the Edmund ladder's other three (an expert, a
casual and a beginner), ``overbid`` skilled Edmund and the overbidder (with ``--only
skilled/edmund``: the expert against skilled there, issue 23's last ladder target). ``--only``
limits the run to some yardsticks (comma-separated). ``--base yard/unnamed`` measures them
against the expert in a seat the table does not name, as theirs is, instead of against
``expert/edmund``.

Every run with the full list ends with the control of issue 48, item 3: ``yard/unnamed``, the
expert's own play in a seat the table does not name (as a person's is), which the other seats
read from the log alone. A row below zero there means the expert's own play out-earns it when
the table cannot name it; the line after the table says which way it came out.

    python benchmarks/yardsticks.py --table weak --hands 8 --deals 400 --seed 1 --jobs 1 \
        --only yard/adaptive,yard/hedge,yard/undercut

``--hands 8`` plays each deal as an 8-hand match from a fresh table instead of one hand (so a
bot that learns across hands can); every number is then per match, not per hand.

    python benchmarks/yardsticks.py --table weak --deals 1000 --seed 1 --jobs 2 --channels

``--channels`` prints, instead, where entry 0's luck-adjusted score comes from, for the expert
and each yardstick in that seat: per deal, split by role (sells or buys), what changed hands
(the trump, or a face-down card), the way it was sold and the counterparty's lineup entry.

    python benchmarks/yardsticks.py --table default --deals 2000 --seed 5 --jobs 1 --coach

``--coach`` measures "advice that works at this table" (issue 26, item 3): in entry 0, a player
that always does what the coach says (``baseline/coach``) and the expert itself, each with the
table's roster shown and (``blind``) hidden, at the given table (``default`` is the web app's
quick table: casual Mary, Henry and Edmund; ``mixed`` and ``expert`` the Play card's other
Opponents). Per deal: entry 0's luck-adjusted score and chips with 95 % intervals, its trading
score (the score a player sees: trades against the engine's one value of a card, which counts
the next deal before a match's last hand), how many sales it tried (firm, auction or haggle)
and how many went through. With ``--hands 2`` each deal is a 2-hand match, so the first hand
has a next deal (issue 45: docs/ai-strength.md, "One value").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from speculation.records import rules_from
from speculation_lab.tournament import interval, play_deal

T = TypeVar("T")
EXPERT = "expert/edmund"
TABLES = {"default": ["casual/mary", "casual/henry", "casual/edmund"],
          # the Play card's Opponents (web/js/site/people.js): Casual is "default"
          "mixed": ["casual/mary", "skilled/henry", "expert/edmund"],
          "expert": ["expert/mary", "expert/henry", "expert/edmund"],
          "weak": ["casual/edmund", "beginner/edmund"],
          "experts": ["expert/edmund", "expert/mary", "expert/henry"],
          "ladder": ["expert/edmund", "casual/edmund", "beginner/edmund"],
          "overbid": ["skilled/edmund", "exploit/overbid"]}
YARDSTICKS = ["margin/0", "margin/10", "margin/20", "margin/30", "exploit/rankonly",
              "baseline/fair", "baseline/never", "baseline/random", "exploit/overbid",
              "exploit/accept", "exploit/ask150", "skilled/edmund",
              "yard/holdout", "yard/names", "yard/blind", "yard/adaptive", "yard/hedge",
              "yard/undercut", "baseline/coach", "yard/unnamed"]


DEALT = ("is dealt", "hands", "deal", 0)  # the channel of the hands entry 0 antes into


def _channels(task: tuple[Any, ...]) -> dict[tuple[str, str, str, int], list[float]]:
    """Entry 0's trades in every seating of one deal: (role, what, method, counterparty
    entry) -> [luck-adjusted gain, trades], each averaged over the seatings; and the rest of
    its score, the worth of its seat in each hand it was dealt into (``DEALT``: nothing in
    one-hand deals, where every entry deals equally often; over a match, the deals it won by
    winning hands)."""
    from speculation.review import Trade
    from speculation.rules import Rules
    from speculation_lab.tournament import play_hand, seat_orders

    lineup, rules_dict, seed, index, design = task
    rules, orders = Rules.from_dict(rules_dict), seat_orders(len(lineup), design)
    out: dict[tuple[str, str, str, int], list[float]] = {}

    def note(t: Trade, entry_at: dict[int, int]) -> None:
        for role, me, other in (("sells", t.seller, t.buyer), ("buys", t.buyer, t.seller)):
            if entry_at[me] == 0:
                what = "trump" if t.kind == "sold" else "face-down card"
                acc = out.setdefault((role, what, t.method or "offer", entry_at[other]), [0.0, 0.0])
                acc[0] += t.gain(me, with_deal=False) / len(orders)
                acc[1] += 1 / len(orders)

    dealt = [0.0, 0.0]
    for seat_of in orders:
        before = sum(g for g, _ in out.values())
        _, edge, _ = play_hand(lineup, rules, seed, index, seat_of, on_trade=note)
        # the rest of the score is the hands entry 0 was dealt into (``tournament.score_action``)
        dealt[0] += edge[0] / len(orders) - (sum(g for g, _ in out.values()) - before)
    out[DEALT] = dealt
    return out


def channels(lineup: list[str], deals: int, seed: int, jobs: int) -> None:
    """Print entry 0's luck-adjusted score per deal by channel (see ``_channels``)."""
    total: dict[tuple[str, str, str, int], list[float]] = {}
    for d in _deals(_channels, lineup, deals, seed, jobs):
        for k, (g, n) in d.items():
            acc = total.setdefault(k, [0.0, 0.0])
            acc[0] += g
            acc[1] += n
    print(f"\n**{lineup[0]}** in entry 0 (luck-adjusted {sum(g for g, _ in total.values()) / deals:+.3f} "
          f"per deal)\n")
    print("| entry 0 | what | how | with | per deal | trades per deal | per trade |")
    print("|---|---|---|---|---:|---:|---:|")
    for (role, what, how, other), (g, n) in sorted(total.items(), key=lambda kv: -abs(kv[1][0])):
        with_, each = ("—", "—") if n == 0 else (lineup[other], f"{g / n:+.2f}")
        print(f"| {role} | {what} | {how} | {with_} | {g / deals:+.3f} | {n / deals:.3f} | {each} |")


SELLS = frozenset({"sell_firm", "sell_auction", "sell_negotiate"})


def _coach_deal(task: tuple[Any, ...]) -> tuple[int, float, float, float, float, float]:
    """Entry 0 in every seating of one deal: (deal, chips, luck-adjusted, sales tried, sales
    made, trading score), each averaged over the seatings. The trading score is the one a
    player sees (``review``): trades against the engine's fair value, which before a match's
    last hand counts the next deal. ``task`` ends with whether the roster is shown."""
    from speculation.actions import Action
    from speculation.review import Trade
    from speculation.rules import Rules
    from speculation_lab.tournament import play_hand, seat_orders

    lineup, rules_dict, seed, index, design, shown = task
    rules, orders = Rules.from_dict(rules_dict), seat_orders(len(lineup), design)
    tried = made = chips = edge = score = 0.0

    def act(a: Action, entry_at: dict[int, int]) -> None:
        nonlocal tried
        tried += a.kind in SELLS and entry_at[a.seat] == 0

    def trade(t: Trade, entry_at: dict[int, int]) -> None:
        nonlocal made, score
        made += t.kind == "sold" and entry_at[t.seller] == 0
        for seat in (t.buyer, t.seller):
            score += t.gain(seat) if entry_at[seat] == 0 else 0.0

    for seat_of in orders:
        c, g, _ = play_hand(lineup, rules, seed, index, seat_of, on_trade=trade, on_action=act,
                            show_roster=shown)
        chips += c[0]
        edge += g[0]
    k = len(orders)
    return index, chips / k, edge / k, tried / k, made / k, score / k


def coach(rest: list[str], deals: int, seed: int, jobs: int, who: list[str],
          rosters: tuple[bool, ...] = (True, False), start: int = 0, raw: str = "") -> None:
    """Print the ``--coach`` table (see the module docstring). ``start``: the first deal's
    index (to split a long run); ``raw``: a file to which each deal's row is appended as JSON
    (``--combine`` prints the table from such files)."""
    rules = {**rules_from("parlett", {}).to_dict(), "max_hands": HANDS[0]}
    _coach_header()
    for first in who:
        for shown in rosters:
            tasks = [((first, *rest), rules, seed, i, "balanced", shown)
                     for i in range(start, start + deals)]
            rows = list(_pool_map(_coach_deal, tasks, jobs))
            if raw:
                with open(raw, "a", encoding="utf-8") as f:
                    for r in rows:
                        f.write(json.dumps([first, shown, *r]) + "\n")
            _coach_row(first, shown, rows)


def combine(paths: list[str]) -> None:
    """Print the ``--coach`` table from the rows saved by ``--raw`` runs (each deal once)."""
    rows: dict[tuple[str, bool], dict[int, list[float]]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                first, shown, index, *rest = json.loads(line)
                rows.setdefault((first, shown), {})[index] = [index, *rest]
    _coach_header()
    for (first, shown), by_deal in rows.items():
        _coach_row(first, shown, [tuple(v) for _, v in sorted(by_deal.items())])


def _coach_header() -> None:
    print("| entry 0 | roster | deals | luck-adjusted/deal | 95% CI | chips/deal | 95% CI | "
          "trading score/deal | 95% CI | sales tried /deal | sales made /deal | made / tried |")
    print("|---|---|---:|---:|---|---:|---|---:|---|---:|---:|---:|")


def _coach_row(first: str, shown: bool, rows: list[Any]) -> None:
    deals = len(rows)
    edge = interval([r[2] for r in rows])
    chips = interval([r[1] for r in rows])
    score = interval([r[5] if len(r) > 5 else float("nan") for r in rows])
    tried, made = sum(r[3] for r in rows) / deals, sum(r[4] for r in rows) / deals
    print(f"| {first} | {'shown' if shown else 'blind'} | {deals} | {edge.mean:+.3f} | "
          f"[{edge.lo:+.3f}, {edge.hi:+.3f}] | {chips.mean:+.3f} | [{chips.lo:+.3f}, "
          f"{chips.hi:+.3f}] | {score.mean:+.3f} | [{score.lo:+.3f}, {score.hi:+.3f}] | "
          f"{tried:.3f} | {made:.3f} | {made / tried if tried else 0:.1%} |", flush=True)


def _pool_map(fn: Callable[[Any], T], tasks: list[Any], jobs: int) -> Iterator[T]:
    if jobs <= 1:
        return map(fn, tasks)
    import multiprocessing
    return multiprocessing.get_context("spawn").Pool(jobs).imap_unordered(fn, tasks, 4)


def _entry0(task: tuple[Any, ...]) -> tuple[int, float, float]:
    r = play_deal(task)
    return r.index, r.chips[0], r.edge[0]


HANDS = [1]  # hands per deal (``--hands``): 1 for one-hand deals, 8 for 8-hand matches


def _deals(fn: Callable[[tuple[Any, ...]], T], lineup: list[str], deals: int, seed: int,
           jobs: int) -> Iterator[T]:
    """``fn`` of every deal's task (``HANDS[0]``-hand deals, balanced seating), over ``jobs``
    processes, in no particular order."""
    rules = {**rules_from("parlett", {}).to_dict(), "max_hands": HANDS[0]}
    tasks = [(tuple(lineup), rules, seed, i, "balanced") for i in range(deals)]
    if jobs <= 1:
        return map(fn, tasks)
    import multiprocessing
    return multiprocessing.get_context("spawn").Pool(jobs).imap_unordered(fn, tasks, 4)


def run(lineup: list[str], deals: int, seed: int, jobs: int) -> dict[int, tuple[float, float]]:
    return {i: (c, e) for i, c, e in _deals(_entry0, lineup, deals, seed, jobs)}


def _yes(b: bool) -> str:
    return "yes" if b else "no"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--table", choices=sorted(TABLES), default="weak")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--only", default="", help="comma-separated yardsticks (default: all)")
    p.add_argument("--base", default=EXPERT,
                   help="the bot each yardstick is measured against (default: the expert; "
                        "yard/unnamed is the expert in a seat the table does not name, as every "
                        "yardstick's is)")
    p.add_argument("--hands", type=int, default=1,
                   help="hands per deal: 1 (fresh one-hand deals) or, say, 8 (8-hand matches, "
                        "where a learner can learn; scores are then per match)")
    p.add_argument("--channels", action="store_true",
                   help="split entry 0's luck-adjusted score by channel instead")
    p.add_argument("--coach", action="store_true",
                   help="the coach's follower and the expert, roster shown and hidden, instead")
    p.add_argument("--roster", choices=("both", "shown", "blind"), default="both",
                   help="with --coach: the roster shown, hidden or both")
    p.add_argument("--start", type=int, default=0, help="with --coach: the first deal's index")
    p.add_argument("--raw", default="", help="with --coach: append each deal's row to this file")
    p.add_argument("--combine", nargs="+", default=[],
                   help="print the --coach table from files written by --raw, and stop")
    args = p.parse_args(argv)
    if args.combine:
        combine(args.combine)
        return 0
    rest = TABLES[args.table]
    HANDS[0] = args.hands
    per = "deal" if args.hands == 1 else f"{args.hands}-hand match"
    if args.coach:
        t0 = time.perf_counter()
        print(f"Entry 0 + {', '.join(rest)}; {args.deals} deals, balanced seating, seed "
              f"{args.seed}\n")
        shown = {"both": (True, False), "shown": (True,), "blind": (False,)}[args.roster]
        coach(rest, args.deals, args.seed, args.jobs,
              [y for y in args.only.split(",") if y] or ["baseline/coach", EXPERT], shown,
              args.start, args.raw)
        print(f"\n{time.perf_counter() - t0:.0f} s")
        return 0
    names = [y for y in args.only.split(",") if y] or YARDSTICKS
    t0 = time.perf_counter()
    if args.channels:
        print(f"Where entry 0's luck-adjusted score comes from; table: entry 0 + {', '.join(rest)}; "
              f"{args.deals} deals, balanced seating, seed {args.seed}, {args.hands} hand(s) a deal")
        for first in (EXPERT, *names):
            channels([first, *rest], args.deals, args.seed, args.jobs)
        print(f"\n{time.perf_counter() - t0:.0f} s")
        return 0
    base = run([args.base, *rest], args.deals, args.seed, args.jobs)
    print(f"{args.base} against each yardstick in its seat; table: entry 0 + {', '.join(rest)}; "
          f"{args.deals} deals, balanced seating, seed {args.seed}, {args.hands} hand(s) a deal\n")
    who = "expert" if args.base == EXPERT else args.base
    print(f"| yardstick in the expert's seat | {who} − yardstick, chips/{per} | 95% CI | "
          "luck-adjusted | 95% CI | beats in chips | beats luck-adjusted |")
    print("|---|---:|---|---:|---|---|---|")
    control = base
    for y in names:
        other = run([y, *rest], args.deals, args.seed, args.jobs)
        if y == "yard/unnamed":
            control = other
        chips = interval([base[i][0] - other[i][0] for i in range(args.deals)])
        edge = interval([base[i][1] - other[i][1] for i in range(args.deals)])
        print(f"| {y} | {chips.mean:+.3f} | [{chips.lo:+.3f}, {chips.hi:+.3f}] | "
              f"{edge.mean:+.3f} | [{edge.lo:+.3f}, {edge.hi:+.3f}] | {_yes(chips.lo > 0)} | "
              f"{_yes(edge.lo > 0)} |", flush=True)
    if "yard/unnamed" in names and args.base == EXPERT:
        chips = interval([base[i][0] - control[i][0] for i in range(args.deals)])
        edge = interval([base[i][1] - control[i][1] for i in range(args.deals)])
        verdict = ("the named expert out-earns its own play unnamed" if edge.lo > 0 else
                   "its own play unnamed out-earns the named expert" if edge.hi < 0 else
                   "the two are level")
        print(f"\nControl (issue 48, item 3): expert − yard/unnamed, luck-adjusted "
              f"{edge.mean:+.3f} [{edge.lo:+.3f}, {edge.hi:+.3f}], chips {chips.mean:+.3f} "
              f"[{chips.lo:+.3f}, {chips.hi:+.3f}]: {verdict}.")
    print(f"\n{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
