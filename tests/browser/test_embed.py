"""The embeds: web/history.html with its click-to-load examples (web/embed.js), the compact
table at index.html?embed=1 (web/js/embed-frame.js) and the postMessage API between them.

Pyodide boots as rarely as possible: the static checks and the message-filter checks hold the
runtime back (or never reach it), one test boots a single example and drives it through the
whole API, and the offline test boots once more from the service worker's cache.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Frame, Page, Route, expect
from support import wait_until
from test_offline import (  # noqa: F401  (sw_browser below)
    Server,
    first_page,
    sw_browser,
    wait_controlled,
)

pytestmark = pytest.mark.browser

BOOT_S = 120
NS = "speculation-embed"
HEAVY = re.compile(r"/(pyodide/|js/worker\.js|py/speculation-[^/]*\.whl)")
EXAMPLES = ["ace-upcard", "upcard-auction", "holder-buys", "hoyle-carry-over"]
AXE = Axe()


# ----------------------------------------------------------------------------- helpers


def heavy(urls: list[str]) -> list[str]:
    return [u for u in urls if HEAVY.search(urlsplit(u).path)]


def no_violations(target: Page | Frame, where: str) -> None:
    violations = AXE.run(target).response.get("violations", [])
    summary = [f"{v['id']}: {v['help']} ({len(v['nodes'])}× e.g. {v['nodes'][0]['target']})" for v in violations]
    assert not violations, f"axe violations in {where}:\n" + "\n".join(summary)


def no_horizontal_scroll(target: Page | Frame, where: str) -> None:
    sizes = target.evaluate("""() => {
        const d = document.documentElement;
        const wide = [...document.querySelectorAll("body *")].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && (r.right > d.clientWidth + 1 || r.left < -1);
        }).filter((e) => !e.closest(".visually-hidden, .skip-link, .spec-embed__sr"))
          .slice(0, 5).map((e) => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right));
        return {scroll: d.scrollWidth, client: d.clientWidth, wide};
    }""")
    assert sizes["scroll"] <= sizes["client"] and not sizes["wide"], f"{where} scrolls sideways: {sizes}"


def watch_host_events(page: Page) -> None:
    """Keep every speculation:* event the loader dispatches, in window.__events."""
    page.evaluate("""() => {
        window.__events = [];
        for (const t of ["ready", "step", "hand", "height", "error"]) {
            document.addEventListener("speculation:" + t, (e) => {
                window.__events.push({type: t, id: e.target.closest("section")?.id ?? null, detail: e.detail});
            });
        }
    }""")


def host_events(page: Page, kind: str) -> list[dict]:
    return [e for e in page.evaluate("window.__events") if e["type"] == kind]


def frame_of(page: Page, selector: str) -> Frame:
    handle = page.locator(selector).element_handle()
    def loaded():
        f = handle.content_frame()
        return f if f and f.url.startswith("http") and f.evaluate("!!document.body") else None
    return wait_until(loaded, "the iframe's document", page=page)


def frame_data(frame: Frame) -> dict:
    return frame.evaluate("({...document.body.dataset})")


def settle_frame(frame: Frame, page: Page, after: int, timeout_s: float = 30) -> int:
    """Until the frame's table is idle with a tick beyond `after`; returns the new tick."""
    def done():
        d = frame_data(frame)
        if d.get("state") == "failed":
            raise AssertionError(frame.inner_text("body")[:500])
        tick = int(d.get("tick") or 0)
        return tick if d.get("state") == "idle" and tick > after else 0
    return wait_until(done, "the embedded table to settle", timeout_s, page)


def tick_of(frame: Frame) -> int:
    return int(frame_data(frame).get("tick") or 0)


# ----------------------------------------------------------------------------- no Python at all


