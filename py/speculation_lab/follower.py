"""A player that always does what the coach says: the yardstick for "advice that works at this
table" (``benchmarks/yardsticks.py --coach``; ``baseline/coach`` in the tournaments).

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.observation import observe
>>> from speculation.bots import public_history
>>> g = Game(["Fanny", "Edmund", "Mary"], seed=3)
>>> _ = g.apply(Action(0, "deal"))
>>> d = CoachBot(seed=1, seat=g.to_act).decide(observe(g, g.to_act), public_history(g))
>>> g.is_legal(d.action)
True
"""

from __future__ import annotations

from speculation.actions import Action
from speculation.bots import Decision, Roster, coach_advice
from speculation.bots.decision import forced
from speculation.bots.history import History
from speculation.observation import Observation

COACH_ID = "baseline/coach"


class CoachBot:
    """A player that always does what the coach says (the coach's suggested action, or the one
    forced move where it suggests none)."""

    def __init__(self, seed: int, seat: int, roster: Roster = ()) -> None:
        self.seed, self.seat, self.roster = seed, seat, tuple(roster)

    def decide(self, obs: Observation, history: History) -> Decision:
        d = forced(obs)
        if d is not None:
            return d
        a = coach_advice(obs, history, self.roster)
        if a["action"] is None:
            t = obs.legal[0]
            return Decision(t.example(), a["suggestion"])
        return Decision(Action.from_dict({**a["action"], "seat": self.seat}), str(a["reason"]))

