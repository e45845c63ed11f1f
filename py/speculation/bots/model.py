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
from statistics import NormalDist

from .history import Entry, History

Pair = tuple[float | None, float | None]
NONE: Pair = (None, None)
FAIR, NAIVE = 0, 1
PRIOR_NAIVE = 0.5  # an unknown opponent is as likely to judge by rank as by the odds
SPREAD = 0.3
PROBE = 1.1  # how far above its highest price a seat that never refused is probed
# A face-down offer the owner can be expected to refuse is not made: the chance that the owner's
# least price is within the buyer's limit, read from the table (a stranger sells at about its
# yardstick; one that refused a price will refuse it again), must be at least LIKELY.
LIKELY = 0.15
SD_OWNER = 0.2  # log-normal spread of an owner's least price around that read
_NORMAL = NormalDist()  # the standard normal


@dataclass(frozen=True, slots=True)
class Read:
    """What the table has shown about one seat. Each field holds one value per yardstick
    (fair, rank-only), as multiples of it: ``paid`` the most it committed to pay, ``refused``
    the least it refused to pay, ``sold`` the least it accepted as a seller, ``held`` the most it
    refused as a seller; ``fit`` the sum of squared log-ratios of all the prices it named or
    accepted, ``n`` how many; ``no`` how many prices it refused, as a buyer or a seller."""

    paid: Pair = NONE
    refused: Pair = NONE
    sold: Pair = NONE
    held: Pair = NONE
    fit: tuple[float, float] = (0.0, 0.0)
    n: int = 0
    no: int = 0

    @property
    def shown(self) -> int:
        """How many prices the seat has named, accepted or refused: the evidence its read
        rests on."""
        return self.n + self.no

    def spread(self, sd: float) -> float:
        """The spread of this seat's price around its read, from ``sd`` for a seat that has
        shown nothing: it narrows as the seat shows more (a standard error's 1/√(1 + shown)),
        so the read converges on what the seat does rather than staying a stranger's."""
        return sd / math.sqrt(1 + self.shown)

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
    named = refusal = False
    if e.role == "buyer":
        if k in ("bid", "offer", "counter", "accept"):
            paid, named = _pair(_hi, paid, ratios), True
        elif k in ("decline", "pass"):
            refused, refusal = _pair(_lo, refused, ratios), True
    elif e.role == "seller":
        if k == "accept":
            sold, named = _pair(_lo, sold, ratios), True
        elif k == "decline":
            held, refusal = _pair(_hi, held, ratios), True
        elif k in ("sell_firm", "sell_auction", "sell_negotiate", "counter"):  # a reserve too
            named = True
    fit, n = r.fit, r.n
    if named and None not in ratios:
        fit = (fit[0] + math.log(ratios[0]) ** 2, fit[1] + math.log(ratios[1]) ** 2)  # type: ignore[arg-type]
        n += 1
    return Read(paid, refused, sold, held, fit, n, r.no + refusal)


def merge(a: Read, b: Read) -> Read:
    """The read of a seat from two stretches of the log, ``a`` then ``b``."""
    return Read(_pair(_hi, a.paid, b.paid), _pair(_lo, a.refused, b.refused),
                _pair(_lo, a.sold, b.sold), _pair(_hi, a.held, b.held),
                (a.fit[0] + b.fit[0], a.fit[1] + b.fit[1]), a.n + b.n, a.no + b.no)


def read_table(history: tuple[Entry, ...], seats: int) -> tuple[Read, ...]:
    """One ``Read`` per seat from the whole public log."""
    reads = [Read() for _ in range(seats)]
    for e in history:
        if e.role and e.price is not None and 0 <= e.action.seat < seats:
            reads[e.action.seat] = note(reads[e.action.seat], e)
    return tuple(reads)


class TableReader:
    """``read_table`` for one bot, updated incrementally when the log it is given extends the
    last one it read (the result is the same either way, so decisions stay pure).

    >>> TableReader().reads((), 3) == read_table((), 3)
    True
    """

    def __init__(self) -> None:
        self._cache: tuple[int, object, tuple[Read, ...]] = (0, None, ())

    def reads(self, history: History, seats: int) -> tuple[Read, ...]:
        """One ``Read`` per seat from the whole of ``history``."""
        n, last, reads = self._cache
        if n and n <= len(history) and history[n - 1] is last and len(reads) == seats:
            new = read_table(history[n:], seats)
            reads = tuple(merge(a, b) for a, b in zip(reads, new, strict=True))
        else:
            reads = read_table(history, seats)
        self._cache = (len(history), history[-1] if history else None, reads)
        return reads


