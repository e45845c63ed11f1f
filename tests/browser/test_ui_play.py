"""Browser tests of the table UI, played by clicking as a person would.

Matches start from a scenario link (``?p=…&seed=…&deck=…``): the deck order makes every deal
known in advance, so each test walks a fixed story. Every test also checks that the console
stayed clean and that no request left the page's origin.

Deck order (from the engine): cards go one at a time to each player starting at the dealer's
left, three rounds, then the upcard; a player's first card dealt is the top of their stack.
"""

from __future__ import annotations

import re
import time
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

BOOT_S = 90
STEP_S = 30


# ----------------------------------------------------------------------------- helpers


def scenario_url(players, *, seed=1, decks=(), rules=None, preset=None) -> str:
    parts = []
    for p in players:
        parts.append("p=" + quote(p if ":" in p else f"human:{p}", safe=":"))
    if preset:
        parts.append(f"preset={preset}")
    parts.append(f"seed={seed}")
    for k, v in (rules or {}).items():
        parts.append(f"rule.{k}={quote(str(v).lower() if isinstance(v, bool) else str(v), safe=',')}")
    for d in decks:
        parts.append("deck=" + ",".join(d))
    return "index.html?" + "&".join(parts)


def state(page: Page):
    return page.evaluate("[document.body.dataset.state || '', Number(document.body.dataset.tick || 0)]")


def settle(page: Page, after: int, timeout_s: float = STEP_S) -> None:
    """Wait until the UI has finished the work started after tick `after`."""
    deadline = time.monotonic() + timeout_s
    while True:
        st, tk = state(page)
        if st == "idle" and tk > after:
            return
        if st == "failed":
            raise AssertionError(page.inner_text("#boot-error"))
        if time.monotonic() > deadline:
            raise AssertionError(f"the table did not settle (state {st}, tick {tk}); status: "
                                 f"{page.inner_text('#status')}")
        page.wait_for_timeout(50)


def open_match(page: Page, url: str) -> None:
    page.goto(url)
    settle(page, 0, BOOT_S)


def take_screen(page: Page, name: str) -> None:
    """Pass-and-play: if the hand-over screen is up, check it names `name` and accept it."""
    if page.locator("#handover").is_visible():
        expect(page.locator("#handover-title")).to_contain_text(name)
        before = state(page)[1]
        page.get_by_role("button", name=re.compile(f"I am {re.escape(name)}")).click()
        settle(page, before)
    expect(page.locator("#seats .seat.is-turn .seat-name")).to_have_text(name)


def press(page: Page, name: str, button: str | re.Pattern, confirm: bool = False) -> None:
    take_screen(page, name)
    before = state(page)[1]
    page.locator("#controls").get_by_role("button", name=button).click()
    if confirm:
        expect(page.locator("#confirm")).to_be_visible()
        page.locator("#confirm-ok").click()
    settle(page, before)


def priced(page: Page, name: str, field: str, price: int, button: str, *, buyer: str | None = None) -> None:
    """Fill a bounded price box, press its button and confirm in the dialog."""
    take_screen(page, name)
    controls = page.locator("#controls")
    if buyer:
        controls.get_by_label("Buyer", exact=True).select_option(label=buyer)
    box = controls.get_by_label(field, exact=True)
    box.fill(str(price))
    before = state(page)[1]
    controls.get_by_role("button", name=button, exact=True).click()
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible()
    page.locator("#confirm-ok").click()
    expect(dialog).to_be_hidden()
    settle(page, before)


def offer_for(page: Page, name: str, owner: str, position: int, price: int) -> None:
    """Click a face-down card in `owner`'s stack and offer `price` for it."""
    take_screen(page, name)
    card = page.get_by_role("button", name=re.compile(
        rf"Offer to buy {re.escape(owner)}'s face-down card {position + 1} of \d+"))
    card.click()
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible()
    expect(page.locator("#confirm-price")).to_be_focused()
    page.locator("#confirm-price").fill(str(price))
    before = state(page)[1]
    page.locator("#confirm-ok").click()
    settle(page, before)
    # focus came back to the page, not lost in a closed dialog
    assert page.evaluate("document.activeElement && document.activeElement.tagName") != "DIALOG"


