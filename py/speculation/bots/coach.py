"""Advice for a human player, from the same pricing code the bots use.

``coach_advice`` says what the card or cards at stake are worth (pot × exact chance), the range
of prices a skilled player would trade at, and what the expert bot would do in the same seat,
in one sentence.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.observation import observe
>>> g = Game(["Fanny", "Edmund", "Mary"], seed=3)
>>> _ = g.apply(Action(0, "deal"))
>>> a = coach_advice(observe(g, g.to_act), ())
>>> {'fair_value', 'range', 'suggestion'} <= set(a), a["range"][0] <= a["fair_value"] <= a["range"][1]
(True, True)
"""

from __future__ import annotations

import math
from typing import Any

from ..observation import Observation
from .history import History
from .levels import LEVELS
from .personalities import PERSONALITIES
from .pricing import chips, describe, stake_of
from .trader import TraderBot

COACH_LEVEL, COACH_PERSONA = "expert", "edmund"


def coach_advice(obs: Observation, history: History) -> dict[str, Any]:
    """JSON-ready advice for ``obs.seat``: ``fair_value``, ``range`` [lo, hi], ``suggestion``
    (one sentence), ``action`` (the expert's action or None), ``stake``, ``equity``, ``why``."""
    seat = obs.seat if obs.seat is not None else 0
    stake = stake_of(obs)
    margin = LEVELS["skilled"].margin
    lo, hi = math.floor(stake.fair * (1 - margin)), math.ceil(stake.fair * (1 + margin))
    equity = float(obs.odds.seat[seat]) * obs.pot
    out: dict[str, Any] = {
        "seat": seat, "stake": stake.kind, "fair_value": round(stake.fair, 2),
        "range": [lo, hi], "chance": round(stake.share, 6), "equity": round(equity, 2),
        "why": describe(obs, stake), "action": None, "reason": None,
    }
    if obs.to_act != seat or not obs.legal:
        who = "nobody" if obs.to_act is None else obs.names[obs.to_act]
        out["suggestion"] = (f"Nothing to decide: it is {who}'s move; your cards are worth "
                             f"{chips(equity)} of the {obs.pot}-chip pot.")
        return out
    bot = TraderBot(LEVELS[COACH_LEVEL], PERSONALITIES[COACH_PERSONA], seed=0, seat=seat)
    d = bot.decide(obs, history)
    out["action"], out["reason"] = d.action.to_dict(), d.reason
    out["suggestion"] = f"A skilled player would {_verb(d.action.to_dict(), obs)} here: {out['why']}."
    return out


def _verb(a: dict[str, Any], obs: Observation) -> str:
    kind, price = a["type"], a.get("price")
    target = obs.names[a["target"]] if "target" in a else ""
    verbs: dict[str, str] = {
        "keep": "keep the card", "deal": "deal", "reveal": "turn up the top card",
        "sell_firm": f"offer it at {price} firm", "sell_auction": f"auction it (reserve {price})",
        "sell_negotiate": f"offer it to {target} asking {price}", "accept": "accept",
        "decline": "decline", "counter": f"counter with {price}", "bid": f"bid {price}",
        "pass": "pass", "offer": f"offer {target} {price} for a face-down card",
    }
    return verbs.get(str(kind), str(kind))
