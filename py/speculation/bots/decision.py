"""What every bot returns, and the seeded randomness it may use.

A bot's choice is a pure function of its seat's observation, the public history and its seed:
the random generator for each decision is seeded from (seed, seat, length of the history), so a
match reloaded from a save carries on exactly as it would have.

>>> a = rng_for(7, 1, 30).random(); b = rng_for(7, 1, 30).random()
>>> a == b, a == rng_for(7, 1, 31).random()
(True, False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from ..actions import Action, Template
from ..observation import Observation
from .history import History


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's action and a short human-readable reason for it.

    ``private`` holds the bot's own numbers behind the decision (the most it would pay, the
    least it would take, the price it plans to name next). They are never shown during a match:
    ``to_dict`` (what the bridge sends) leaves them out and the reason never states them; they
    exist so that tests, and a review after the match, can check and show them. ``plan`` names
    the plan behind a move when the coach words it apart (``sale.RANK_ONLY_ASK``,
    ``sale.LONG_SHOT_ASK``)."""

    action: Action
    reason: str
    private: tuple[float, ...] = field(default=(), repr=False)
    plan: str = field(default="", repr=False)  # a named plan behind the move ("rank-only ask")

    def to_dict(self) -> dict[str, object]:
        return {"action": self.action.to_dict(), "reason": self.reason}


class Bot(Protocol):
    """Anything with ``decide(obs, history) -> Decision``."""

    seat: int

    def decide(self, obs: Observation, history: History) -> Decision: ...


def rng_for(seed: int, seat: int, step: int, salt: str = "") -> random.Random:
    """A generator seeded from text (string seeds hash the same on every platform)."""
    return random.Random(f"{seed}:{seat}:{step}:{salt}")


def template(obs: Observation, kind: str) -> Template | None:
    """The first legal template of ``kind`` in ``obs`` (None if that kind is not legal)."""
    return next((t for t in obs.legal if t.kind == kind), None)


def forced(obs: Observation) -> Decision | None:
    """The decision when there is no choice (deal, reveal); None otherwise."""
    if len(obs.legal) != 1 or obs.legal[0].price_min is not None:
        return None
    t = obs.legal[0]
    why = {"deal": "Dealing the next hand.", "reveal": "My turn: turning up my top card."}
    return Decision(t.example(), why.get(t.kind, f"Only one thing to do: {t.kind}."))


def clamp(x: int, lo: int, hi: int) -> int:
    """``x`` forced into ``[lo, hi]``."""
    return max(lo, min(hi, x))
