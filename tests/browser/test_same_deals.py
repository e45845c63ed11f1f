""""Replay these deals" under the match summary: a new match with the same players, rules and
deals as the one just finished (its seed and decks, which the engine gives out only once a
match is over), every hand dealt as before whatever was played in between."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from saves import stored
from support import one_move, open_match, set_settings, settle, state

pytestmark = pytest.mark.browser

LINK = "index.html?p=human:You&p=bot:casual/mary:Mary&p=bot:casual/henry:Henry&rule.max_hands=2"
UPCARD = re.compile(r"The upcard is the [a-z]+ of [a-z]+")
MARK = "The same deals as the match before, in the same order."


def upcards(text: str) -> list[str]:
    return UPCARD.findall(text)


def seed_of_save(page: Page) -> int:
    return json.loads(json.loads(stored(page)["raw"])["snapshot"])["record"]["seed"]


def test_replay_these_deals_deals_the_finished_match_again(page: Page):
    set_settings(page, pace="instant")
    open_match(page, LINK)  # no seed in the link: the engine draws it
    to_summary = page.locator("#match-summary")
    for _ in range(300):
        if to_summary.is_visible():
            break
        one_move(page)
    first = upcards(page.inner_text("#log"))
    assert len(first) == 2, first
    seed = seed_of_save(page)
    replay = page.locator("#match-summary").get_by_role("button", name="Replay these deals")
    expect(replay).to_be_visible()
    before = state(page)[1]
    replay.click()
    settle(page, before, 60)
    expect(page.locator("#replace-dialog")).not_to_be_visible()  # a finished match: nothing to keep
    expect(page.locator("#log")).to_contain_text(MARK)
    assert seed_of_save(page) == seed
    # the same first deal, and the second one too, however this match was played
    for _ in range(300):
        again = upcards(page.inner_text("#log").split(MARK, 1)[1])
        if len(again) == 2 or to_summary.is_visible():
            break
        one_move(page)
    assert again == first
