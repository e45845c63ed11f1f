"""What each of the expert's offers for a face-down card is really worth: paired forks.

At every offer the expert (entry 0) makes for a face-down card, the match is copied and played
on to its end twice: once with the offer (A), once with a pass in its place (B). Both copies
hold the same cards in the same order and the same bot seeds, so what differs between them is
the offer and what follows from it. The value realized is A − B in the tournament's
luck-adjusted score from that point on (the deals each seat is dealt into and every trade at
the pot's share, ``tournament``), with the chips beside it. The expert's own prediction is
printed too: the expected gain of the haggle by its model of the owner (``bots.buying``), with
a pass counted as worth nothing.

That prediction leaves out what a pass keeps open. The card stays with its owner: it can be
offered for again at the next market window, at a fresh draw of the owner's random error, and
if it turns up as the best trump it can be bought at the owner's sale. So the table also shows
how often the card offered for goes on to win the hand for the expert in each copy.

Usage (from the repository root; ``--table`` as in ``yardsticks.py``, the expert in entry 0):

    python benchmarks/offer_forks.py --table weak --hands 8 --deals 100 --seed 1 --jobs 2

About 5 s of one core per 8-hand match at the weak table (every seating; every offer forks
two playouts to the match's end). Loopback only: nothing here opens a connection.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # yardsticks.py, beside this script

from yardsticks import EXPERT, TABLES  # the same tables as the yardsticks

from speculation.actions import Action
from speculation.bots import buying, public_history
from speculation.bots.table import profile
from speculation.cards import card_str
from speculation.game import Game
from speculation.observation import observe
from speculation.records import rules_from
from speculation.review import Trade
from speculation.rules import Rules
from speculation_lab.tournament import score_action, seat_match, seat_orders

PARTS = ("dealt", "buy card", "sell card", "buy trump", "sell trump")
Row = dict[str, Any]


def play_on(game: Game, bots: dict[int, Any], me: int, first: Action) -> tuple[float, Row]:
    """Play ``game`` to its end, ``first`` being the next action; ``me``'s luck-adjusted score
    from here on (``tournament.score_action``), split into ``PARTS``, and who won the hand
    under way with what card."""
    edge = [0.0] * len(game.names)
    ident = {s: s for s in range(len(game.names))}
    parts: Row = dict.fromkeys(PARTS, 0.0)

    def tally(t: Trade, _: dict[int, int]) -> None:
        if me in (t.buyer, t.seller):
            what = "card" if t.kind == "bought_facedown" else "trump"
            parts[("buy " if t.buyer == me else "sell ") + what] += t.gain(me, with_deal=False)

    action: Action | None = first
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if action is None:
            action = bots[seat].decide(observe(game, seat), public_history(game)).action
        act, action = action, None
        before = edge[me]
        events = score_action(game, act, edge, ident, tally)
        if act.kind == "deal":
            parts["dealt"] += edge[me] - before
        for e in events:
            if e.kind in ("hand_won", "carry_over") and "winner" not in parts:
                parts["winner"], parts["card"] = e.seat, e.card
    return edge[me], parts


def predicted(obs: Any, roster: Sequence[str | None], me: int, owner: int, buy: float,
              price: int) -> float | None:
    """The expected gain the expert's model gives an offer of ``price`` (None for an expert
    owner, which it prices without a haggle)."""
    named = profile(roster, owner)
    if named is None or named.level.reads_table:
        return None
    cs = buying.curves(named, obs, owner)
    value, _ = buying.offer_value(cs, buy, obs.rules.negotiation_rounds, obs.chips[me], price)
    return value


def fork_deal(task: tuple[tuple[str, ...], dict[str, Any], int, int]) -> list[Row]:
    """Every offer entry 0 makes in every seating of one match, each forked (see the module)."""
    lineup, rules_dict, seed, index = task
    rules = Rules.from_dict(rules_dict)
    n, rows = len(lineup), []
    for seat_of in seat_orders(n, "balanced"):
        game, bots, entry_at = seat_match(lineup, rules, seed, index, seat_of)
        me = seat_of[0]
        roster = tuple(lineup[entry_at[s]] for s in range(n))
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            obs = observe(game, seat)
            d = bots[seat].decide(obs, public_history(game))
            if seat == me and d.action.kind == "offer" and d.action.target is not None:
                owner = d.action.target
                card = card_str(game.stacks[owner][d.action.card or 0])  # for the tally only
                edge_a, a = play_on(*copy.deepcopy((game, bots)), me, d.action)
                edge_b, b = play_on(*copy.deepcopy((game, bots)), me, Action(me, "pass"))
                named = profile(roster, owner)
                rows.append({
                    "match": index,
                    "owner": named.level.id if named else roster[owner],
                    "predicted": predicted(obs, roster, me, owner, float(d.private[0]),
                                           d.action.price or 0),
                    "edge": edge_a - edge_b,
                    **{k: a[k] - b[k] for k in PARTS},
                    "mine_a": a.get("winner") == me and a.get("card") == card,
                    "mine_b": b.get("winner") == me and b.get("card") == card,
                    "wins": a.get("card") == card,
                })
            game.apply(d.action)
    return rows


def _ci(rows: Sequence[Row], key: str) -> str:
    """The mean of ``key`` per offer with a 95% interval that treats each match as one draw:
    the offers of one match share what follows them, so they are not independent (a ratio
    estimator over the matches' totals)."""
    totals: dict[int, list[float]] = {}
    for r in rows:
        t = totals.setdefault(r["match"], [0.0, 0.0])
        t[0] += r[key]
        t[1] += 1
    ratio = sum(t[0] for t in totals.values()) / len(rows)
    m = len(totals)
    if m < 2:
        return f"{ratio:+.3f} (one match: no interval)"
    spread = statistics.pstdev([t[0] - ratio * t[1] for t in totals.values()])
    h = 1.96 * spread / (len(rows) / m) / math.sqrt(m)
    return f"{ratio:+.3f} [{ratio - h:+.3f}, {ratio + h:+.3f}]"


def report(rows: Sequence[Row]) -> str:
    """The table the module describes, one line per owner level."""
    out = ["| owner | offers | predicted | realized A − B, luck-adjusted (95%, by match) | "
           + " | ".join(PARTS) + " | card wins the hand | …for the expert: A, B |",
           "|---|---:|---:|---|" + "---:|" * len(PARTS) + "---:|---|"]
    for owner in sorted({r["owner"] for r in rows}):
        rs = [r for r in rows if r["owner"] == owner]
        pred = [r["predicted"] for r in rs if r["predicted"] is not None]
        shown = f"{statistics.fmean(pred):+.3f}" if pred else "—"
        parts = " | ".join(f"{statistics.fmean(r[k] for r in rs):+.3f}" for k in PARTS)
        wins = statistics.fmean(r["wins"] for r in rs)
        mine = (f"{statistics.fmean(r['mine_a'] for r in rs):.3f}, "
                f"{statistics.fmean(r['mine_b'] for r in rs):.3f}")
        out.append(f"| {owner} | {len(rs):,} | {shown} | {_ci(rs, 'edge')} | "
                   f"{parts} | {wins:.3f} | {mine} |")
    return "\n".join(out)


def _map(tasks: list[Any], jobs: int) -> Iterator[list[Row]]:
    if jobs <= 1:
        return map(fork_deal, tasks)
    import multiprocessing
    return multiprocessing.get_context("spawn").Pool(jobs).imap_unordered(fork_deal, tasks, 1)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--table", choices=sorted(TABLES), default="weak")
    p.add_argument("--hands", type=int, default=8)
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--save", default="", help="also write every forked offer to this JSON file")
    args = p.parse_args(argv)
    lineup = (EXPERT, *TABLES[args.table])
    rules = {**rules_from("parlett", {}).to_dict(), "max_hands": args.hands}
    t0 = time.perf_counter()
    rows = [r for rs in _map([(lineup, rules, args.seed, i) for i in range(args.deals)],
                             args.jobs) for r in rs]
    print(f"{EXPERT}'s offers for face-down cards, each forked (A: the offer, B: a pass); "
          f"table: {', '.join(lineup)}; {args.deals} matches of {args.hands} hand(s), every "
          f"seating, seed {args.seed}\n")
    print(report(rows) if rows else "no offers")
    if args.save:
        Path(args.save).write_text(json.dumps(rows))
    print(f"\n{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
