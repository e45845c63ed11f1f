"""Typed errors. Every error carries a stable machine-readable ``code`` and a human ``message``.

>>> try:
...     raise RulesError("bad_option", "ante must be at least 1", option="ante")
... except SpeculationError as e:
...     (e.code, e.option)
('bad_option', 'ante')
"""

from __future__ import annotations

from typing import Any


class SpeculationError(ValueError):
    """Base class: ``code`` (stable identifier) and ``message`` (for people)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form used by the bridge."""
        return {"code": self.code, "message": self.message}


class RulesError(SpeculationError):
    """An option value or a combination of options that cannot be played; names the option."""

    def __init__(self, code: str, message: str, option: str | None = None) -> None:
        super().__init__(code, message)
        self.option = option

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        if self.option is not None:
            d["option"] = self.option
        return d


class IllegalActionError(SpeculationError):
    """An action that the rules do not allow now. ``legal`` holds the templates that are."""

    def __init__(self, code: str, message: str, legal: tuple[Any, ...] = ()) -> None:
        super().__init__(code, message)
        self.legal = legal

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d["legal"] = [t.to_dict() for t in self.legal]
        return d


class RecordError(SpeculationError):
    """A game record or snapshot that is malformed, corrupted or from an unknown version."""
