"""The seed of the match being played never reaches the page (docs/protocol.md, "The seed stays
in the engine"): with it anyone could run the engine again and read every face-down card, which
are unknown to everybody, their owner included. The engine draws the seed when the page gives
none and keeps it; the save on the device holds it (it resumes the match), so the tests read
the secret from there, and then look for it everywhere the player could: the page's text, its
markup and attributes, every form field (the set-up form's seed box and its share link, open or
closed), the log and the review. Once the match is over the record is whole again: the
statistics identify the match by its seed, and "Download the game record" replays it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from saves import SAVE_KEY
from support import BOOT_S, log_text, one_move, open_match, set_settings, settle, state

pytestmark = pytest.mark.browser

STATS_KEY = "speculation:stats:v1"


def saved_seed(page: Page) -> int:
    """The seed of the match in progress, from the device's save (never shown to the player)."""
    raw = page.evaluate(f"localStorage.getItem({SAVE_KEY!r})")
    return int(json.loads(json.loads(raw)["snapshot"])["record"]["seed"])


def everything_shown(page: Page) -> str:
    """All the page shows or holds outside storage: its text, its markup with every attribute
    (links, data- fields), every form field's value and the log."""
    return page.evaluate("""() => [
        document.body.innerText,
        document.documentElement.outerHTML,
        ...[...document.querySelectorAll("input, textarea, select, output")].map((e) => e.value),
        document.getElementById("log")?.textContent ?? "",
        document.title, location.href,
    ].join("\\n")""")


def assert_hidden(page: Page, seed: int, where: str) -> None:
    shown = everything_shown(page)
    assert str(seed) not in shown, f"{where}: the seed {seed} is on the page"
    assert not re.search(r"[Ss]eed \d", log_text(page)), f"{where}: the log names a seed"


def play_until(page: Page, done, limit: int = 300) -> None:
    for _ in range(limit):
        if done(page):
            return
        one_move(page)
    raise AssertionError(f"the match did not get there; status: {page.inner_text('#status')}")


def test_play_never_shows_the_seed_of_the_match_in_progress(page: Page):
    set_settings(page, pace="instant")
    open_match(page, "index.html")
    page.get_by_role("button", name="Play", exact=True).click()
    settle(page, 0, BOOT_S)
    expect(page.locator("#seats .seat")).to_have_count(4)
    seed = saved_seed(page)
    assert_hidden(page, seed, "a new match")
    expect(page.locator("#log")).to_contain_text("A new match: Julia, Mary, Henry, Edmund.")
    one_move(page)
    assert_hidden(page, seed, "after the deal")
    # The set-up form opened over the match: an empty seed box (a random next match), and a
    # share link without the seed of the match being played.
    page.get_by_role("button", name="New match").click()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#setup-seed")).to_have_value("")
    expect(page.locator("#setup-seed")).to_have_attribute("placeholder", "Random")
    assert "seed=" not in page.locator("#setup-link").input_value()
    assert_hidden(page, seed, "the set-up form over the match")
    page.get_by_role("button", name="Cancel").click()
    # The first hand ends: its review steps through the match in progress (the engine
    # replays its own record), and still nothing shows the seed.
    play_until(page, lambda p: p.locator("#hand-result").get_by_role("button", name="Next hand").is_visible())
    assert_hidden(page, seed, "the end of the first hand")
    ended = re.search(r"\d+", page.inner_text("#hand-result-title"))
    assert ended, page.inner_text("#hand-result-title")
    page.locator("#btn-log").click()
    expect(page.locator("#btn-review-hand")).to_have_text(f"Review hand {ended.group()}")
    page.locator("#btn-review-hand").click()
    dlg = page.locator("#review")
    expect(dlg).to_be_visible()
    expect(dlg.locator("#review-board")).not_to_be_empty()
    dlg.locator("#review-next").click()
    expect(dlg.locator("#review-where")).not_to_be_empty()
    assert_hidden(page, seed, "the review of the first hand")
    dlg.locator("#review-close").click()
    # A reload resumes the match from the device's save: the seed stays out of the page.
    page.reload()
    settle(page, 0, BOOT_S)
    assert saved_seed(page) == seed
    assert_hidden(page, seed, "the resumed match")