def test_history_page_downloads_nothing_heavy_and_is_accessible(page: Page, site_url: str):
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.goto("history.html")
    games = page.locator("speculation-game")
    expect(games).to_have_count(4)
    expect(page.locator(".spec-embed__play")).to_have_count(4)
    assert sorted(games.evaluate_all("(els) => els.map((e) => e.getAttribute('scenario'))")) == sorted(EXAMPLES)
    expect(page.locator("iframe")).to_have_count(0)
    page.wait_for_timeout(500)
    assert heavy(urls) == [], heavy(urls)
    assert not [u for u in urls if "/scenarios/" in u or "index.html" in u]
    # the page obeys the site's CSP: nothing inline, frames only from itself
    csp = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "frame-src 'self'" in csp
    assert page.locator("script:not([src])").count() == 0
    assert page.locator("[style]").count() == 0
    # history and rules in the page's own words, with sources
    for text in ("Mansfield Park", "Hoyle's Games", "Peel", "Parlett", "Britannica"):
        expect(page.locator("#article")).to_contain_text(text)
    # oEmbed: the discovery link points at a valid rich-type document
    href = page.locator('link[rel="alternate"][type="application/json+oembed"]').get_attribute("href")
    oembed = page.evaluate("(h) => fetch(h).then((r) => r.json())", href)
    assert oembed["version"] == "1.0" and oembed["type"] == "rich"
    assert "<iframe" in oembed["html"] and "embed=1" in oembed["html"]
    assert oembed["width"] > 0 and oembed["height"] > 0
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        no_violations(page, f"history.html ({scheme})")
    page.set_viewport_size({"width": 320, "height": 700})
    no_horizontal_scroll(page, "history.html at 320 px")
    assert heavy(urls) == []


def test_invalid_parameters_give_a_message_in_the_frame(page: Page):
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.set_viewport_size({"width": 320, "height": 600})
    page.goto("index.html?embed=1&scenario=ace-upcard&theme=purple&autoplay=perhaps&seat=9&frobnicate=2")
    error = page.locator("#embed-error")
    expect(error).to_be_visible()
    for words in ("theme must be light, dark or system", "autoplay must be 1 or 0",
                  "seat must be a seat number", "“frobnicate” is not a parameter"):
        expect(error).to_contain_text(words)
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("#embed-full")).to_be_visible()  # the way to the full game stays
    assert page.evaluate("document.body.dataset.state") == "failed"
    no_horizontal_scroll(page, "the error at 320 px")
    no_violations(page, "the embed's error message")

    page.goto("index.html?embed=1&scenario=no-such-example&theme=dark")
    expect(page.locator("#embed-error")).to_contain_text("there is no scenario called “no-such-example”")
    expect(page.locator("html")).to_have_class(re.compile(r"\btheme-dark\b"))
    no_violations(page, "the embed's error message (dark)")
    page.goto("index.html?embed=1&scenario=ace-upcard&p=human:Fanny")
    expect(page.locator("#embed-error")).to_contain_text("a scenario fixes its own players")
    assert heavy(urls) == [], "an invalid embed must not start the engine"


HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script src="embed.js"></script></head><body>
<speculation-game scenario="ace-upcard" label="Ace"><p>An ace.</p></speculation-game>
<iframe id="raw" title="raw" src="index.html?embed=1&amp;scenario=ace-upcard&amp;origin={other}"></iframe>
<iframe id="sibling" title="sibling" src="__sibling.html"></iframe>
<iframe id="stranger" title="stranger" src="{other}/__sibling.html"></iframe>
</body></html>"""
SIBLING = "<!doctype html><html lang='en'><head><title>sibling</title></head><body>sibling</body></html>"


def test_messages_from_a_wrong_origin_or_window_are_ignored(page: Page, site_url: str):
    """Both receivers, with the runtime held back: only the filters are under test here."""
    held: list[Route] = []
    page.route(re.compile(r".*/pyodide/.*"), lambda route: held.append(route))
    port = urlsplit(site_url).port
    other = f"http://localhost:{port}"  # the same server under another origin
    page.route(f"{site_url}__host.html", lambda r: r.fulfill(
        body=HOST_PAGE.replace("{other}", other), content_type="text/html"))
    page.route(re.compile(r".*/__sibling\.html$"), lambda r: r.fulfill(body=SIBLING, content_type="text/html"))
    page.goto("__host.html")
    page.locator(".spec-embed__play").click()
    embed = frame_of(page, "speculation-game iframe")
    iframe = page.locator("speculation-game iframe")
    expect(iframe).to_have_attribute("title", re.compile("Ace"))
    assert "origin=" + site_url.rstrip("/").replace(":", "%3A").replace("/", "%2F") in iframe.get_attribute("src")

    # the frame reports its height before the engine runs; the loader applies it. The frame may
    # report again as its page lays out, so the height is compared with its latest report.
    wait_until(lambda: frame_data(embed).get("embedHeight"), "a height message", page=page)
    wait_until(lambda: iframe.get_attribute("height") == frame_data(embed)["embedHeight"],
               "the loader to apply the frame's latest height", page=page)

    sibling = next(f for f in page.frames if f.url.endswith("/__sibling.html") and f.url.startswith(site_url))
    stranger = next(f for f in page.frames if f.url.startswith(other))
    raw = frame_of(page, "#raw")
    good = {"ns": NS, "v": 1, "type": "step", "by": 1}

    def ignored(frame):
        return int(frame_data(frame).get("embedIgnored") or 0)

    def accepted(frame):
        return int(frame_data(frame).get("embedAccepted") or 0)

    base_i, base_a = ignored(embed), accepted(embed)
    # right message, wrong window (a same-origin sibling) and wrong origin (another site)
    sibling.evaluate("(m) => parent.document.querySelector('speculation-game iframe').contentWindow.postMessage(m, '*')", good)
    # (a cross-origin frame cannot look inside its parent: it posts to every frame it can see)
    stranger.evaluate("(m) => { for (let i = 0; i < parent.frames.length; i++) parent.frames[i].postMessage(m, '*'); }", good)
    # right window and origin, wrong shapes
    bad = [
        {**good, "ns": "other"}, {**good, "v": 2}, {**good, "type": "explode"}, {**good, "by": "1"},
        {**good, "by": 0}, {**good, "extra": True}, {"ns": NS, "v": 1, "type": "autoplay", "on": "yes"},
        {"ns": NS, "v": 1, "type": "step"}, {**good, "to": 3}, "step", None, [good],
    ]
    page.evaluate("(msgs) => { const w = document.querySelector('speculation-game iframe').contentWindow;"
                  " for (const m of msgs) w.postMessage(m, '*'); }", bad)
    wait_until(lambda: ignored(embed) >= base_i + 2 + len(bad), "the frame to see every message", page=page)
    assert accepted(embed) == base_a, "a message from the wrong origin, window or shape was accepted"
    # the right window, origin and shape is accepted (queued until the table is ready)
    page.evaluate("(m) => document.querySelector('speculation-game iframe').contentWindow.postMessage(m, '*')", good)
    wait_until(lambda: accepted(embed) == base_a + 1, "the valid message", page=page)
    assert ignored(embed) == base_i + 2 + len(bad)

    # a frame told to trust another origin ignores even its own parent
    wait_until(lambda: raw.evaluate("!!document.getElementById('embed-bar')"), "the raw frame", page=page)
    page.evaluate("(m) => document.getElementById('raw').contentWindow.postMessage(m, '*')", good)
    wait_until(lambda: ignored(raw) >= 1, "the raw frame to see the message", page=page)
    assert accepted(raw) == 0

    # the host side: height messages count only from the embed's own frame at the site's origin
    forged = {"ns": NS, "v": 1, "type": "height", "height": 4321}
    sibling.evaluate("(m) => parent.postMessage(m, '*')", forged)
    stranger.evaluate("(m) => parent.postMessage(m, '*')", forged)
    embed.evaluate("(m) => parent.postMessage(m, '*')", {**forged, "height": -5})
    embed.evaluate("(m) => parent.postMessage(m, '*')", {**forged, "v": 2})
    page.wait_for_timeout(300)
    # still the frame's own latest report (it may have changed as the page laid out), no forgery
    assert iframe.get_attribute("height") == frame_data(embed)["embedHeight"]
    assert iframe.get_attribute("height") not in ("4321", "-5")
    embed.evaluate("(m) => parent.postMessage(m, '*')", {**forged, "height": 777})
    expect(iframe).to_have_attribute("height", "777")
    for route in held:
        route.abort()


# ----------------------------------------------------------------------------- one boot


def test_example_boots_on_click_reaches_its_step_and_follows_the_host(page: Page, site_url: str):
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("history.html")
    watch_host_events(page)
    page.wait_for_timeout(300)
    assert heavy(urls) == []

    example = page.locator("#ex-auction speculation-game")
    example.locator(".spec-embed__play").click()
    expect(example).to_have_attribute("data-state", "ready", timeout=BOOT_S * 1000)
    assert heavy(urls), "the click started the engine"
    iframe = example.locator("iframe")
    expect(iframe).to_have_attribute("title", re.compile("auction"))
    frame = frame_of(page, "#ex-auction speculation-game iframe")

    # the scenario opens at its start step: Fanny has dealt the queen of hearts
    ready = host_events(page, "ready")
    assert len(ready) == 1 and ready[0]["detail"]["step"] == 1 and ready[0]["detail"]["steps"] == 11
    assert ready[0]["detail"]["players"] == ["Fanny", "Edmund", "Mary Crawford"]
    assert frame_data(frame)["embedStep"] == "1"
    expect(frame.locator("#embed-step")).to_have_text("Step 1 of 11")
    expect(frame.locator("#upcard-slot [aria-label='queen of hearts, face up']")).to_be_visible()
    expect(frame.locator("#status")).to_contain_text("Fanny decides whether to keep or sell")
    expect(frame.locator(".site-header")).to_be_hidden()
    expect(frame.locator("#rules")).to_be_hidden()

    # the frame's Play button (issue 49): it says Play while nothing plays, and one click plays
    play = frame.locator("#embed-play")
    expect(play).to_have_text("Play")
    expect(play).to_have_attribute("aria-pressed", "false")
    play.click()
    stepped = lambda: int(frame_data(frame).get("embedStep") or 0) > 1  # noqa: E731
    wait_until(stepped, "one click on Play to step the record", 20, page)
    expect(play).to_have_text("Pause")
    play.click()
    expect(play).to_have_text("Play")
    wait_until(lambda: frame_data(frame).get("state") == "idle", "the step under way to end", 20, page)
    t = tick_of(frame)
    example.evaluate("(el) => el.restart()")
    settle_frame(frame, page, t)
    assert frame_data(frame)["embedStep"] == "1"

    # the host steps the scenario
    t = tick_of(frame)
    example.evaluate("(el) => el.step()")
    t = settle_frame(frame, page, t)
    assert frame_data(frame)["embedStep"] == "2"
    expect(frame.locator("#status")).to_contain_text("bids for the queen of hearts")
    expect(frame.locator("#log")).to_contain_text("auction")
    example.evaluate("(el) => el.stepTo(5)")
    t = settle_frame(frame, page, t)
    assert frame_data(frame)["embedStep"] == "5"
    expect(frame.locator("#seats [data-seat='2'] .tag-best")).to_be_visible()  # Mary bought it
    steps = [e["detail"]["step"] for e in host_events(page, "step")]
    assert steps[-2:] == [2, 5]

    # the frame's own buttons: back one step, then restart
    frame.locator("#embed-back").click()
    t = settle_frame(frame, page, t)
    assert frame_data(frame)["embedStep"] == "4"
    example.evaluate("(el) => el.restart()")
    t = settle_frame(frame, page, t)
    assert frame_data(frame)["embedStep"] == "1"

    # height: the iframe follows the content, and narrowing the page makes it taller
    def frame_height():
        return frame.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
    wait_until(lambda: abs(int(iframe.get_attribute("height")) - frame_height()) <= 1, "the iframe to fit", page=page)
    wide = int(iframe.get_attribute("height"))
    assert host_events(page, "height")
    no_violations(frame, "the embedded table (1280 px)")

    page.set_viewport_size({"width": 341, "height": 800})  # the iframe is about 320 px wide
    wait_until(lambda: int(iframe.get_attribute("height")) > wide, "the iframe to grow", page=page)
    wait_until(lambda: abs(int(iframe.get_attribute("height")) - frame_height()) <= 1, "the iframe to fit again", page=page)
    width = frame.evaluate("document.documentElement.clientWidth")
    assert 310 <= width <= 325, width
    no_horizontal_scroll(frame, "the embedded table at 320 px")
    no_horizontal_scroll(page, "history.html with an open example at 341 px")
    no_violations(frame, "the embedded table (320 px)")

    # to the end: the frame announces the finished hand
    example.evaluate("(el) => el.stepTo(11)")
    settle_frame(frame, page, t)
    hand = wait_until(lambda: host_events(page, "hand"), "a finished hand", page=page)[-1]["detail"]
    assert hand["winnerName"] == "Mary Crawford" and hand["pot"] == 12 and hand["card"] == "QH"
    expect(frame.locator("#hand-result")).to_contain_text("Mary Crawford takes the pot of 12 chips")
    expect(frame.locator("#embed-next")).to_be_disabled()
    full = frame.locator("#embed-full").get_attribute("href")
    assert "seed=" in full and "deck=" in full and "rule.facedown_buying=off" in full
    # a new deal with the same people: the computer plays every seat, and the bar has no steps
    example.evaluate("(el) => el.newDeal(42)")
    expect(frame.locator("#log")).to_contain_text("A new deal: ", timeout=30000)
    # The deal's seed is never shown while it is played, not in the log nor in the link.
    expect(frame.locator("#log")).not_to_contain_text("Seed")
    assert "seed=" not in (frame.locator("#embed-full").get_attribute("href") or "")
    expect(frame.locator("#embed-back")).to_be_hidden()
    expect(frame.locator("#embed-step")).to_have_text("")
    expect(frame.locator("#seats .seat-kind").first).to_contain_text("computer")
    expect(frame.locator("#info-hand")).to_have_text(re.compile(r"^1( of \d+)?$"), timeout=30000)  # the computer dealt
    example.evaluate("(el) => el.autoplay(false)")
    expect(frame.locator("#embed-play")).to_have_text("Play")

    # nothing the embed did touched the full site's saved match
    assert frame.evaluate("localStorage.getItem('speculation:save:v1')") is None
    assert not [u for u in urls if urlsplit(u).netloc != urlsplit(site_url).netloc]


# ----------------------------------------------------------------------------- offline


def test_examples_work_offline_after_the_site_was_visited(sw_browser, site_build, site_dir: Path):
    server = Server(site_build, site_dir)
    url = server.start()
    ctx = sw_browser()
    page = first_page(ctx)
    try:
        page.goto(url + "index.html")
        wait_controlled(page)  # the worker activates only once everything is precached
    finally:
        server.stop()
    ctx.set_offline(True)

    tab = ctx.new_page()
    tab.goto(url + "history.html")
    expect(tab.locator(".spec-embed__play")).to_have_count(4)
    example = tab.locator("#ex-hoyle speculation-game")
    example.locator(".spec-embed__play").click()
    expect(example).to_have_attribute("data-state", "ready", timeout=BOOT_S * 1000)
    frame = frame_of(tab, "#ex-hoyle speculation-game iframe")
    assert frame_data(frame)["embedStep"] == "1"
    expect(frame.locator("#upcard-slot [aria-label='jack of hearts, face up']")).to_be_visible()
    t = tick_of(frame)
    example.evaluate("(el) => el.stepTo(11)")
    settle_frame(frame, tab, t)
    expect(frame.locator("#hand-result")).to_contain_text("carries over")
    assert json.loads(json.dumps(frame_data(frame)))["embedStep"] == "11"
