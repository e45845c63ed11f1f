"""Bots see only their seat's observation: shuffling the hidden cards never changes a decision."""

from __future__ import annotations

import copy
import random

from botplay import LEVELS, RULE_SETS, new_game, random_point
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from speculation.bots import catalogue, coach_advice, make_bot, public_history
from speculation.game import Game
from speculation.observation import observe

ALL_BOTS = [b["id"] for b in catalogue(include_baselines=True)]


def shuffled_hidden(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` whose face-down cards (every stack, the dead hand) and stub are
    permuted among themselves: the same public state, different hidden cards."""
    g = copy.deepcopy(game)
    places = [(s, i) for s in g.seats for i in range(len(g.stacks[s]))]
    hidden = [g.stacks[s][i] for s, i in places] + list(g.dead) + list(g.stub)
    rng.shuffle(hidden)
    for k, (s, i) in enumerate(places):
        g.stacks[s][i] = hidden[k]
    rest = hidden[len(places):]
    g.dead, g.stub = rest[:len(g.dead)], rest[len(g.dead):]
    return g


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), rules=st.sampled_from(RULE_SETS),
       moves=st.integers(1, 120), bot=st.sampled_from(ALL_BOTS), shuffle=st.integers(0, 10**6))
def test_permuting_hidden_cards_never_changes_a_decision(seed, players, rules, moves, bot,
                                                          shuffle):
    rng = random.Random(seed)
    lineup = [rng.choice(LEVELS) for _ in range(players)]
    game = random_point(new_game(players, seed, rules), rng, moves, lineup)
    assume(not game.is_over)  # a finished match has no decision to test
    other = shuffled_hidden(game, random.Random(shuffle))
    s = game.to_act
    assert other.to_act == s
    roster = tuple(None if i == s else b for i, b in enumerate(lineup))  # the table names them
    a = make_bot(bot, seed, s, roster).decide(observe(game, s), public_history(game))
    b = make_bot(bot, seed, s, roster).decide(observe(other, s), public_history(other))
    assert a == b
    assert coach_advice(observe(game, s), public_history(game), roster) == \
        coach_advice(observe(other, s), public_history(other), roster)


def test_the_shuffle_really_moves_hidden_cards():
    game = random_point(new_game(4, 5), random.Random(5), 3, list(LEVELS[:4]))
    other = shuffled_hidden(game, random.Random(1))
    assert other.stacks != game.stacks
    assert observe(other, 1).to_dict() == observe(game, 1).to_dict()