PLAIN = re.compile(r"^(Turn up my top card|Pass \(no offer\)|Pass|Deal the hand|Next hand)$")


def play_on(page: Page, until, limit: int = 300) -> None:
    """Keep making the plain moves (turn up, pass, deal) until `until(page)` is true."""
    for _ in range(limit):
        if until(page):
            return
        if page.locator("#handover").is_visible():
            before = state(page)[1]
            page.locator("#handover-go").click()
            settle(page, before)
            continue
        buttons = page.locator("#controls, #hand-result").get_by_role("button", name=PLAIN)
        if buttons.count() == 0:
            raise AssertionError(f"no plain move to make; status: {page.inner_text('#status')}")
        before = state(page)[1]
        buttons.first.click()
        settle(page, before)
    raise AssertionError("the game did not reach the expected point")


def log_text(page: Page) -> str:
    return page.inner_text("#log")


def chips_of(page: Page, name: str) -> str:
    seat = page.locator("#seats .seat").filter(has=page.locator(".seat-name", has_text=re.compile(f"^{re.escape(name)}$")))
    return seat.locator(".seat-chips").inner_text()


@pytest.fixture
def watched(page: Page, site_url: str, console_log: list[str]):
    """The page, with a list of every request it makes; checks origin and console at the end."""
    urls: list[str] = []
    page.on("request", lambda req: urls.append(req.url))
    yield page
    foreign = [u for u in urls if not (u.startswith(site_url) or u.startswith("data:") or u.startswith("blob:"))]
    assert not foreign, f"requests left the origin: {foreign[:5]}"
    errors = [line for line in console_log if line.startswith(("error:", "pageerror:", "crash:"))]
    assert not errors, errors


THREE = ["Fanny", "Edmund", "Mary"]
# Fanny deals: Edmund, Mary, Fanny, Edmund, Mary, Fanny, Edmund, Mary, Fanny, then the upcard.
NO_HEARTS_KH = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "KH"]


# ------------------------------------------------------------------------------- tests


def test_auction_facedown_trades_counter_and_refusal(watched: Page):
    page = watched
    open_match(page, scenario_url(THREE, seed=11, decks=[NO_HEARTS_KH], rules={"max_hands": 1}))
    press(page, "Fanny", "Deal the hand")
    expect(page.locator("#upcard-slot .card")).to_have_attribute("aria-label", "king of hearts")
    expect(page.locator("#info-trump")).to_contain_text("hearts")
    # every stack shows a count only
    expect(page.locator("#seats .stack-count").first).to_have_text("3 face-down")
    assert page.locator("#seats .card-back[data-card]").count() == 0

    # The dealer auctions the upcard; the bids are bounded by the template.
    expect(page.locator("#status")).to_contain_text("Fanny decides whether to keep or sell the king of hearts")
    priced(page, "Fanny", "Reserve (lowest price you will take)", 5, "Start the auction")
    priced(page, "Edmund", "Your bid", 6, "Bid")
    expect(page.locator("#status")).to_contain_text("the top bid is 6 chips, from Edmund")
    bid_box = page.locator("#controls").get_by_label("Your bid", exact=True)
    take_screen(page, "Mary")
    assert bid_box.get_attribute("min") == "7"
    priced(page, "Mary", "Your bid", 8, "Bid")
    press(page, "Edmund", "Pass (drop out)")
    assert "Fanny sells the king of hearts to Mary for 8" in log_text(page)
    expect(page.locator("#centre")).to_contain_text("held by Mary")

    # Market window: Fanny offers for Edmund's top card, Edmund counters, Fanny accepts.
    offer_for(page, "Fanny", "Edmund", 0, 3)
    priced(page, "Edmund", "Your price", 6, "Make counter-offer")
    press(page, "Fanny", re.compile(r"^Accept 6 chips$"), confirm=True)
    assert "Fanny buys Edmund's top face-down card for 6" in log_text(page)
    expect(page.locator("#seats .seat").nth(0).locator(".stack-count")).to_have_text("4 face-down")
    # Edmund passes; Mary offers for one of Fanny's cards and is refused.
    press(page, "Edmund", "Pass (no offer)")
    offer_for(page, "Mary", "Fanny", 1, 2)
    press(page, "Fanny", "Refuse to sell")
    assert "Fanny refuses: no sale." in log_text(page)

    # The other direction: at the next window Edmund buys one of Fanny's cards.
    press(page, "Fanny", "Turn up my top card")
    assert "Fanny turns up the four of spades" in log_text(page)
    offer_for(page, "Edmund", "Fanny", 0, 4)
    press(page, "Fanny", re.compile(r"^Accept 4 chips$"), confirm=True)
    assert "Edmund buys Fanny's" in log_text(page)

    # Play the hand out: nobody else holds a heart, so Mary's king wins.
    play_on(page, lambda p: p.locator("#match-summary").is_visible())
    expect(page.locator("#hand-result")).to_be_visible()
    expect(page.locator("#hand-result")).to_contain_text("Mary takes the pot of 12 chips with the king of hearts")
    # every card shown at the end of the hand, with chip changes
    assert page.locator("#hand-result .result-cards .card").count() >= 10
    expect(page.locator("#match-summary svg.chart")).to_be_visible()


