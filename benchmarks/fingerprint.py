"""A fingerprint of every bot's and the coach's decisions, for refactors that must change none.

Plays seeded matches at many tables (every level and personality, the lab's yardsticks, two to
six players, several rule sets, seats the table names and seats it does not) and records every
decision a bot makes (its action, its reason, its private numbers and its plan) and the coach's
whole advice to seat 0 at each of its turns. It prints how many it recorded and one SHA-256 of
them all. Run it before and after a refactor of ``speculation.bots``: the same digest means no
decision changed. ``--out FILE`` writes one JSON line per decision, to ``diff`` two runs and
find the first that differs.

    .venv/bin/python benchmarks/fingerprint.py                  # about a minute
    .venv/bin/python benchmarks/fingerprint.py --matches 40 --out /tmp/before.jsonl

Everything is a pure function of the seeds: no clock is read, so the digest is the same on
every machine and every run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import speculation_lab  # noqa: F401  (registers the lab's yardsticks with make_bot)
from speculation.bots import bot_ids, coach_advice, make_bot, public_history
from speculation.game import Game
from speculation.observation import observe
from speculation.rules import Rules

RULE_SETS: tuple[dict[str, Any], ...] = (
    {},
    {},
    {"auction_seller_may_refuse": True},
    {"facedown_buying": "many", "negotiation_rounds": 1},
    {"sale_methods": ["negotiation"]},
    {"sale_methods": ["firm"], "dead_hand": True, "jack_five_penalty": True},
    {"pool_owns_upcard": True, "holder_skipped": False},
)
TRADERS = [b for b in bot_ids(include_baselines=False)]
EXPERTS = [b for b in TRADERS if b.startswith("expert/")]
WEAK = [b for b in TRADERS if not b.startswith("expert/")]
LAB = [b for b in bot_ids(include_baselines=True) if b not in TRADERS]


def tables(matches: int) -> Iterator[tuple[int, list[str], tuple[str | None, ...], dict[str, Any]]]:
    """(seed, lineup, the roster the table shows, rules) for each match: mixed tables, expert
    tables, experts among weak bots, a few of the lab's yardsticks, and seats left unnamed (a
    person's seat, which every bot must read from the log)."""
    for seed in range(matches):
        rng = random.Random(seed)
        players = 2 + seed % 5
        kind = seed % 4
        if kind == 0:
            lineup = [rng.choice(TRADERS) for _ in range(players)]
        elif kind == 1:
            lineup = [rng.choice(EXPERTS) for _ in range(players)]
        elif kind == 2:
            lineup = [rng.choice(EXPERTS)] + [rng.choice(WEAK) for _ in range(players - 1)]
        else:
            lineup = [rng.choice(EXPERTS), rng.choice(LAB)] + [rng.choice(TRADERS)
                                                             for _ in range(players - 2)]
        rng.shuffle(lineup)
        hidden = {s for s in range(players) if rng.random() < 0.25}
        roster = tuple(None if s in hidden else b for s, b in enumerate(lineup))
        yield seed, lineup, roster, RULE_SETS[seed % len(RULE_SETS)]


def records(matches: int, hands: int) -> Iterator[dict[str, Any]]:
    """One JSON-ready record per decision of a bot, and per piece of the coach's advice to seat 0."""
    for seed, lineup, roster, rules in tables(matches):
        game = Game([f"P{i}" for i in range(len(lineup))],
                    Rules.from_dict({**rules, "max_hands": hands}), seed=seed)
        bots = [make_bot(b, seed * 31 + i, i, roster) for i, b in enumerate(lineup)]
        step = 0
        while not game.is_over:
            s = game.to_act
            assert s is not None
            obs, hist = observe(game, s), public_history(game)
            if s == 0:
                yield {"m": seed, "i": step, "coach": coach_advice(obs, hist, roster)}
            d = bots[s].decide(obs, hist)
            yield {"m": seed, "i": step, "seat": s, "bot": lineup[s],
                   "action": d.action.to_dict(), "reason": d.reason,
                   "private": [repr(x) for x in d.private], "plan": d.plan}
            game.apply(d.action)
            step += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=600)
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--out", type=Path, help="write one JSON line per decision here")
    args = ap.parse_args()
    digest, n, coach = hashlib.sha256(), 0, 0
    out = args.out.open("w") if args.out else None
    for rec in records(args.matches, args.hands):
        line = json.dumps(rec, sort_keys=True)
        digest.update(line.encode() + b"\n")
        n += 1
        coach += "coach" in rec
        if out:
            out.write(line + "\n")
    if out:
        out.close()
    print(f"{n - coach} bot decisions and {coach} pieces of the coach's advice in "
          f"{args.matches} matches of {args.hands} hands")
    print(f"sha256 {digest.hexdigest()}")


if __name__ == "__main__":
    main()
