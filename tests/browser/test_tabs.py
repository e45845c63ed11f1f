"""One writer per match (issue 14): two tabs of the game on one match never overwrite each
other. The tab that holds the match plays and saves; another one says "This match is open in
another tab" and offers "Play here instead", which moves the match and makes the first yield.
No save ever replaces a newer one (the save's generation number)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from saves import MATCH, stored
from support import BOOT_S, one_move, set_pace, settle, state, table, wait_ready

pytestmark = pytest.mark.browser


def seats_text(page: Page) -> list[str]:
    """The seats as drawn, without the chip changes that float up for a moment."""
    seats: list[str] = table(page)["seats"]
    return seats


def test_two_tabs_on_one_match(page: Page):
    a = page
    a.goto("index.html")
    wait_ready(a)
    set_pace(a, "instant")
    a.goto("index.html" + MATCH)
    settle(a, 0, BOOT_S)
    for _ in range(3):
        one_move(a)
    first = stored(a)
    assert first and first["actions"] and first["gen"] >= 1

    # ---- tab B opens the game: the match is A's, B says so and does not touch it
    b = a.context.new_page()
    b.goto("index.html")
    panel_b = b.locator("#tab-dialog")
    expect(panel_b).to_be_visible(timeout=BOOT_S * 1000)
    expect(panel_b.get_by_role("heading")).to_have_text("This match is open in another tab")
    expect(panel_b.get_by_role("button", name="Play here instead")).to_be_focused()
    for _ in range(2):
        one_move(a)
    second = stored(a)
    assert second["match"] == first["match"]
    assert second["actions"] > first["actions"] and second["gen"] > first["gen"]
    b.wait_for_timeout(300)
    assert stored(b) == second  # B wrote nothing

    # ---- "Play here instead": B has A's latest position, A yields
    shown_in_a = seats_text(a)
    before = state(b)[1]
    panel_b.get_by_role("button", name="Play here instead").click()
    settle(b, before, BOOT_S)
    expect(panel_b).to_be_hidden()
    panel_a = a.locator("#tab-dialog")
    expect(panel_a).to_be_visible()
    expect(a.locator("#controls button")).to_have_count(0)
    assert seats_text(b) == shown_in_a
    one_move(b)
    third = stored(b)
    assert third["match"] == first["match"] and third["actions"] > second["actions"]
    a.wait_for_timeout(300)
    assert stored(a) == third  # A saves nothing any more

    # ---- a save from an older position is refused by storage itself (not only by the lock)
    refused = a.evaluate("""async (base) => {
        const { writeSave, readSave } = await import(new URL("js/storage.js", location.href).href);
        const before = readSave().raw;
        const r = writeSave("an older snapshot", {}, { match: "whatever", base });
        return { stale: !!r.stale, ok: r.ok, same: readSave().raw === before };
    }""", second["gen"])
    assert refused == {"stale": True, "ok": False, "same": True}

    # ---- and back to A: it resumes with B's move, B yields
    shown_in_b = seats_text(b)
    before = state(a)[1]
    panel_a.get_by_role("button", name="Play here instead").click()
    settle(a, before, BOOT_S)
    expect(panel_a).to_be_hidden()
    expect(panel_b).to_be_visible()
    assert seats_text(a) == shown_in_b
    one_move(a)
    fourth = stored(a)
    assert fourth["match"] == first["match"] and fourth["actions"] > third["actions"]
    assert fourth["gen"] > third["gen"]
    b.close()
