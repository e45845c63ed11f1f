"""Command line: ``python -m speculation replay RECORD.json --json``, ``demo``. (Tournaments are
the lab's: ``python -m speculation_lab tournament``.)

>>> main(["replay", "--help"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
SystemExit: 0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from .errors import SpeculationError
from .game import Game
from .records import game_from_record, public_summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m speculation",
                                     description="Speculation, the Mansfield Park card game.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print the public state")
    rp.add_argument("record", help="path to a record JSON file ('-' for standard input)")
    rp.add_argument("--json", action="store_true", help="print JSON instead of text")
    rp.add_argument("--upto", type=int, default=None, help="replay only the first N actions")
    dp = sub.add_parser("demo", help="watch a quick match in the terminal")
    dp.add_argument("--players", type=int, default=4)
    dp.add_argument("--hands", type=int, default=2)
    dp.add_argument("--seed", type=int, default=1814)
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    try:
        if args.command == "replay":
            return _replay(args)
        return _demo(args)
    except SpeculationError as e:
        print(f"error [{e.code}]: {e.message}", file=sys.stderr)
        return 2


def _replay(args: argparse.Namespace) -> int:
    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        print(f"error [no_file]: cannot read {args.record}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        record = json.loads(text)
    except ValueError as e:
        print(f"error [bad_json]: {args.record} is not JSON: {e}", file=sys.stderr)
        return 2
    game = game_from_record(record, args.upto)
    summary = public_summary(game)
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"Hand {summary['hand']}, phase {summary['phase']}; pot {summary['pot']}; "
          f"upcard {summary['upcard']}; best {summary['best']} held by seat {summary['holder']}")
    for s in summary["seats"]:
        print(f"  {s['seat']} {s['name']:<16} chips {s['chips']:>5}  face-down {s['stack']}  "
              f"shown {' '.join(s['revealed']) or '-':<20} wins {s['win']}")
    if summary["carry_over"] != "0":
        print(f"  chance the pot carries over: {summary['carry_over']}")
    for h in summary["hands"]:
        who = "carried over" if h["winner"] is None else f"won by seat {h['winner']}"
        print(f"  hand {h['number']}: pot {h['pot']} {who} ({h['reason']})")
    return 0


def _demo(args: argparse.Namespace) -> int:
    names = ["Fanny", "Edmund", "Mary", "Henry", "William", "Lady Bertram", "Julia", "Maria"]
    game = Game(names[:args.players], seed=args.seed)
    rng = random.Random(args.seed)
    while not game.is_over and game.hand_no <= args.hands:
        if game.phase == "deal" and game.hand_no == args.hands:
            break
        templates = game.legal_actions()
        quiet = [t for t in templates if t.kind in ("pass", "keep", "decline", "reveal", "deal")]
        t = rng.choice(quiet if quiet and rng.random() < 0.8 else templates)
        for e in game.apply(t.sample(rng, spread=10)):
            print(e.text)
    print("Chips:", ", ".join(f"{n} {c}" for n, c in zip(game.names, game.chips, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
