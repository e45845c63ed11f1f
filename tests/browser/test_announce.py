"""What happens is shown on the table (issue 11, items 2 and 3): each event of a move becomes a
movement (web/js/motion.js) and the moments that matter a banner (web/js/announce.js), with the
engine's own sentences. With prefers-reduced-motion nothing travels: the same ghosts fade in
where the event ends, so the information stays.

The scripted hand (two people at one screen, no market windows): Fanny deals and owns the
upcard, the two of hearts; she sells it at a firm 3 chips to Edmund, who buys it; Fanny turns
her spades; Edmund, the holder, is skipped; the hand ends with Edmund's unturned cards shown,
the three of hearts among them, and Edmund takes the pot with it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from support import BOOT_S, assert_no_axe_violations, buy_order, press, priced, settle, state
from test_ui_play import scenario_url

pytestmark = pytest.mark.browser

# Edmund gets cards 1, 3, 5; Fanny 2, 4, 6; the upcard is the 7th (Fanny deals).
DECK = ["3H", "4S", "5C", "6S", "7C", "8S", "2H"]
URL = scenario_url(["Fanny", "human:Edmund"], seed=4, decks=[DECK],
                   rules={"max_hands": 1, "facedown_buying": "off"})

# Every ghost motion.js animates is recorded with its kind, its event and its keyframes.
RECORD = """(() => {
  window.__motion = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    if (this.dataset && this.dataset.motion) {
      window.__motion.push({kind: this.dataset.motion, event: this.dataset.event,
        card: this.dataset.card || null, faceDown: this.classList.contains("card-back"),
        named: this.querySelector("[aria-label], [data-card]") !== null,
        transforms: Array.isArray(frames) ? frames.filter((f) => f.transform && f.transform !== "none").length : 0,
        opacity: Array.isArray(frames) && frames.some((f) => f.opacity !== undefined)});
    }
    return animate.call(this, frames, options);
  };
  window.__banners = [];
  new MutationObserver(() => {
    const b = document.getElementById("announce-banner");
    const last = window.__banners[window.__banners.length - 1];
    if (b && !b.hidden && b.textContent && (!last || last.text !== b.textContent))
      window.__banners.push({kind: b.dataset.kind, text: b.textContent});
  }).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
})();"""


def click(page: Page, locator, confirm: bool = False) -> None:
    """Click and settle; a trade is confirmed when the confirmation setting is on."""
    before = state(page)[1]
    locator.click()
    if confirm and page.locator("#confirm").is_visible():
        page.locator("#confirm-ok").click()
    settle(page, before)


def choose_method(page: Page, method: str) -> None:
    """The sale controls show one way of selling at a time ("How to sell")."""
    radio = page.locator("#controls").get_by_role("radio", name=method)
    if radio.count():
        radio.check()


def take_screen(page: Page) -> None:
    if page.locator("#handover").is_visible():
        click(page, page.locator("#handover-go"))


def play_the_sale(page: Page) -> None:
    """Deal, sell the upcard at 3 chips, buy it, and play the hand out."""
    page.goto(URL)
    settle(page, 0, BOOT_S)
    controls = page.locator("#controls")
    take_screen(page)  # the deal is automatic: Fanny owns the upcard
    choose_method(page, "Fixed price")
    controls.get_by_label("Price", exact=True).fill("3")
    click(page, controls.get_by_role("button", name="Offer for sale"), confirm=True)
    take_screen(page)
    click(page, controls.get_by_role("button", name=re.compile(r"^Buy .* for 3( chips)?$")), confirm=True)
    for _ in range(20):  # the reveals are automatic too
        if page.locator("#hand-result").is_visible():
            return
        take_screen(page)
        turn = page.locator("#controls").get_by_role("button", name="Turn up my top card")
        if turn.count():
            click(page, turn)
        else:
            page.wait_for_timeout(200)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("reduced", ["no-preference", "reduce"])
def test_each_event_is_shown_and_reduced_motion_fades_instead(page: Page, reduced: str):
    page.emulate_media(reduced_motion=reduced)
    page.add_init_script(RECORD)
    play_the_sale(page)
    moves = page.evaluate("window.__motion")
    by_event = {}
    for m in moves:
        by_event.setdefault(m["event"], set()).add(m["kind"])
    # antes slide to the pot, the deal reaches every pile, revealed cards flip, the sale moves
    # the card to the buyer and the chips to the seller, the pot goes to its winner
    assert by_event.get("ante") == {"chips"}
    assert by_event.get("deal") == {"deal"}
    assert by_event.get("upcard") == {"flip"} and by_event.get("reveal") == {"flip"}
    assert by_event.get("shown") == {"flip"}
    assert by_event.get("sold") == {"card", "chips"}
    assert by_event.get("hand_won") == {"chips"}
    # no ghost names a card in the DOM; a face-down card is a plain back
    assert all(m["card"] is None and not m["named"] for m in moves)
    assert all(m["faceDown"] for m in moves if m["kind"] == "deal")
    if reduced == "reduce":
        assert all(m["transforms"] == 0 and m["opacity"] for m in moves), moves[:3]
    else:
        travelling = [m for m in moves if m["kind"] in ("chips", "card", "flip", "deal")]
        assert travelling and all(m["transforms"] > 0 for m in travelling)

    # banners queue (each stays long enough to read): the result comes last
    expect(page.locator("#announce-banner")).to_have_attribute("data-kind", "result", timeout=15000)
    banners = page.evaluate("window.__banners")
    kinds = [b["kind"] for b in banners]
    assert {"kind": "sale", "text": "Fanny sells the two of hearts to Edmund for 3 chips."} in banners
    assert kinds[-1] == "result"
    assert banners[-1]["text"] in page.inner_text("#hand-result .hand-result-text")
    # for the eyes only: the live region of speech.js says each sentence once (test_speech.py)
    expect(page.locator("#announce-banner")).to_have_attribute("aria-hidden", "true")
    said = page.locator("#speech p").all_text_contents()
    assert said.count("Fanny sells the two of hearts to Edmund for 3 chips.") == 1, said


def test_the_motion_setting_off_means_fades_only(page: Page):
    page.add_init_script("localStorage.setItem('speculation:settings:v1', JSON.stringify({motion: false}))")
    page.add_init_script(RECORD)
    play_the_sale(page)
    moves = page.evaluate("window.__motion")
    assert moves and all(m["transforms"] == 0 for m in moves)
    assert {"card", "chips"} <= {m["kind"] for m in moves if m["event"] == "sold"}


def test_auction_panel_shows_card_high_bid_bidder_and_who_is_still_in(page: Page):
    page.goto(scenario_url(["Fanny", "human:Edmund", "human:Mary"], seed=4,
                           decks=[["3H", "4S", "5C", "6S", "7C", "8S", "9D", "TD", "JD", "2H"]],
                           rules={"max_hands": 1, "facedown_buying": "off"}))
    settle(page, 0, BOOT_S)
    controls = page.locator("#controls")
    take_screen(page)  # the deal is automatic: Fanny owns the upcard
    choose_method(page, "Auction")
    controls.get_by_label("Reserve (lowest price you will take)", exact=True).fill("1")
    click(page, controls.get_by_role("button", name="Start the auction"), confirm=True)
    take_screen(page)
    panel = page.locator("#deal-panel")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-kind", "auction")
    expect(panel).to_contain_text("two of hearts")
    expect(panel).to_contain_text("none yet")
    bid = controls.get_by_label("Your bid", exact=True)
    bid.fill(bid.get_attribute("min"))
    click(page, controls.get_by_role("button", name="Bid", exact=True), confirm=True)
    expect(panel.locator("dt").nth(1)).to_have_text("High bid")
    # the bid and its bidder, in one row
    expect(panel.locator("dd").nth(1)).to_have_text(re.compile(r"^\d+ chips?, by (Edmund|Mary)$"))
    assert_no_axe_violations(page, "the auction panel")


def banners_and_moves(page: Page) -> tuple[list[dict], dict[str, set[str]]]:
    by_event: dict[str, set[str]] = {}
    for m in page.evaluate("window.__motion"):
        by_event.setdefault(m["event"], set()).add(m["kind"])
    return page.evaluate("window.__banners"), by_event


@pytest.mark.parametrize("where", ["upcard", "reveal"])
def test_an_ace_of_trumps_is_announced_then_the_result(page: Page, where: str):
    """Rules: the ace of trumps wins the hand as soon as it is seen, as the upcard or turned up
    (RULES.md, "the ace"). Its banner is the sentence of the event that showed it."""
    page.add_init_script(RECORD)
    # Edmund gets cards 1, 3, 5; Fanny 2, 4, 6; the 7th is the upcard (Fanny deals)
    deck = (["3H", "4S", "5C", "6S", "7C", "8S", "AH"] if where == "upcard"
            else ["AH", "4S", "5C", "6S", "7C", "8S", "2H"])
    page.goto(scenario_url(["Fanny", "human:Edmund"], seed=4, decks=[deck],
                           rules={"max_hands": 1, "facedown_buying": "off"}))
    settle(page, 0, BOOT_S)
    if where == "reveal":
        take_screen(page)
        click(page, page.locator("#controls").get_by_role("button", name="Keep the two of hearts"))
    expect(page.locator("#hand-result")).to_be_visible()
    expect(page.locator("#announce-banner")).to_have_attribute("data-kind", "result", timeout=15000)
    banners, by_event = banners_and_moves(page)
    sentence = ("The upcard is the ace of hearts (Fanny's): hearts are trumps." if where == "upcard"
                else "Edmund turns up the ace of hearts.")
    assert {"kind": "ace", "text": sentence} in banners, banners
    assert [b["kind"] for b in banners][-1] == "result"
    assert banners[-1]["text"] in page.inner_text("#hand-result .hand-result-text")
    assert "ace of hearts" in banners[-1]["text"]
    # the panel says the same sentence: the result's banner does not cover it (issue 26)
    expect(page.locator("#announce-banner")).to_be_hidden()
    assert by_event.get(where) == {"flip"}
    assert_no_axe_violations(page, f"the ace banner ({where})")


def test_a_face_down_purchase_moves_a_back_and_the_chips_and_is_announced(page: Page):
    """Rules: between turns a player may buy another's face-down card unseen (RULES.md, buying
    face-down cards); the card goes to the bottom of the buyer's stack, still face down."""
    page.add_init_script(RECORD)
    page.goto(scenario_url(["Fanny", "human:Edmund"], seed=4, decks=[DECK],
                           rules={"max_hands": 1, "facedown_buying": "one"}))
    settle(page, 0, BOOT_S)
    take_screen(page)
    buy_order(page, "Edmund", 3, buyer="Fanny")
    click(page, page.locator("#controls").get_by_role("button", name="Keep the two of hearts"))
    take_screen(page)
    expect(page.locator("#status")).to_contain_text("Edmund's turn")
    click(page, page.locator("#controls").get_by_role("button", name=re.compile(r"^(Accept|Sell).* 3 chips$")),
          confirm=True)
    lines = [t.strip() for t in page.locator("#log-list li").all_text_contents()]
    bought = next(t for t in lines if t.startswith("Fanny buys Edmund's"))  # the engine's sentence
    banners, by_event = banners_and_moves(page)
    assert {"kind": "purchase", "text": bought} in banners, banners
    assert by_event.get("bought_facedown") == {"facedown", "chips"}
    moves = [m for m in page.evaluate("window.__motion") if m["event"] == "bought_facedown"]
    # the card travels as a plain back: nobody learns it, the buyer included
    assert all(m["card"] is None and not m["named"] for m in moves)
    assert all(m["faceDown"] for m in moves if m["kind"] == "facedown")


