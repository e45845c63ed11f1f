"""The full strength ladder behind docs/ai-strength.md (a benchmark: minutes, not seconds).

    python benchmarks/tournament_ladder.py [--jobs K] [--scale 1.0] [--only NAME] > ladder.md

Runs every table below with ``python -m speculation_lab tournament`` semantics (the same
``run_tournament``), and prints each as Markdown under the exact command that reproduces it.
``--scale`` multiplies every table's number of deals (0.1 for a rehearsal).

Tables of four different bots are played in every order (``--seating all``, 24 seatings a
deal). The default balanced design (rotations and their mirror images, 8 seatings) fixes who
sits beside whom: in the lineup A, B, C, D, B always has A and C for neighbours and C always has
B and D, so a comparison of B with C also compares their neighbours. On the Henry ladder that
alone turned skilled − casual from +0.13 [+0.11, +0.16] chips a deal luck-adjusted (every
order) into −0.06 [−0.09, −0.02] (balanced), 300 deals, seed 11: a haggling bot offers its
card to the buyer on its left when chips are level, and casual Henry had the beginner there in half the
seatings, skilled Henry never. No smaller design helps: a cyclic design that gives
every bot every neighbour on each side equally often needs the complete directed graph on four
seats split into Hamiltonian cycles, which cannot be done for four (a known result, and a
brute-force check of the three cycles it would take).
Three-player tables and mirror matches keep the balanced design (for three it is every order).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from speculation_lab.tournament import format_report, run_tournament

# (name, what it shows, lineup, deals, seed)
TABLES: list[tuple[str, str, list[str], int, int]] = [
    ("ladder", "Each level against the level below, same personality (Edmund)",
     ["expert/edmund", "skilled/edmund", "casual/edmund", "beginner/edmund"], 2000, 1),
    ("ladder-mary", "The same ladder with a bold personality (Mary)",
     ["expert/mary", "skilled/mary", "casual/mary", "beginner/mary"], 2000, 2),
    ("ladder-henry", "The same ladder with a stubborn haggler (Henry)",
     ["expert/henry", "skilled/henry", "casual/henry", "beginner/henry"], 2000, 11),
    ("ladder-fanny", "The same ladder with a prudent personality (Fanny)",
     ["expert/fanny", "skilled/fanny", "casual/fanny", "beginner/fanny"], 2000, 12),
    ("ladder-lady_bertram", "The same ladder with a placid personality (Lady Bertram)",
     ["expert/lady_bertram", "skilled/lady_bertram", "casual/lady_bertram",
      "beginner/lady_bertram"], 2000, 13),
    ("ladder-william", "The same ladder with an eager personality (William)",
     ["expert/william", "skilled/william", "casual/william", "beginner/william"], 2000, 14),
    ("mirror", "Mirror match: four copies of one bot that trades (noisy prices)",
     ["casual/william"] * 4, 800, 3),
    ("mirror-expert", "Mirror match of experts: identical prices, so nobody trades",
     ["expert/edmund"] * 4, 200, 4),
    ("baseline-random", "Upper levels against random legal play",
     ["expert/edmund", "skilled/edmund", "beginner/edmund", "baseline/random"], 600, 5),
    ("baseline-never", "Upper levels against a player who never trades",
     ["expert/edmund", "skilled/edmund", "beginner/edmund", "baseline/never"], 600, 6),
    ("baseline-fair", "Upper levels against a fair-price trader",
     ["expert/edmund", "skilled/edmund", "beginner/edmund", "baseline/fair"], 600, 7),
    ("exploit-overbid", "Exploiter: always overbids by one",
     ["expert/edmund", "skilled/edmund", "exploit/overbid"], 600, 8),
    ("exploit-accept", "Exploiter: always accepts",
     ["expert/edmund", "skilled/edmund", "exploit/accept"], 600, 9),
    ("exploit-ask150", "Exploiter: always asks one and a half times fair value",
     ["expert/edmund", "skilled/edmund", "exploit/ask150"], 600, 10),
]


def seating_for(lineup: list[str]) -> str:
    """``all`` for a table of four or more different bots, else ``balanced`` (see above).

    >>> seating_for(["a", "b", "c", "d"]), seating_for(["a", "b", "c"]), seating_for(["a"] * 4)
    ('all', 'balanced', 'balanced')
    """
    return "all" if len(lineup) >= 4 and len(set(lineup)) > 1 else "balanced"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--only", action="append", default=[], help="run only these tables")
    args = p.parse_args(argv)
    for name, title, lineup, deals, seed in TABLES:
        if args.only and name not in args.only:
            continue
        deals = max(2, round(deals * args.scale))
        seating = seating_for(lineup)
        cmd = (f"python -m speculation_lab tournament --lineup {','.join(lineup)} "
               f"--deals {deals} --seed {seed} --jobs {args.jobs}"
               + (" --seating all" if seating == "all" else ""))
        t0 = time.perf_counter()
        rep = run_tournament(lineup, deals, seed, jobs=args.jobs, progress=True, command=cmd,
                             seating=seating)
        print(f"### {title} ({name})\n\n```\n{cmd}\n```\n\n{format_report(rep)}\n", flush=True)
        print(f"{name}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
