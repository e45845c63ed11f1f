"""Actions a seat can take, the templates that describe the legal ones, and the events that
applying an action produces.

An ``Action`` is concrete (``bid 7``); a ``Template`` is a family of legal actions with bounds
(``bid from 6 to 40``). ``Template.admits(action)`` is the cheap legality check the engine itself
uses, so a listed template and the verifier can never disagree.

>>> t = Template("bid", seat=2, price_min=6, price_max=40)
>>> t.admits(Action(2, "bid", price=7)), t.admits(Action(2, "bid", price=41))
(True, False)
>>> Action.from_dict({"seat": 1, "type": "offer", "price": 5, "target": 2, "card": 0})
Action(seat=1, kind='offer', price=5, target=2, card=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from .errors import ErrorCode, SpeculationError

KINDS = ("deal", "reveal", "keep", "sell_firm", "sell_negotiate", "sell_auction",
         "accept", "decline", "counter", "bid", "pass", "offer")
PRICED = frozenset({"sell_firm", "sell_negotiate", "sell_auction", "counter", "bid", "offer"})
MAX_INT = 10**9


@dataclass(frozen=True, slots=True)
class Action:
    """One decision by one seat. ``price`` for priced kinds; ``target`` is the buyer for
    ``sell_negotiate`` and the owner for ``offer``; ``card`` is the stack position (0 = top) for
    ``offer``."""

    seat: int
    kind: str
    price: int | None = None
    target: int | None = None
    card: int | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seat": self.seat, "type": self.kind}
        if self.price is not None:
            d["price"] = self.price
        if self.target is not None:
            d["target"] = self.target
        if self.card is not None:
            d["card"] = self.card
        return d

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Read an action from JSON, refusing wrong shapes and types (code ``bad_action``)."""
        if not isinstance(data, dict):
            raise SpeculationError(ErrorCode.BAD_ACTION, "an action must be an object with 'seat' and 'type'")
        unknown = set(data) - {"seat", "type", "price", "target", "card"}
        if unknown:
            first = sorted(map(str, unknown))[0][:30]
            raise SpeculationError(ErrorCode.BAD_ACTION, f"unknown action field {first!r}")
        kind = data.get("type")
        if kind not in KINDS:
            raise SpeculationError(ErrorCode.BAD_ACTION, f"unknown action type {str(kind)[:30]!r}; "
                                   f"known types: {', '.join(KINDS)}")
        seat = _whole(data.get("seat"), "seat")
        if seat is None:
            raise SpeculationError(ErrorCode.BAD_ACTION, "action field 'seat' must be a whole number")
        return cls(seat, kind, _whole(data.get("price"), "price"),
                   _whole(data.get("target"), "target"), _whole(data.get("card"), "card"))

    def __str__(self) -> str:
        extra = "".join(f" {k}={v}" for k, v in (("price", self.price), ("target", self.target),
                                                 ("card", self.card)) if v is not None)
        return f"seat {self.seat}: {self.kind}{extra}"


