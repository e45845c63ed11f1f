"""The page's play driver against the built wheel under Pyodide in Node, with no browser
(tests/node/driver-wheel.mjs): the loop, the pause after a hand and "Next hand" play a whole
two-hand match of one person and two computer players (issue 21: the loop's semantics are
tested without Chromium)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from node_report import run_report

pytestmark = pytest.mark.node

@pytest.fixture(scope="module")
def played(site_dir):
    return run_report("driver-wheel.mjs", site_dir, failure_key="errors")


def test_the_driver_plays_a_whole_match_to_its_end(played):
    # max_hands 2 (docs/rules-decisions.md: a match of a set number of hands)
    assert played["ok"], played
    assert played["hands"] == 2
    assert played["busy"] == "idle"
    assert played["errors"] == []
    # issue 47: a whole match through the page's driver runs on the trimmed standard library
    assert played["rest"] == {"fetches": 0, "modules": []}


def test_the_computer_players_move_and_the_person_decides(played):
    assert played["bot_moves"] > 0
    assert played["decisions"] > 0
    reasons = [line for line in played["log"] if line.startswith("Mrs Grant: “")]
    assert reasons, "each computer move logs its reason"


def test_the_table_pauses_after_the_first_hand_and_then_plays_on(played):
    """The site's pause: the first hand's end is drawn for people to look at, and the match
    goes on only through "Next hand"; the last hand's end is the match's end, drawn as such."""
    assert played["pauses"] == 1
    assert played["seen_hand"] == 1
    # the engine states the stage of every view drawn (docs/protocol.md)
    assert played["stages"] == ["playing", "hand_over", "playing", "match_over"]


def test_a_computer_seat_named_otherwise_shows_its_bots_name_from_hello(played):
    """The engine names the catalogue's bot beside a computer seat's own name ("Mrs Grant",
    played by casual/mary), and only where the two differ; the page adds nothing."""
    assert [s["kind"] for s in played["seats"]] == ["human", "bot", "bot"]
    assert played["seats"][1]["bot_name"] == played["catalogue"]["casual/mary"] != "Mrs Grant"
    assert played["seats"][2]["bot_name"] is None  # named as its bot, beginner/henry
