"""Reading opponents from the public log.

Every price in the log is compared with the exact fair value at that moment. A seat that bid or
accepted 1.3 times fair value will probably pay that much again; one that sold a face-down card
for half its worth will probably do so again. ``read_table`` turns the log into one ``Read`` per
seat; the expert prices against those reads.

>>> r = Read(paid=1.3, refused=None, sold=None, held=None)
>>> round(r.ceiling(), 2), Read().ceiling(), Read().floor()
(1.43, 1.0, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .history import Entry


@dataclass(frozen=True, slots=True)
class Read:
    """What the table has shown about one seat, as multiples of fair value: ``paid`` the most it
    committed to pay, ``refused`` the least it refused to pay, ``sold`` the least it accepted as
    a seller, ``held`` the most it refused as a seller."""

    paid: float | None = None
    refused: float | None = None
    sold: float | None = None
    held: float | None = None

    def ceiling(self) -> float:
        """Estimated most it will pay (prior: fair value)."""
        if self.paid is not None and self.refused is not None and self.refused > self.paid:
            return (self.paid + self.refused) / 2
        if self.paid is not None:  # never refused: probe a little above what it paid
            return max(self.paid * 1.1, 1.0) if self.refused is None else self.paid
        if self.refused is not None:
            return min(1.0, self.refused * 0.95)
        return 1.0

    def floor(self) -> float:
        """Estimated least it will sell for (prior: fair value)."""
        if self.sold is not None and self.held is not None and self.held < self.sold:
            return (self.sold + self.held) / 2
        if self.sold is not None:
            return self.sold
        if self.held is not None:
            return max(1.0, self.held * 1.05)
        return 1.0

    @property
    def sells_cheap(self) -> bool:
        return self.sold is not None and self.sold < 0.95


def _lo(a: float | None, b: float) -> float:
    return b if a is None else min(a, b)


def _hi(a: float | None, b: float) -> float:
    return b if a is None else max(a, b)


def note(r: Read, e: Entry) -> Read:
    """``r`` updated with what entry ``e`` shows about its actor."""
    ratio = e.ratio
    if ratio is None:
        return r
    k = e.action.kind
    if e.role == "buyer":
        if k in ("bid", "offer", "counter", "accept"):
            return replace(r, paid=_hi(r.paid, ratio))
        if k in ("decline", "pass"):
            return replace(r, refused=_lo(r.refused, ratio))
    elif e.role == "seller":
        if k == "accept":
            return replace(r, sold=_lo(r.sold, ratio))
        if k == "decline":
            return replace(r, held=_hi(r.held, ratio))
    return r


def merge(a: Read, b: Read) -> Read:
    """The read of a seat from two stretches of the log, ``a`` then ``b``."""
    pick = lambda x, y, f: x if y is None else (y if x is None else f(x, y))  # noqa: E731
    return Read(pick(a.paid, b.paid, max), pick(a.refused, b.refused, min),
                pick(a.sold, b.sold, min), pick(a.held, b.held, max))


def read_table(history: tuple[Entry, ...], seats: int) -> tuple[Read, ...]:
    """One ``Read`` per seat from the whole public log."""
    reads = [Read() for _ in range(seats)]
    for e in history:
        if e.role and e.price is not None and 0 <= e.action.seat < seats:
            reads[e.action.seat] = note(reads[e.action.seat], e)
    return tuple(reads)
