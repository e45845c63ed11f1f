"""Decision latency of every bot level, in CPython and (with --pyodide) inside Pyodide under Node.

    python benchmarks/bots.py [--deals 40] [--seed 1] [--hands 1] [--json]
    python benchmarks/bots.py --pyodide [--dist dist]   # also run the same code in Pyodide
    python benchmarks/bots.py --cpu                      # CPU time, on a busy machine

Plays seeded four-player hands with one bot of each level at the table (lineup rotated), times
every ``decide`` call that had a real choice (forced deals and reveals are left out) together
with the ``observe`` and ``public_history`` calls that feed it, and prints p50, p95 and max per
level in milliseconds, and separately for decisions to sell a card (where the expert searches).
The targets (docs/ai-strength.md): p95 ≤ 10 ms for every level but the expert in CPython; the
expert's p95 ≤ 250 ms in the browser. The expert's search is bounded by a node count
(``trader.BUDGET``), never by time, so the timings here measure its cost and never change a move.

The Pyodide run loads node_modules/pyodide and the engine wheel by file path (never by package
name, which would fetch from a CDN): the wheel named in dist/build.json (``python3 build.py``)
when present, else a zip of py/speculation, unpacked into Pyodide's site-packages.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "benchmarks"))

def measure(deals: int, seed: int, hands: int = 1, cpu: bool = False
            ) -> dict[str, dict[str, float]]:
    """Latency percentiles (ms) per level over ``deals`` matches of ``hands`` hands, in every
    seating."""
    return json.loads(_result(deals, seed, hands, cpu))["levels"]


def print_table(title: str, res: dict[str, dict[str, float]]) -> None:
    print(f"{title}\n| level | decisions | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|")
    for lv, s in res.items():
        print(f"| {lv} | {s['n']} | {s['p50']:.3f} | {s['p95']:.3f} | {s['max']:.3f} |")


def pyodide_run(deals: int, seed: int, dist: Path, hands: int = 1, cpu: bool = False) -> dict:
    """Run ``measure`` inside Pyodide under Node (``pyodide_node.run_payload``); returns its
    JSON result."""
    from pyodide_node import run_payload

    result: dict = run_payload(Path(__file__), f"_result({deals}, {seed}, {hands}, {cpu})", dist,
                               timeout=1800)
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hands", type=int, default=1, help="hands per match (a longer public "
                   "history for the expert to read)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--cpu", action="store_true", help="time each decision by the thread's CPU "
                   "time instead of the wall clock (for a machine shared with other work)")
    p.add_argument("--pyodide", action="store_true", help="also measure inside Pyodide (Node)")
    p.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = p.parse_args(argv)
    res = {"cpython": {"python": sys.version.split()[0],
                       "levels": measure(args.deals, args.seed, args.hands, args.cpu)}}
    if args.pyodide:
        res["pyodide"] = pyodide_run(args.deals, args.seed, args.dist, args.hands, args.cpu)
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    for k, v in res.items():
        print_table(f"{k} {v['python']} ({args.deals} matches of {args.hands} hand(s) x 4 "
                    f"seatings)", v["levels"])
        print()
    return 0


# ---- pyodide payload ----
import json as _json  # noqa: E402
import sys as _sys  # noqa: E402
import time as _time  # noqa: E402

LINEUP = ["expert/henry", "skilled/edmund", "casual/mary", "beginner/fanny"]


def _result(deals, seed, hands=1, cpu=False):
    from speculation.bots import make_bot, public_history
    from speculation.game import Game
    from speculation.observation import observe
    from speculation.rules import Rules

    times = {b.split("/")[0]: [] for b in LINEUP}
    # --cpu: the thread's CPU time, not the wall clock, so a machine shared with other work
    # (a load of 10 on two cores) measures what a decision costs, not how long it waited
    # (Pyodide has no thread_time: its process_time there, one thread in all)
    clock = getattr(_time, "thread_time", _time.process_time) if cpu else _time.perf_counter
    for d in range(deals):
        for rot in range(len(LINEUP)):
            lineup = LINEUP[rot:] + LINEUP[:rot]
            game = Game([f"P{i}" for i in range(4)], Rules(max_hands=hands),
                        seed=seed * 7919 + d)
            bots = [make_bot(b, seed + d, i, tuple(lineup)) for i, b in enumerate(lineup)]
            while not game.is_over:
                s = game.to_act
                t0 = clock()
                obs = observe(game, s)
                decision = bots[s].decide(obs, public_history(game))
                dt = (clock() - t0) * 1000
                if not (len(obs.legal) == 1 and obs.legal[0].price_min is None):
                    level = lineup[s].split("/")[0]
                    times[level].append(dt)
                    if obs.phase == "sale":
                        times.setdefault(level + " (selling)", []).append(dt)
                game.apply(decision.action)
    out = {}
    for lv, ts in times.items():
        ts = sorted(ts)
        def pick(q: float, ts: list[float] = ts) -> float:
            return ts[min(len(ts) - 1, int(q * len(ts)))]
        out[lv] = {"n": len(ts), "p50": round(pick(0.5), 3), "p95": round(pick(0.95), 3),
                   "max": round(ts[-1], 3)}
    return _json.dumps({"python": _sys.version.split()[0], "platform": _sys.platform,
                        "levels": out})


if __name__ == "__main__":
    sys.exit(main())
