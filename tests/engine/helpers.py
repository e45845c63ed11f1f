"""Small helpers the engine's tests share (issue 46: they were copied into each test file).

    from .helpers import call, state_json

    s = Session()
    call(s, op="hello")["ok"]          # one request to the bridge, as the page sends it: JSON
    state_json(game)                   # a game's whole state, hidden cards included, as text
"""

from __future__ import annotations

import json
from typing import Any

from speculation.bridge import Session
from speculation.game import Game
from speculation.records import saved_state


def call(s: Session, **req: Any) -> dict[str, Any]:
    """Send ``req`` to the session as a JSON string and return its JSON answer, parsed."""
    out: dict[str, Any] = json.loads(s.handle(json.dumps(req)))
    return out


def state_json(game: Game) -> str:
    """Everything of ``game`` (``records.saved_state``) as canonical JSON, to compare two states."""
    return json.dumps(saved_state(game), sort_keys=True)
