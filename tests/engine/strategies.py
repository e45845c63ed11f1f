"""Shared Hypothesis strategies and a random-legal-play driver for the engine's property tests.

The driver plays any match by picking, at every step, one of the listed templates and a random
instance of it (lowest price, highest price or anything between; any listed target or card). It
checks the cheap invariants after every action and counts the complete hands it played, so the
tests can assert how much play they covered.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from speculation.actions import KINDS, Action, Template
from speculation.cards import card_str, pack
from speculation.errors import RulesError
from speculation.game import Game
from speculation.records import rules_from
from speculation.rules import OPTIONS, PRESETS, Rules

PRESET_NAMES = tuple(PRESETS)
NAMES = ("Fanny", "Edmund", "Mary", "Henry", "Julia", "Maria", "Tom", "Susan")


# ----------------------------------------------------------------------- rules


def _option_values(opt: Any, rng: random.Random) -> Any:
    if opt.kind == "bool":
        return rng.random() < 0.5
    if opt.kind == "choice":
        return rng.choice(opt.choices)
    if opt.kind == "set":
        return sorted(m for m in opt.choices if rng.random() < 0.6)
    # ints: mostly small values so that random matches stay short, sometimes the extremes
    lo, hi = opt.low, opt.high
    if opt.name == "starting_chips":
        return rng.choice((lo, rng.randint(lo, 60), rng.randint(lo, 400), hi))
    if opt.name in ("ante", "dealer_ante"):
        return rng.choice((lo, rng.randint(lo, min(hi, 12)), rng.randint(lo, hi)))
    if opt.name == "max_hands":
        return rng.choice((0, 1, rng.randint(1, 6), hi))
    return rng.randint(lo, hi)


def random_overrides(rng: random.Random) -> dict[str, Any]:
    """A random dict of option values, each valid on its own (combinations may clash)."""
    return {o.name: _option_values(o, rng) for o in OPTIONS if rng.random() < 0.45}


def settle_rules(preset_name: str, overrides: dict[str, Any], players: int) -> tuple[Rules, dict[str, Any]]:
    """The rules of ``preset_name`` with ``overrides``; while the engine refuses the combination
    (``RulesError`` naming an option), drop that option and try again. Every refusal must name a
    real option (or the players), which is itself checked here."""
    overrides = dict(overrides)
    known = {o.name for o in OPTIONS}
    for _ in range(len(OPTIONS) + 3):
        try:
            rules = rules_from(preset_name, overrides)
            rules.check_players(players)
            return rules, overrides
        except RulesError as e:
            assert e.code in ("bad_option", "incompatible_options", "bad_players"), e.code
            assert e.option in known or e.option == "players", e.option
            if e.option in overrides:
                del overrides[e.option]
            else:
                # the clash involves a preset value: fall back to the plain preset
                overrides = {}
    raise AssertionError(f"could not settle rules {preset_name} {overrides}")


@dataclass
class Config:
    preset: str
    overrides: dict[str, Any]
    rules: Rules
    players: int
    seed: int

    def new_game(self) -> Game:
        return Game(list(NAMES[: self.players]), self.rules, seed=self.seed)

    def __repr__(self) -> str:  # short, for Hypothesis' falsifying examples
        return (f"Config(preset={self.preset!r}, players={self.players}, seed={self.seed}, "
                f"overrides={self.overrides!r})")


def random_config(rng: random.Random) -> Config:
    preset_name = rng.choice(PRESET_NAMES)
    players = rng.randint(2, 8)
    rules, overrides = settle_rules(preset_name, random_overrides(rng), players)
    return Config(preset_name, overrides, rules, players, rng.randrange(2**53))


@st.composite
def configs(draw: Callable, max_players: int = 8) -> Config:
    """A preset, random valid options on top, 2..8 players and a seed."""
    preset_name = draw(st.sampled_from(PRESET_NAMES))
    players = draw(st.integers(2, max_players))
    option_seed = draw(st.integers(0, 2**32 - 1))
    rules, overrides = settle_rules(preset_name, random_overrides(random.Random(option_seed)),
                                    players)
    seed = draw(st.integers(0, 2**53 - 1))
    return Config(preset_name, overrides, rules, players, seed)


# ----------------------------------------------------------------------- actions


def random_instance(t: Template, rng: random.Random) -> Action:
    """A random concrete action admitted by ``t``: a price that is often at an edge (the lowest
    30 % of the time, the highest 10 %, a few chips above the lowest 30 %, anything 30 %), then
    ``Template.sample`` for any listed card or target. (The price is drawn first, as it always
    was, so seeded tests replay the same matches.)"""
    price = None
    if t.priced:
        lo, hi = t.bounds()
        r = rng.random()
        if r < 0.3:
            price = lo
        elif r < 0.4:
            price = hi
        elif r < 0.7:
            price = min(hi, lo + rng.randint(0, 3))
        else:
            price = rng.randint(lo, hi)
    return t.sample(rng, price=price)


def random_action(game: Game, rng: random.Random) -> Action:
    templates = game.legal_actions()
    assert templates, f"seat {game.to_act} must have a legal action in phase {game.phase}"
    return random_instance(rng.choice(templates), rng)


# ----------------------------------------------------------------------- invariants


def total_chips(game: Game) -> int:
    return sum(game.chips) + game.pot


def hand_cards(game: Game) -> list[int]:
    """Every card belonging to the hand in play (or just finished)."""
    cards = [c for s in game.stacks for c in s] + [c for r in game.revealed for c in r]
    cards += list(game.dead) + list(game.dead_shown)
    if game.upcard is not None:
        cards.append(game.upcard)
    return cards


def hidden_cards(game: Game) -> set[int]:
    """Cards nobody has seen: face-down stack cards, the dead hand and the stub."""
    return {c for s in game.stacks for c in s} | set(game.dead) | set(game.stub)


def check_invariants(game: Game, chips: int) -> None:
    """Invariants that hold after every action."""
    assert total_chips(game) == chips, (game.chips, game.pot, chips)
    assert all(c >= 0 for c in game.chips) and game.pot >= 0
    full = set(pack(game.rules.pack_ranks))
    current = hand_cards(game) + list(game.stub)
    assert len(current) == len(set(current)), "a card is in two places"
    assert set(current) <= full
    if game.hand_no and game.rules.deck == "fresh":
        assert set(current) == full, f"cards lost: {sorted(map(card_str, full - set(current)))}"
    # nothing hidden has been seen, and everything face up has been
    assert not (game.seen & hidden_cards(game))
    shown = {c for r in game.revealed for c in r} | set(game.dead_shown)
    if game.upcard is not None:
        shown.add(game.upcard)
    assert shown <= game.seen
    if game.hand_no:
        assert game.upcard is not None and game.best is not None
    # exactly one seat acts unless the match is over (or a hand has just ended at the deal)
    if game.phase == "match_over":
        assert game.to_act is None and game.legal_actions() == ()
    else:
        actor = game.to_act
        assert actor is not None and not game.busted[actor]
        templates = game.legal_actions()
        assert templates
        assert all(game.legal_actions(s) == () for s in game.seats if s != actor)
        for t in templates:
            assert t.seat == actor
            if t.price_min is not None:
                assert t.price_max is not None and 1 <= t.price_min <= t.price_max, t
                if t.kind in ("bid", "offer"):  # the actor pays: never more than it has
                    assert t.price_max <= game.chips[actor], t
            for owner, position in t.cards:
                assert owner != actor and 0 <= position < len(game.stacks[owner]), t
            assert actor not in t.targets


@dataclass
class PlayStats:
    hands: int = 0
    actions: int = 0
    matches: int = 0
    max_hand_actions: int = 0
    reasons: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)
    presets: Counter = field(default_factory=Counter)
    players: Counter = field(default_factory=Counter)


def play(game: Game, rng: random.Random, max_hands: int, stats: PlayStats | None = None,
         on_step: Callable[[Game, int], None] | None = None, check: bool = True) -> PlayStats:
    """Play random legal actions until ``max_hands`` more hands are complete or the match ends,
    checking chips, cards and the per-hand action bound. ``on_step(game, step)`` runs before
    each action (for the more expensive properties)."""
    stats = stats or PlayStats()
    chips = total_chips(game)
    bound = game.hand_action_bound()
    full = set(pack(game.rules.pack_ranks))
    discarded: set[int] | None = None
    last_hand: set[int] = set()
    done = 0
    in_hand = 0
    step = 0
    while not game.is_over and done < max_hands:
        if on_step is not None:
            on_step(game, step)
        action = random_action(game, rng)
        hands_before = len(game.hands)
        events = game.apply(action)
        step += 1
        in_hand += 1
        stats.actions += 1
        stats.kinds[action.kind] += 1
        if check:
            check_invariants(game, chips)
        if action.kind == "deal" and game.rules.deck == "deal_through" and check:
            # dealt-through cards leave the table until the next reshuffle, and only then
            now_out = full - set(hand_cards(game)) - set(game.stub)
            if game.hand_no == 1 or any(e.kind == "reshuffle" for e in events):
                assert not now_out
            elif discarded is not None:
                assert now_out == discarded | last_hand, "dealt-through cards went astray"
            discarded = now_out
        if len(game.hands) > hands_before:
            assert in_hand <= bound, f"hand took {in_hand} actions, bound {bound}"
            stats.max_hand_actions = max(stats.max_hand_actions, in_hand)
            stats.reasons[game.hands[-1].reason] += 1
            last_hand = set(hand_cards(game))
            result = game.hands[-1]
            assert sum(result.chips_after) + game.pot == chips
            done += 1
            stats.hands += 1
            in_hand = 0
    stats.matches += 1
    return stats


# ----------------------------------------------------------------------- garbage


def garbage_actions(game: Game) -> st.SearchStrategy[Action]:
    """Actions that are mostly illegal: wrong seats, kinds, prices, targets and cards."""
    n = len(game.names)
    ints = st.one_of(st.integers(-3, n + 3), st.integers(-10**9, 10**9), st.just(0))
    prices = st.one_of(st.none(), st.integers(-5, 5), st.integers(-10**9, 10**9),
                       st.integers(0, 200_000))
    return st.builds(Action, seat=st.one_of(ints, st.sampled_from(range(n))),
                     kind=st.one_of(st.sampled_from(KINDS), st.text(max_size=8)),
                     price=prices, target=st.one_of(st.none(), ints),
                     card=st.one_of(st.none(), ints))


# order of preference of a player who wants the hand to last as long as possible
LONG_PREFERENCE = ("counter", "offer", "bid", "sell_auction", "sell_negotiate", "sell_firm",
                   "decline", "pass", "keep", "accept", "reveal", "deal")


def long_action(game: Game, rng: random.Random) -> Action:
    """Stretch the hand: haggle to the last round, bid one chip at a time, offer for every
    face-down card, decline firm offers (the adversary of ``hand_action_bound``)."""
    templates = game.legal_actions()
    by_kind = {t.kind: [x for x in templates if x.kind == t.kind] for t in templates}
    for kind in LONG_PREFERENCE:
        if kind in by_kind:
            t = rng.choice(by_kind[kind])
            a = random_instance(t, rng)
            if t.price_min is not None:
                # the smallest step keeps auctions and haggles going longest
                a = Action(a.seat, a.kind, t.price_min if kind != "counter" or rng.random() < 0.5
                           else t.price_max, a.target, a.card)
            return a
    raise AssertionError("no legal action")


def play_policy(game: Game, rng: random.Random, policy: Callable[[Game, random.Random], Action],
                hands: int) -> list[int]:
    """Play ``hands`` hands with ``policy``; the number of actions of each complete hand."""
    lengths: list[int] = []
    count = 0
    chips = total_chips(game)
    while not game.is_over and len(lengths) < hands:
        before = len(game.hands)
        game.apply(policy(game, rng))
        count += 1
        check_invariants(game, chips)
        if len(game.hands) > before:
            lengths.append(count)
            count = 0
    return lengths
