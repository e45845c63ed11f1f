"""Exact chances of taking the pot, computed from public information only.

Nobody sees a face-down card, so everyone knows the same things: which cards have been seen and
where the face-down cards lie. Every way of filling the face-down places with the unseen cards is
equally likely. With N unseen cards, ``a`` of them trumps above the best trump showing, and H
face-down places, the best trump survives with probability T = C(N−a, H) / C(N, H); otherwise the
top hidden trump is equally likely to sit in any of the H places, so each face-down card is worth
Q = (1 − T) / H. A seat's chance is T if it holds the best trump plus Q per face-down card it
owns. Variants that let the pot carry over move part of that mass to "carry over".

>>> o = compute_odds(unseen=48, above=2, below=0, seat_facedown=(3, 3, 3, 0), holder=3,
...                  dead=0)
>>> o.seat[3] + 9 * o.per_card == 1
True
>>> str(o.seat[0])
'43/376'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb


@dataclass(frozen=True, slots=True)
class Odds:
    """``seat[i]``: chance seat i takes the pot; ``per_card``: chance that any one face-down card
    (in a player's stack or the dead hand) is the winner; ``carry_over``: chance nobody takes it;
    ``best``: chance that the face-up best trump itself wins (its value is pot × best)."""

    seat: tuple[Fraction, ...]
    per_card: Fraction
    carry_over: Fraction
    best: Fraction = Fraction(0)

    def to_dict(self) -> dict[str, object]:
        return {
            "seats": [exact(p) | {"seat": i} for i, p in enumerate(self.seat)],
            "per_card": exact(self.per_card),
            "carry_over": exact(self.carry_over),
            "best": exact(self.best),
        }


def exact(p: Fraction) -> dict[str, object]:
    """An exact number as the protocol writes it: the fraction ``p`` and its float ``f``.

    >>> exact(Fraction(1, 3))
    {'p': '1/3', 'f': 0.333333}
    """
    return {"p": f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator),
            "f": round(float(p), 6)}


@lru_cache(maxsize=8192)  # a pure function of a few counts, asked at every move; Odds is frozen
def compute_odds(*, unseen: int, above: int, below: int, seat_facedown: tuple[int, ...],
                 holder: int | None, dead: int, no_trump_carries: bool = False) -> Odds:
    """Chances from counts alone.

    ``unseen``: cards not yet seen (N); ``above``/``below``: unseen trumps ranked above/below the
    best trump showing; ``seat_facedown``: face-down cards per seat; ``holder``: seat holding the
    best trump (None when the pool owns it, which means a carry-over if it survives); ``dead``:
    face-down cards of a dead hand (they carry the pot over if they hold the winner);
    ``no_trump_carries``: the pot carries over if no player's card turns out to be a trump (only
    pass True while the best trump is the upcard and no player has shown a trump).
    """
    f = sum(seat_facedown)
    h = f + dead
    total = comb(unseen, h)
    survive = Fraction(comb(unseen - above, h), total) if total else Fraction(1)
    per_card = (1 - survive) / h if h else Fraction(0)
    carry = per_card * dead
    holder_share = survive
    if holder is None:
        carry += survive
        holder_share = Fraction(0)
    elif no_trump_carries:
        # No trump at all among the players' face-down cards, and none above the best in the
        # dead hand (which may still hold a lower trump).
        none_in_players = Fraction(comb(unseen - above - below, f), comb(unseen, f))
        rest = unseen - f
        if not dead:
            dead_ok = Fraction(1)
        elif rest < above:  # then some player must hold a trump: none_in_players is 0 anyway
            dead_ok = Fraction(0)
        else:
            dead_ok = Fraction(comb(rest - above, dead), comb(rest, dead))
        nobody = none_in_players * dead_ok
        carry += nobody
        holder_share -= nobody
    seats = tuple(per_card * n + (holder_share if i == holder else 0)
                  for i, n in enumerate(seat_facedown))
    return Odds(seats, per_card, carry, holder_share)
