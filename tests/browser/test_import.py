"""Import (issue 14, issue 10 item 8): a downloaded save or game record goes back into the
page from "Saved matches"; a save is loaded, a record replayed; a bad file gets a clear
error and changes nothing (the save, the saved list and the table stay as they were)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from saves import MATCHES_KEY, answer_replace, goto_link, saved_list, stored
from support import BOOT_S, one_move, settle, state
from test_no_loss import play_a_match

pytestmark = pytest.mark.browser


def import_file(page: Page, name: str, data: bytes) -> None:
    page.get_by_role("button", name="Saved matches").click()
    dlg = page.locator("#saved-dialog")
    expect(dlg).to_be_visible()
    dlg.get_by_label("Import a saved match or a game record (a .json file)").set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": data}])


def test_an_exported_match_and_a_game_record_import_back(page: Page):
    old = play_a_match(page)
    goto_link(page, "index.html?seed=77", answer="Start the new match")
    one_move(page)
    # Export the old match from the list: the file is the page's own download format
    page.get_by_role("button", name="Saved matches").click()
    with page.expect_download() as download:
        page.locator("#saved-dialog").get_by_role("link", name="Export").first.click()
    exported = Path(download.value.path()).read_bytes()
    assert json.loads(json.loads(exported)["saved_game"]) == json.loads(old["raw"])
    page.keyboard.press("Escape")
    # ... and import it back: it is the match in progress again, the other one kept
    between = stored(page)
    import_file(page, "speculation-saved-match.json", exported)
    answer_replace(page, "Import it")
    back = stored(page)
    assert back["actions"] == old["actions"] and back["match"] != between["match"]
    assert any(m["match"] == between["match"] and m["actions"] == between["actions"] for m in saved_list(page))
    one_move(page)
    # a game record (what "Download the game record" gives) is replayed with the replay op
    record = json.loads(json.loads(stored(page)["raw"])["snapshot"])["record"]
    before = stored(page)
    import_file(page, "speculation-record.json", json.dumps(record).encode())
    answer_replace(page, "Import it")
    now = stored(page)
    assert now["actions"] == len(record["actions"]) and now["match"] != before["match"]
    expect(page.locator("#log")).to_contain_text("A game record was imported")
    one_move(page)


def seats_text(page: Page) -> str:
    """The seats as shown, without the chip-change badges that float up for a moment."""
    lines = page.inner_text("#seats").splitlines()
    return "\n".join(line for line in lines if not re.fullmatch(r"[+−-]\d+", line.strip()))


BAD_FILES = {
    "not JSON": (b"\x89PNG not json", "not JSON"),
    "another JSON file": (b'{"name": "a shopping list"}', "not a saved match or a game record"),
    "a damaged save": (None, "could not be imported"),
    "a record that cannot be replayed": (
        json.dumps({"format": "speculation-record", "version": 1, "players": ["A", "B"],
                    "actions": [{"seat": 1, "type": "offer", "price": 3}]}).encode(),
        "cannot be replayed"),
    "a save nested 5,000 deep": (
        json.dumps({"saved_game": json.dumps({"snapshot": '{"a":' * 5000 + "1" + "}" * 5000})}).encode(),
        "nested"),
}


def test_a_bad_file_is_refused_clearly_and_changes_nothing(page: Page):
    """Each of BAD_FILES in turn, on one match (played once, as in each case before): refused
    with its words, the save, the saved list and the table as they were, and play goes on."""
    play_a_match(page)
    for kind, (data, words) in BAD_FILES.items():
        refuse_one(page, kind, data, words)
        one_move(page)


def refuse_one(page: Page, kind: str, data: bytes | None, words: str) -> None:
    old = stored(page)
    if data is None:  # a real save with one chip more than it had
        obj = json.loads(old["raw"])
        snap = json.loads(obj["snapshot"])
        snap["state"]["chips"][0] += 1
        obj["snapshot"] = json.dumps(snap)
        data = json.dumps({"saved_game": json.dumps(obj)}).encode()
    seats = seats_text(page)
    listed = page.evaluate(f"localStorage.getItem({MATCHES_KEY!r})")
    import_file(page, "file.json", data)
    error = page.locator("#saved-dialog .saved-error")
    # A file that reads as a match is asked about first (a match is in progress); wait for
    # whichever comes, the question or the error, rather than racing it.
    asked = page.locator("#replace-dialog")
    for _ in range(300):
        if asked.is_visible() or error.is_visible():
            break
        page.wait_for_timeout(100)
    if asked.is_visible():
        asked.get_by_role("button", name="Import it").click()
    expect(error).to_be_visible(timeout=30000)
    expect(error).to_contain_text(words)
    assert stored(page) == old, kind
    assert page.evaluate(f"localStorage.getItem({MATCHES_KEY!r})") == listed, kind
    page.locator("#saved-dialog").get_by_role("button", name="Close").click()
    settle(page, state(page)[1] - 1, BOOT_S)
    assert seats_text(page) == seats, kind
