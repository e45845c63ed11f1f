"""The public action log that bots read to model their opponents.

Every action in Speculation is public: an offer names a stack position, never a card. A bare
``Action`` does not say what was at stake, so each entry also carries the public context in which
it was taken: the pot, the exact fair value of the card or cards being traded, and the price the
action answered. Everything here can be computed by anyone watching the table.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> g = Game(["Fanny", "Edmund", "Mary"], seed=4)
>>> _ = g.apply(Action(0, "deal"))
>>> h = public_history(g)
>>> len(h), h[0].action.kind, h[0].pot
(1, 'deal', 0)
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from ..actions import Action
from ..cards import rank_of
from ..game import Game
from .pricing import naive_shares

BUYER_KINDS = frozenset({"bid", "offer"})
SELLER_KINDS = frozenset({"sell_firm", "sell_auction", "sell_negotiate", "keep"})


@dataclass(frozen=True, slots=True)
class Entry:
    """One public action with its context.

    ``fair``: fair value in chips (pot × exact probability) of what was at stake: the best trump
    in a sale, one face-down card in the market, 0 otherwise (and for a pass in the market,
    which names no price); ``naive``: its value to someone who
    judges a trump by its rank alone (see ``pricing.naive_shares``). ``price``: the price the action set
    or answered (a bid, an ask, the firm price accepted or declined). ``role``: ``"buyer"``,
    ``"seller"`` or ``""`` for the acting seat."""

    action: Action
    hand: int
    phase: str
    pot: int
    fair: float
    price: int | None
    role: str
    naive: float = 0.0

    @property
    def ratio(self) -> float | None:
        """Price as a multiple of fair value (None when either is missing or fair is tiny)."""
        return _ratio(self.price, self.fair)

    @property
    def naive_ratio(self) -> float | None:
        """Price as a multiple of the rank-only value."""
        return _ratio(self.price, self.naive)


def _ratio(price: int | None, value: float) -> float | None:
    return None if price is None or value < 0.5 else price / value


class _Shadow:
    """A replay of a game's public actions that records each action's context."""

    def __init__(self, game: Game) -> None:
        self.game = Game(game.names, game.rules, seed=game.seed, decks=game.decks)
        self.entries: list[Entry] = []

    def advance(self, actions: list[Action]) -> None:
        for a in actions[len(self.entries):]:
            self.entries.append(context_of(self.game, a))
            self.game.apply(a)


History = tuple[Entry, ...]
"""The public log as bots receive it."""

_CACHE: "weakref.WeakKeyDictionary[Game, _Shadow]" = weakref.WeakKeyDictionary()


def public_history(game: Game) -> History:
    """The public log of ``game``: one ``Entry`` per action so far.

    Replays the actions on a private copy to recover the public context of each; the copy is
    cached per game so repeated calls cost only the new actions."""
    shadow = _CACHE.get(game)
    n = len(shadow.entries) if shadow is not None else 0
    if shadow is None or n > len(game.actions) or (n and shadow.entries[-1].action != game.actions[n - 1]):
        shadow = _Shadow(game)
        _CACHE[game] = shadow
    shadow.advance(game.actions)
    return tuple(shadow.entries)


def context_of(game: Game, a: Action) -> Entry:
    """The public context of action ``a`` about to be applied to ``game``."""
    fair, naive, price, role = 0.0, 0.0, a.price, ""
    phase = game.phase
    odds = None
    priced = not (phase == "market" and a.kind == "pass")  # a market pass names no price
    if priced and phase in ("sale", "firm", "auction", "auction_confirm", "market", "negotiation"):
        odds = game.odds()
    h, sale = game.haggle, game.sale
    if odds is not None:
        rank = rank_of(game.best) if game.best is not None and game.holder is not None else None
        facedown = sum(len(s) for s in game.stacks) + len(game.dead)
        shares = naive_shares(rank, facedown)
    if phase == "negotiation" and h is not None and odds is not None:
        on_trump = h.context == "sale"
        fair = trump_value(game, odds) if on_trump else float(odds.per_card * game.pot)
        naive = shares[0 if on_trump else 1] * game.pot
        role = "seller" if a.seat == h.seller else "buyer"
        if a.kind != "counter":
            price = h.bid if role == "seller" else h.ask
    elif phase == "market" and odds is not None:
        fair, role = float(odds.per_card * game.pot), ("buyer" if a.kind == "offer" else "")
        naive = shares[1] * game.pot
    elif sale is not None and odds is not None:
        fair, naive = trump_value(game, odds), shares[0] * game.pot
        if phase == "sale":
            role = "seller"
        elif phase == "firm":
            role, price = "buyer", sale.price
        elif phase == "auction":
            role = "buyer"
            if a.kind == "pass":
                price = max(sale.high_bid + 1, sale.price)
        elif phase == "auction_confirm":
            role, price = "seller", sale.high_bid
    return Entry(a, game.hand_no, phase, game.pot, fair, price, role, naive)


def trump_value(game: Game, odds: object) -> float:
    """Fair value in chips of the best trump showing (its holder's share of the pot)."""
    holder = game.holder
    if holder is None:
        return 0.0
    share = odds.seat[holder] - odds.per_card * len(game.stacks[holder])  # type: ignore[attr-defined]
    return float(share * game.pot)
