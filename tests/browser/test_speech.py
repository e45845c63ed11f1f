"""Play by ear (issue 45, item 8): what a person who cannot see the table hears.

Every event of the hand is said once, in the order the engine logged it, in the engine's own
sentence, in one polite live region (#speech, web/js/speech.js); a new decision is said as
"Your turn: …"; face-up cards say so in their names as face-down stacks do. The ground truth is
the engine itself: the match's record, replayed in CPython, gives the log the page should have
said. A second hand is played with the keyboard alone, reading only the accessibility tree
(Playwright's ARIA snapshots), never a screenshot or a CSS selector for a decision.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from support import open_match, press, scenario_url, set_settings, state

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
from speculation.bridge import Session

pytestmark = pytest.mark.browser

PLAYERS = ["Fanny", "bot:casual/mary:Mary", "bot:casual/henry:Henry"]
URL = scenario_url(PLAYERS, seed=23, rules={"max_hands": 1})

# Every sentence added to the live region, kept even after the region drops old ones.
HEAR = """(() => {
  window.__heard = [];
  const watch = () => new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) window.__heard.push(n.textContent);
  }).observe(document.getElementById("speech"), {childList: true});
  document.addEventListener("DOMContentLoaded", watch);
})();"""

TURN = re.compile(r"^Your turn: ")


def heard(page: Page) -> list[str]:
    return page.evaluate("window.__heard")


def engine_log(page: Page) -> list[str]:
    """The sentences of the engine's log for the match the page saved, replayed in CPython."""
    raw = page.evaluate("localStorage.getItem('speculation:save:v1')")
    record = json.loads(json.loads(raw)["snapshot"])["record"]
    s = Session()
    out = json.loads(s.handle(json.dumps({"op": "replay", "record": record})))
    assert out["ok"], out
    entries: list[dict[str, Any]] = json.loads(s.handle('{"op": "log", "since": 0}'))["entries"]
    return [e["text"] for e in entries if e.get("text")]


def play_hand_by_mouse(page: Page) -> int:
    """Fanny presses the first of her choices until the hand's panel shows; returns her moves.
    Before each press, the last turn said is the decision on the screen."""
    moves = 0
    for _ in range(60):
        if page.locator("#hand-result").is_visible() or page.locator("#match-summary").is_visible():
            return moves
        buttons = page.locator("#controls .control-buttons").get_by_role("button")
        if state(page)[0] == "idle" and buttons.count() and buttons.first.is_enabled():
            said = [t for t in heard(page) if TURN.match(t)]
            assert said, "a decision is on the screen and no turn was said"
            assert said[-1] == page.inner_text("#status"), (said[-1], page.inner_text("#status"))
            press(page, "Fanny", buttons.first.get_attribute("aria-label") or buttons.first.inner_text())
            moves += 1
        else:
            page.wait_for_timeout(100)
    raise AssertionError("the hand did not end")


def test_every_event_is_said_once_in_order_in_the_engines_words(page: Page):
    set_settings(page, pace="instant")
    page.add_init_script(HEAR)
    open_match(page, URL)
    region = page.locator("#speech")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_have_attribute("role", "log")
    # the eyes' copies are not live: nothing is said twice
    assert page.locator("#status").get_attribute("aria-live") is None
    assert page.locator("#announce-banner").get_attribute("aria-hidden") == "true"
    moves = play_hand_by_mouse(page)
    assert moves >= 1, "Fanny had no decision: the scenario no longer tests a turn"
    said, log = heard(page), engine_log(page)
    assert log, "the engine logged nothing"
    assert [t for t in said if t in set(log)] == log, "the engine's log, each sentence once, in order"
    assert len([t for t in said if TURN.match(t)]) >= moves, "each of Fanny's decisions was said"
    # face-up cards say so; a face-down stack says how many
    expect(page.locator("#upcard-slot .card")).to_have_attribute("aria-label", re.compile(r", face up$"))
    expect(page.locator("#seats .stack-count").first).to_contain_text("face-down")


def focused(page: Page) -> str:
    """The focused element as the accessibility tree has it (role and name)."""
    here = page.locator("*:focus")
    return here.aria_snapshot() if here.count() else ""


def test_a_hand_played_with_the_keyboard_and_the_accessibility_tree_alone(page: Page):
    set_settings(page, pace="instant")
    page.add_init_script(HEAR)
    open_match(page, URL)
    moves = 0
    for _ in range(80):
        tree = page.locator("body").aria_snapshot()
        if re.search(r'heading "(End of the hand|The match is over)"', tree) and (
                'button "Next hand"' in tree or "The match is over" in tree):
            break
        choices = re.search(r'group "Your choices"[^\n]*\n((?:\s+- .*\n?)+)', tree)
        names = re.findall(r'button "([^"]+)"', choices.group(1)) if choices else []
        names = [n for n in names if n != "What is it worth?"]
        if not names or state(page)[0] != "idle":
            page.wait_for_timeout(100)
            continue
        # Tab to the first choice (the table puts the focus in its choices on your turn)
        for _ in range(40):
            if f'button "{names[0]}"' in focused(page):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError(f"Tab never reached {names[0]!r}; the tree:\n{tree}")
        before = state(page)[1]
        page.keyboard.press("Enter")
        page.wait_for_function("(t) => Number(document.body.dataset.tick) > t && document.body.dataset.state === 'idle'",
                               arg=before)
        moves += 1
    else:
        raise AssertionError("the hand did not end")
    assert moves >= 1
    said, log = heard(page), engine_log(page)
    assert [t for t in said if t in set(log)] == log
    assert any(TURN.match(t) for t in said)
