"""Helpers for scripted rule tests: build a game from a chosen deal and play the quiet choice
(keep, pass, decline, reveal) until something interesting is asked for."""

from __future__ import annotations

from speculation.actions import Action
from speculation.game import Game
from speculation.records import deck_for_deal
from speculation.rules import Rules

NAMES = ["Fanny", "Edmund", "Mary", "Henry", "William", "Julia", "Maria", "Tom"]
QUIET = ("keep", "pass", "decline", "reveal", "deal")


def scenario(stacks: list[list[str]], upcard: str, rules: Rules | None = None,
             dealer: int = 0, dead: list[str] | None = None, seed: int = 1) -> Game:
    """A game whose first hand deals exactly ``stacks`` and ``upcard``; the deal is applied."""
    deck = deck_for_deal(stacks, upcard, dealer, dead)
    g = Game(NAMES[:len(stacks)], rules or Rules(), seed=seed, decks=[deck])
    g.dealer = g.to_act = dealer
    g.apply(Action(dealer, "deal"))
    return g


def quiet_action(g: Game) -> Action:
    """The no-trade choice for whoever is to act."""
    kinds = {t.kind: t for t in g.legal_actions()}
    for k in QUIET:
        if k in kinds:
            return kinds[k].example()
    if "accept" in kinds:  # auction confirmation with nothing else: only when asked to settle
        return kinds["accept"].example()
    raise AssertionError(f"no quiet action in phase {g.phase}: {list(kinds)}")


def play_quiet(g: Game, until_hand_end: bool = True) -> Game:
    """Play quiet choices until the hand ends (phase back to 'deal' or the match over)."""
    hand = g.hand_no
    while not (g.phase in ("deal", "match_over") and g.hands and g.hands[-1].number == hand):
        g.apply(quiet_action(g))
    return g


def act(g: Game, seat: int, kind: str, price: int | None = None, target: int | None = None,
        card: int | None = None):
    return g.apply(Action(seat, kind, price, target, card))


def quiet_until(g: Game, seat: int, phase: str) -> None:
    """Play quiet choices until ``seat`` must act in ``phase``."""
    for _ in range(500):
        if g.to_act == seat and g.phase == phase:
            return
        g.apply(quiet_action(g))
    raise AssertionError(f"seat {seat} never reached phase {phase}")
