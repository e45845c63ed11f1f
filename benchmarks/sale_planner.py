"""The expert's way of selling its trump against two planners (issue 48, item 2).

    python benchmarks/sale_planner.py --table ladder --deals 600 --seed 1
    python benchmarks/sale_planner.py --table weak --hands 8 --deals 100 --seed 1

In entry 0 of the table (``yardsticks.TABLES``), named ``expert/edmund`` in every run so the
others see the same seat, one of:

* ``expert``: the expert itself;
* ``planner``: the exact-mechanism planner (``yard/planner``): every firm price put to the buyers
  in the engine's order of asking, every auction reserve played bid by bid in the engine's order
  of bidding, every haggle with a named buyer by that buyer's own reply, on 480 simulated tables
  of buyers and no node budget; the same reads and models of the table as the expert;
* ``oracle``: at each of its trump sales, every legal way of selling (keep, each firm price, each
  auction reserve, each haggle opened at each price with each buyer, the expert playing the
  haggle on) is played out on a copy of the real table with the real bots, and the one that
  gains most (at the engine's one value) is made. It knows what no seat can know, each bot's
  private random error; it never sees a face-down card (no bot's decision depends on one). Not a
  strategy: what knowing the buyers exactly would be worth.
* ``blind``: the same, but each plan is played out on ``REDRAWS`` copies of the table in which
  every other bot is made afresh with a seed that is not its own (its private error redrawn,
  as the expert's models draw it), and the plan that gains most on average is made: the real
  mechanism and the real bots' code, with what a seat can know. The gap from the expert to
  ``blind`` is what a better model of the mechanism could still earn; from ``blind`` to
  ``oracle``, what only the buyers' private errors would.

Each deal is played with balanced seating once per entry-0 player, everything else and every
seed unchanged, so the differences are paired deal by deal. Printed: per deal (or match), entry
0's chips and luck-adjusted score with 95 % intervals, what its trump sales earned
(luck-adjusted) and how many it made, and the paired differences expert − planner and
expert − oracle.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import speculation_lab  # noqa: F401  (registers the lab's bots)
from speculation.actions import Action
from speculation.bots import make_bot, public_history
from speculation.game import Game
from speculation.observation import observe
from speculation.records import rules_from
from speculation.review import Trade, trade_of
from speculation.rules import Rules
from speculation_lab.tournament import interval, score_action, seat_match, seat_orders

TABLES = {"weak": ["casual/edmund", "beginner/edmund"],
          "ladder": ["expert/edmund", "casual/edmund", "beginner/edmund"],
          "experts": ["expert/edmund", "expert/mary", "expert/henry"]}
WHO = ("expert", "planner", "blind", "oracle")
REDRAWS = 6  # tables per plan for ``blind``
SETTLING = ("firm", "auction", "auction_confirm", "negotiation")


def _plans(obs: Any, seat: int, pot: int) -> list[Action]:
    """Every legal way of selling the trump (prices up to the pot: nobody pays more)."""
    out = []
    for t in obs.legal:
        if t.kind == "keep":
            out.append(Action(seat, "keep"))
        elif t.kind in ("sell_firm", "sell_auction"):
            out += [Action(seat, t.kind, x) for x in range(1, min(t.bounds()[1], pot) + 1)]
        elif t.kind == "sell_negotiate":
            out += [Action(seat, t.kind, x, t.targets[0])
                    for x in range(1, min(t.bounds()[1], pot) + 1)]
    return out


def _played_out(game: Game, bots: dict[int, Any], action: Action, seller: int) -> float:
    """What ``seller`` gains (at the engine's one value) by ``action``, the sale played out on a
    copy of the table with copies of the real bots."""
    g, b = copy.deepcopy((game, bots))
    gained = 0.0
    a = action
    while True:
        events = g.apply(a)
        step = g.steps[-1]
        for e in events:
            t = trade_of(e, step)
            if t is not None:
                gained += t.gain(seller)
        if g.phase not in SETTLING or g.to_act is None:
            return gained
        s = g.to_act
        a = b[s].decide(observe(g, s), public_history(g)).action


def _deal(task: tuple[Any, ...]) -> tuple[int, float, float, float, float]:
    """Entry 0 (``who``) over every seating of one deal: (deal, chips, luck-adjusted, trump
    sales' luck-adjusted gain, trump sales made), each averaged over the seatings."""
    rest, rules_dict, seed, index, who = task
    rules = Rules.from_dict(rules_dict)
    lineup = ["expert/edmund", *rest]
    orders = seat_orders(len(lineup), "balanced")
    chips = edge = sold = sales = 0.0
    for seat_of in orders:
        game, bots, entry_at = seat_match(lineup, rules, seed, index, seat_of)
        me = seat_of[0]
        if who == "planner":
            bots[me] = make_bot("yard/planner", bots[me].seed, me, bots[me].roster)
        g = [0.0] * len(lineup)

        def trade(t: Trade, at: dict[int, int]) -> None:
            nonlocal sold, sales
            if t.kind == "sold" and at[t.seller] == 0:
                sold += t.gain(t.seller, with_deal=False)
                sales += 1

        while not game.is_over:
            s = game.to_act
            assert s is not None
            obs = observe(game, s)
            action = bots[s].decide(obs, public_history(game)).action
            if (who in ("oracle", "blind") and s == me and game.phase == "sale"
                    and obs.context is not None and obs.context.stake == "trump"):
                plans = _plans(obs, s, game.pot)
                if who == "oracle":
                    tables = [bots]
                else:  # the others made afresh with seeds not their own
                    roster = tuple(lineup[entry_at[x]] for x in range(len(lineup)))
                    tables = [{x: b if x == me else make_bot(
                        roster[x], 7919 * (index * 97 + r) + x, x, roster)
                        for x, b in bots.items()} for r in range(REDRAWS)]
                action = max(plans, key=lambda a, g=game, ts=tables, s=s: (  # type: ignore[misc]
                    sum(_played_out(g, t, a, s) for t in ts) / len(ts), a.kind == "keep"))
            score_action(game, action, g, entry_at, trade)
        chips += game.chips[me] - rules.starting_chips
        edge += g[0]
    k = len(orders)
    return index, chips / k, edge / k, sold / k, sales / k


def _map(fn: Callable[[Any], Any], tasks: list[Any], jobs: int) -> list[Any]:
    if jobs <= 1:
        return [fn(t) for t in tasks]
    import multiprocessing
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return list(pool.imap_unordered(fn, tasks, 2))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--table", choices=sorted(TABLES), default="ladder")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hands", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--who", default=",".join(WHO),
                   help="comma-separated: expert,planner,blind,oracle")
    args = p.parse_args(argv)
    rules = {**rules_from("parlett", {}).to_dict(), "max_hands": args.hands}
    rest = TABLES[args.table]
    who = [w for w in args.who.split(",") if w]
    per = "deal" if args.hands == 1 else f"{args.hands}-hand match"
    t0 = time.perf_counter()
    print(f"Entry 0 (named expert/edmund) + {', '.join(rest)}; {args.deals} × {per}, balanced "
          f"seating, seed {args.seed}\n")
    rows: dict[str, dict[int, tuple[float, float, float, float]]] = {}
    print(f"| entry 0 | chips/{per} | 95% CI | luck-adjusted | 95% CI | trump sales' gain | "
          "95% CI | trump sales made |")
    print("|---|---:|---|---:|---|---:|---|---:|")
    for w in who:
        tasks = [(rest, rules, args.seed, i, w) for i in range(args.deals)]
        rows[w] = {r[0]: r[1:] for r in _map(_deal, tasks, args.jobs)}
        c = interval([v[0] for v in rows[w].values()])
        e = interval([v[1] for v in rows[w].values()])
        s = interval([v[2] for v in rows[w].values()])
        made = sum(v[3] for v in rows[w].values()) / args.deals
        print(f"| {w} | {c.mean:+.3f} | [{c.lo:+.3f}, {c.hi:+.3f}] | {e.mean:+.3f} | "
              f"[{e.lo:+.3f}, {e.hi:+.3f}] | {s.mean:+.3f} | [{s.lo:+.3f}, {s.hi:+.3f}] | "
              f"{made:.3f} |", flush=True)
    if "expert" in rows:
        print(f"\n| paired difference | chips/{per} | 95% CI | luck-adjusted | 95% CI | trump "
              "sales' gain | 95% CI |")
        print("|---|---:|---|---:|---|---:|---|")
        base = rows["expert"]
        for w in who:
            if w == "expert":
                continue
            d = [tuple(base[i][j] - rows[w][i][j] for j in range(3)) for i in base]
            c, e, s = (interval([x[j] for x in d]) for j in range(3))
            print(f"| expert − {w} | {c.mean:+.3f} | [{c.lo:+.3f}, {c.hi:+.3f}] | {e.mean:+.3f} "
                  f"| [{e.lo:+.3f}, {e.hi:+.3f}] | {s.mean:+.3f} | [{s.lo:+.3f}, {s.hi:+.3f}] |")
    print(f"\n{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
