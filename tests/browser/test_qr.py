"""The QR code of an invitation (web/js/net/link/qr.js, issue 22) in the built site, under the page's
own Content-Security-Policy: the module and the encoder it imports from vendor/qr/ load from the
site's origin, and the <img> (a data: URL of an SVG) is drawn, named by its alt text, with white
in its quiet zone and black at its finder pattern. The node test (tests/js/net-qr.test.mjs)
reads the code back; this one checks what the browser does with it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support import WATCH_CSP, errors_in, foreign, record_requests

pytestmark = pytest.mark.browser

LINK = "https://example.github.io/speculation/#join=" + "AbCdEfGhIj-_0123456789" * 5
ALT = "QR code of the invite link"

SHOW = """async ([link, alt]) => {
  const qr = await import("./js/net/link/qr.js");
  const img = qr.qrImage(link, alt);
  document.body.append(img);
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.width;
  canvas.height = img.height;
  const g = canvas.getContext("2d");
  g.drawImage(img, 0, 0);
  const at = (module) => {
    const px = module * qr.MODULE_PX + 1;
    return Array.from(g.getImageData(px, px, 1, 1).data);
  };
  return {natural: img.naturalWidth, width: img.width, scheme: img.src.split(",")[0],
          quiet: at(0), edge: at(qr.QUIET_ZONE - 1), finder: at(qr.QUIET_ZONE)};
}"""


def test_the_invite_qr_code_renders_under_the_sites_csp(page: Page, site_url: str,
                                                         console_log: list[str]) -> None:
    page.add_init_script(WATCH_CSP)
    requests = record_requests(page)
    page.goto("index.html")
    shown = page.evaluate(SHOW, [LINK, ALT])

    expect(page.get_by_role("img", name=ALT)).to_be_visible()
    assert shown["scheme"] == "data:image/svg+xml;charset=utf-8"
    assert shown["natural"] == shown["width"] > 100  # drawn at its own size (4 px a module)
    white, black = [255, 255, 255, 255], [0, 0, 0, 255]
    assert shown["quiet"] == white and shown["edge"] == white
    assert shown["finder"] == black
    assert page.evaluate("window.__csp") == []
    assert errors_in(console_log) == []
    assert any(u.endswith("/vendor/qr/index.js") for u in requests)
    assert foreign(requests, site_url) == []
