"""No view and no event names a face-down card or carries the seed, for any seat, at any step
of any match (docs/rules-decisions.md: face-down cards are unknown to everybody, their owner
included; docs/protocol.md "The seed stays in the engine"). This is what lets a host send each
guest its seat's view as it is (issue 22). ``test_bridge.py::
test_views_never_name_a_face_down_card`` checks one deal; here random matches (any preset with
random options, 2 to 8 seats, bots of every level on every seat through the bridge's ``bot``
op) are checked after every move, from every seat and the spectator's.

Cards reach the page as codes (``"QH"``) and in sentences (``"queen of hearts"``). A view's
history of finished hands (``hands``, ``last_hand``) may name cards that are face down again
after a reshuffle: those parts are checked against the cards face up at some time in the
match instead.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from speculation.bots import catalogue
from speculation.bridge import Session
from speculation.cards import Card, card_name, card_str
from speculation.game import Game

from .strategies import NAMES, Config, configs, hidden_cards

FORBIDDEN_KEYS = {"seed", "salt", "decks", "snapshot"}
CODE = re.compile(r'"([2-9TJQKA][SHDC])"')
HISTORY = ("hands", "last_hand")
BOT_IDS = [str(b["id"]) for b in catalogue()]
MAX_MOVES = 120


def keys_of(value: Any) -> set[str]:
    """Every key of every object inside ``value``."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


def named_cards(value: Any) -> tuple[set[str], str]:
    """The card codes quoted in ``value``'s JSON, and the JSON in lower case (for words)."""
    text = json.dumps(value)
    return set(CODE.findall(text)), text.lower()


def assert_names_none_of(value: Any, cards: set[Card], where: str) -> None:
    codes, lower = named_cards(value)
    leaked = codes & {card_str(c) for c in cards}
    leaked |= {card_str(c) for c in cards if card_name(c) in lower}
    assert not leaked, f"{where} names face-down cards {sorted(leaked)}"


def assert_secret_free(value: Any, session: Session, where: str) -> None:
    """No key that would carry the seed or a save, and neither the salt nor a long seed."""
    game = session.game
    assert game is not None
    bad = keys_of(value) & FORBIDDEN_KEYS
    assert not bad, f"{where} has keys {sorted(bad)}"
    text = json.dumps(value)
    assert session.salt not in text, f"{where} holds the salt"
    if game.seed >= 10**7:  # a short seed is a number like any other; a long one is telling
        assert str(game.seed) not in text, f"{where} holds the seed"


def check_view(view: dict[str, Any], session: Session, public: set[Card], where: str) -> None:
    game = session.game
    assert game is not None
    hidden = hidden_cards(game)
    assert_secret_free(view, session, where)
    assert_names_none_of({k: v for k, v in view.items() if k not in HISTORY}, hidden, where)
    history_codes, _ = named_cards([view.get(k) for k in HISTORY])
    never_shown = history_codes - {card_str(c) for c in public}
    assert not never_shown, f"{where}'s history names cards never face up {sorted(never_shown)}"


def play_and_check(cfg: Config, hands: int, choose_seed: int) -> int:
    """Bots play ``cfg`` (at most ``hands`` hands, ``MAX_MOVES`` moves) through the bridge; after
    every move each seat's view and the spectator's are checked, and the move's events. The
    number of moves played."""
    rng = random.Random(choose_seed)
    players = [{"name": NAMES[i], "kind": "bot", "bot": rng.choice(BOT_IDS)}
               for i in range(cfg.players)]
    s = Session()
    r = json.loads(s.handle(json.dumps({"op": "new_match", "settings": {
        "players": players, "preset": cfg.preset, "seed": cfg.seed,
        "rules": {**cfg.overrides, "max_hands": hands}}})))
    assert r["ok"], r
    game = s.game
    assert isinstance(game, Game)
    public: set[Card] = set()
    moves = 0
    for moves in range(MAX_MOVES):
        public |= game.seen
        for seat in [None, *range(cfg.players)]:
            view = json.loads(s.handle(json.dumps({"op": "view", "seat": seat})))["view"]
            check_view(view, s, public, f"move {moves}, seat {seat}'s view")
        if game.is_over:
            break
        viewer = rng.choice([None, *range(cfg.players)])
        r = json.loads(s.handle(json.dumps({"op": "bot", "seat": game.to_act, "viewer": viewer})))
        assert r["ok"], r
        public |= game.seen
        where = f"move {moves}'s answer"
        assert_secret_free(r, s, where)
        assert_names_none_of(r["events"] + [r["reason"]], hidden_cards(game), where)
        check_view(r["view"], s, public, where)
    return moves


@pytest.mark.slow
@settings(max_examples=80)
@given(cfg=configs(), hands=st.integers(1, 3), choose_seed=st.integers(0, 2**32 - 1))
def test_no_view_names_a_face_down_card_or_the_seed(cfg: Config, hands: int,
                                                     choose_seed: int) -> None:
    play_and_check(cfg, hands, choose_seed)


@settings(max_examples=4)
@given(cfg=configs(), hands=st.integers(1, 2), choose_seed=st.integers(0, 2**32 - 1))
def test_a_few_views_name_no_face_down_card_nor_the_seed(cfg: Config, hands: int,
                                                         choose_seed: int) -> None:
    """The quick tier's twin of the test above: four random matches."""
    play_and_check(cfg, hands, choose_seed)


def test_the_check_sees_a_face_down_card_in_either_form() -> None:
    """The checks above can fail: a view that named a face-down card, as a code or in words,
    or carried a seed, would be caught."""
    s = Session()
    json.loads(s.handle(json.dumps({"op": "new_match", "settings": {
        "players": [{"name": "Fanny"}, {"name": "Edmund"}], "seed": 123456789}})))
    s.handle(json.dumps({"op": "act", "action": {"seat": 0, "type": "deal"}}))
    assert s.game is not None
    card = min(hidden_cards(s.game))
    view = json.loads(s.handle('{"op": "view", "seat": 1}'))["view"]
    check_view(view, s, set(s.game.seen), "the view")
    for leak in ({**view, "peek": card_str(card)},
                 {**view, "prompt": {"text": f"It is the {card_name(card)}."}},
                 {**view, "rules": {"seed": 1}}, {**view, "note": "seed 123456789"}):
        with pytest.raises(AssertionError):
            check_view(leak, s, set(s.game.seen), "the view")
