"""Engine benchmark: random legal play throughput (4 players) and the cost of the exact odds.

    python benchmarks/engine.py [--hands 3000] [--seed 1]

Prints hands/s and actions/s of complete random hands (legal templates listed and an action
applied at every step, as a bot or the UI would), then the time to compute the odds and a full
observation. The target is at least 1,000 complete four-player hands per second in CPython.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from speculation.actions import Action
from speculation.game import Game
from speculation.observation import observe
from speculation.rules import Rules


def random_action(game: Game, rng: random.Random) -> Action:
    """A uniformly chosen legal template, then a random instance of it (prices near the low
    bound, so chips last; market windows mostly passed, as players mostly do)."""
    templates = game.legal_actions()
    t = rng.choice(templates)
    if game.phase == "market" and rng.random() < 0.75:
        t = templates[-1]  # pass
    return t.sample(rng, spread=5)


def play_hands(hands: int, seed: int) -> tuple[int, int, float, float]:
    rng = random.Random(seed)
    done = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while done < hands:
        game = Game(["A", "B", "C", "D"], Rules(starting_chips=1000), seed=rng.randrange(2**32))
        while not game.is_over and done < hands:
            before = len(game.hands)
            game.apply(random_action(game, rng))
            actions += 1
            done += len(game.hands) - before
    return done, actions, time.perf_counter() - start, time.process_time() - cpu


def time_odds(samples: int, seed: int) -> tuple[list[float], list[float]]:
    rng = random.Random(seed)
    game = Game(["A", "B", "C", "D"], Rules(starting_chips=1000), seed=seed)
    odds_t: list[float] = []
    obs_t: list[float] = []
    while len(odds_t) < samples:
        if game.is_over:
            game = Game(["A", "B", "C", "D"], Rules(starting_chips=1000), seed=rng.randrange(2**32))
        t0 = time.perf_counter()
        game.odds()
        t1 = time.perf_counter()
        observe(game, 0).to_dict()
        t2 = time.perf_counter()
        odds_t.append(t1 - t0)
        obs_t.append(t2 - t1)
        game.apply(random_action(game, rng))
    return odds_t, obs_t


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    hands, actions, secs, cpu = play_hands(args.hands, args.seed)
    print(f"random play, 4 players: {hands} hands, {actions} actions in {secs:.2f} s wall, "
          f"{cpu:.2f} s CPU")
    print(f"  wall: {hands / secs:,.0f} hands/s   {actions / secs:,.0f} actions/s")
    print(f"  CPU:  {hands / cpu:,.0f} hands/s   {actions / cpu:,.0f} actions/s   "
          f"(target >= 1,000 hands/s: {'met' if hands / cpu >= 1000 else 'NOT met'}; CPU time "
          "is the fair figure on a shared machine)")
    odds_t, obs_t = time_odds(5000, args.seed)
    q = statistics.quantiles
    print(f"exact odds: median {statistics.median(odds_t) * 1e6:.0f} us, "
          f"p95 {q(odds_t, n=20)[-1] * 1e6:.0f} us")
    print(f"full observation as JSON-ready dict: median {statistics.median(obs_t) * 1e6:.0f} us, "
          f"p95 {q(obs_t, n=20)[-1] * 1e6:.0f} us")


if __name__ == "__main__":
    main()
