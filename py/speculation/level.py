"""Where a player stands against the four levels of computer player, from the trading scores
of their finished matches (docs/ai-strength.md, "Your level").

The trading score (``review``) is luck-free: each trade's gain against the exact fair value.
Its mean per hand is the player's *rate*. ``REFERENCE`` holds each level's rate, measured by
``benchmarks/level_reference.py`` (that level's computer player in seat 0 against the reference
table: a casual, a skilled and an expert player), and ``HAND_SD`` the spread of one hand's score.
``estimate`` places the player's rate among them: the nearest level (levels too close to tell
apart by this measure are named together, ``TIE``), how sure (the chance, under
a normal approximation with the standard error ``HAND_SD / sqrt(hands)``, that the true rate is
nearer that level than any other), and the trend (the last half of the matches against the
first).

>>> e = estimate([MatchScore(REFERENCE["expert"] * 10, 10)] * 30)
>>> e.level, e.trend, e.sentence
('expert', 'steady', 'You trade about as well as Expert (fairly sure: 100 %, from 300 hands).')
>>> estimate([MatchScore(REFERENCE["skilled"] * 10, 10)] * 30).sentence
'You trade about as well as Skilled (fairly sure: 100 %, from 300 hands).'
>>> estimate([]).level is None
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

LEVELS = ("beginner", "casual", "skilled", "expert")
LABELS = {"beginner": "Beginner", "casual": "Casual", "skilled": "Skilled", "expert": "Expert"}
# Trading score per hand of each level in seat 0 against the reference table, and the spread
# of one hand's score (a match's mean × sqrt(its hands), which keeps the hands of one match
# together): benchmarks/level_reference.py --hands 5 --matches 60 run with --seed 1 and
# --seed 2, the two means averaged (120 matches of 5 hands a level), measured (2026-12-06) with
# the one value of a card (issue 45): a trade counts against the fair value with the next deal,
# which the levels below the expert leave out of their prices, so Casual now trades at a loss
# before a match's last hand and is told apart from Skilled.
REFERENCE = {"beginner": -0.680, "casual": -0.247, "skilled": 0.004, "expert": 0.612}
HAND_SD = 0.7
# Levels whose rates differ by less than this (chips a hand) cannot be told apart by a player's
# trading score in any number of matches a person plays (the gap is under the standard error of
# 300 hands), so the estimate names them together: "Casual or Skilled".
TIE = 0.1
REFERENCE_TABLE = ("casual/mary", "skilled/henry", "expert/fanny")
MIN_HANDS = 10  # fewer hands than this: no estimate yet


@dataclass(frozen=True, slots=True)
class MatchScore:
    """One finished match: the player's trading score and the hands played."""

    score: float
    hands: int


@dataclass(frozen=True, slots=True)
class Estimate:
    """The estimate: ``level`` (None with too few hands), ``sure`` (0–1), the rate per hand
    and its standard error, the trend (``"improving"``, ``"steady"``, ``"slipping"`` or None)
    and the sentence to show."""

    level: str | None
    sure: float
    rate: float
    se: float
    hands: int
    trend: str | None
    sentence: str

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "label": label(self.level) if self.level else None,
                "sure": round(self.sure, 2),
                "rate": round(self.rate, 3),
                "se": None if math.isinf(self.se) else round(self.se, 3), "hands": self.hands,
                "trend": self.trend, "sentence": self.sentence}


def _phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def _bands() -> list[tuple[str, float]]:
    """The ladder as the trading score can tell it apart: levels whose rates differ by less
    than ``TIE`` form one band (id ``"casual-skilled"``, in the ladder's order), at their mean
    rate; the bands are sorted by rate.

    >>> [b for b, _ in _bands()]   # today every level stands apart
    ['beginner', 'casual', 'skilled', 'expert']
    >>> label("casual-skilled")
    'Casual or Skilled'
    """
    ranked = sorted(LEVELS, key=lambda lv: REFERENCE[lv])
    groups: list[list[str]] = []
    for lv in ranked:
        if groups and REFERENCE[lv] - REFERENCE[groups[-1][-1]] < TIE:
            groups[-1].append(lv)
        else:
            groups.append([lv])
    return [("-".join(sorted(g, key=LEVELS.index)), sum(REFERENCE[lv] for lv in g) / len(g))
            for g in groups]


def label(band: str) -> str:
    """A band's name to show: ``"Casual or Skilled"`` for ``"casual-skilled"``."""
    return " or ".join(LABELS[lv] for lv in band.split("-"))


def _cells() -> list[tuple[str, float, float]]:
    """Each band's interval of rates nearer it than any other (the ladder's Voronoi cells)."""
    bands = _bands()
    out = []
    for i, (band, rate) in enumerate(bands):
        lo = -math.inf if i == 0 else (bands[i - 1][1] + rate) / 2
        hi = math.inf if i == len(bands) - 1 else (rate + bands[i + 1][1]) / 2
        out.append((band, lo, hi))
    return out


def _rate(matches: Sequence[MatchScore]) -> tuple[float, int]:
    hands = sum(m.hands for m in matches)
    return (sum(m.score for m in matches) / hands if hands else 0.0), hands


def estimate(matches: Sequence[MatchScore]) -> Estimate:
    """The level estimate from ``matches`` (oldest first); see the module docstring."""
    matches = [m for m in matches if m.hands > 0]
    rate, hands = _rate(matches)
    if hands < MIN_HANDS:
        return Estimate(None, 0.0, rate, math.inf, hands, None,
                        f"Play {MIN_HANDS - hands} more {'hand' if MIN_HANDS - hands == 1 else 'hands'} "
                        "for an estimate of your level.")
    se = HAND_SD / math.sqrt(hands)
    level, lo, hi = next(c for c in _cells() if c[1] <= rate < c[2])
    sure = _phi((hi - rate) / se) - _phi((lo - rate) / se)
    trend = _trend(matches, se)
    how = "fairly sure" if sure >= 0.8 else "likely" if sure >= 0.5 else "not sure yet"
    words = {"improving": ", and improving", "slipping": ", though less well lately"}.get(trend or "", "")
    sentence = (f"You trade about as well as {label(level)}{words} ({how}: {round(sure * 100)} %, "
                f"from {hands} hands).")
    return Estimate(level, sure, rate, se, hands, trend, sentence)


def _trend(matches: Sequence[MatchScore], se: float) -> str | None:
    """The last half of the matches against the first: a difference of rates beyond twice its
    standard error is a trend. None with fewer than four matches."""
    if len(matches) < 4:
        return None
    half = len(matches) // 2
    (r1, h1), (r2, h2) = _rate(matches[:half]), _rate(matches[half:])
    err = HAND_SD * math.sqrt(1 / h1 + 1 / h2)
    if r2 - r1 > 2 * err:
        return "improving"
    if r1 - r2 > 2 * err:
        return "slipping"
    return "steady"
