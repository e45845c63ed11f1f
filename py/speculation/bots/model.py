"""Reading opponents from the public log.

Every price in the log is compared with two yardsticks: the exact fair value at that moment,
and the value a player would put on it who judges a trump by its rank alone (the commonest
mistake at the table). Whichever yardstick a seat's prices fit better is taken as the way that
seat thinks, and its prices are read as multiples of that yardstick: one that bid 1.3 times its
yardstick will probably do so again, one that sold a face-down card for half of it probably
will again. ``read_table`` turns the log into one ``Read`` per seat; the expert prices against
those reads.

>>> r = Read(paid=(1.3, None), fit=(0.07, 0.5), n=1)
>>> r.basis(), round(r.ceiling(), 2), Read().ceiling(), Read().floor(), Read().naive_chance()
(0, 1.43, 1.0, 1.0, 0.5)
>>> round(Read(paid=(2.0, 1.0), fit=(0.48, 0.01), n=1).value("ceiling", 10.0, 12.0), 2)
13.2
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .history import Entry

Pair = tuple[float | None, float | None]
NONE: Pair = (None, None)
FAIR, NAIVE = 0, 1
PRIOR_NAIVE = 0.5  # an unknown opponent is as likely to judge by rank as by the odds
SPREAD = 0.3
PROBE = 1.1  # how far above its highest price a seat that never refused is probed


@dataclass(frozen=True, slots=True)
class Read:
    """What the table has shown about one seat. Each field holds one value per yardstick
    (fair, rank-only), as multiples of it: ``paid`` the most it committed to pay, ``refused``
    the least it refused to pay, ``sold`` the least it accepted as a seller, ``held`` the most it
    refused as a seller; ``fit`` the sum of squared log-ratios of all the prices it named or
    accepted, ``n`` how many."""

    paid: Pair = NONE
    refused: Pair = NONE
    sold: Pair = NONE
    held: Pair = NONE
    fit: tuple[float, float] = (0.0, 0.0)
    n: int = 0

    def basis(self) -> int:
        """``NAIVE`` when its prices fit the rank-only yardstick better, else ``FAIR``."""
        return NAIVE if self.naive_chance() > 0.5 else FAIR

    def naive_chance(self) -> float:
        """Chance that this seat judges trumps by rank alone: a prior of ``PRIOR_NAIVE``
        updated by how well its prices fit each yardstick (log-normal errors of spread
        ``SPREAD``)."""
        a = math.log(PRIOR_NAIVE) - self.fit[NAIVE] / (2 * SPREAD ** 2)
        b = math.log(1 - PRIOR_NAIVE) - self.fit[FAIR] / (2 * SPREAD ** 2)
        m = max(a, b)
        return math.exp(a - m) / (math.exp(a - m) + math.exp(b - m))

    def ceiling(self, b: int | None = None) -> float:
        """Estimated most it will pay, as a multiple of yardstick ``b`` (prior: 1)."""
        b = self.basis() if b is None else b
        paid, refused = self.paid[b], self.refused[b]
        if paid is not None and refused is not None and refused > paid:
            return (paid + refused) / 2
        if paid is not None:  # never refused: probe a little above what it paid
            return max(paid * PROBE, 1.0) if refused is None else paid
        if refused is not None:
            return min(1.0, refused * 0.95)
        return 1.0

    def floor(self, b: int | None = None) -> float:
        """Estimated least it will sell for, as a multiple of yardstick ``b`` (prior: 1)."""
        b = self.basis() if b is None else b
        sold, held = self.sold[b], self.held[b]
        if sold is not None and held is not None and held < sold:
            return (sold + held) / 2
        if sold is not None:
            return sold
        if held is not None:
            return max(1.0, held * 1.05)
        return 1.0

    def value(self, which: str, fair: float, naive: float) -> float:
        """Its estimated ``"ceiling"`` or ``"floor"`` in chips for a stake worth ``fair``
        (``naive`` on the rank-only yardstick)."""
        b = self.basis()
        ratio = self.ceiling(b) if which == "ceiling" else self.floor(b)
        return ratio * (naive if b == NAIVE and naive >= 0.5 else fair)

    @property
    def sells_cheap(self) -> bool:
        sold = self.sold[FAIR]
        return sold is not None and sold < 0.95


def _lo(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else min(a, b)


def _hi(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else max(a, b)


def _pair(f: Callable[[float | None, float | None], float | None], a: Pair, b: Pair) -> Pair:
    return (f(a[0], b[0]), f(a[1], b[1]))


def note(r: Read, e: Entry) -> Read:
    """``r`` updated with what entry ``e`` shows about its actor."""
    ratios: Pair = (e.ratio, e.naive_ratio)
    if ratios == NONE:
        return r
    k = e.action.kind
    paid, refused, sold, held = r.paid, r.refused, r.sold, r.held
    named = False
    if e.role == "buyer":
        if k in ("bid", "offer", "counter", "accept"):
            paid, named = _pair(_hi, paid, ratios), True
        elif k in ("decline", "pass"):
            refused = _pair(_lo, refused, ratios)
    elif e.role == "seller":
        if k == "accept":
            sold, named = _pair(_lo, sold, ratios), True
        elif k == "decline":
            held = _pair(_hi, held, ratios)
        elif k in ("sell_firm", "sell_auction", "sell_negotiate", "counter"):  # a reserve too
            named = True
    fit, n = r.fit, r.n
    if named and None not in ratios:
        fit = (fit[0] + math.log(ratios[0]) ** 2, fit[1] + math.log(ratios[1]) ** 2)  # type: ignore[arg-type]
        n += 1
    return Read(paid, refused, sold, held, fit, n)


def merge(a: Read, b: Read) -> Read:
    """The read of a seat from two stretches of the log, ``a`` then ``b``."""
    return Read(_pair(_hi, a.paid, b.paid), _pair(_lo, a.refused, b.refused),
                _pair(_lo, a.sold, b.sold), _pair(_hi, a.held, b.held),
                (a.fit[0] + b.fit[0], a.fit[1] + b.fit[1]), a.n + b.n)


def read_table(history: tuple[Entry, ...], seats: int) -> tuple[Read, ...]:
    """One ``Read`` per seat from the whole public log."""
    reads = [Read() for _ in range(seats)]
    for e in history:
        if e.role and e.price is not None and 0 <= e.action.seat < seats:
            reads[e.action.seat] = note(reads[e.action.seat], e)
    return tuple(reads)
