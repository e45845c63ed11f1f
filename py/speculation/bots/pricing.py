"""Fair values and reservation prices, from the exact public odds.

Everything a bot prices is a share of the pot: the best trump showing is worth the pot times its
chance of surviving; every face-down card is worth the pot times the same ``per_card`` chance.
A seat's whole position is one bet: it takes the pot with probability ``p``. A personality's risk
attitude is an exponential utility with coefficient ``rho`` per pot (0 neutral, > 0 cautious,
< 0 bold), which gives closed-form certainty equivalents; a reservation price is the change in
certainty equivalent that a trade causes.

>>> round(certainty(0.5, 20, 0.0), 6), certainty(0.5, 20, 1.0) < 10 < certainty(0.5, 20, -1.0)
(10.0, True)
>>> round(buy_limit(0.25, 0.25, 20, 0.0), 6)
5.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..cards import RANK_NAMES, rank_of
from ..observation import Observation


@dataclass(frozen=True, slots=True)
class Stake:
    """What a decision is about.

    ``kind``: ``"trump"`` (the best trump showing, on sale) or ``"card"`` (one face-down card);
    ``share``: its exact chance of taking the pot; ``fair``: pot × share in chips; ``mine``: the
    deciding seat's own chance before the trade; ``pot``: chips in the pot."""

    kind: str
    share: float
    fair: float
    mine: float
    pot: int


def certainty(p: float, pot: float, rho: float) -> float:
    """Certainty equivalent, in chips, of winning ``pot`` with probability ``p`` for a player
    with exponential utility of coefficient ``rho`` per pot (rho = 0: ``p * pot``)."""
    p = min(1.0, max(0.0, p))
    if abs(rho) < 1e-9:
        return p * pot
    c = 1.0 - math.exp(-rho)
    return -math.log(1.0 - p * c) / rho * pot


def buy_limit(mine: float, share: float, pot: float, rho: float) -> float:
    """Most a player holding chance ``mine`` should pay to add ``share`` (no margin)."""
    return certainty(mine + share, pot, rho) - certainty(mine, pot, rho)


def sell_floor(mine: float, share: float, pot: float, rho: float) -> float:
    """Least a player holding chance ``mine`` should take to give up ``share`` (no margin)."""
    return certainty(mine, pot, rho) - certainty(mine - share, pot, rho)


def stake_of(obs: Observation) -> Stake:
    """The stake of the decision under way as the engine states it (``obs.context``: the best
    trump in a sale, else one face-down card, also when nothing is at stake)."""
    seat = obs.seat if obs.seat is not None else 0
    mine = float(obs.odds.seat[seat])
    ctx = obs.context
    on_trump = ctx is not None and ctx.stake == "trump"
    share = float(ctx.chance or 0) if ctx is not None and on_trump else float(obs.odds.per_card)
    return Stake("trump" if on_trump else "card", share, share * obs.pot, mine, obs.pot)


def naive_shares(best_rank: int | None, facedown: int) -> tuple[float, float]:
    """(trump, one face-down card) as a player who judges a trump by its rank alone sees them:
    the best trump wins (rank − 2) / 12 of the time, the rest is shared by the face-down cards.

    >>> naive_shares(14, 10)
    (1.0, 0.0)
    >>> naive_shares(8, 10)
    (0.5, 0.05)
    """
    trump = 0.0 if best_rank is None else (best_rank - 2) / 12
    return trump, (1 - trump) / facedown if facedown else 0.0


def naive_value(obs: Observation, stake: Stake) -> float:
    """The stake's value in chips to someone who judges a trump by its rank alone."""
    rank = rank_of(obs.best) if obs.best is not None and obs.holder is not None else None
    trump, card = naive_shares(rank, facedown_total(obs))
    return (trump if stake.kind == "trump" else card) * obs.pot


def above_count(obs: Observation) -> int:
    """Unseen trumps that rank above the best trump showing (the engine's count,
    ``DecisionContext.above``; 0 with no decision under way)."""
    return obs.context.above if obs.context is not None else 0


def facedown_total(obs: Observation) -> int:
    """Face-down cards on the table (players' stacks and the dead hand)."""
    return sum(obs.stacks) + obs.dead_hand


def describe(obs: Observation, stake: Stake) -> str:
    """A short sentence on why the stake is worth what it is, for reasons and the coach: the
    chance itself first, the card counts behind it as a detail, then the value in chips.

    E.g. ``"the jack holds with a 26 % chance (3 of the 51 unseen cards beat it): worth 4.2 of
    the 16-chip pot"``."""
    worth = f"worth {chips(stake.fair)} of the {stake.pot}-chip pot"
    if stake.kind == "trump" and obs.best is not None:
        n, a = obs.unseen, above_count(obs)
        name = RANK_NAMES[rank_of(obs.best)]
        detail = (f"none of the {plural(n, 'unseen card')} can beat it" if a == 0 else
                  f"{a} of the {plural(n, 'unseen card')} {'beats' if a == 1 else 'beat'} it")
        return f"the {name} holds with a {percent(stake.share)} chance ({detail}): {worth}"
    h = facedown_total(obs)
    if h == 0 or stake.share <= 0:
        return f"no face-down card can win any more: {worth}"
    if h == 1:
        return f"the one face-down card wins with a {percent(stake.share)} chance: {worth}"
    return f"each of the {h} face-down cards wins with a {percent(stake.share)} chance: {worth}"


def percent(p: float) -> str:
    """A chance as a percentage, rounded to a whole number unless that would read as certain
    or impossible when it is not (then with as many decimals as it takes, up to three).

    >>> percent(0.2634), percent(0.996), percent(0.0004), percent(1.0), percent(0.0)
    ('26 %', '99.6 %', '0.04 %', '100 %', '0 %')
    """
    x = 100 * float(p)
    for digits in range(4):
        r = round(x, digits)
        if (r not in (0, 100) or x in (0, 100)) or digits == 3:
            break
    return f"{r:.{digits}f} %"


def plural(n: float, word: str) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is exactly one (numbers as ``chips``).

    >>> plural(1, "chip"), plural(2, "chip"), plural(1.5, "face-down card")
    ('1 chip', '2 chips', '1.5 face-down cards')
    """
    text = chips(n)
    return f"{text} {word}" if text == "1" else f"{text} {word}s"


def chips(x: float) -> str:
    """A chip amount for people: whole numbers plain, others to one decimal.

    >>> chips(14.0), chips(3.26)
    ('14', '3.3')
    """
    r = round(x, 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"