def test_firm_price_reload_resumes_and_ace_upcard(watched: Page):
    page = watched
    # Two players, Fanny deals: Edmund, Fanny, Edmund, Fanny, Edmund, Fanny, up.
    hand1 = ["2S", "3S", "4S", "5S", "6S", "7S", "QH"]
    hand2 = ["2C", "3C", "4C", "5C", "6C", "7C", "AS"]
    open_match(page, scenario_url(["Fanny", "Edmund"], seed=5, decks=[hand1, hand2],
                                  rules={"max_hands": 2}))
    press(page, "Fanny", "Deal the hand")
    priced(page, "Fanny", "Price", 5, "Offer for sale")
    expect(page.locator("#status")).to_contain_text("buy the queen of hearts from Fanny for 5 chips")
    press(page, "Edmund", re.compile(r"^Buy the queen of hearts for 5 chips$"), confirm=True)
    assert "Fanny sells the queen of hearts to Edmund for 5" in log_text(page)
    press(page, "Fanny", "Pass (no offer)")

    # Reload mid-hand: the same table comes back.
    status = page.inner_text("#status").split(" Waiting for")[0]
    chips = (chips_of(page, "Fanny"), chips_of(page, "Edmund"))
    log_before = log_text(page)
    page.reload()
    settle(page, 0, BOOT_S)
    assert (chips_of(page, "Fanny"), chips_of(page, "Edmund")) == chips
    expect(page.locator("#centre")).to_contain_text("held by Edmund")
    assert "Fanny sells the queen of hearts to Edmund for 5" in log_text(page)
    assert log_before.splitlines()[-1] in log_text(page)
    take_screen(page, "Edmund")
    assert page.inner_text("#status") == status

    # Finish hand 1 (Edmund's queen stands: nobody else holds a heart).
    play_on(page, lambda p: p.locator("#hand-result").is_visible())
    expect(page.locator("#hand-result")).to_contain_text("Edmund takes the pot")
    # Hand 2: the winner deals; the upcard is an ace, which wins at once. The result panel's
    # "Next hand" comes first (it holds the one way on), then the screen goes to Edmund.
    before = state(page)[1]
    page.locator("#hand-result").get_by_role("button", name="Next hand").click()
    settle(page, before)
    press(page, "Edmund", "Deal the hand")
    expect(page.locator("#match-summary")).to_be_visible()
    expect(page.locator("#hand-result")).to_contain_text("ace of trumps")
    assert "ace of spades" in log_text(page)
    expect(page.locator("#match-summary .legend li")).to_have_count(2)


