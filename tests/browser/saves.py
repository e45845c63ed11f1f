"""Helpers for the no-loss tests (test_tabs, test_no_loss, test_import): what is stored of the
match in progress and of the saved matches, read from localStorage as the page wrote it.

    from saves import stored, saved_list, MATCH

stored(page)      the current save: {gen, match, actions, version, raw} or None
saved_list(page)  the saved matches: [{match, title, actions, broken}]
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect
from support import BOOT_S, settle, state

SAVE_KEY = "speculation:save:v1"
MATCHES_KEY = "speculation:matches:v1"
MATCH = "?p=human:You&p=bot:casual/mary:Mary&p=bot:casual/henry:Henry&seed=19&rule.max_hands=6"


def _summary(raw: str) -> dict[str, Any]:
    obj = json.loads(raw)
    try:
        snap = json.loads(obj["snapshot"])
        actions, version = len(snap["record"]["actions"]), snap["version"]
    except (ValueError, KeyError, TypeError, RecursionError):
        actions, version = None, None
    return {"gen": obj.get("gen", 0), "match": obj.get("match"), "actions": actions,
            "version": version, "raw": raw}


def stored(page: Page) -> dict[str, Any] | None:
    raw = page.evaluate(f"localStorage.getItem({SAVE_KEY!r})")
    return None if raw is None else _summary(raw)


def saved_list(page: Page) -> list[dict[str, Any]]:
    raw = page.evaluate(f"localStorage.getItem({MATCHES_KEY!r})")
    out = []
    for m in json.loads(raw or "[]"):
        s = _summary(m["raw"])
        out.append({"match": s["match"], "actions": s["actions"], "title": m["title"],
                    "broken": m.get("broken")})
    return out


def goto_link(page: Page, link: str, answer: str | None) -> None:
    """Open a settings link. With a match in progress the page asks first: `answer` is the
    button to press ("Keep playing" or "Start the new match"); None: expect no question."""
    page.goto(link)
    if answer is None:
        settle(page, 0, BOOT_S)
        expect(page.locator("#replace-dialog")).not_to_be_visible()
        return
    answer_replace(page, answer)


def answer_replace(page: Page, answer: str, timeout_s: float = BOOT_S) -> None:
    """Answer the "replace the match in progress?" question and wait for the table."""
    dlg = page.locator("#replace-dialog")
    expect(dlg).to_be_visible(timeout=timeout_s * 1000)
    expect(dlg).to_contain_text("will be kept in Saved matches")
    before = state(page)[1]
    dlg.get_by_role("button", name=answer).click()
    expect(dlg).to_be_hidden()
    settle(page, before, BOOT_S)