def _whole(v: Any, name: str) -> int | None:
    """``v`` if it is None or a whole number within bounds; ``bad_action`` otherwise."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not -MAX_INT <= v <= MAX_INT:
        raise SpeculationError(ErrorCode.BAD_ACTION, f"action field {name!r} must be a whole number")
    return v


@dataclass(frozen=True, slots=True)
class Template:
    """A family of legal actions for one seat: the kind, price bounds (inclusive), allowed
    targets (seats) and, for offers, the allowed ``(owner, position)`` cards."""

    kind: str
    seat: int
    price_min: int | None = None
    price_max: int | None = None
    targets: tuple[int, ...] = ()
    cards: tuple[tuple[int, int], ...] = ()
    settles_at: int | None = None  # accept: the chips the trade is made at

    def __post_init__(self) -> None:
        if (self.price_min is None) != (self.price_max is None):
            raise ValueError("a template has both price bounds or neither")

    @property
    def priced(self) -> bool:
        """Whether instances carry a price (then ``price_min``/``price_max`` are ints)."""
        return self.price_min is not None

    def bounds(self) -> tuple[int, int]:
        """The inclusive price bounds; ``ValueError`` for an unpriced template."""
        if self.price_min is None or self.price_max is None:
            raise ValueError(f"{self.kind} takes no price")
        return self.price_min, self.price_max

    def clamp(self, price: float) -> int:
        """``price`` rounded and forced into the template's bounds.

        >>> Template("bid", 0, 6, 40).clamp(3), Template("bid", 0, 6, 40).clamp(12.6)
        (6, 13)
        """
        lo, hi = self.bounds()
        return max(lo, min(hi, round(price)))

    def sample(self, rng: Random, spread: int | None = None, price: int | None = None) -> Action:
        """A random instance: a random card or target, then a price drawn uniformly from the
        bounds (from ``price_min`` to at most ``price_min + spread`` when ``spread`` is given).
        A ``price`` given (already chosen, within the bounds) is used instead of drawing one.

        >>> import random
        >>> t = Template("offer", 1, 1, 9, cards=((0, 0), (2, 1)))
        >>> a = t.sample(random.Random(3), spread=2)
        >>> t.admits(a), a.price <= 3
        (True, True)
        >>> t.sample(random.Random(3), price=9).price
        9
        """
        target = card = None
        if self.cards:
            target, card = self.cards[rng.randrange(len(self.cards))]
        elif self.targets:
            target = self.targets[rng.randrange(len(self.targets))]
        if price is None and self.price_min is not None and self.price_max is not None:
            hi = self.price_max if spread is None else min(self.price_max, self.price_min + spread)
            price = rng.randint(self.price_min, hi)
        return Action(self.seat, self.kind, price if self.priced else None, target, card)

    def admits(self, a: Action) -> bool:
        """Whether the concrete action ``a`` is one of this template's instances."""
        if a.kind != self.kind or a.seat != self.seat:
            return False
        if self.price_min is None or self.price_max is None:
            if a.price is not None:
                return False
        elif a.price is None or not self.price_min <= a.price <= self.price_max:
            return False
        if self.cards:
            return a.card is not None and (a.target, a.card) in self.cards
        if self.targets:
            return a.target in self.targets and a.card is None
        return a.target is None and a.card is None

    def example(self) -> Action:
        """One instance of the template (the lowest price, the first target)."""
        target = card = None
        if self.cards:
            target, card = self.cards[0]
        elif self.targets:
            target = self.targets[0]
        return Action(self.seat, self.kind, self.price_min, target, card)

    def to_dict(self, fair: int | None = None) -> dict[str, Any]:
        """JSON form; ``fair`` (the fair value in chips of the card concerned) is added to a
        priced template, and to ``accept`` / ``decline``, when given."""
        d: dict[str, Any] = {"type": self.kind, "seat": self.seat}
        if self.price_min is not None:
            d["price"] = {"min": self.price_min, "max": self.price_max}
            if fair is not None:
                d["fair"] = fair
        elif fair is not None and self.kind in ("accept", "decline"):
            d["fair"] = fair  # what the card answered for is worth: a trade's other half
        if self.targets:
            d["targets"] = list(self.targets)
        if self.cards:
            d["cards"] = [list(c) for c in self.cards]
        if self.settles_at is not None:
            d["settles_at"] = self.settles_at
        return d

    def __str__(self) -> str:
        s = f"{self.kind}"
        if self.price_min is not None:
            s += f" {self.price_min}..{self.price_max}"
        if self.targets:
            s += f" to {list(self.targets)}"
        if self.cards:
            s += f" cards {[list(c) for c in self.cards]}"
        return s


def counter_bounds(made: int, rounds: int, bid: int | None, ask: int | None, chips: int
                   ) -> tuple[int, int] | None:
    """The prices a counter in a haggle may name (inclusive), or None when no counter is legal:
    strictly between the standing ``bid`` and ``ask``, within the buyer's ``chips``, while the
    side to move has made fewer than ``rounds`` prices (``made``). The engine lists the counter
    template by this rule, and the bots' models of a haggle replay it.

    >>> counter_bounds(0, 3, 4, 9, 50), counter_bounds(1, 3, None, None, 20), counter_bounds(3, 3, 4, 9, 50)
    ((5, 8), (1, 20), None)
    >>> counter_bounds(0, 3, 4, 5, 50)  # no whole price lies between 4 and 5
    """
    lo = (bid or 0) + 1
    hi = min(chips, (ask - 1) if ask is not None else chips)
    return (lo, hi) if made < rounds and lo <= hi else None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log, animation and replays. Never names a face-down
    card: ``card`` is set only when the card is face up for everyone.

    ``kind`` values: ``ante``, ``bust``, ``deal``, ``upcard``, ``penalty``, ``sale_offered``,
    ``declined``, ``skipped``, ``bid``, ``passed``, ``offer``, ``counter``, ``broke_off``,
    ``sold``, ``kept``, ``market_open``, ``bought_facedown``, ``reveal``, ``new_best``,
    ``turn``, ``shown``, ``hand_won``, ``carry_over``, ``reshuffle``, ``match_over``."""

    kind: str
    seat: int | None = None
    other: int | None = None
    card: str | None = None
    amount: int | None = None
    method: str | None = None
    position: int | None = None
    cards: tuple[str, ...] | None = None
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.kind}
        for k in ("seat", "other", "card", "amount", "method", "position"):
            v = getattr(self, k)
            if v is not None:
                d[k] = v
        if self.cards is not None:
            d["cards"] = list(self.cards)
        d["text"] = self.text
        return d
