"""What Review's decision-by-decision comparison costs (speculation.analysis), in CPython and
(with --pyodide) inside Pyodide under Node, and what it finds.

    python benchmarks/analysis.py [--hands 20] [--seat-bot casual/mary] [--match-hands 1]
    python benchmarks/analysis.py --pyodide [--dist dist]   # also in Pyodide

Plays seeded four-player matches with ``--seat-bot`` in seat 0 (standing in for a person; the
other seats an expert, a skilled and a beginner bot), then asks ``analyse`` for every hand of
seat 0, as the page does when Review opens. Prints, per hand analysed: the seconds (p50, p95,
max), the actions played out (the budget is counted in these, never in time), the decisions,
how many were the expert's own, and the slips and blunders found. The time is the price of a
Review; it never changes an answer.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "benchmarks"))


def print_table(title: str, r: dict) -> None:
    print(title)
    print("| hands | s p50 | s p95 | s max | actions mean | actions max | decisions | "
          "expert's own | slips | blunders |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {r['hands']} | {r['p50']:.2f} | {r['p95']:.2f} | {r['max']:.2f} | "
          f"{r['nodes_mean']:.0f} | {r['nodes_max']} | {r['decisions']} | {r['same']} | "
          f"{r['slips']} | {r['blunders']} |")


def pyodide_run(hands: int, seat_bot: str, match_hands: int, dist: Path) -> dict:
    """The same measurement inside Pyodide under Node (``pyodide_node.run_payload``, which
    bots.py uses too)."""
    from pyodide_node import run_payload

    result: dict = run_payload(Path(__file__), f"_result({hands}, {seat_bot!r}, {match_hands})",
                               dist)
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=20, help="hands to analyse")
    p.add_argument("--seat-bot", default="casual/mary", help="who plays seat 0 (the 'person')")
    p.add_argument("--match-hands", type=int, default=1, help="hands per match (a longer log)")
    p.add_argument("--pyodide", action="store_true", help="also measure inside Pyodide (Node)")
    p.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = p.parse_args(argv)
    res = {"cpython": json.loads(_result(args.hands, args.seat_bot, args.match_hands))}
    if args.pyodide:
        res["pyodide"] = pyodide_run(args.hands, args.seat_bot, args.match_hands, args.dist)
    for k, v in res.items():
        print_table(f"{k} {v['python']}: {args.seat_bot} in seat 0, {args.match_hands}-hand "
                    "matches", v)
        print()
    return 0


# ---- pyodide payload ----
import json as _json  # noqa: E402
import sys as _sys  # noqa: E402
import time as _time  # noqa: E402

OTHERS = ["expert/henry", "skilled/edmund", "beginner/fanny"]


def _result(hands, seat_bot, match_hands=1):
    from speculation.analysis import analyse
    from speculation.bots import make_bot, public_history
    from speculation.game import Game
    from speculation.observation import observe
    from speculation.review import finished_hands
    from speculation.rules import Rules

    roster = (None, *OTHERS)
    secs, nodes = [], []
    found = {"decisions": 0, "same": 0, "slips": 0, "blunders": 0}
    seed = 0
    while len(secs) < hands:
        seed += 1
        game = Game([f"P{i}" for i in range(4)], Rules(max_hands=match_hands), seed=seed)
        bots = [make_bot(b, seed + s, s, roster) for s, b in enumerate([seat_bot, *OTHERS])]
        while not game.is_over:
            s = game.to_act
            game.apply(bots[s].decide(observe(game, s), public_history(game)).action)
        for h in finished_hands(game):
            if len(secs) == hands:
                break
            t0 = _time.perf_counter()
            a = analyse(game, 0, h, roster)
            secs.append(_time.perf_counter() - t0)
            nodes.append(a["nodes"])
            found["decisions"] += len(a["decisions"])
            for k in ("same", "slips", "blunders"):
                found[k] += a[k]
    secs.sort()
    out = {"python": _sys.version.split()[0], "hands": len(secs),
           "p50": secs[len(secs) // 2], "p95": secs[min(len(secs) - 1, int(0.95 * len(secs)))],
           "max": secs[-1], "nodes_mean": sum(nodes) / len(nodes), "nodes_max": max(nodes),
           **found}
    return _json.dumps(out)


if __name__ == "__main__":
    raise SystemExit(main())
