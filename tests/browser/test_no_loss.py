"""No path loses a match (issue 14, issue 10 item 8): every way of starting another match
asks first and keeps the match in progress in "Saved matches", from which it is resumed
whole; a save the page cannot resume is kept (list and download) and the page starts afresh,
never bricked; the page repairs its own part of a save rather than refuse a valid match."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from saves import MATCH, SAVE_KEY, answer_replace, goto_link, saved_list, stored
from support import BOOT_S, continue_match, one_move, scenario_url, set_pace, settle, state, wait_ready

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def play_a_match(page: Page, moves: int = 3) -> dict:
    """A match in progress with a few moves made; its stored save."""
    page.goto("index.html")
    wait_ready(page)
    set_pace(page, "instant")
    goto_link(page, "index.html" + MATCH, answer=None)
    for _ in range(moves):
        one_move(page)
    s = stored(page)
    assert s and s["actions"] >= moves
    return s


def kept(page: Page, match: dict) -> bool:
    """The match is in the saved list, whole (the same number of actions)."""
    return any(m["match"] == match["match"] and m["actions"] == match["actions"] for m in saved_list(page))


def test_a_settings_link_asks_and_keeps_the_match(page: Page):
    old = play_a_match(page)
    # "Keep playing": the link is dropped, the match goes on exactly where it was
    goto_link(page, "index.html?seed=5", answer="Keep playing")
    assert stored(page) == old
    expect(page.locator("#log")).to_contain_text("The match was resumed")
    one_move(page)
    old = stored(page)
    # "Start the new match": the old one is kept in Saved matches, whole
    goto_link(page, "index.html?seed=5", answer="Start the new match")
    new = stored(page)
    assert new["match"] != old["match"] and json.loads(json.loads(new["raw"])["snapshot"])["record"]["seed"] == 5
    assert "Seed" not in page.inner_text("#log")  # the link's seed is the match's: never logged
    assert kept(page, old)
    # and resumed from there (the one it replaces is kept in turn)
    one_move(page)
    new = stored(page)
    page.get_by_role("button", name="Saved matches").click()
    dlg = page.locator("#saved-dialog")
    expect(dlg).to_be_visible()
    dlg.get_by_role("button", name="Resume").first.click()
    answer_replace(page, "Resume it")
    back = stored(page)
    assert (back["match"], back["actions"]) == (old["match"], old["actions"])
    assert kept(page, new) and not any(m["match"] == old["match"] for m in saved_list(page))
    one_move(page)


def test_the_set_up_form_and_its_link_ask_and_keep(page: Page):
    first = play_a_match(page)
    # "New match" then "Deal the first hand" (a typed seed: the same deal on every run)
    page.get_by_role("button", name="New match").click()
    page.locator("#setup-seed").fill("23")
    link = page.locator("#setup-link").input_value()
    page.get_by_role("button", name="Deal the first hand").click()
    answer_replace(page, "Start the new match")
    second = stored(page)
    assert second["match"] != first["match"] and kept(page, first)
    one_move(page)
    second = stored(page)
    # the form's own "Copy link", opened over the match in progress
    goto_link(page, link, answer="Start the new match")
    third = stored(page)
    assert third["match"] not in (first["match"], second["match"])
    assert kept(page, first) and kept(page, second)
    # "New match", "Deal", then "Keep playing": nothing changes
    one_move(page)
    third = stored(page)
    page.get_by_role("button", name="New match").click()
    page.get_by_role("button", name="Deal the first hand").click()
    answer_replace(page, "Keep playing")
    assert stored(page) == third
    expect(page.locator("#setup")).to_be_hidden()
    one_move(page)


def test_the_embeds_full_game_link_asks_and_keeps(page: Page):
    """The embed's link opens the full game in a new tab while this tab plays a match: the
    new tab waits ("open in another tab"), then takes the match over and asks before the
    link's deal replaces it."""
    old = play_a_match(page)
    embed = page.context.new_page()
    embed.goto("index.html?embed=1&scenario=ace-upcard")
    full = embed.locator("#embed-full")
    expect(full).to_contain_text("Play this deal in the full game", timeout=BOOT_S * 1000)
    assert stored(embed) == old  # the embed never touches the save
    with embed.expect_popup() as popup:
        full.click()
    tab = popup.value
    panel = tab.locator("#tab-dialog")
    expect(panel).to_be_visible(timeout=BOOT_S * 1000)
    assert stored(tab) == old
    panel.get_by_role("button", name="Play here instead").click()
    answer_replace(tab, "Start the new match")
    assert stored(tab)["match"] != old["match"] and kept(tab, old)
    expect(page.locator("#tab-dialog")).to_be_visible()  # the first tab has let go


