"""Reasons state chances as chances (issue 15, deliverable 3).

"48 of 51 unseen cards can't beat the jack" reads as 94 % while the jack survives far less often
(the face-down cards are drawn from those 51). Reasons therefore say the chance itself ("the jack
holds with a 26 % chance") and give the card count only as a detail in brackets. Every
percentage a bot prints must be the engine's exact chance rounded to the digits shown."""

from __future__ import annotations

import random
import re
from collections import Counter

from botplay import RULE_SETS, new_game, steps
from hypothesis import event, given, settings
from hypothesis import strategies as st

from speculation.bots import catalogue
from speculation.bots.pricing import percent

BOTS = [b["id"] for b in catalogue(include_baselines=True)]
TRUMP = re.compile(r"[Tt]he (\w+) holds with a (\d+(?:\.\d+)?) % chance \((none|\d+) of the "
                   r"(\d+) unseen cards?")
CARD = re.compile(r"(?:[Ee]ach of the (\d+)|[Tt]he one) face-down cards? wins? with a "
                  r"(\d+(?:\.\d+)?) % chance")
MATCHES = 40  # the coverage test's fixed matches (about 340 trump chances)


def _equals_rounded(text: str, exact) -> bool:
    digits = len(text.split(".")[1]) if "." in text else 0
    return float(text) == round(float(exact) * 100, digits)


def check_reasons(seed: int, players: int, rules: dict, lineup: list[str]) -> Counter[str]:
    """Play one match and check every chance its reasons state; return how many of each kind
    ("trump", "card") were checked."""
    seen: Counter[str] = Counter()
    for obs, _, d in steps(new_game(players, seed, rules, hands=2), lineup[:players], seed):
        assert "can't beat" not in d.reason and "unseen cards can" not in d.reason.split("(")[0]
        for m in TRUMP.finditer(d.reason):
            assert _equals_rounded(m.group(2), obs.odds.best), (d.reason, float(obs.odds.best))
            assert int(m.group(4)) == obs.unseen
            seen["trump"] += 1
        for m in CARD.finditer(d.reason):
            assert _equals_rounded(m.group(2), obs.odds.per_card), d.reason
            if m.group(1):
                assert int(m.group(1)) == sum(obs.stacks) + obs.dead_hand
            seen["card"] += 1
    return seen


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rules=st.sampled_from(RULE_SETS),
       lineup=st.lists(st.sampled_from(BOTS), min_size=6, max_size=6))
def test_every_percentage_in_a_reason_is_the_exact_chance_rounded(seed, players, rules, lineup):
    for kind in check_reasons(seed, players, rules, lineup):
        event(f"a {kind} chance stated")


def test_the_wording_was_exercised():
    """The check above is not vacuous: over a fixed set of matches (its own, so this test
    passes alone and in any order) it meets hundreds of stated chances of each kind."""
    rng = random.Random(15)
    seen: Counter[str] = Counter()
    for _ in range(MATCHES):
        seen += check_reasons(rng.randrange(10**6), rng.randint(2, 6), rng.choice(RULE_SETS),
                              [rng.choice(BOTS) for _ in range(6)])
    assert seen["trump"] > 200 and seen["card"] > 200, seen


def test_a_percentage_never_reads_as_certain_or_impossible_when_it_is_not():
    assert percent(0.9996) == "99.96 %" and percent(0.004) == "0.4 %"
    assert percent(1) == "100 %" and percent(0) == "0 %" and percent(0.26) == "26 %"
