"""AI opponents: levels × personalities, and a coach.

A bot sees only its seat's observation and the public history; its decision is a pure function
of those and its seed. Every decision carries a reason for the log. The bots that exist only to
measure these (yardsticks, exploiters, research variants, the coach's follower) are in the
research lab beside the engine, ``speculation_lab``, which is not in the wheel a player
downloads; importing it adds them here (``register``), for the tournaments and the tests.

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

from collections.abc import Callable
from typing import Any

from ..errors import ErrorCode, SpeculationError
from .coach import coach_advice
from .decision import Bot, Decision
from .history import Entry, public_history
from .levels import LEVELS
from .personalities import PERSONALITIES
from .table import Roster
from .trader import TraderBot

# A bot the lab adds: (seed, seat, roster) -> the bot.
Factory = Callable[[int, int, Roster], Bot]
_EXTRA: dict[str, tuple[str, str, Factory]] = {}

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
    "register",
]


def register(bot_id: str, name: str, description: str, factory: Factory) -> None:
    """Add a measuring bot (``speculation_lab`` does, on import): ``make_bot`` makes it and
    ``catalogue(include_baselines=True)`` lists it, flagged ``"baseline": true``. A playable
    id (``"level/personality"``) cannot be taken."""
    level, _, persona = bot_id.partition("/")
    if level in LEVELS and persona in PERSONALITIES:
        raise ValueError(f"{bot_id!r} is a playable bot's id")
    _EXTRA[bot_id] = (name, description, factory)


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
        for bid, (name, description, _) in _EXTRA.items():
            out.append({"id": bid, "name": name, "level": "baseline", "level_rank": 0,
                        "level_name": "Baseline", "personality": bid.split("/")[1],
                        "personality_name": name, "description": description,
                        "baseline": True})
    return out


def bot_ids(include_baselines: bool = True) -> list[str]:
    """All bot ids (the lab's too, once ``speculation_lab`` is imported)."""
    return [b["id"] for b in catalogue(include_baselines)]


def make_bot(bot_id: str, seed: int, seat: int, roster: Roster = ()) -> Bot:
    """The bot ``bot_id`` (``"level/personality"``, or an id the lab registered) for ``seat``. ``roster``:
    what the table shows of who plays each seat (a bot id, or None for a person); the expert
    and the coach use it, as a person at the table would."""
    if bot_id in _EXTRA:
        return _EXTRA[bot_id][2](seed, seat, roster)
    level, _, persona = str(bot_id).partition("/")
    if level not in LEVELS or persona not in PERSONALITIES:
        raise SpeculationError(ErrorCode.UNKNOWN_BOT, f"unknown bot {str(bot_id)[:40]!r}; known: "
                               f"{', '.join(bot_ids())}")
    return TraderBot(LEVELS[level], PERSONALITIES[persona], seed, seat, roster=roster)
