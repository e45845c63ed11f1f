"""Determinism: the same seed and the same actions give the same state, whatever else happens
to Python's global ``random`` module, hash seeds or the process; different seeds deal
differently."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from speculation import records
from speculation.actions import Action
from speculation.game import Game
from speculation.records import saved_state
from speculation.rules import Rules

from .helpers import state_json
from .strategies import NAMES, Config, configs, random_action

PY = Path(__file__).resolve().parent.parent.parent / "py"


def stir_global_random(k: int) -> None:
    """What other code in the same process might do to the global generator."""
    random.seed(k * 7919 + 13)
    for _ in range(k % 5):
        random.random()
    random.shuffle(list(range(10)))


@given(cfg=configs(), play_seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 250))
def test_same_seed_and_actions_give_the_same_state(cfg: Config, play_seed: int,
                                                   steps: int) -> None:
    rng = random.Random(play_seed)
    first = cfg.new_game()
    trace: list[str] = []
    for _ in range(steps):
        if first.is_over:
            break
        first.apply(random_action(first, rng))
        trace.append(state_json(first))
    again = cfg.new_game()
    for k, (action, expected) in enumerate(zip(first.actions, trace, strict=False)):
        stir_global_random(k)
        events = again.apply(action)
        random.random()
        assert events is not None
        assert state_json(again) == expected, f"diverged at step {k}"
    assert saved_state(records.game_from_record(records.record_of(first))) == saved_state(first)


def test_engine_never_touches_the_global_random(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing whole matches neither reads nor moves the global generator."""
    before = random.getstate()

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the engine used the global random module")

    for name in ("random", "randint", "randrange", "shuffle", "choice", "choices", "sample",
                 "seed", "getrandbits", "uniform"):
        monkeypatch.setattr(random, name, forbidden)
    driver = random.Random(11)
    for seed in range(12):
        game = Game(list(NAMES[: 2 + seed % 7]), seed=seed)
        while not game.is_over and game.hand_no < 4:
            game.apply(random_action(game, driver))
    monkeypatch.undo()
    assert random.getstate() == before


def test_different_seeds_deal_differently() -> None:
    deals = {}
    seeds = [*list(range(200)), 2 ** 63 - 1, 2 ** 63 - 2, 2 ** 53, 2 ** 53 + 1, 2 ** 32, 2 ** 32 + 1]
    for seed in seeds:
        game = Game(["Fanny", "Edmund", "Mary"], seed=seed)
        game.apply(Action(0, "deal"))
        deal = (tuple(map(tuple, game.stacks)), game.upcard, tuple(game.stub))
        assert deal not in deals, f"seeds {deals.get(deal)} and {seed} deal the same cards"
        deals[deal] = seed
    # the second and later shuffles differ from the first, too
    game = Game(["Fanny", "Edmund"], Rules(max_hands=0), seed=5)
    driver = random.Random(5)
    orders = set()
    while len(orders) < 20 and not game.is_over:
        if game.phase == "deal":
            game.apply(Action(game.to_act, "deal"))
            orders.add((tuple(map(tuple, game.stacks)), game.upcard))
        else:
            game.apply(random_action(game, driver))
    assert len(orders) >= 10


def test_seeds_must_be_in_range() -> None:
    from speculation.errors import RulesError

    for bad in (-1, 2**63, 1.0, "1", True, None):
        with pytest.raises(RulesError) as e:
            Game(["Fanny", "Edmund"], seed=bad)  # type: ignore[arg-type]
        assert e.value.code == "bad_seed"


SCRIPT = r"""
import hashlib, json, random, sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
from speculation.game import Game
from speculation.rules import preset
from speculation.records import saved_state
from strategies import random_action
random.seed()  # a different global state in every process
out = []
for i, name in enumerate(("parlett", "hoyle1847", "victorian")):
    game = Game(["Fanny", "Edmund", "Mary", "Henry"], preset(name), seed=1000 + i)
    driver = random.Random(i)
    while not game.is_over and game.hand_no < 6:
        game.apply(random_action(game, driver))
    out.append(hashlib.sha256(json.dumps(saved_state(game), sort_keys=True).encode()).hexdigest())
print(json.dumps(out))
"""


def test_same_result_in_fresh_processes_with_other_hash_seeds() -> None:
    """Nothing depends on set or dict iteration order under a different ``PYTHONHASHSEED``."""
    here = str(Path(__file__).resolve().parent)
    results = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", SCRIPT, str(PY), here], env=env,
                             capture_output=True, text=True, timeout=120, check=True)
        results.add(out.stdout.strip())
    assert len(results) == 1
    # ... and it equals what this process computes
    here_out = []
    for i, name in enumerate(("parlett", "hoyle1847", "victorian")):
        from speculation.rules import preset

        game = Game(["Fanny", "Edmund", "Mary", "Henry"], preset(name), seed=1000 + i)
        driver = random.Random(i)
        while not game.is_over and game.hand_no < 6:
            game.apply(random_action(game, driver))
        here_out.append(hashlib.sha256(state_json(game).encode()).hexdigest())
    assert results == {json.dumps(here_out)}
