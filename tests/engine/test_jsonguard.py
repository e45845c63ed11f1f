"""The JSON limits (``speculation.jsonguard``, documented in docs/protocol.md "Limits"): the
scanner measures what ``json.loads`` would recurse into, skipping string contents, and refuses
a text before any parsing, so a deep text never reaches the parser (which overflows Pyodide's
stack from about 1,600 levels)."""

from __future__ import annotations

import json
import re
from typing import Any
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from speculation import jsonguard
from speculation.jsonguard import LIMITS, JsonLimitError, Limits, check, loads, measure

json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.text(max_size=8),
              st.floats(allow_nan=False, allow_infinity=False)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=30)


def true_depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(true_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(true_depth, value.values()), default=0)
    return 0


@given(value=json_values, ascii_only=st.booleans())
def test_measured_depth_is_the_real_depth(value: Any, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    shape = measure(text)
    assert shape.depth == true_depth(value)
    assert loads(text) == value


@given(value=json_values)
def test_items_bound_the_number_of_values(value: Any) -> None:
    def count(v: Any) -> int:
        if isinstance(v, list):
            return 1 + sum(map(count, v))
        if isinstance(v, dict):
            return 1 + sum(map(count, v.values()))
        return 1
    assert measure(json.dumps(value)).items >= count(value)


@pytest.mark.parametrize("text,depth", [
    ('"[[[[[[[[[["', 0), ('{"a": "{{{{{{{{"}', 1), ('["\\"[[[[[[[[\\\\", []]', 2),
    ('"\\u005b\\u005b"', 0), ('{"k[[[": ["]]]]", "\\\\"]}', 2),
])
def test_brackets_inside_strings_do_not_count(text: str, depth: int) -> None:
    assert measure(text).depth == depth
    assert true_depth(loads(text, Limits(max_depth=depth))) == depth


@pytest.mark.parametrize("shape", ["array", "object", "mixed", "in_a_member"])
def test_deep_texts_are_refused_before_json_loads_runs(shape: str) -> None:
    n = 5000
    text = {"array": "[" * n + "]" * n,
            "object": '{"a":' * n + "1" + "}" * n,
            "mixed": '[{"a":' * (n // 2) + "0" + "}]" * (n // 2),
            "in_a_member": '{"snapshot": ' + "[" * n + "]" * n + "}"}[shape]
    with mock.patch.object(jsonguard.json, "loads", side_effect=AssertionError("parsed")), \
            pytest.raises(JsonLimitError) as e:
        loads(text)
    assert e.value.code == "too_complex" and re.search(r"500[01] levels", e.value.message)


def test_the_depth_limit_is_exact() -> None:
    ok = "[" * LIMITS.max_depth + "]" * LIMITS.max_depth
    assert measure(ok).depth == 64
    loads(ok)
    with pytest.raises(JsonLimitError) as e:
        loads("[" + ok + "]")
    assert e.value.code == "too_complex"


def test_unbalanced_closers_do_not_hide_depth() -> None:
    # json.loads would fail at the first stray "]", but openers after it must still count
    text = "[]]" + "[" * 100
    assert measure(text).depth == 99  # the running count: 1, 0, -1, then up to 99


def test_size_elements_and_numbers() -> None:
    with pytest.raises(JsonLimitError) as e:
        check("x" * 11, Limits(max_chars=10))
    assert e.value.code == "too_large"
    with pytest.raises(JsonLimitError) as e:
        check("[" + ",".join(["0"] * 11) + "]", Limits(max_items=10))
    assert e.value.code == "too_complex" and "elements" in e.value.message
    with pytest.raises(JsonLimitError) as e:
        loads("1" * 101)
    assert e.value.code == "too_complex" and "number" in e.value.message
    assert loads("1" * 100) == int("1" * 100)
    assert loads('"' + "1" * 500 + '"') == "1" * 500  # digits in a string are not a number


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", "1e400", '{"a": [-1e999]}', '{"a": -Infinity}',
                                  "{", "", "[1,]", "'a'", "\x00"])
def test_not_json_is_bad_json(text: str) -> None:
    with pytest.raises(JsonLimitError) as e:
        loads(text)
    assert e.value.code == "bad_json"


@pytest.mark.parametrize("value", [None, 3, b"[]", ["[]"]])
def test_only_strings_are_read(value: Any) -> None:
    with pytest.raises(JsonLimitError) as e:
        loads(value)
    assert e.value.code == "bad_json"


def test_limits_leave_room_for_the_protocol() -> None:
    """A long real save is far inside every limit (depth, elements, numbers)."""
    from speculation.game import Game
    from speculation.records import snapshot

    from .quiet import quiet_action

    g = Game(["A", "B", "C", "D", "E", "F", "G", "H"], seed=77)
    for _ in range(1500):
        if g.is_over:
            break
        g.apply(quiet_action(g))
    shape = check(snapshot(g))
    assert shape.depth <= 8 and shape.items < LIMITS.max_items // 50
    assert shape.longest_number <= 25
