"""Limits checked on JSON text *before* ``json.loads`` sees it, identical on every Python.

``json.loads`` recurses once per nesting level. CPython turns a deep input into a
``RecursionError``, but Pyodide's Python runs on a small WebAssembly stack and overflows it
outright (from about 1,600 levels of objects), which kills the interpreter. So every JSON text
the engine reads from outside (bridge requests, snapshots, records) goes through ``loads``
here: a scanner that skips string contents measures the nesting, the number of elements and the
longest number, and refuses the text with a stable code before any recursive parsing starts.
Both Pythons therefore refuse the same inputs with the same codes.

>>> loads('{"op": "hello", "list": [1, 2, [3]]}')
{'op': 'hello', 'list': [1, 2, [3]]}
>>> measure('{"a": "[[[[ brackets inside a string do not count", "b": [[1]]}')
Shape(depth=3, items=5, longest_number=1)
>>> try:
...     loads("[" * 5000 + "]" * 5000)
... except JsonLimitError as e:
...     print(e.code, "-", e.message)
too_complex - the text is nested 5000 levels deep; at most 64 are allowed
>>> try:
...     loads('{"seed": NaN}')
... except JsonLimitError as e:
...     e.code
'bad_json'
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from .errors import ErrorCode, SpeculationError


@dataclass(frozen=True)
class Limits:
    """What a JSON text may hold (documented in ``docs/protocol.md``, "Limits")."""

    max_chars: int = 8 * 1024 * 1024
    max_depth: int = 64
    max_items: int = 1_000_000
    max_number_chars: int = 100


LIMITS = Limits()


@dataclass(frozen=True)
class Shape:
    """What the scanner measured: nesting ``depth`` (containers inside containers), ``items``
    (an upper bound on the number of values and members), ``longest_number`` (characters)."""

    depth: int
    items: int
    longest_number: int


class JsonLimitError(SpeculationError):
    """``too_large`` (too many characters), ``too_complex`` (too deep, too many elements, a
    number too long) or ``bad_json`` (not JSON, or ``NaN``/``Infinity``)."""


# A complete JSON string, escapes included (the "unrolled loop" form: linear, no backtracking).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_NUMBER = re.compile(r"[-+0-9.eE]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def measure(text: str) -> Shape:
    """Measure ``text`` without parsing it (linear time, no recursion). Brackets, commas and
    digits inside strings do not count."""
    bare = _STRING.sub('""', text)
    brackets = _NOT_BRACKET.sub("", bare)
    depth = max(accumulate(map(_DELTA.__getitem__, brackets)), default=0)
    opened = brackets.count("[") + brackets.count("{")
    items = bare.count(",") + opened + (1 if bare.strip() else 0)
    longest = max(map(len, _NUMBER.findall(bare)), default=0)
    return Shape(max(depth, 0), items, longest)


def check(text: str, limits: Limits = LIMITS, what: str = "the text") -> Shape:
    """Refuse ``text`` (raise ``JsonLimitError``) if it exceeds ``limits``; else its shape.

    >>> check('[[["deep enough"]]]', Limits(max_depth=2), "the save").depth
    Traceback (most recent call last):
      ...
    speculation.jsonguard.JsonLimitError: the save is nested 3 levels deep; at most 2 are allowed
    """
    if len(text) > limits.max_chars:
        raise JsonLimitError(ErrorCode.TOO_LARGE, f"{what} is larger than {limits.max_chars} characters")
    shape = measure(text)
    if shape.depth > limits.max_depth:
        raise JsonLimitError(ErrorCode.TOO_COMPLEX, f"{what} is nested {shape.depth} levels deep; at "
                             f"most {limits.max_depth} are allowed")
    if shape.items > limits.max_items:
        raise JsonLimitError(ErrorCode.TOO_COMPLEX, f"{what} holds more than {limits.max_items} elements")
    if shape.longest_number > limits.max_number_chars:
        raise JsonLimitError(ErrorCode.TOO_COMPLEX, f"{what} has a number of {shape.longest_number} "
                             f"characters; at most {limits.max_number_chars} are allowed")
    return shape


def _reject_constant(name: str) -> Any:
    raise JsonLimitError(ErrorCode.BAD_JSON, f"{name} is not allowed in JSON here")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # 1e400 would read as infinity, which JSON cannot hold
        raise JsonLimitError(ErrorCode.BAD_JSON, f"the number {text[:20]} is out of range")
    return value


def loads(text: Any, limits: Limits = LIMITS, what: str = "the text") -> Any:
    """``json.loads`` behind ``check``: JSON text in, Python value out, or ``JsonLimitError``.
    ``NaN``, ``Infinity``, ``-Infinity`` and numbers too large for a float (``1e400``) are
    refused (``bad_json``)."""
    if not isinstance(text, str):
        raise JsonLimitError(ErrorCode.BAD_JSON, f"{what} must be a JSON string")
    check(text, limits, what)
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except JsonLimitError:
        raise
    except RecursionError:  # pragma: no cover - the depth limit is far below any stack
        raise JsonLimitError(ErrorCode.TOO_COMPLEX, f"{what} is too deeply nested") from None
    except ValueError as e:
        raise JsonLimitError(ErrorCode.BAD_JSON, f"{what} is not valid JSON: {str(e)[:120]}") from None