def test_haggle_panel_shows_the_asks_and_bids_and_what_is_left(page: Page):
    page.goto(scenario_url(["Fanny", "human:Edmund"], seed=4, decks=[DECK],
                           rules={"max_hands": 1, "facedown_buying": "off"}))
    settle(page, 0, BOOT_S)
    take_screen(page)
    priced(page, "Fanny", "Asking price", 6, "Start haggling")
    take_screen(page)
    panel = page.locator("#deal-panel")
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-kind", "haggle")
    expect(panel).to_contain_text("Fanny and Edmund haggle")
    expect(panel).to_contain_text("two of hearts")
    offers = panel.get_by_role("list", name="Asks and bids so far")
    expect(offers.locator("li")).to_have_text(["Fanny asks 6 chips"])
    # the offers each side has left, in one row (the engine's counts)
    expect(panel.locator("dt").nth(2)).to_have_text("Offers left")
    left_before = panel.locator("dd").nth(2).inner_text()
    assert re.fullmatch(r"Fanny \d+, Edmund \d+", left_before), left_before
    assert_no_axe_violations(page, "the haggle panel")
    priced(page, "Edmund", "Your price", 3, "Make counter-offer")
    take_screen(page)
    expect(offers.locator("li")).to_have_text(["Fanny asks 6 chips", "Edmund bids 3 chips"])
    press(page, "Fanny", "Refuse to sell")
    expect(panel).to_be_hidden()


