"""AI opponents: levels × personalities, baselines for measuring them, and a coach.

A bot sees only its seat's observation and the public history; its decision is a pure function
of those and its seed. Every decision carries a reason for the log.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.observation import observe
>>> ids = [b["id"] for b in catalogue()]
>>> "expert/mary" in ids, "baseline/random" in ids
(True, False)
>>> g = Game(["Fanny", "Edmund", "Mary", "Henry"], seed=2)
>>> _ = g.apply(Action(0, "deal"))
>>> bot = make_bot("expert/henry", seed=1, seat=g.to_act)
>>> d = bot.decide(observe(g, g.to_act), public_history(g))
>>> g.is_legal(d.action)
True
"""

from __future__ import annotations

from typing import Any

from ..errors import ErrorCode, SpeculationError
from .baselines import BASELINES, FixedBot
from .coach import COACH_ID, CoachBot, coach_advice
from .decision import Bot, Decision
from .history import Entry, public_history
from .levels import LEVELS
from .personalities import PERSONALITIES
from .table import Roster
from .trader import TraderBot
from .variants import VARIANTS

__all__ = [
    "Bot",
    "Decision",
    "Entry",
    "Roster",
    "bot_ids",
    "catalogue",
    "coach_advice",
    "make_bot",
    "public_history",
]


def catalogue(include_baselines: bool = False) -> list[dict[str, Any]]:
    """Every playable bot (level × personality) for the set-up screen; with
    ``include_baselines`` also the yardsticks and exploiters, flagged ``"baseline": true``."""
    out: list[dict[str, Any]] = []
    for lv in LEVELS.values():
        for p in PERSONALITIES.values():
            out.append({"id": f"{lv.id}/{p.id}", "name": f"{p.name} ({lv.name.lower()})",
                        "level": lv.id, "level_rank": lv.rank, "level_name": lv.name,
                        "personality": p.id, "personality_name": p.name,
                        "description": f"{p.description} {lv.description}",
                        "baseline": False})
    if include_baselines:
        specs = [(b.id, b.name, b.description) for b in BASELINES.values()]
        specs.append((COACH_ID, "Coach follower", "Does whatever the coach suggests."))
        specs.extend((v.id, v.name, v.description) for v in VARIANTS.values())
        for bid, name, description in specs:
            out.append({"id": bid, "name": name, "level": "baseline", "level_rank": 0,
                        "level_name": "Baseline", "personality": bid.split("/")[1],
                        "personality_name": name, "description": description,
                        "baseline": True})
    return out


def bot_ids(include_baselines: bool = True) -> list[str]:
    """All bot ids."""
    return [b["id"] for b in catalogue(include_baselines)]


def make_bot(bot_id: str, seed: int, seat: int, roster: Roster = ()) -> Bot:
    """The bot ``bot_id`` (``"level/personality"`` or a baseline id) for ``seat``. ``roster``:
    what the table shows of who plays each seat (a bot id, or None for a person); the expert
    and the coach use it, as a person at the table would."""
    if bot_id == COACH_ID:
        return CoachBot(seed, seat, roster)
    if bot_id in VARIANTS:
        v = VARIANTS[bot_id]
        if v.kind != "expert":
            from .learners import LEARNERS
            return LEARNERS[v.kind](seed, seat, roster if v.roster else ())
        return TraderBot(LEVELS["expert"], PERSONALITIES["edmund"], seed, seat,
                         roster=roster if v.roster else (), sale_only=v.only)
    if bot_id in BASELINES:
        return FixedBot(BASELINES[bot_id], seed, seat)
    level, _, persona = str(bot_id).partition("/")
    if level not in LEVELS or persona not in PERSONALITIES:
        raise SpeculationError(ErrorCode.UNKNOWN_BOT, f"unknown bot {str(bot_id)[:40]!r}; known: "
                               f"{', '.join(bot_ids())}")
    return TraderBot(LEVELS[level], PERSONALITIES[persona], seed, seat, roster=roster)
