"""The research lab beside the engine: tournaments and the bots that exist only to measure the
computer players, outside the wheel a player downloads (issue 46: about 1,250 lines of it used to
ship in every first visit).

* ``tournament``: duplicate-seating tournaments, the luck-adjusted score, confidence intervals
  (``python -m speculation_lab tournament …``; ``benchmarks/`` builds on it).
* ``baselines``: yardsticks and exploiters (``baseline/…``, ``margin/…``, ``exploit/…``).
* ``variants`` and ``learners``: the expert with one thing changed, and the learning
  yardsticks (``yard/…``).
* ``follower``: a player that always does what the coach says (``baseline/coach``).
* ``level_sim``: a simulated player of a known level, for "Your level"'s reference numbers.

Importing the package registers its bots with ``speculation.bots`` (``register``), so
``make_bot("baseline/fair", …)`` works wherever the lab is imported, and nowhere else:

>>> from speculation.bots import bot_ids, make_bot
>>> "baseline/coach" in bot_ids() and "yard/hedge" in bot_ids() and "margin/10" in bot_ids()
True
>>> type(make_bot("baseline/never", seed=1, seat=0)).__name__
'FixedBot'
"""

from __future__ import annotations

from functools import partial

from speculation.bots import Bot, Roster, register
from speculation.bots.levels import LEVELS
from speculation.bots.personalities import PERSONALITIES
from speculation.bots.trader import BUDGET, TraderBot

from .baselines import BASELINES, Baseline, FixedBot
from .follower import COACH_ID, CoachBot
from .variants import VARIANTS, Variant


def _register() -> None:
    for b in BASELINES.values():
        register(b.id, b.name, b.description, partial(_make_fixed, b))
    register(COACH_ID, "Coach follower", "Does whatever the coach suggests.", CoachBot)
    for v in VARIANTS.values():
        register(v.id, v.name, v.description, partial(_make_variant, v))


def _make_fixed(spec: Baseline, seed: int, seat: int, roster: Roster) -> Bot:
    return FixedBot(spec, seed, seat)


def _make_variant(v: Variant, seed: int, seat: int, roster: Roster) -> Bot:
    shown = roster if v.roster else ()
    if v.kind != "expert":
        from .learners import LEARNERS

        return LEARNERS[v.kind](seed, seat, shown)
    bot = TraderBot(LEVELS["expert"], PERSONALITIES["edmund"], seed, seat, roster=shown,
                    sale_only=v.only, budget=10**9 if v.samples else BUDGET)
    bot.sale_samples = v.samples or bot.sale_samples
    bot.exact_auction = v.exact
    return bot


_register()
