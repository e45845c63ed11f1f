"""Typed errors. Every error carries a stable machine-readable ``code`` and a human ``message``.

>>> try:
...     raise RulesError(ErrorCode.BAD_OPTION, "ante must be at least 1", option="ante")
... except SpeculationError as e:
...     (e.code, e.option)
('bad_option', 'ante')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class ErrorCode(StrEnum):
    """Every stable error code the engine returns (``docs/protocol.md``, "Error codes";
    ``web/js/protocol.js`` declares the same list, and ``tests/engine/test_golden.py`` checks
    the two agree)."""

    BAD_REQUEST = "bad_request"
    """The request is not an object, or a field has the wrong kind."""

    BAD_JSON = "bad_json"
    """Not a JSON string, not valid JSON, or NaN/Infinity."""

    TOO_LARGE = "too_large"
    """The request is over the JSON size limit."""

    TOO_COMPLEX = "too_complex"
    """The request is nested too deeply or holds too many values."""

    UNKNOWN_OP = "unknown_op"
    """No such op."""

    INTERNAL_ERROR = "internal_error"
    """A bug in the engine; the match is unchanged."""

    INTERNAL = "internal"
    """A broken transition inside the engine (never expected)."""

    NO_MATCH = "no_match"
    """The op needs a match and none is in progress."""

    BAD_SEAT = "bad_seat"
    """A seat or viewer that is not a seat number."""

    NOT_A_BOT = "not_a_bot"
    """Bot for a seat played by a person."""

    UNKNOWN_BOT = "unknown_bot"
    """A bot id not in hello's bots."""

    BAD_SETTINGS = "bad_settings"
    """New_match settings of the wrong shape, a bad player entry or unknown bot."""

    BAD_PLAYERS = "bad_players"
    """A player count or name the rules cannot seat."""

    BAD_NAME = "bad_name"
    """A name that is not a string of 1 to 40 characters, or holds a control character."""

    INVISIBLE_NAME = "invisible_name"
    """A name with nothing visible in it."""

    BAD_SEED = "bad_seed"
    """A seed that is not a whole number in range."""

    BAD_DECK = "bad_deck"
    """A deck that is not a list of distinct cards of the pack."""

    BAD_CARD = "bad_card"
    """A card name that is not one."""

    UNKNOWN_PRESET = "unknown_preset"
    """No such preset."""

    UNKNOWN_OPTION = "unknown_option"
    """No such option."""

    BAD_OPTION = "bad_option"
    """An option value of the wrong type or out of range."""

    BAD_RULES = "bad_rules"
    """Rules that are not an object of option names and values."""

    INCOMPATIBLE_OPTIONS = "incompatible_options"
    """Options that cannot go together."""

    MATCH_OVER = "match_over"
    """The match is over: no more actions."""

    NOT_YOUR_TURN = "not_your_turn"
    """An action or bot move for a seat whose decision it is not."""

    WRONG_ACTION = "wrong_action"
    """An action type not allowed now."""

    BAD_PRICE = "bad_price"
    """A missing price, or one out of the template's bounds."""

    UNEXPECTED_PRICE = "unexpected_price"
    """A price on an action that takes none."""

    BAD_TARGET = "bad_target"
    """A target or card no template allows."""

    BAD_ACTION = "bad_action"
    """Not an action, or numbers of the wrong type."""

    CORRUPT_SNAPSHOT = "corrupt_snapshot"
    """A damaged or edited save."""

    INCOMPATIBLE_SNAPSHOT = "incompatible_snapshot"
    """A save of another format version, or with a bot this version lacks."""

    BAD_RECORD = "bad_record"
    """Not a record, or one taken while its match was being played."""

    BAD_VERSION = "bad_version"
    """A record of another version."""

    BAD_STEP = "bad_step"
    """Replay's upto out of range."""

    BAD_SEATING = "bad_seating"
    """An unknown tournament seating design."""

    RUNAWAY = "runaway"
    """A tournament deal that exceeded the action bound."""

    NOTHING_TO_TAKE_BACK = "nothing_to_take_back"
    """Take back: the seat has made no decision in this match that it was asked."""

    TAKE_BACK_NOT_OFFERED = "take_back_not_offered"
    """Take back at a table with another person, in a daily deal that counts, once the hand
    is over (its cards shown), or of a decision made in a hand that is over."""


class SpeculationError(ValueError):
    """Base class: ``code`` (stable identifier) and ``message`` (for people)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: str = ErrorCode(code).value
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form used by the bridge."""
        return {"code": self.code, "message": self.message}


class RulesError(SpeculationError):
    """An option value or a combination of options that cannot be played; names the option."""

    def __init__(self, code: ErrorCode, message: str, option: str | None = None) -> None:
        super().__init__(code, message)
        self.option = option

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        if self.option is not None:
            d["option"] = self.option
        return d


class IllegalActionError(SpeculationError):
    """An action that the rules do not allow now. ``legal`` holds the templates that are."""

    def __init__(self, code: ErrorCode, message: str, legal: tuple[Any, ...] = ()) -> None:
        super().__init__(code, message)
        self.legal = legal

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d["legal"] = [t.to_dict() for t in self.legal]
        return d


class RecordError(SpeculationError):
    """A game record or snapshot that is malformed, corrupted or from an unknown version."""