def test_a_chosen_seed_is_not_echoed_and_the_finished_match_keeps_it(page: Page):
    set_settings(page, pace="instant")
    open_match(page, "index.html")
    page.get_by_role("button", name="Custom match…").click()
    expect(page.locator("#setup-seed")).to_have_value("")  # empty: a random deal
    assert "seed=" not in page.locator("#setup-link").input_value()
    page.locator(".house-rules summary").click()
    page.locator("#opt-max_hands").fill("1")
    page.get_by_label("Deal seed (same seed, same cards)").fill("424242")
    assert "seed=424242" in page.locator("#setup-link").input_value()  # the player's own seed
    before = state(page)[1]
    page.get_by_role("button", name="Deal the first hand").click()
    settle(page, before, BOOT_S)
    assert saved_seed(page) == 424242
    # The player knows it, but the page does not repeat it, and the form's next one is random.
    assert "424242" not in log_text(page) and "Seed" not in log_text(page)
    page.get_by_role("button", name="New match").click()
    expect(page.locator("#setup-seed")).to_have_value("")
    assert "seed=" not in page.locator("#setup-link").input_value()
    page.get_by_role("button", name="Cancel").click()
    assert_hidden(page, 424242, "a match with a typed seed")
    # The match ends: the statistics name it by its seed (the record is whole again).
    play_until(page, lambda p: p.locator("#match-summary").is_visible())
    stats = json.loads(page.evaluate(f"localStorage.getItem({STATS_KEY!r})") or "null")
    assert stats and stats["matches"][-1]["id"].startswith("424242:")
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download the game record").click()
    record = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
    assert record["seed"] == 424242 and "withheld" not in record


def test_a_link_seed_is_not_echoed(page: Page):
    open_match(page, "index.html?p=human:Fanny&p=bot:casual/mary:Mary&seed=737373&rule.max_hands=1")
    expect(page.locator("#seats .seat")).to_have_count(2)
    assert saved_seed(page) == 737373
    assert_hidden(page, 737373, "a match from a link")


def test_a_live_embedded_deal_hides_its_seed_until_it_is_over(page: Page):
    """docs/embedding.md: the embed's log and its link to the full game leave a live deal's seed
    out while it is played; "Start again" has the engine replay the same cards; once the deal
    is over the link replays that very deal."""
    page.goto("index.html?embed=1&p=bot:casual/mary:Mary&p=bot:casual/henry:Henry&rule.max_hands=1"
              "&seat=none&autoplay=0&pace=instant")
    settle(page, 0, BOOT_S)
    full = page.locator("#embed-full")
    expect(page.locator("#log")).to_contain_text("A new deal: Mary, Henry.")
    expect(page.locator("#log")).not_to_contain_text("Seed")
    expect(full).to_contain_text("Open the full game")
    assert "seed=" not in (full.get_attribute("href") or "")

    def play_to_the_end() -> tuple[list[str], str]:
        page.locator("#embed-play").click()
        expect(full).to_contain_text("Play this deal in the full game", timeout=60000)
        lines = page.locator("#log li").all_inner_texts()
        return lines[1:], full.get_attribute("href") or ""

    deal, link = play_to_the_end()
    seed = re.search(r"[?&]seed=(\d+)", link)
    assert seed and deal, link
    assert "Seed" not in "\n".join(deal)
    before = state(page)[1]
    page.locator("#embed-restart").click()
    settle(page, before)
    expect(page.locator("#log")).to_contain_text("The deal starts again.")
    expect(full).to_contain_text("Open the full game")
    assert "seed=" not in (full.get_attribute("href") or "")
    again, link_again = play_to_the_end()
    assert again == deal and link_again == link  # the same cards, the same story
