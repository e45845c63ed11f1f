"""The reference numbers of the level estimate (docs/ai-strength.md, "Your level"): each
level's computer player plays matches in seat 0 against the reference table (a casual, a
skilled and an expert computer player, as the daily deal seats them), and its trading score per
hand is averaged. Prints the numbers ``speculation.level.REFERENCE`` holds.

    python benchmarks/level_reference.py [--matches 60] [--hands 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from speculation.level import LEVELS
from speculation_lab.level_sim import simulated_match


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=60)
    ap.add_argument("--hands", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    for level in LEVELS:
        per_hand = [simulated_match(level, a.seed * 100_000 + i, a.hands) / a.hands for i in range(a.matches)]
        mean, sd = statistics.fmean(per_hand), statistics.stdev(per_hand)
        print(f"{level:9s} mean {mean:+.3f} per hand  sd of a match's mean {sd:.3f} "
              f"(per hand ~{sd * math.sqrt(a.hands):.3f})  se {sd / math.sqrt(a.matches):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
