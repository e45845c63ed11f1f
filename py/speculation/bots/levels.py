"""Levels: how well a bot reads the odds and how shrewdly it prices.

* ``beginner`` judges a trump by its rank alone and ignores which cards have gone, with a good
  deal of guesswork on top; it trades at whatever it believes is fair.
* ``casual`` reads the exact odds but prices carelessly (a little random error, no margin).
* ``skilled`` prices exactly and insists on an edge in every trade.
* ``expert`` also models each opponent from the public log (what they have paid, accepted and
  refused) and searches for the price that earns most against them, within a budget of simulated tables.

>>> [lv.id for lv in LEVELS.values()]
['beginner', 'casual', 'skilled', 'expert']
>>> [c for c in CAPABILITIES if getattr(LEVELS["expert"], c)], LEVELS["skilled"].reads_table
(['counts_deal', 'reads_table', 'searches_sales', 'exploits_named'], False)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """How well a bot reads the odds and what it can do beyond pricing by them.

    ``exact``: reads the exact odds (else a rank-only guess); ``noise``: relative error of its
    valuations; ``margin``: edge it insists on, as a fraction of value; ``slack``: extra chips of
    edge; ``rank``: 1 (weakest) upwards. Its capabilities (``CAPABILITIES``), each False unless
    given:

    * ``counts_deal``: prices a card at its share of the pot and of dealing the next hand (the
      engine's one value), not of the pot alone;
    * ``reads_table``: reads every seat from the public log (``model``): opens a haggle at what
      it has read the other side will take or pay, takes an acceptable price near its own limit
      at once, and offers for face-down cards by its reads;
    * ``searches_sales``: chooses how to sell the trump by simulating each way (``sale``);
    * ``exploits_named``: against a trading bot the table names, whose formulas it knows
      (``table``), holds out as a seller and holds down as a buyer for its last counter.
    """

    id: str
    name: str
    rank: int
    description: str
    exact: bool
    noise: float
    margin: float
    slack: float
    counts_deal: bool = False
    reads_table: bool = False
    searches_sales: bool = False
    exploits_named: bool = False


CAPABILITIES = ("counts_deal", "reads_table", "searches_sales", "exploits_named")


LEVELS: dict[str, Level] = {lv.id: lv for lv in (
    Level("beginner", "Beginner", 1, "Judges a trump by its rank and forgets what has been "
          "turned up.", exact=False, noise=0.25, margin=0.0, slack=0.0),
    Level("casual", "Casual", 2, "Knows the odds but prices loosely.", exact=True, noise=0.15,
          margin=0.0, slack=0.0),
    Level("skilled", "Skilled", 3, "Exact odds and a firm eye for a profitable price.",
          exact=True, noise=0.0, margin=0.12, slack=0.5),
    Level("expert", "Expert", 4, "Exact odds, reads each opponent from the table talk and "
          "prices to exploit them.", exact=True, noise=0.0, margin=0.0, slack=0.05,
          counts_deal=True, reads_table=True, searches_sales=True, exploits_named=True),
)}