def test_haggle_panel_says_no_offer_is_left_when_no_counter_is_possible(page: Page):
    """Issue 26: Fanny asks 6, Edmund bids 5: no whole price lies between, so the engine offers
    Fanny no counter-offer (only accept or refuse). The panel must not count offers left to
    her; it says that this answer ends the haggle."""
    page.goto(URL)
    settle(page, 0, BOOT_S)
    take_screen(page)
    priced(page, "Fanny", "Asking price", 6, "Start haggling")
    take_screen(page)
    priced(page, "Edmund", "Your price", 5, "Make counter-offer")
    take_screen(page)
    panel = page.locator("#deal-panel")
    expect(panel.get_by_role("list", name="Asks and bids so far").locator("li")).to_have_text(
        ["Fanny asks 6 chips", "Edmund bids 5 chips"])
    controls = page.locator("#controls")
    expect(controls.get_by_role("button", name="Refuse to sell")).to_be_visible()
    assert controls.get_by_role("button", name="Make counter-offer").count() == 0, "the engine allows no counter"
    expect(panel).to_contain_text("none: no counter-offer is possible, Fanny accepts or refuses")
    expect(panel).not_to_contain_text(re.compile(r"\d+ offers? ?$|Left to"))
    assert_no_axe_violations(page, "the haggle panel with no counter-offer possible")
