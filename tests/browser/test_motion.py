"""Cards moving on the table (web/js/render.js): a face-up card slides only from a box where it
was really seen on the felt. Issue 11, item 1: from the second hand on, cards whose codes were in
the previous hand's (hidden) result table flew in from the top-left corner, growing from nothing,
because their 0×0 box at (0, 0) was taken as the old position.

Three hands are played with the same deck order, so every face-up card of hands 2 and 3 was in
the result table of the hand before. Every call to Element.animate is recorded with the card's
final box; with the transform origin at the top left, the start box is the final box moved by the
translation and scaled by the scale factor (about the top left, or the centre by default).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page
from support import BOOT_S, scenario_url, settle, state

pytestmark = pytest.mark.browser

RECORD_ANIMATIONS = """(() => {
  window.__moves = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const felt = document.querySelector("#table .felt")?.getBoundingClientRect();
    const r = this.getBoundingClientRect();
    if (this.dataset && this.dataset.card) {
      window.__moves.push({
        card: this.dataset.card, hand: document.getElementById("info-hand")?.dataset.hand,
        from: Array.isArray(frames) ? String(frames[0].transform) : "",
        origin: Array.isArray(frames) ? String(frames[0].transformOrigin) : "",
        box: {left: r.left, top: r.top, width: r.width, height: r.height},
        felt: felt && {left: felt.left, top: felt.top, right: felt.right, bottom: felt.bottom},
      });
    }
    return animate.call(this, frames, options);
  };
})();"""

MOVE = re.compile(r"^translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\) scale\((-?[\d.e-]+|Infinity)\)$")
PLAIN = re.compile(r"^(Deal the hand|Turn up my top card|Keep .*|Pass.*|Next hand)$")
# Two players, Fanny deals: Edmund, Fanny, Edmund, Fanny, Edmund, Fanny, then the upcard (2H):
# hearts turn up in both piles, so the best trump changes hands and cards move between slots.
DECK = ["3H", "4S", "5H", "6S", "7H", "8S", "2H"]


def start_box(move: dict) -> dict:
    m = MOVE.match(move["from"])
    assert m, f"an animation of {move['card']} that is not a move: {move['from']}"
    dx, dy, sx = float(m[1]), float(m[2]), float(m[3])
    b = move["box"]
    # scaled about the top left corner (render.js) or, by default, about the centre
    shift = 0.0 if move["origin"] == "top left" else (1 - sx) / 2
    return {"left": b["left"] + dx + b["width"] * shift, "top": b["top"] + dy + b["height"] * shift,
            "width": b["width"] * sx, "height": b["height"] * sx}


def test_cards_move_only_from_real_boxes_inside_the_table(watched: Page):
    page = watched
    page.add_init_script(RECORD_ANIMATIONS)
    page.goto(scenario_url(["Fanny", "human:Edmund"], seed=4, decks=[DECK, DECK, DECK],
                           rules={"max_hands": 3}))
    settle(page, 0, BOOT_S)
    hands_seen = set()
    for _ in range(200):
        if page.locator("#match-summary").is_visible():
            break
        hands_seen.add(page.get_attribute("#info-hand", "data-hand"))
        before = state(page)[1]
        if page.locator("#handover").is_visible():
            page.locator("#handover-go").click()
        else:
            page.locator("#controls, #hand-result").get_by_role("button", name=PLAIN).first.click()
        settle(page, before)
    assert page.locator("#match-summary").is_visible(), "the three hands were not played out"
    assert {"1", "2", "3"} <= hands_seen

    moves = page.evaluate("window.__moves")
    bad = []
    for move in moves:
        box, felt = start_box(move), move["felt"]
        cx, cy = box["left"] + box["width"] / 2, box["top"] + box["height"] / 2
        inside = felt["left"] <= cx <= felt["right"] and felt["top"] <= cy <= felt["bottom"]
        if box["width"] < 1 or box["height"] < 1 or not inside:
            bad.append((move["card"], move["hand"], box))
    assert not bad, f"cards flew in from outside the table or from nothing: {bad[:5]}"
    # the same cards turned up in every hand, and the table still showed them arriving
    assert page.locator("#table .felt .card.is-new").count() > 0


FLYING_TO_WINNER = "document.querySelectorAll('.ghost[data-event=\"hand_won\"]').length"


def test_next_hand_ends_the_pots_slide_to_the_winner_at_once(watched: Page):
    """Issue 26 (a hand in seconds): pressing "Next hand" says the player has seen the hand's
    end, so the pot's slide to its winner (about a second at the Normal pace, the default) ends
    there instead of holding up the next deal; its real chips are already drawn underneath."""
    page = watched
    page.goto(scenario_url(["Fanny", "human:Edmund"], seed=4, decks=[DECK, DECK],
                           rules={"max_hands": 2}))
    settle(page, 0, BOOT_S)
    panel = page.locator("#hand-result")
    for _ in range(100):
        if panel.is_visible():
            break
        before = state(page)[1]
        page.locator("#controls").get_by_role("button", name=PLAIN).first.click()
        settle(page, before)
    assert panel.is_visible(), "the first hand did not end"
    assert page.evaluate(FLYING_TO_WINNER) > 0, "the pot was not seen sliding to the winner"
    page.locator("#hand-result").get_by_role("button", name="Next hand").click()
    assert page.evaluate(FLYING_TO_WINNER) == 0, "the last hand's motion still plays after Next hand"