def test_negotiated_sale_with_counter_and_decline(watched: Page):
    page = watched
    open_match(page, scenario_url(THREE, seed=3, decks=[NO_HEARTS_KH], rules={"max_hands": 1}))
    press(page, "Fanny", "Deal the hand")
    priced(page, "Fanny", "Asking price", 20, "Start haggling", buyer="Mary")
    expect(page.locator("#status")).to_contain_text("Mary answers Fanny's ask of 20 chips for the king of hearts")
    priced(page, "Mary", "Your price", 9, "Make counter-offer")
    priced(page, "Fanny", "Your price", 14, "Make counter-offer")
    press(page, "Mary", re.compile(r"^Accept 14 chips$"), confirm=True)
    assert "Fanny sells the king of hearts to Mary for 14" in log_text(page)
    play_on(page, lambda p: p.locator("#match-summary").is_visible())
    expect(page.locator("#hand-result")).to_contain_text("Mary takes the pot")


def test_invalid_link_gives_message_and_defaults(watched: Page):
    page = watched
    page.goto("index.html?p=human:Fanny&p=human:Edmund&seed=1&rule.ante=0")
    settle(page, 0, BOOT_S)
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice-text")).to_contain_text("ante")
    expect(page.locator("#setup")).to_be_visible()
    page.goto("index.html?seed=banana")
    settle(page, 0, BOOT_S)
    expect(page.locator("#notice-text")).to_contain_text("banana")
    expect(page.locator("#setup-start")).to_be_visible()


def test_setup_form_and_share_link(watched: Page):
    page = watched
    page.goto("index.html")
    settle(page, 0, BOOT_S)
    expect(page.locator("#setup")).to_be_visible()
    page.get_by_role("button", name="Add a player").click()
    names = page.locator("#setup-players .pl-name")
    count = names.count()
    names.nth(count - 1).fill("Henry")
    page.get_by_label("Deal seed (same seed, same cards)").fill("42")
    link = page.locator("#setup-link").input_value()
    assert "seed=42" in link and "Henry" in link
    page.get_by_role("button", name="Deal the first hand").click()
    page.wait_for_timeout(200)
    settle(page, 0, BOOT_S)
    expect(page.locator("#seats .seat")).to_have_count(count)
    # "New match" mid-game can be abandoned: the match waits where it was.
    status = page.inner_text("#status")
    page.get_by_role("button", name="New match").click()
    expect(page.locator("#setup")).to_be_visible()
    before = state(page)[1]
    page.get_by_role("button", name="Back to the match").click()
    settle(page, before)
    expect(page.locator("#setup")).to_be_hidden()
    assert page.inner_text("#status") == status
    # The link reproduces the same first deal (over the match in progress: asked first, issue 14).
    page.goto(link.split("/")[-1])
    page.locator("#replace-dialog").get_by_role("button", name="Start the new match").click()
    settle(page, 0, BOOT_S)
    expect(page.locator("#seats .seat")).to_have_count(count)
    assert "Seed 42" in log_text(page)


def test_corrupt_save_is_reported_and_offered_for_download(watched: Page):
    page = watched
    page.goto("index.html")
    settle(page, 0, BOOT_S)
    page.evaluate("localStorage.setItem('speculation:save:v1', JSON.stringify({v: 1, snapshot: 'not a snapshot'}))")
    page.reload()
    settle(page, 0, BOOT_S)
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice-text")).to_contain_text("could not be resumed")
    expect(page.locator("#notice-download")).to_be_visible()
    expect(page.locator("#setup")).to_be_visible()
    assert page.evaluate("localStorage.getItem('speculation:save:v1')") is None


def test_settings_persist(watched: Page):
    page = watched
    page.goto("index.html")
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Theme").select_option("dark")
    page.get_by_label("Four-colour pack (diamonds blue, clubs green)").check()
    page.get_by_label("Pace of the computer players").select_option("instant")
    page.reload()
    assert page.evaluate("document.documentElement.className").split() >= ["fourcolour"]
    assert "theme-dark" in page.evaluate("document.documentElement.className")
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_label("Pace of the computer players")).to_have_value("instant")


def test_victorian_preset_shows_the_dead_hand_as_a_count(watched: Page):
    page = watched
    open_match(page, scenario_url(["Fanny", "human:Edmund"], seed=8, preset="victorian"))
    press(page, "Fanny", "Deal the hand")
    expect(page.locator("#dead-hand")).to_be_visible()
    expect(page.locator("#dead-caption")).to_have_text("Dead hand: 3 face-down")
    assert page.locator("#dead-hand [data-card]").count() == 0
