"""Yardsticks built from the expert itself (issue 23, deliverable 2), for the tournament only.

Each is ``expert/edmund`` with one thing changed, so a table that sets it against the expert
measures that one thing:

* ``yard/holdout``: the hold-out haggle seller. Whenever a buyer the table names can be asked,
  it sells the trump only by haggling with one (the best by the same simulation): ask high,
  come down a chip at a time, take the last counter. The expert in all else.
* ``yard/names``: the name-aware posted pricer. It prices every named buyer with that bot's
  own formulas, as the expert does, but sells only by a firm price (the best one).
* ``yard/blind``: the expert told nothing of the table (no roster): the expert before issue 23,
  which read every opponent from the log alone.
* ``yard/unnamed``: the expert itself, unchanged, in a seat the table does not name (its id is
  no level and personality, so the others read it from the log, as they read a person or any
  yardstick). Not a strategy but a control: the gap between it and the expert is what sitting
  unnamed is worth at that table, a part of every other yardstick's score there.
* ``yard/planner``: the exact-mechanism sale planner (issue 48, item 2): the expert with every
  way of selling its trump simulated as the engine runs it, on four times the simulated tables
  (480) and no node budget: each firm price put to the buyers in the engine's order of asking,
  each auction played bid by bid in the engine's order of bidding, each haggle with a named
  buyer by that buyer's own reply. The reference the expert's budgeted search is measured by.
* ``yard/previous``: the expert's sale search as it was before issue 48 (an auction scored at a
  chip above the runner-up's top bid, not played out; an unnamed buyer's spread fixed once it
  has shown one price), to measure the change.
* ``yard/adaptive``, ``yard/hedge``, ``yard/undercut``: the learners of ``learners`` (an
  adaptive cross-hand opponent modeller, an EXP3 pricer over ask and offer margins and a one-chip
  undercutter), each the expert in all else.

>>> len(VARIANTS), sorted(VARIANTS)[:3], sorted(VARIANTS)[-2:]
(9, ['yard/adaptive', 'yard/blind', 'yard/hedge'], ['yard/undercut', 'yard/unnamed'])
>>> VARIANTS["yard/hedge"].kind
'hedge'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Variant:
    """The expert with its sale search limited to ``only`` (empty: every plan) and the roster
    shown or not; ``kind`` other than ``"expert"`` names a learner of ``learners``."""

    id: str
    name: str
    description: str
    only: frozenset[str] = frozenset()
    roster: bool = True
    kind: str = "expert"
    samples: int = 0  # the sale search's simulated tables (0: the expert's own)
    exact: bool = True  # an auction played bid by bid (False: the estimate before issue 48)


VARIANTS: dict[str, Variant] = {v.id: v for v in (
    Variant("yard/holdout", "Hold-out haggler", "Haggles with a named buyer and takes its last "
            "counter; the expert in all else.", only=frozenset({"holdout"})),
    Variant("yard/names", "Name-aware pricer", "Prices named buyers by their own formulas and "
            "sells by firm price only.", only=frozenset({"firm"})),
    Variant("yard/blind", "Expert, table unseen", "The expert without the table's names.",
            roster=False),
    Variant("yard/unnamed", "Expert, unnamed", "The expert itself in a seat the table does not "
            "name: the others read it from the log alone."),
    Variant("yard/planner", "Exact-mechanism planner", "Simulates every way of selling its "
            "trump as the engine runs it, on 480 tables of buyers; the expert in all else.",
            samples=480),
    Variant("yard/previous", "Expert before issue 48", "The expert with its sale search's "
            "auction estimate of before issue 48.", exact=False),
    Variant("yard/adaptive", "Adaptive modeller", "Learns over the match what each seat pays "
            "and takes, and prices each one by it.", kind="adaptive"),
    Variant("yard/hedge", "No-regret pricer", "Picks its asks and offers from a grid of margins "
            "by what they earned it before (EXP3).", kind="hedge"),
    Variant("yard/undercut", "One-chip undercutter", "Prices a chip better than the best price "
            "it can see; the expert in all else.", kind="undercut"),
)}
