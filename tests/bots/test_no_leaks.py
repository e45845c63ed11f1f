"""No private number in play (issue 12, deliverable 1).

A bot's reservation prices (the most it pays, the least it takes) and the price it plans to name
next stay private during a match: a reason may state public facts (chances, fair value, the pot,
what was offered, the price of its own move) and its character, never its limits. The bots hand
their private numbers to this test through ``Decision.private``, which the bridge never sends."""

from __future__ import annotations

import json
import math
import random
import re

import pytest
from botplay import RULE_SETS, new_game, steps
from hypothesis import event, given, settings
from hypothesis import strategies as st

from speculation.bots import catalogue
from speculation.bots.pricing import above_count, chips, facedown_total, percent, stake_of
from speculation.bridge import Session
from speculation_lab.variants import VARIANTS

TRADERS = [b["id"] for b in catalogue()]
NUMBER = re.compile(r"(?<![\w.#])\d+(?:\.\d+)?")
MATCHES = 20  # the coverage test's fixed matches (about 3,000 private decisions)


def numbers(text: str) -> set[float]:
    return {float(x) for x in NUMBER.findall(text)}


def public_numbers(obs, action) -> set[float]:
    """Every number a reason may honestly contain: what anyone at the table can see."""
    stake = stake_of(obs)
    out = {float(obs.pot), float(chips(stake.fair)), float(obs.unseen), float(above_count(obs)),
           float(facedown_total(obs)), float(percent(stake.share).split()[0])}
    if action.price is not None:
        out.add(float(action.price))
    for key in ("price", "high_bid", "reserve", "ask", "bid"):
        v = (obs.pending.to_dict() if obs.pending else {}).get(key)
        if isinstance(v, int):
            out.add(float(v))
    out |= {float(t.price_min) for t in obs.legal if t.price_min is not None}
    return out


def private_forms(xs) -> set[float]:
    """The ways a private number could be written: rounded down, up, to nearest, to a tenth."""
    out: set[float] = set()
    for x in xs:
        out |= {float(math.floor(x)), float(math.ceil(x)), float(round(x)), float(chips(x)),
                float(max(0, math.floor(x)))}
    return out


def scan(seed: int, players: int, rules: dict, lineup: list[str]) -> tuple[int, int]:
    """Play one match and check every reason in it; return (decisions, those with private
    numbers)."""
    decisions = private = 0
    for obs, _, d in steps(new_game(players, seed, rules, hands=2), lineup[:players], seed):
        decisions += 1
        if not d.private:
            continue
        private += 1
        leaked = (numbers(d.reason) & private_forms(d.private)) - public_numbers(obs, d.action)
        assert not leaked, (d.reason, d.private, leaked)
        assert "private" not in json.dumps(d.to_dict())
    return decisions, private


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), rules=st.sampled_from(RULE_SETS),
       lineup=st.lists(st.sampled_from(TRADERS), min_size=6, max_size=6))
def test_no_reason_states_a_private_limit(seed, players, rules, lineup):
    _, private = scan(seed, players, rules, lineup)
    event(f"private decisions: {'none' if not private else 'some'}")


def fixed_matches(count: int) -> list[tuple[int, int, dict, list[str]]]:
    """``count`` matches drawn the way the property draws them, from a fixed seed."""
    rng = random.Random(12)
    return [(rng.randrange(10**6), rng.randint(3, 6), rng.choice(RULE_SETS),
             [rng.choice(TRADERS) for _ in range(6)]) for _ in range(count)]


def test_the_scan_covered_thousands_of_decisions():
    """The check above is not vacuous: over a fixed set of matches (its own, so this test
    passes alone and in any order) it meets thousands of decisions with private numbers."""
    private = sum(scan(*match)[1] for match in fixed_matches(MATCHES))
    assert private >= 2000, private


@pytest.mark.parametrize("yard", sorted(VARIANTS))
def test_no_yardstick_built_from_the_expert_states_a_private_limit(yard):
    """The same check for the ``yard/*`` yardsticks (the expert with one idea changed or added),
    which the catalogue of playable bots does not list: each plays fixed matches in seat 0."""
    rng = random.Random(f"leaks:{yard}")
    private = 0
    for k in range(6):
        lineup = [yard, *(rng.choice(TRADERS) for _ in range(5))]
        private += scan(rng.randrange(10**6), 3 + k % 4, RULE_SETS[k % len(RULE_SETS)],
                        lineup)[1]
    assert private >= 100, private


def test_the_bridge_sends_a_bot_move_without_its_private_numbers():
    s = Session()
    players = [{"name": n, "kind": "bot", "bot": b} for n, b in
               (("Mary", "expert/mary"), ("Henry", "skilled/henry"), ("Fanny", "casual/fanny"))]
    s.handle(json.dumps({"op": "new_match", "settings": {"seed": 5, "players": players}}))
    for _ in range(60):
        view = json.loads(s.handle('{"op": "view"}'))["view"]
        if view["match_over"]:
            break
        r = json.loads(s.handle(json.dumps({"op": "bot", "seat": view["to_act"]})))
        assert r["ok"] and set(r) <= {"ok", "action", "reason", "events", "view", "op"}, set(r)
