"""Drive the engine's bridge through every op and its error paths, for the build's record of the
standard modules the site needs (tools/stdlib_split.py; issue 47).

build.py trims Pyodide's standard library to the modules a boot and a game import. It finds
them by running them, under Pyodide's own Python in Node (tools/bytecode.mjs): the runtime's
start, micropip's install of the wheel, then this exercise, which sends the bridge

* every op before there is a match (mostly ``no_match`` and ``bad_request``), and texts that are
  not requests at all (not JSON, too deep, too large, not an object, an unknown op);
* a whole short match of a person against computer players: each of the person's decisions asks
  ``legal``, ``standing``, ``coach`` and sometimes ``take_back`` before its ``act``; the bots
  play through ``bot`` with each kind of ``apply``; ``view``, ``log``, ``save``/``load``,
  ``record``, ``commitment``, ``summary`` and ``review`` along the way, and ``record``,
  ``verify``, ``replay``, ``review``, ``analyse``, ``level`` once it is over;
* every bot of the catalogue (baselines, coach and learners included) as a stand-in, once;
* a daily deal played to its end, then ``daily_result``;
* damaged copies of a seeded sample of the requests sent above.

    outcomes = exercise(Session().handle)   # {"op": {"ok", "bad_seat", ...}}, checked

It raises if an op of the bridge never answered ``ok``: a new op must be exercised here, or the
modules it imports would be missing from the trimmed library (they would then be fetched with
the rest of it, at a cost; see docs/offline-and-deploy.md).

It imports nothing beyond what the engine itself imports (``json``, ``random``), so that the
record holds the engine's needs and not the exercise's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

PERSON = {"name": "You", "kind": "human"}
DAILY_DATE = "2026-12-02"
MAX_STEPS = 3000


class Exercise:
    def __init__(self, handle: Callable[[str], str]) -> None:
        self.handle = handle
        self.outcomes: dict[str, set[str]] = {}
        self.sent: list[str] = []

    def ask(self, request: dict[str, Any] | str, keep: bool = True) -> dict[str, Any]:
        text = request if isinstance(request, str) else json.dumps(request)
        answer: dict[str, Any] = json.loads(self.handle(text))
        op = request.get("op") if isinstance(request, dict) else None
        if isinstance(op, str):
            code = "ok" if answer.get("ok") else str(answer.get("error", {}).get("code"))
            self.outcomes.setdefault(op, set()).add(code)
        if keep and len(text) < 20_000:
            self.sent.append(text)
        return answer

    # ------------------------------------------------------------------ pieces

    def no_match(self, ops: list[str]) -> None:
        for op in ops:
            self.ask({"op": op})
            self.ask({"op": op, "seat": "nobody", "record": [], "snapshot": 3, "matches": {}})
        for text in ("", "not json", "[]", "null", '{"op": 1}', '{"op": "fly"}', '{"op": "hello", "x": NaN}',
                     '{"op": "hello", "x": 1e999}', '{"op": "hello", "x": ' + "9" * 200 + "}",
                     "[" * 100_000 + "]" * 100_000, '{"a":' * 70 + "1" + "}" * 70,
                     '"' + "x" * (9 * 1024 * 1024) + '"', "\ud800"):
            self.ask(text, keep=False)

    def play(self, view: dict[str, Any], person: int | None, stand_in: str | None = None) -> dict[str, Any]:
        """Play the match from ``view`` to its end: the person's seat answers with its first
        legal template (or a stand-in), the bots decide through ``bot``."""
        took_back = False
        for step in range(MAX_STEPS):
            if view.get("match_over") or view.get("to_act") is None:
                return view
            seat = view["to_act"]
            if step % 7 == 0:
                self.ask({"op": "view", "seat": None})
                self.ask({"op": "log", "since": step})
                self.ask({"op": "summary"})
                self.ask({"op": "record"})
                self.ask({"op": "commitment"})
                self.ask({"op": "review", "seat": 0})
                saved = self.ask({"op": "save"})
                if saved.get("ok"):
                    self.ask({"op": "load", "snapshot": saved["snapshot"], "seat": person})
            if seat == person and stand_in is None:
                self.ask({"op": "legal", "seat": seat})
                self.ask({"op": "standing", "seat": seat,
                          "prefs": {"auto_reveal": True, "offers": "refuse_below_fair"},
                          "order": {"owner": (seat + 1) % 2, "price": 3}, "named": True})
                self.ask({"op": "coach", "seat": seat})
                answer = self.ask({"op": "view", "seat": seat})
                legal = answer["view"].get("legal") or []
                if not legal:
                    return view
                if step % 5 == 0:
                    bad = {"type": "bid", "seat": seat, "price": -1}
                    self.ask({"op": "act", "action": bad, "viewer": seat})
                result = self.ask({"op": "act", "action": first(legal[0]), "viewer": seat})
                if not result.get("ok"):
                    return view
                view = result["view"]
                if not took_back and step > 10:
                    back = self.ask({"op": "take_back", "seat": seat})
                    if back.get("ok"):
                        took_back = True
                        view = back["view"]
                continue
            request: dict[str, Any] = {"op": "bot", "seat": seat, "viewer": person}
            if stand_in is not None and seat == person:
                request["stand_in"] = stand_in
            request["apply"] = (True, "if_pass", False)[step % 3]
            answer = self.ask(request)
            if not answer.get("ok"):
                return view
            if "view" in answer:
                view = answer["view"]
            else:
                result = self.ask({"op": "act", "action": answer["action"], "viewer": person})
                if not result.get("ok"):
                    return view
                view = result["view"]
        return view

    def match(self, bots: list[str]) -> None:
        players = [PERSON] + [{"name": f"Bot {i}", "kind": "bot", "bot": b} for i, b in enumerate(bots, 1)]
        self.ask({"op": "new_match", "settings": {"players": players[:1]}})
        self.ask({"op": "new_match", "settings": {"players": players, "colour": "red"}})
        self.ask({"op": "new_match", "settings": {"players": players, "seed": -5}})
        nobody = {"kind": "bot", "bot": "expert/nobody"}
        self.ask({"op": "new_match", "settings": {"players": [*players[:1], nobody]}})
        self.ask({"op": "new_match", "settings": {"players": players, "practice": True}, "seat": 0})
        start = self.ask({"op": "new_match", "seat": 0,
                          "settings": {"players": players, "seed": 7, "rules": {"max_hands": 2}}})
        self.ask({"op": "bot", "seat": 0})  # not a bot's seat
        self.ask({"op": "bot", "seat": 1, "apply": "maybe"})
        self.ask({"op": "legal", "seat": 9})
        self.ask({"op": "log", "since": -1})
        end = self.play(start["view"], person=0)
        assert end.get("match_over"), "the exercise's match did not finish"
        record = self.ask({"op": "record"})["record"]
        commitment = self.ask({"op": "commitment"})["commitment"]
        entries = self.ask({"op": "log"})["entries"]
        seen = [{"index": e["index"], "text": str(e.get("text", ""))} for e in entries[:20]]
        self.ask({"op": "verify", "record": record, "commitment": commitment, "seen": seen})
        self.ask({"op": "verify", "record": record, "commitment": "0" * 64, "seen": []})
        self.ask({"op": "verify", "record": record, "commitment": "nope"})
        self.ask({"op": "review", "seat": 0, "hand": 1})
        self.ask({"op": "review", "seat": 1})
        self.ask({"op": "review", "seat": 0, "hand": 99})
        self.ask({"op": "analyse", "seat": 0, "hand": 1})
        self.ask({"op": "analyse", "seat": 0, "hand": 99})
        self.ask({"op": "take_back", "seat": 0})
        self.ask({"op": "standing", "seat": 0})
        self.ask({"op": "summary"})
        self.ask({"op": "daily_result"})
        self.ask({"op": "replay", "record": record, "upto": 5, "install": False, "seat": 0})
        self.ask({"op": "replay", "record": {**record, "actions": [{"type": "nonsense"}]}})
        self.ask({"op": "replay", "current": True, "seat": None})
        self.ask({"op": "replay", "record": record, "current": True})
        self.ask({"op": "replay", "record": record})
        self.ask({"op": "level", "matches": [{"score": (i % 7) - 3, "hands": 3} for i in range(30)]})
        self.ask({"op": "level", "matches": [{"score": "high", "hands": 0}]})
        self.ask({"op": "load", "snapshot": "{}"})
        self.ask({"op": "load", "snapshot": json.dumps({"format": "speculation-snapshot", "version": 99})})

    def stand_ins(self, ids: list[str]) -> None:
        """Every bot of the catalogue decides once for a person's seat (a left friend's)."""
        players = [PERSON, {"name": "Ann", "kind": "human"}]
        view = self.ask({"op": "new_match", "settings": {"players": players, "seed": 11}, "seat": 0})["view"]
        for bot_id in ids:
            seat = view["to_act"]
            self.ask({"op": "bot", "seat": seat, "stand_in": bot_id, "apply": False})
        self.ask({"op": "bot", "seat": view["to_act"], "stand_in": "grandmaster/nobody"})

    def daily(self) -> None:
        self.ask({"op": "daily", "date": "2026-02-30", "counts": True})
        start = self.ask({"op": "daily", "date": DAILY_DATE, "counts": False, "name": "Fanny"})
        self.ask({"op": "daily_result"})  # not over yet
        end = self.play(start["view"], person=0, stand_in="expert/edmund")
        assert end.get("match_over"), "the exercise's daily deal did not finish"
        self.ask({"op": "daily_result"})

    def damaged(self, seed: int = 47, sample: int = 250, per_request: int = 2) -> None:
        """Damaged copies of a seeded sample of what was sent: cut, a character dropped,
        changed or added."""
        rng = random.Random(seed)
        for text in rng.sample(self.sent, min(sample, len(self.sent))):
            for _ in range(per_request):
                i = rng.randrange(len(text))
                how = rng.randrange(4)
                if how == 0:
                    bad = text[:i]
                elif how == 1:
                    bad = text[:i] + text[i + 1:]
                elif how == 2:
                    bad = text[:i] + rng.choice('{}[]",:0123456789x ') + text[i + 1:]
                else:
                    extra = rng.choice(['"', "\\", "\x00", "]]", "NaN", "1e999", "[" * 80])
                    bad = text[:i] + extra + text[i:]
                self.ask(bad, keep=False)


def first(template: dict[str, Any]) -> dict[str, Any]:
    """A legal template as an action: its lowest price, its first card or target."""
    action: dict[str, Any] = {"type": template["type"], "seat": template["seat"]}
    if template.get("price"):
        action["price"] = template["price"]["min"]
    if template.get("cards"):
        action["target"], action["card"] = template["cards"][0]
    elif template.get("targets"):
        action["target"] = template["targets"][0]
    return action


def exercise(handle: Callable[[str], str]) -> dict[str, set[str]]:
    """Run the whole exercise against ``handle`` (a bridge session's); every op's outcomes."""
    from speculation import bridge
    from speculation.bots import bot_ids

    ops = sorted(bridge._OPS)
    run = Exercise(handle)
    run.no_match(ops)
    hello = run.ask({"op": "hello"})
    catalogue = [b["id"] for b in hello["bots"]]
    run.match([catalogue[0], catalogue[len(catalogue) // 2], catalogue[-1]])
    run.stand_ins(bot_ids())
    run.daily()
    run.damaged()
    missing = [op for op in ops if "ok" not in run.outcomes.get(op, ())]
    if missing:
        raise RuntimeError(f"tools/bridge_exercise.py never had an answer from {', '.join(missing)}: "
                           f"exercise every op of the bridge there "
                           f"(got {({op: sorted(run.outcomes.get(op, ())) for op in missing})})")
    return run.outcomes
