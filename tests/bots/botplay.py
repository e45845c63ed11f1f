"""Drive games with bots, for the tests (imported as ``play`` from tests/bots)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from speculation.actions import Action
from speculation.bots import make_bot, public_history
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
