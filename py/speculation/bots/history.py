"""The public action log that bots read to model their opponents.

Every action in Speculation is public: an offer names a stack position, never a card. The engine
keeps, for each action, the public context it was taken in (``speculation.log.Step``): the pot,
the exact fair value of what was at stake and the price the action answered. This module turns
those steps into the entries bots read; it never looks at anything hidden.

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
from ..game import Game
from ..log import Step
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


History = tuple[Entry, ...]
"""The public log as bots receive it."""

_CACHE: weakref.WeakKeyDictionary[Game, list[Entry]] = weakref.WeakKeyDictionary()


def public_history(game: Game) -> History:
    """The public log of ``game``: one ``Entry`` per action so far, read from the engine's own
    log (``game.steps``). Entries already built are kept per game (the same objects on every
    call), so repeated calls cost only the new actions."""
    entries = _CACHE.get(game)
    steps = game.steps
    if entries is None or len(entries) > len(steps) or (
            entries and entries[-1].action is not steps[len(entries) - 1].action):
        entries = []
        _CACHE[game] = entries
    entries.extend(entry_of(st) for st in steps[len(entries):])
    return tuple(entries)


def entry_of(step: Step) -> Entry:
    """A bot's view of one step of the engine's log."""
    naive = 0.0
    if step.stake:
        shares = naive_shares(step.best_rank, step.facedown)
        naive = shares[0 if step.stake == "trump" else 1] * step.pot
    # the bots compare prices with a card's share of the pot, which the expert adds the deal to
    return Entry(step.action, step.hand, step.phase, step.pot, step.share, step.price, step.role,
                 naive)
