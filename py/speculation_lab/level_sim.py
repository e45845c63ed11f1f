"""A simulated player of a known level, for "Your level"'s reference numbers
(``speculation.level.REFERENCE``, measured by ``benchmarks/level_reference.py``) and its tests.
"""

from __future__ import annotations

from speculation.bots import make_bot, public_history
from speculation.game import Game
from speculation.level import REFERENCE_TABLE
from speculation.observation import observe
from speculation.records import rules_from
from speculation.review import trading_score


def simulated_match(level: str, seed: int, hands: int, personality: str = "edmund") -> float:
    """The trading score of ``level``'s computer player in seat 0 over one match of ``hands``
    hands against ``REFERENCE_TABLE``: a simulated player of known level (the benchmark and the
    tests)."""
    ids = [f"{level}/{personality}", *REFERENCE_TABLE]
    game = Game(["You", "Mary", "Henry", "Fanny"], rules_from("parlett", {"max_hands": hands}), seed=seed)
    bots = [make_bot(b, seed=seed * 16 + i, seat=i) for i, b in enumerate(ids)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].decide(observe(game, seat), public_history(game)).action)
    return trading_score(game, 0)
