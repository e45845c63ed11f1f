"""Two browsers connect through web/js/net/link/peer.js the way two friends would (issue 22): the host
makes an invitation, the guest opens the link and answers, the reply code goes back as text;
the channel opens on loopback, carries a 100 KB message in frames both ways, and the host sees
the guest fall silent once its page is closed. Runs inside the loopback-only namespace
(tests/netns/conftest.py), started by tests/browser/test_netns.py.
"""

from __future__ import annotations

import json
import time

SILENT_WITHIN_S = 6  # the heartbeat: a frame every 2 s, "silent" after 5 s without one

# Counts what goes over the wire: each data-channel send's UTF-8 size (heartbeats left out).
SPY = """() => {
  const sizes = [];
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (data !== "~") sizes.push(new TextEncoder().encode(data).length);
    return send.call(this, data);
  };
  window.wireSizes = sizes;
}"""

SETUP = """async () => {
  const peer = await import("/js/net/link/peer.js");
  const codec = await import("/js/net/link/codec.js");
  window.t = { peer, codec, got: [], statuses: [], errors: [] };
  window.t.listen = (ch) => {
    window.t.ch = ch;
    ch.onMessage((text) => window.t.got.push(text));
    ch.onStatus((s) => window.t.statuses.push([s, performance.now()]));
    ch.onError((e) => window.t.errors.push(e));
    return ch.status();
  };
}"""

HOST_INVITE = """async () => {
  const { peer, codec } = window.t;
  window.t.host = peer.hostPeer();
  const ice = await window.t.host.invite();
  return codec.encodeInvite({ kind: "invite", table: "0123456789abcdef", seat: 1,
    created: Math.floor(Date.now() / 1000), host: "Mary", stun: false, ice });
}"""

GUEST_REPLY = """async (link) => {
  const { peer, codec } = window.t;
  const invite = codec.decodeInvite(link);
  window.t.guest = peer.guestPeer(invite.ice);
  const ice = await window.t.guest.reply;
  const code = codec.encodeReply({ table: invite.table, seat: invite.seat,
    created: Math.floor(Date.now() / 1000), ice });
  return { code, invite };
}"""

HOST_ACCEPT = """async (text) => {
  const { codec } = window.t;
  const reply = codec.decodeReply(text);
  await window.t.host.accept(reply.ice);
  return { status: window.t.listen(await window.t.host.channel), reply };
}"""

GUEST_OPEN = "async () => window.t.listen(await window.t.guest.channel)"


def wait_for(page, expression: str, what: str, timeout_s: float = 30):
    deadline = time.monotonic() + timeout_s
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out after {timeout_s} s waiting for {what}"
        page.wait_for_timeout(50)


def test_two_browsers_connect_on_loopback_and_notice_a_closed_page(peer_page, site_url):
    host, guest = peer_page(), peer_page()
    for page in (host, guest):
        page.evaluate(SPY)
        page.evaluate(SETUP)

    invitation = host.evaluate(HOST_INVITE)
    link = f"{site_url}#join={invitation}"  # what the host shows, copied as text
    answered = guest.evaluate(GUEST_REPLY, f"  {link}\n")
    reply_code = answered["code"]
    print(f"invitation code: {len(invitation)} characters, link {len(link)}; "
          f"reply code: {len(reply_code)} characters")
    accepted = host.evaluate(HOST_ACCEPT, reply_code)
    assert accepted["status"] == "open"
    assert guest.evaluate(GUEST_OPEN) == "open"

    # loopback only: every candidate either side gave is 127.0.0.1
    for what, ice in (("invitation", answered["invite"]["ice"]), ("reply", accepted["reply"]["ice"])):
        addresses = {c["address"] for c in ice["candidates"]}
        assert addresses == {"127.0.0.1"}, f"{what} candidates: {ice['candidates']}"
    assert answered["invite"]["host"] == "Mary" and accepted["reply"]["seat"] == 1

    # a 100 KB message each way, in frames of at most 16,000 bytes
    payload = {"t": "state", "blob": "Მარიამ ♠♥♦♣ " * 4000 + "x" * 30000}
    size = len(json.dumps(payload, ensure_ascii=False).encode())
    assert size > 100_000
    for sender, receiver in ((host, guest), (guest, host)):
        sender.evaluate("() => { window.wireSizes.length = 0; }")
        sender.evaluate("(p) => window.t.ch.send(p)", payload)
        texts = wait_for(receiver, "window.t.got.length ? window.t.got : null", "the 100 KB message")
        assert len(texts) == 1 and json.loads(texts[0]) == payload
        receiver.evaluate("() => { window.t.got.length = 0; }")
        sizes = sender.evaluate("window.wireSizes")
        assert len(sizes) >= size // 16000 + 1 and max(sizes) <= 16000, sizes
        assert sum(sizes) >= size
    assert host.evaluate("window.t.errors") == [] and guest.evaluate("window.t.errors") == []

    # idle for longer than the silence limit: the heartbeats keep both sides "open"
    host.wait_for_timeout(6500)
    for page in (host, guest):
        assert page.evaluate("window.t.statuses.map(([s]) => s)") == []
        assert page.evaluate("window.t.ch.status()") == "open"

    # the guest closes its page: the host's channel goes "silent" within 6 s
    closed_at = host.evaluate("performance.now()")
    guest.close()
    silent = wait_for(host, "window.t.statuses.find(([s]) => s === 'silent') || null",
                      "the host to notice the silence", timeout_s=SILENT_WITHIN_S + 4)
    waited_s = (silent[1] - closed_at) / 1000
    print(f"silent {waited_s:.2f} s after the guest's page closed")
    assert waited_s <= SILENT_WITHIN_S, f"silent only after {waited_s:.2f} s"


def test_a_reply_nobody_answers_ends_in_no_connection(peer_page):
    """The guest's page is gone before the host takes in its reply: the host's channel promise
    rejects with PeerError "no_connection" once its time limit (shortened here) has passed."""
    host, guest = peer_page(), peer_page()
    for page in (host, guest):
        page.evaluate(SETUP)
    invitation = host.evaluate("""async () => {
      const { peer, codec } = window.t;
      window.t.host = peer.hostPeer({ connectTimeoutMs: 3000 });
      const ice = await window.t.host.invite();
      return codec.encodeInvite({ kind: "invite", table: "0123456789abcdef", seat: 2,
        created: Math.floor(Date.now() / 1000), host: "", stun: false, ice });
    }""")
    reply_code = guest.evaluate(GUEST_REPLY, invitation)["code"]
    guest.close()
    outcome = host.evaluate("""async (text) => {
      const { codec } = window.t;
      await window.t.host.accept(codec.decodeReply(text).ice);
      const started = performance.now();
      try {
        await window.t.host.channel;
        return { opened: true };
      } catch (err) {
        return { name: err.name, code: err.code, message: err.message, after: performance.now() - started };
      }
    }""", reply_code)
    assert outcome.get("code") == "no_connection", outcome
    assert outcome["name"] == "PeerError" and "same network" in outcome["message"]
    assert outcome["after"] < 3000 + 2000, outcome
