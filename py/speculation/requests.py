"""The bridge's requests, declared once: every op and the fields its request may carry.

Each op's request is a ``TypedDict`` here (a field the op needs is required, the rest are
``NotRequired``), and ``REQUESTS`` maps each op to it. The bridge refuses a request with a field
its op does not take (``check_fields``), so a misspelt or stale field is a clear error, not a
silent default. ``web/js/protocol.js`` declares the same requests for the page's type checker;
``tests/engine/test_request_schema.py`` fails on any difference between the two, and on any
field an op reads that is not declared here.

>>> sorted(REQUESTS["act"].__required_keys__), sorted(REQUESTS["act"].__optional_keys__)
(['action'], ['viewer'])
>>> check_fields("view", {"op": "view", "seat": 0})
>>> check_fields("view", {"op": "view", "seet": 0})
Traceback (most recent call last):
    ...
speculation.errors.SpeculationError: a view request takes no field 'seet' (it takes: seat)
"""

# (No ``from __future__ import annotations`` here: on Python 3.11 a ``NotRequired`` written as a
# string is not seen by ``TypedDict``, and every field would count as required.)
from typing import Any, Literal, NotRequired, TypedDict

from .errors import ErrorCode, SpeculationError

Seat = int | None
JSON = Any  # a nested value its op checks itself (settings, a record, an action)


class HelloRequest(TypedDict):
    """The engine's version, presets, options, bots and limits."""


class NewMatchRequest(TypedDict):
    """Start a match from ``settings``; answer with ``seat``'s view."""

    settings: JSON
    seat: NotRequired[Seat]


class ViewRequest(TypedDict):
    """``seat``'s view (None or absent: a spectator's)."""

    seat: NotRequired[Seat]


class LegalRequest(TypedDict):
    """The legal templates of ``seat``."""

    seat: int


class ActRequest(TypedDict):
    """Apply ``action`` (its ``seat`` is the actor); answer with ``viewer``'s view."""

    action: JSON
    viewer: NotRequired[Seat]


class BotRequest(TypedDict):
    """The computer player at ``seat`` moves (``apply``: false only names its move,
    ``"if_pass"`` applies it only if it passes); ``stand_in`` plays a person's seat."""

    seat: int
    viewer: NotRequired[Seat]
    apply: NotRequired[bool | Literal["if_pass"]]
    stand_in: NotRequired[str]


class CoachRequest(TypedDict):
    """The coach's advice to ``seat``."""

    seat: int


class SaveRequest(TypedDict):
    """The match as a snapshot string."""


class LoadRequest(TypedDict):
    """Install a saved ``snapshot``; answer with ``seat``'s view."""

    snapshot: str
    seat: NotRequired[Seat]
    replace_unknown_bots: NotRequired[bool]


class RecordRequest(TypedDict):
    """The match's record."""


class ReplayRequest(TypedDict):
    """A ``record`` (or the ``current`` match) replayed ``upto`` an action."""

    record: NotRequired[JSON]
    current: NotRequired[bool]
    upto: NotRequired[int]
    seat: NotRequired[Seat]
    install: NotRequired[bool]
    replace_unknown_bots: NotRequired[bool]


class SummaryRequest(TypedDict):
    """The public summary of the match."""


class LogRequest(TypedDict):
    """The log's entries from ``since``."""

    since: NotRequired[int]


class ReviewRequest(TypedDict):
    """``seat``'s review of ``hand`` (absent: the last finished hand)."""

    seat: int
    hand: NotRequired[int | None]


class AnalyseRequest(TypedDict):
    """``seat``'s decisions in the finished ``hand`` beside the expert's."""

    seat: int
    hand: int


class StandingRequest(TypedDict):
    """``seat``'s standing answer under ``prefs`` and a buy ``order``."""

    seat: int
    prefs: NotRequired[JSON]
    order: NotRequired[JSON]
    named: NotRequired[bool]


class CommitmentRequest(TypedDict):
    """The host's commitment to the match's deal."""


class VerifyRequest(TypedDict):
    """A guest's audit of a finished ``record`` against the ``commitment`` and the log
    entries it was shown (``seen``)."""

    record: JSON
    commitment: str
    seen: JSON


class TakeBackRequest(TypedDict):
    """Take back ``seat``'s last decision (``prefs``: its standing answers)."""

    seat: int
    prefs: NotRequired[JSON]


class DailyRequest(TypedDict):
    """Start the daily deal of ``date``, ``name`` in seat 0 (``counts``: the counted one)."""

    date: str
    counts: bool
    name: NotRequired[str]


class DailyResultRequest(TypedDict):
    """The finished daily deal's result."""


class LevelRequest(TypedDict):
    """Where a player stands, from their finished ``matches``."""

    matches: JSON


REQUESTS: dict[str, Any] = {
    "hello": HelloRequest, "new_match": NewMatchRequest, "view": ViewRequest,
    "legal": LegalRequest, "act": ActRequest, "bot": BotRequest, "coach": CoachRequest,
    "save": SaveRequest, "load": LoadRequest, "record": RecordRequest,
    "replay": ReplayRequest, "summary": SummaryRequest, "log": LogRequest,
    "review": ReviewRequest, "analyse": AnalyseRequest, "standing": StandingRequest,
    "commitment": CommitmentRequest,
    "verify": VerifyRequest, "take_back": TakeBackRequest, "daily": DailyRequest,
    "daily_result": DailyResultRequest, "level": LevelRequest,
}
"""Each op's request type (its ``__required_keys__`` and ``__optional_keys__``)."""

# A field a request may not carry, with the sentence that says what to send instead.
_MISTAKES = {("act", "seat"): "act takes 'viewer' (whose view to return), not 'seat'; the "
                              "actor is action.seat"}


def fields(op: str) -> frozenset[str]:
    """Every field ``op``'s request may carry besides ``op``."""
    t = REQUESTS[op]
    return frozenset(t.__required_keys__ | t.__optional_keys__)


def check_fields(op: str, req: dict[str, Any]) -> None:
    """Refuse ``req`` (``bad_request``) if it carries a field ``op`` does not take."""
    allowed = fields(op)
    stray = sorted(str(k)[:40] for k in req if k != "op" and k not in allowed)
    if not stray:
        return
    hint = _MISTAKES.get((op, stray[0]))
    if hint is not None:
        raise SpeculationError(ErrorCode.BAD_REQUEST, hint)
    takes = ", ".join(sorted(allowed)) or "nothing but op"
    raise SpeculationError(ErrorCode.BAD_REQUEST, f"a {op} request takes no field "
                                                  f"{stray[0]!r} (it takes: {takes})")
