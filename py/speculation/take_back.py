"""Take back: which of a person's decisions may be taken back, and the match without it.

A person playing computer players alone may take back their last decision of the hand under
way: the match goes back to the moment before it (its record replayed without it and everything
after it), and the bots, pure functions of what they see and their seed, then decide again as
they would. Never a decision of a finished hand: its face-down cards have been shown, and going
back into it would replay it knowing them (issue 45). Never with another person at the table,
nor in a daily deal that counts. A decision is an action the person was asked for: one their
standing answers would not have given by themselves (the routine deal, a lone reveal, a market
window passed, an offer answered by rule are not).

The bridge's ``take_back`` op and the view's ``take_back`` field both come from here.

>>> from speculation.game import Game
>>> g = Game(["Ann", "Bo"], seed=3)
>>> offer(g, [True, False], counts=False, seat=0)["offered"]
False
>>> offer(g, [True, True], counts=False, seat=0) is None   # never with another person
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import ErrorCode, SpeculationError
from .game import Game, Phase, Stage
from .records import game_from_record, record_of
from .standing import StandingPrefs, standing_answer


def closed(game: Game, people: Sequence[bool], counts: bool, seat: int) -> SpeculationError | None:
    """Why ``seat`` may not take back anything now, whatever it has decided: who plays at the
    table (``people``: per seat, whether a person plays it), a daily deal that ``counts``, a
    match or hand that is over. None when nothing of that stands in the way (``decision`` then
    judges the decision itself)."""
    if not people[seat]:
        return SpeculationError(ErrorCode.BAD_SEAT, f"seat {seat} is a computer player's")
    if any(p and i != seat for i, p in enumerate(people)):
        return SpeculationError(ErrorCode.TAKE_BACK_NOT_OFFERED, "a decision can be taken back "
                                "only against computer players: another person plays at this "
                                "table")
    if counts:
        return SpeculationError(ErrorCode.TAKE_BACK_NOT_OFFERED, "this daily deal counts: its "
                                "decisions cannot be taken back (a replay of it is practice and "
                                "can)")
    if game.is_over:
        return SpeculationError(ErrorCode.MATCH_OVER, "the match is over: nothing can be taken "
                                "back")
    if game.stage is Stage.HAND_OVER:
        return SpeculationError(ErrorCode.TAKE_BACK_NOT_OFFERED, f"hand {game.hand_no} is over "
                                "and its cards have been shown: a decision in a finished hand "
                                "cannot be taken back")
    return None


def offer(game: Game, people: Sequence[bool], counts: bool, seat: int | None
          ) -> dict[str, Any] | None:
    """The view's ``take_back`` for ``seat``: ``{"offered", "reason"}``, ``reason`` the
    sentence that says why not (None when offered). None (no field) unless ``seat`` is a
    person's and every other seat a computer player's: only then is take back ever offered.

    Offered once the seat has made a move in the hand under way that can be a choice: not its
    deal, a turn-up (it has no alternative) or a market window passed (what happens when no
    buy order is placed). The view knows no standing answers, so an offer for the seat's card
    answered by rule counts as well; ``decision`` then refuses it, saying why."""
    if seat is None or not people[seat] or any(p and i != seat for i, p in enumerate(people)):
        return None
    why = closed(game, people, counts, seat)
    if why is not None:
        return {"offered": False, "reason": why.message}
    for step in reversed(game.steps):
        if step.hand != game.hand_no:  # the deal of this hand and everything before it
            break
        a = step.action
        if a.seat == seat and a.kind != "reveal" and not (step.phase == Phase.MARKET
                                                          and a.kind == "pass"):
            return {"offered": True, "reason": None}
    return {"offered": False, "reason": "you have made no decision in this hand yet, and a "
            "decision in a finished hand cannot be taken back"}


def decision(game: Game, people: Sequence[bool], counts: bool, seat: int,
             prefs: StandingPrefs) -> int:
    """The index in ``game.actions`` of the decision ``seat`` may take back now: its last one
    (``last_decision``), if the table, the match and the hand allow it (``closed``) and it was
    made in the hand under way; else the error that says why not."""
    why = closed(game, people, counts, seat)
    if why is not None:
        raise why
    at = last_decision(game, seat, prefs)
    if at is None:
        raise SpeculationError(ErrorCode.NOTHING_TO_TAKE_BACK, "you have made no decision in "
                               "this match yet: there is nothing to take back")
    hand = game.steps[at].hand  # the hand the decision was made in (its deal is in the one before)
    if hand != game.hand_no:
        raise SpeculationError(ErrorCode.TAKE_BACK_NOT_OFFERED, f"your last decision was in "
                               f"hand {hand}, which is over: a decision in a finished hand "
                               "cannot be taken back")
    return at


def last_decision(game: Game, seat: int, prefs: StandingPrefs) -> int | None:
    """The index in ``game.actions`` of ``seat``'s last decision: its last action that its
    standing answers (``prefs``, no buy order) would not have given by themselves — the
    routine deal, a lone reveal, a market window passed, an offer answered by rule are not
    the player's decisions. None when it has made none. The match is replayed from its
    start (the same ``apply`` as live play)."""
    replay = game_from_record(record_of(game), 0)
    last = None
    for i, action in enumerate(game.actions):
        if action.seat == seat:
            answer = standing_answer(replay, seat, prefs, None)
            if answer is None or answer.action != action:
                last = i
        replay.apply(action)
    return last
