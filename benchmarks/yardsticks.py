"""The expert against the yardsticks, each placed in the expert's own seat (issue 12, item 4).

    python benchmarks/yardsticks.py --table weak --deals 2000 --seed 1 --jobs 1
    python benchmarks/yardsticks.py --table experts --deals 2000 --seed 2 --jobs 1 \
        --only margin/0,margin/10,margin/20,margin/30,exploit/rankonly

For every deal the same hand is played twice with balanced duplicate seating: once with
``expert/edmund`` in entry 0 and once with a yardstick there, the rest of the table (and every
seed) unchanged. The difference of entry 0's results, deal by deal, is the expert's advantage
over that yardstick in the same seat, with a 95 % interval over deals; "beats" means the interval
lies above zero. ``weak`` is a table with a casual and a beginner, ``experts`` one with three
experts. ``--only`` limits the run to some yardsticks (comma-separated).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from speculation.records import rules_from
from speculation.tournament import interval, play_deal

EXPERT = "expert/edmund"
TABLES = {"weak": ["casual/edmund", "beginner/edmund"],
          "experts": ["expert/edmund", "expert/mary", "expert/henry"]}
YARDSTICKS = ["margin/0", "margin/10", "margin/20", "margin/30", "exploit/rankonly",
              "baseline/fair", "baseline/never", "baseline/random", "exploit/overbid",
              "exploit/accept", "exploit/ask150", "skilled/edmund"]


def _entry0(task: tuple) -> tuple[int, float, float]:
    r = play_deal(task)
    return r.index, r.chips[0], r.edge[0]


def run(lineup: list[str], deals: int, seed: int, jobs: int) -> dict[int, tuple[float, float]]:
    rules = {**rules_from("parlett", {}).to_dict(), "max_hands": 1}
    tasks = [(tuple(lineup), rules, seed, i, "balanced") for i in range(deals)]
    if jobs <= 1:
        out = map(_entry0, tasks)
    else:
        import multiprocessing
        out = multiprocessing.get_context("spawn").Pool(jobs).imap_unordered(_entry0, tasks, 4)
    return {i: (c, e) for i, c, e in out}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--table", choices=sorted(TABLES), default="weak")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--only", default="", help="comma-separated yardsticks (default: all)")
    args = p.parse_args(argv)
    rest = TABLES[args.table]
    names = [y for y in args.only.split(",") if y] or YARDSTICKS
    t0 = time.perf_counter()
    base = run([EXPERT, *rest], args.deals, args.seed, args.jobs)
    print(f"expert/edmund against each yardstick in its seat; table: entry 0 + {', '.join(rest)}; "
          f"{args.deals} deals, balanced seating, seed {args.seed}\n")
    print("| yardstick in the expert's seat | expert − yardstick, chips/deal | 95% CI | "
          "luck-adjusted | 95% CI | beats |")
    print("|---|---:|---|---:|---|---|")
    for y in names:
        other = run([y, *rest], args.deals, args.seed, args.jobs)
        chips = interval([base[i][0] - other[i][0] for i in range(args.deals)])
        edge = interval([base[i][1] - other[i][1] for i in range(args.deals)])
        verdict = "yes" if chips.lo > 0 else "no" + (" (luck-adj. yes)" if edge.lo > 0 else "")
        print(f"| {y} | {chips.mean:+.2f} | [{chips.lo:+.2f}, {chips.hi:+.2f}] | "
              f"{edge.mean:+.2f} | [{edge.lo:+.2f}, {edge.hi:+.2f}] | {verdict} |", flush=True)
    print(f"\n{time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
