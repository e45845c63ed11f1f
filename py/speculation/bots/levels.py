"""Levels: how well a bot reads the odds and how shrewdly it prices.

* ``beginner`` judges a trump by its rank alone and ignores which cards have gone, with a good
  deal of guesswork on top; it trades at whatever it believes is fair.
* ``casual`` reads the exact odds but prices carelessly (a little random error, no margin).
* ``skilled`` prices exactly and insists on an edge in every trade.
* ``expert`` also models each opponent from the public log (what they have paid, accepted and
  refused) and searches for the price that earns most against them, within a budget of simulated tables.

>>> [lv.id for lv in LEVELS.values()]
['beginner', 'casual', 'skilled', 'expert']
>>> LEVELS["expert"].models and not LEVELS["skilled"].models
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """``exact``: reads the exact odds (else a rank-only guess); ``noise``: relative error of its
    valuations; ``margin``: edge it insists on, as a fraction of value; ``slack``: extra chips of
    edge; ``models``: models opponents and searches prices; ``rank``: 1 (weakest) upwards."""

    id: str
    name: str
    rank: int
    description: str
    exact: bool
    noise: float
    margin: float
    slack: float
    models: bool


LEVELS: dict[str, Level] = {lv.id: lv for lv in (
    Level("beginner", "Beginner", 1, "Judges a trump by its rank and forgets what has been "
          "turned up.", exact=False, noise=0.25, margin=0.0, slack=0.0, models=False),
    Level("casual", "Casual", 2, "Knows the odds but prices loosely.", exact=True, noise=0.15,
          margin=0.0, slack=0.0, models=False),
    Level("skilled", "Skilled", 3, "Exact odds and a firm eye for a profitable price.",
          exact=True, noise=0.0, margin=0.12, slack=0.5, models=False),
    Level("expert", "Expert", 4, "Exact odds, reads each opponent from the table talk and "
          "prices to exploit them.", exact=True, noise=0.0, margin=0.0, slack=0.05, models=True),
)}
