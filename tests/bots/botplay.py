"""Drive games with bots, for the tests (imported as ``play`` from tests/bots)."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

from speculation.actions import Action
from speculation.bots import coach_advice, make_bot, public_history
from speculation.bots.decision import Decision
from speculation.game import Game
from speculation.observation import Observation, observe
from speculation.rules import Rules

LEVELS = ("beginner/edmund", "casual/mary", "skilled/fanny", "expert/henry",
          "expert/lady_bertram", "casual/william", "skilled/edmund", "beginner/mary")
RULE_SETS = (
    {},
    {"auction_seller_may_refuse": True},
    {"facedown_buying": "many", "negotiation_rounds": 1},
    {"sale_methods": ["negotiation"]},
    {"sale_methods": ["firm"], "dead_hand": True, "jack_five_penalty": True},
    {"dealer_ante": 6, "sale_methods": ["auction"], "facedown_buying": "off",
     "no_trump": "carry_over", "deck": "deal_through"},
    {"pool_owns_upcard": True, "holder_skipped": False},
)


def new_game(players: int, seed: int, rules: dict | None = None, hands: int = 2) -> Game:
    r = Rules.from_dict({**(rules or {}), "max_hands": hands})
    return Game([f"P{i}" for i in range(players)], r, seed=seed)


def steps(game: Game, lineup: list[str], seed: int, limit: int = 5000
          ) -> Iterator[tuple[Observation, tuple, Decision]]:
    """Play ``game`` to the end with bots, yielding (observation, history, decision) before
    each action is applied. Every bot is told the roster (the lineup), as at a real table."""
    bots = [make_bot(b, seed * 31 + i, i, tuple(lineup)) for i, b in enumerate(lineup)]
    for _ in range(limit):
        if game.is_over:
            return
        s = game.to_act
        obs, hist = observe(game, s), public_history(game)
        d = bots[s].decide(obs, hist)
        yield obs, hist, d
        game.apply(d.action)
    raise AssertionError("the game did not finish")


def own_sale_points(lineup: list[str], seeds: range, step: int
                    ) -> Iterator[tuple[int, Game, list]]:
    """For each seed, a one-hand match played by ``lineup`` (bot ``i`` seeded ``seed * step +
    i``, the roster naming every seat) up to seat 0's own sale decision: (seed, game, bots).
    Seeds whose hand ends before seat 0 sells are left out."""
    roster = tuple(lineup)
    for seed in seeds:
        game = new_game(len(lineup), seed, hands=1)
        bots = [make_bot(b, seed * step + i, i, roster) for i, b in enumerate(lineup)]
        while not game.is_over and not (game.to_act == 0 and observe(game, 0).phase == "sale"):
            s = game.to_act
            assert s is not None
            game.apply(bots[s].decide(observe(game, s), public_history(game)).action)
        if not game.is_over:
            yield seed, game, bots


def market_points(lineup: list[str], seeds: range, hands: int = 2,
                  take: Callable[[Observation], bool] = lambda obs: obs.seat == 0
                  ) -> Iterator[tuple[Game, list, int]]:
    """(game, bots, seat to act) at every market window where ``take`` holds (by default,
    seat 0's), in matches of ``lineup`` played by the bots themselves (every bot told the
    roster)."""
    roster = tuple(lineup)
    for seed in seeds:
        game = new_game(len(lineup), seed, hands=hands)
        bots = [make_bot(b, seed * 5 + i, i, roster) for i, b in enumerate(lineup)]
        while not game.is_over:
            s = game.to_act
            obs = observe(game, s)
            if obs.phase == "market" and take(obs):
                yield game, bots, s
            game.apply(bots[s].decide(obs, public_history(game)).action)


def coached(roster: tuple[str | None, ...], seed: int, hands: int = 1
            ) -> Iterator[tuple[Observation, dict, dict]]:
    """A person in seat 0 who does what the coach says, at a table of the bots ``roster``
    names in the other seats (a match of ``hands`` hands, played to its end or the first
    ``hands`` hands): yields (observation, advice, the action taken) at each of seat 0's turns."""
    game = Game(["You", "Mary", "Henry", "Edmund"][:len(roster)], seed=seed)
    bots = {s: make_bot(str(roster[s]), seed * 10 + s, s, roster) for s in range(1, len(roster))}
    while not game.is_over and game.hand_no <= hands:
        s = game.to_act
        obs, history = observe(game, s), public_history(game)
        if s != 0:
            game.apply(bots[s].decide(obs, history).action)
            continue
        advice = coach_advice(obs, history, roster)
        act = advice["action"] or obs.legal[0].example().to_dict()
        yield obs, advice, act
        game.apply(Action.from_dict({**act, "seat": 0}))


def random_point(game: Game, rng: random.Random, moves: int, lineup: list[str]) -> Game:
    """Advance ``game`` by up to ``moves`` actions, mixing bot moves with random legal ones so
    that odd corners (wild prices, long haggles) are reached."""
    bots = [make_bot(b, rng.randrange(10**6), i, tuple(lineup)) for i, b in enumerate(lineup)]
    for _ in range(moves):
        if game.is_over:
            break
        s = game.to_act
        if rng.random() < 0.5:
            action = bots[s].decide(observe(game, s), public_history(game)).action
        else:
            action = random_action(game, rng)
        game.apply(action)
    return game


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action: a random template, then ``Template.sample`` with prices up to 25
    chips above the minimum."""
    return rng.choice(game.legal_actions()).sample(rng, spread=25)


def benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` loaded as a module (benchmarks are not a package)."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
