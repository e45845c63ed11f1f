"""docs/multiplayer.md's two message tables ("Messages") name exactly the messages of
web/js/net/messages.js's `GuestMessage` and `HostMessage` unions, each with the same fields
(issue 43: the doc had left out three of the host's messages). Read from the JSDoc text, as the
error codes are checked against the engine's (tests/test_typecheck_js.py)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "multiplayer.md"
MESSAGES = ROOT / "web" / "js" / "net" / "messages.js"


def union(name: str) -> dict[str, set[str]]:
    """Each variant's `t` and its other fields, from the JSDoc typedef `name`."""
    text = MESSAGES.read_text(encoding="utf-8")
    found = re.search(r"@typedef \{(\{t: (?:(?!@typedef).)*?)\} " + name + r"\b", text, re.S)
    assert found, f"messages.js has no typedef {name}"
    body = re.sub(r"\n\s*\*\s*", " ", found.group(1))
    out: dict[str, set[str]] = {}
    for variant in re.findall(r"\{t: \"(\w+)\"((?:[^{}]|\{[^{}]*\})*)\}", body):
        t, rest = variant
        depth0 = re.sub(r"\{[^{}]*\}", "", rest)  # keys of nested object types are not fields
        out[t] = set(re.findall(r"(\w+)\??:", depth0))
    return out


def table(heading: str) -> dict[str, set[str]]:
    """The rows of the table after `heading` in the Messages section: `t` -> fields."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### Messages"):]
    section = section[section.index(heading):]
    rows: dict[str, set[str]] = {}
    for line in section.splitlines()[1:]:
        if rows and not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`") or cells[0] == "`t`":
            continue
        rows[cells[0].strip("`")] = set(re.findall(r"`(\w+)`", cells[1]))
    return rows


def test_the_guest_to_host_table_is_the_union():
    assert table("Guest to host:") == union("GuestMessage")


def test_the_host_to_guest_table_is_the_union():
    assert table("Host to guest:") == union("HostMessage")


def test_the_check_reads_something():
    host = union("HostMessage")
    assert {"welcome", "state", "table", "offer_table", "removed", "bye"} <= set(host)
    assert host["state"] == {"view", "known", "events", "lines", "next", "commitment"}
    assert host["welcome"] == {"seat", "token", "table", "host", "allow", "hello"}