def test_the_saved_list_keeps_at_least_five(page: Page):
    first = play_a_match(page, moves=1)
    for seed in range(6):
        goto_link(page, f"index.html?seed={seed + 100}", answer="Start the new match")
        one_move(page)
    titles = saved_list(page)
    assert len(titles) == 6 and kept(page, first)
    page.get_by_role("button", name="Saved matches").click()
    expect(page.locator("#saved-dialog .saved-item")).to_have_count(6)
    expect(page.locator("#saved-dialog").get_by_role("link", name="Export").first).to_be_visible()


# ----------------------------------------------------------------------------- resuming


def put_save(page: Page, obj: dict) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(obj)])


def test_a_5000_deep_save_is_kept_and_the_page_starts_afresh(page: Page):
    """The engine refuses it (too_complex) before json.loads; the page keeps it, says so, and
    starts: on this load and on every later one."""
    page.goto("index.html")
    wait_ready(page)
    # "Play" deals at random: at normal pace a long run of computer moves could outlast a step
    set_pace(page, "instant")
    deep = ('{"format":"speculation-snapshot","version":2,"record":{},"state":'
            + '{"a":' * 5000 + "1" + "}" * 5000 + "}")
    put_save(page, {"v": 1, "snapshot": deep, "ui": {}})
    page.reload()
    notice = page.locator("#notice")
    expect(notice).to_be_visible(timeout=BOOT_S * 1000)
    expect(notice).to_contain_text("could not be resumed")
    expect(notice).to_contain_text("nested")
    expect(page.locator("#notice-download")).to_be_visible()
    assert stored(page) is None
    [entry] = saved_list(page)
    assert entry["broken"] and "nested" in entry["broken"]
    settle(page, 0, BOOT_S)
    before = state(page)[1]
    page.get_by_role("button", name="Play", exact=True).click()  # a fresh match from the first screen
    settle(page, before, BOOT_S)
    one_move(page)
    page.reload()  # and the next load resumes the new match, without a word
    settle(page, 0, BOOT_S)
    expect(notice).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("The match was resumed")


# The page's own part of a save, damaged in each of these ways.
DAMAGED_UI = [
    {"log": {"text": "an object, not a list"}},
    {"log": [None, 5, {"text": 7}, {"text": "kept", "cls": "hand-sep"}, {"text": "x", "cls": None}]},
    {"holder": 99},
    {"holder": -1, "seenHand": "soon"},
    {"holder": 1},  # a computer player's seat
]


def test_the_pages_part_of_a_save_is_repaired_not_trusted(page: Page):
    """Each damaged part in turn (one match, played once, as in each case before): the same save
    with it is put back and the page reloaded; the match resumes whole and plays on."""
    old = play_a_match(page)
    for ui in DAMAGED_UI:
        obj = json.loads(old["raw"])
        obj["ui"] = ui
        put_save(page, obj)
        page.reload()
        settle(page, 0, BOOT_S)
        expect(page.locator("#notice")).to_be_hidden()
        expect(page.locator("#log")).to_contain_text("The match was resumed")
        assert stored(page)["actions"] == old["actions"], ui
        continue_match(page)  # the first screen offers the saved match: Continue
        expect(page.locator("#controls").get_by_role("button").first).to_be_visible()
        one_move(page)