def since_reveal(history: History) -> History:
    """The part of ``history`` since the last card was turned up (or dealt): while no card is
    turned up, a noisy bot's random error stays the same (``TraderBot.error`` draws it for
    each state of the table), so a price it refused then it refuses again."""
    last = max((i for i, e in enumerate(history) if e.action.kind in ("reveal", "deal")),
               default=-1)
    return history[last + 1:]


def refusals(history: History, seats: int, hand: int) -> tuple[Pair, ...]:
    """Per seat, the highest price (as multiples of the fair and of the rank-only value) it has
    been offered for one of its face-down cards and did not take, refusing or countering, in
    hand number ``hand``: all public, from the log.

    >>> from speculation.actions import Action
    >>> from speculation.bots.history import Entry
    >>> offer = Entry(Action(1, "offer", 1, 0, 0), 1, "market", 16, 1.25, 1, "buyer", 1.0)
    >>> ask = Entry(Action(0, "counter", 2), 1, "negotiation", 16, 1.25, 2, "seller", 1.0)
    >>> refusals((offer, ask), 2, 1), refusals((offer, ask), 2, 2)
    (((0.8, 1.0), (None, None)), ((None, None), (None, None)))
    """
    out: list[Pair] = [(None, None)] * seats
    bid: int | None = None  # the standing bid in a haggle for a face-down card, if one is on
    for e in history:
        k = e.action.kind
        if e.hand != hand:
            continue
        if k == "offer":
            bid = e.price
        elif bid is not None and e.phase == "negotiation":
            if e.role == "buyer" and k == "counter":
                bid = e.price
            elif e.role == "seller" and k in ("counter", "decline") and 0 <= e.action.seat < seats:
                f, n = out[e.action.seat]
                out[e.action.seat] = (_top(f, _ratio(bid, e.fair)), _top(n, _ratio(bid, e.naive)))
            if k in ("accept", "decline"):
                bid = None
        else:
            bid = None
    return tuple(out)


def _ratio(price: int, value: float) -> float | None:
    return price / value if value >= 0.5 else None


def _top(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else max(a, b)


def acceptance(r: Read, refused: Pair, top: int, fair: float, naive: float) -> float:
    """The chance, as the table has shown it, that a seat read as ``r`` sells one face-down card
    (worth ``fair``, ``naive`` to a rank-only judge) for at most ``top``: its least price is its
    read floor on each yardstick (a stranger's: the yardstick itself), weighted by the chance
    that it judges that way, with a log-normal spread; none at all if by either yardstick it
    has already refused as much as ``top`` (a price it refused it will refuse again).

    >>> none = (None, None)
    >>> round(acceptance(Read(), none, 1, 1.5, 1.5), 3), round(acceptance(Read(), none, 2, 1.5, 1.5), 2)
    (0.021, 0.92)
    >>> acceptance(Read(), (1.4, 1.4), 2, 1.5, 1.5)  # it refused 2.1 for a card worth 1.5
    0.0
    """
    if top < 1:
        return 0.0
    yardsticks = ((FAIR, fair), (NAIVE, naive))
    for basis, value in yardsticks:
        held = _top(r.held[basis], refused[basis])
        if held is not None and value > 0 and top <= held * value:
            return 0.0  # it has refused this much, for the card's worth, before
    p = r.naive_chance() if naive >= 0.5 else 0.0
    out = 0.0
    for weight, (basis, value) in zip((1.0 - p, p), yardsticks, strict=True):
        least = r.floor(basis) * value
        if weight > 0:
            out += weight * (1.0 if least <= 0 else _NORMAL.cdf(math.log(top / least) / SD_OWNER))
    return out


def above_refused(r: Read, refused: Pair, fair: float, naive: float) -> int:
    """The least whole price above every price the owner read as ``r`` has refused for a card
    like this (as multiples of its worth, ``fair`` and, to a rank-only judge, ``naive``): an
    offer at or below it would be refused again, so it is not made (issue 26: a casual buyer
    offered 1 chip five times in one hand to an owner who refused 1 chip each time).
    0 when it has refused nothing.

    >>> none = (None, None)
    >>> above_refused(Read(), none, 1.5, 1.5)
    0
    >>> above_refused(Read(), (0.72, 0.75), 1.51, 1.51)   # it refused 1 for a card worth 1.39
    2
    """
    least = 0
    for basis, value in ((FAIR, fair), (NAIVE, naive)):
        held = _top(r.held[basis], refused[basis])
        if held is not None and value > 0:
            # (a refused 1 chip for a card worth 0.838 is held as 1.1927×: times 0.838 that is
            # 0.99999…, and the floor must not make it 0 and offer the same chip again)
            least = max(least, math.floor(held * value + 1e-9) + 1)
    return least
