"""The public log the engine keeps: one ``Step`` per action (with the public context it was taken
in) and one ``LogEntry`` per event. Everything here is known to everyone at the table; no
face-down card appears in it.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> g = Game(["Fanny", "Edmund", "Mary"], seed=4)
>>> _ = g.apply(Action(0, "deal"))
>>> g.steps[0].action.kind, g.steps[0].pot, g.log[0].to_dict()["text"]
('deal', 0, 'Fanny antes 4 chips.')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action, Event


@dataclass(frozen=True, slots=True)
class Step:
    """One action and the public context it was taken in.

    ``phase`` and ``pot``: before the action. ``stake``: what was traded, ``"trump"`` (the best
    trump showing), ``"card"`` (one face-down card) or ``""`` (nothing, or a market pass, which
    names no price). ``fair``: the stake's fair value in chips (``DecisionContext.fair``: exact
    chance × (pot + ``deal``)), 0.0 without a stake; ``share``: its share of the pot alone
    (chance × pot, what the bots' reads of a price compare it with); ``deal``: what dealing the
    next hand added to taking the pot then (0.0 on a match's last hand). ``price``: the price
    the action set or answered (a bid, an ask, the firm price accepted or declined, the other
    side's last price in a haggle). ``role``: ``"seller"``, ``"buyer"`` or ``""`` for the acting
    seat. ``best_rank`` (the rank of the best trump when a
    player holds it) and ``facedown`` (hidden cards on the table, the dead hand's included) let a
    reader value the stake by rank alone."""

    index: int
    action: Action
    hand: int
    phase: str
    pot: int
    stake: str
    fair: float
    price: int | None
    role: str
    best_rank: int | None
    facedown: int
    share: float = 0.0
    deal: float = 0.0


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event of the public log: the event, its position ``index`` in the log, the ``step``
    (index of the action that caused it), the hand, and the phase and fair value of the action's
    stake at that moment (None without a stake)."""

    index: int
    step: int
    hand: int
    phase: str
    fair: int | None
    event: Event

    def to_dict(self) -> dict[str, Any]:
        """The event's JSON form plus ``index``, ``step``, ``hand``, ``phase`` and ``fair``."""
        return {**self.event.to_dict(), "index": self.index, "step": self.step,
                "hand": self.hand, "phase": self.phase, "fair": self.fair}