def test_a_bot_this_version_lacks_is_replaced_by_the_nearest_when_asked(page: Page):
    from speculation.records import integrity_check

    old = play_a_match(page)
    obj = json.loads(old["raw"])
    snap = json.loads(obj["snapshot"])
    snap["record"]["seats"][1]["bot"] = "grandmaster/mary"  # not in this version
    snap["check"] = integrity_check(snap["record"], snap["state"])
    obj["snapshot"] = json.dumps(snap)
    put_save(page, obj)
    page.reload()
    dlg = page.locator("#nearest-dialog")
    expect(dlg).to_be_visible(timeout=BOOT_S * 1000)
    expect(dlg).to_contain_text("grandmaster/mary")
    button = dlg.get_by_role("button", name="Continue with")
    expect(button).to_be_focused()
    nearest = button.inner_text().removeprefix("Continue with ")
    button.click()
    settle(page, 0, BOOT_S)
    now = stored(page)
    assert now["actions"] == old["actions"] and now["match"] == old["match"]
    seats = json.loads(json.loads(now["raw"])["snapshot"])["record"]["seats"]
    assert seats[1]["bot"] == nearest != "grandmaster/mary"
    one_move(page)


def test_a_version_1_save_of_the_released_site_resumes(page: Page):
    """The released site's save (tests/fixtures/v1-save.json, written by its engine) resumes,
    and is stored again at once as version 2 with an id; nothing goes to the saved list."""
    page.goto("index.html")
    wait_ready(page)
    set_pace(page, "instant")  # the computer players move on from the save: no waiting on them
    fixture = json.loads((ROOT / "tests" / "fixtures" / "v1-save.json").read_text(encoding="utf-8"))
    put_save(page, fixture)
    page.reload()
    settle(page, 0, BOOT_S)
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("The match was resumed")
    now = stored(page)
    assert now["version"] == 2 and now["match"]
    # its 31 actions kept as they were (the computer players may have moved on since)
    old_actions = json.loads(fixture["snapshot"])["record"]["actions"]
    assert json.loads(json.loads(now["raw"])["snapshot"])["record"]["actions"][:31] == old_actions
    assert len(old_actions) == 31 and saved_list(page) == []
    one_move(page)
    assert stored(page)["match"] == now["match"] and saved_list(page) == []


def test_keep_playing_over_the_end_of_hand_panel_changes_nothing(page: Page):
    """The end-of-hand panel holds the one way on: a "replace the match?" question answered
    "Keep playing" over it leaves the panel, the hand and the save as they were (it used to deal
    the next hand behind the panel). Rules: an ace of trumps as the upcard wins at once."""
    page.goto("index.html")
    wait_ready(page)
    set_pace(page, "instant")
    deck = ["3H", "4S", "5C", "6S", "7C", "8S", "AH"]  # Fanny deals and owns the ace upcard
    goto_link(page, scenario_url(["Fanny", "bot:casual/edmund:Edmund"], seed=3, decks=[deck],
                                 rules={"max_hands": 3}), answer=None)
    panel = page.locator("#hand-result")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("button", name="Next hand")).to_be_visible()
    before = stored(page)
    page.get_by_role("button", name="New match").click()
    page.get_by_role("button", name="Deal the first hand").click()
    answer_replace(page, "Keep playing")
    expect(panel).to_be_visible()
    expect(page.locator("#info-hand")).to_have_text(re.compile(r"^1( of \d+)?$"))
    assert stored(page)["actions"] == before["actions"]
    b = state(page)[1]
    panel.get_by_role("button", name="Next hand").click()
    settle(page, b)
    expect(page.locator("#info-hand")).to_have_text(re.compile(r"^2( of \d+)?$"))
