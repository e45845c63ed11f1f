"""Player names: what the engine accepts, and how it cleans them before any sentence uses them.

A name appears inside the log's English sentences, so it must not be able to rearrange them:
bidirectional control characters (the embeddings, overrides and isolates U+202A–U+202E and
U+2066–U+2069, the marks U+200E, U+200F and U+061C) are removed. A name must keep at least one
visible character (not a space, a format character or a blank filler such as U+3164), holds no
control characters (line breaks, NUL...), and is 1 to 40 characters long once cleaned. An
empty name is ``bad_name``; one of spaces or other invisible characters only is
``invisible_name``.

>>> clean_name("  Fanny Price ")
'Fanny Price'
>>> clean_name("\\u202eecirP ynnaF")  # a right-to-left override is dropped
'ecirP ynnaF'
>>> try:
...     clean_name("\\u200b\\u2063\\u3164")
... except BadNameError as e:
...     e.code
'invisible_name'
"""

from __future__ import annotations

import unicodedata

from .errors import ErrorCode, SpeculationError
from .rules import NAME_MAX as MAX_NAME

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
# Characters that Unicode files as letters or symbols but that draw nothing.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")


class BadNameError(SpeculationError):
    """A name that cannot be used: ``invisible_name`` (nothing visible in it) or ``bad_name``
    (a control character, or a length outside 1 to 40)."""


def visible(ch: str) -> bool:
    """Whether ``ch`` draws something: not a separator (spaces), not a control, format,
    unassigned or private-use character, not a lone combining mark, not a blank filler."""
    cat = unicodedata.category(ch)
    return cat[0] not in "ZC" and cat not in ("Mn", "Me") and ch not in BLANK_LETTERS


def clean_name(name: object, who: str = "a player") -> str:
    """``name`` without bidi controls and outer spaces, or ``BadNameError``."""
    if not isinstance(name, str):
        raise BadNameError(ErrorCode.BAD_NAME, f"{who} needs a name: a string of 1 to {MAX_NAME} characters")
    text = "".join(ch for ch in name if ch not in BIDI_CONTROLS).strip()
    if len(text) > MAX_NAME:
        raise BadNameError(ErrorCode.BAD_NAME, f"{who}'s name is longer than {MAX_NAME} characters")
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise BadNameError(ErrorCode.BAD_NAME, f"{who}'s name contains a control character (such as a "
                         "line break)")
    if not name:
        raise BadNameError(ErrorCode.BAD_NAME, f"{who} needs a name of 1 to {MAX_NAME} characters")
    if not any(visible(ch) for ch in text):
        raise BadNameError(ErrorCode.INVISIBLE_NAME, f"{who}'s name has no visible character")
    return text
