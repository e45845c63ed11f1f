"""A fixed, seeded sample of hostile bridge requests, run the same way in CPython (here) and in
Pyodide (tests/node/fuzz.mjs), so both answers can be compared code by code.

``corpus(seed)`` builds ``{"setup": [request texts], "cases": [{"kind", "text"}]}``: the setup
puts the worker's match mid-game (one human, two bots); each case is one hostile request.
``run(handle, corpus)`` is the loop both sides follow (fuzz.mjs mirrors it line for line): for
each case, save, send it, and if it was refused check the save did not change; if it was
accepted (a request that happened to be valid) load the earlier save back. It returns the code
of every answer (``"ok"`` for accepted ones) and the tallies per kind.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from speculation.bridge import Session

KINDS = ("deep", "numbers", "not_json", "random_request", "act", "seat", "bot_and_coach",
         "names", "snapshot_text", "snapshot_fields", "record_fields", "load_flags")
DEEP_DEPTHS = (65, 100, 990, 1500, 1600, 2000, 3000, 5000, 20_000, 100_000)
OPS = ("hello", "new_match", "view", "legal", "act", "bot", "coach", "save", "load", "record",
       "replay", "summary")
FIELDS = ("op", "seat", "type", "price", "action", "record", "snapshot", "settings", "players",
          "name", "target", "card", "upto", "rules", "seed", "apply", "replace_unknown_bots")
ODD_STRINGS = ("", " ", "\x00", "\u202e", "\u200b", "\ud7ff", "deal", "bid", "QH", "parlett",
               "expert/mary", "expert/nobody", "__init__", "op_view", "NaN", "[[[[", "\\", '"')
BOT = "skilled/mary"


def _value(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth < 4 and r < 0.15:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 4 and r < 0.3:
        return {rng.choice(FIELDS + ODD_STRINGS): _value(rng, depth + 1)
                for _ in range(rng.randrange(4))}
    return rng.choice([
        None, True, False, rng.randint(-3, 120), rng.randint(-2**70, 2**70),
        rng.uniform(-1e6, 1e6), rng.choice(ODD_STRINGS), 2**53, -1, 0.5, 1.0, 1e300,
        "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(6))),
    ])


def _deep(shape: str, n: int) -> str:
    arr = "[" * n + "]" * n
    if shape == "array":
        return arr
    if shape == "object":
        return '{"a":' * n + "1" + "}" * n
    if shape == "mixed":
        return '[{"a":' * (n // 2) + "0" + "}]" * (n // 2)
    if shape == "in_action":
        return '{"op": "act", "action": ' + arr + "}"
    if shape == "in_settings":
        return '{"op": "new_match", "settings": {"players": ' + arr + "}}"
    if shape == "in_record":
        return '{"op": "replay", "record": {"players": ["a", "b"], "meta": ' + arr + "}}"
    if shape == "snapshot_string":  # the deep text is a string: the save parser must refuse it
        return json.dumps({"op": "load", "snapshot": arr})
    return json.dumps({"op": "load", "snapshot": '{"format": "speculation-snapshot", '
                       '"version": 2, "state": ' + '{"a":' * n + "1" + "}" * n + "}"})


DEEP_SHAPES = ("array", "object", "mixed", "in_action", "in_settings", "in_record",
               "snapshot_string", "snapshot_object")


def _mutate(text: str, rng: random.Random) -> str:
    how, i = rng.randrange(6), rng.randrange(len(text))
    if how == 0:
        return text[:i]
    if how == 1:
        return text[:i] + text[i + 1:]
    if how == 2:
        return text[:i] + rng.choice('{}[]",:0123456789xQHSDC ') + text[i + 1:]
    if how == 3:
        return text[:i] + rng.choice(['"', "\\", "\x00", "]]", "NaN", "1e999", "[" * 80]) + text[i:]
    if how == 4:
        return text[:i] + "[" * 3000 + text[i:]
    return text[:i] + text[i:][::-1]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def _replace(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    return [*value[:head], _replace(value[head], rest, new), *value[head + 1:]]


def _setup(seed: int) -> tuple[list[str], Session]:
    s = Session()
    texts = [json.dumps({"op": "new_match", "settings": {
        "players": [{"name": "Fanny"}, {"name": "Sir Thomas", "kind": "bot", "bot": BOT},
                    {"name": "Mrs Norris", "kind": "bot", "bot": BOT}], "seed": seed}})]
    assert json.loads(s.handle(texts[0]))["ok"]
    rng = random.Random(seed)
    for _ in range(30):
        legal = json.loads(s.handle(json.dumps({"op": "legal", "seat": s.game.to_act})))["legal"]
        t = rng.choice(legal)
        action = {"seat": t["seat"], "type": t["type"]}
        if "price" in t:
            action["price"] = rng.randint(t["price"]["min"], t["price"]["max"])
        if "cards" in t:
            action["target"], action["card"] = rng.choice(t["cards"])
        elif "targets" in t:
            action["target"] = rng.choice(t["targets"])
        texts.append(json.dumps({"op": "act", "action": action}))
        assert json.loads(s.handle(texts[-1]))["ok"]
    return texts, s


def corpus(seed: int = 14, per_kind: int = 150) -> dict[str, Any]:
    """The sample: every deep shape at every depth, then ``per_kind`` cases of each other kind."""
    rng = random.Random(seed)
    setup, s = _setup(seed)
    save = json.loads(s.handle('{"op": "save"}'))["snapshot"]
    record = json.loads(save)["record"]  # whole: the record op withholds the seed mid-match
    cases = [{"kind": "deep", "text": _deep(shape, n)} for shape in DEEP_SHAPES
             for n in DEEP_DEPTHS]

    def add(kind: str, make: Callable[[], Any]) -> None:
        for _ in range(per_kind):
            value = make()
            cases.append({"kind": kind, "text": value if isinstance(value, str)
                          else json.dumps(value)})

    numbers = ("1" * 5000, "-" + "9" * 400, "1e400", "-1e-400", "2.5", "-0.0", str(2**63),
               "9007199254740993", "1" * 101, "0" * 100 + "1")
    templates = ('{{"op": "view", "seat": {v}}}', '{{"op": "act", "action": {{"seat": 0, '
                 '"type": "bid", "price": {v}}}}}', '{{"op": "new_match", "settings": '
                 '{{"players": [{{"name": "a"}}, {{"name": "b"}}], "seed": {v}}}}}',
                 '{{"op": "replay", "record": {{"players": ["a", "b"], "seed": {v}}}}}')
    add("numbers", lambda: rng.choice(templates).format(v=rng.choice(numbers)))
    add("not_json", lambda: _mutate(rng.choice([*setup, '{"op": "hello"}']), rng))
    add("random_request", lambda: {**{rng.choice(FIELDS): _value(rng) for _ in range(3)},
                                   "op": rng.choice(OPS + ODD_STRINGS)})
    add("act", lambda: {"op": "act", "action": {
        "seat": rng.choice([0, 1, 2, -1, 3, 99, "0", True, 1.5, None]),
        "type": rng.choice(["deal", "bid", "offer", "pass", "sell_firm", "fly", ""]),
        **{k: _value(rng) for k in rng.sample(["price", "target", "card", "x"], rng.randrange(3))}},
        **({"seat": _value(rng)} if rng.random() < 0.3 else {})})
    add("seat", lambda: {"op": rng.choice(["view", "legal", "coach", "bot"]), "seat": _value(rng)})
    add("bot_and_coach", lambda: {"op": rng.choice(["bot", "coach"]),
                                  "seat": rng.choice([0, 1, 2, 3, -1]), "apply": _value(rng)})

    def names() -> Any:
        name = "".join(rng.choice(["\u200b", "\u202e", "\u2066", "\u3164", " ", "\n", "\x00",
                                   "a", "\u00ad", "\u2800", "\u200f"])
                       for _ in range(rng.randrange(1, 6)))
        return {"op": "new_match", "settings": {"players": [{"name": name}, {"name": "B"}],
                                                "seed": 1}}
    add("names", names)
    add("snapshot_text", lambda: {"op": "load", "snapshot": _mutate(save, rng)})
    data = json.loads(save)
    paths = _paths(data)
    add("snapshot_fields", lambda: {"op": "load", "snapshot": json.dumps(
        _replace(data, rng.choice(paths), _value(rng)))})
    rpaths = _paths(record)
    add("record_fields", lambda: {"op": "replay", "record": _replace(
        record, rng.choice(rpaths), _value(rng)), **({"upto": _value(rng)} if rng.random() < 0.3
                                                     else {})})
    add("load_flags", lambda: {"op": "load", "snapshot": save,
                               "replace_unknown_bots": _value(rng), "seat": _value(rng)})
    return {"setup": setup, "cases": cases}


def run(handle: Callable[[str], Any], data: dict[str, Any]) -> dict[str, Any]:
    """Send the setup, then every case; see the module docstring. ``crashes`` counts answers
    that were not a JSON object with a boolean ``ok`` (or a raised exception);
    ``changed`` counts refused requests after which the save differed."""
    for text in data["setup"]:
        assert json.loads(handle(text))["ok"]
    codes: list[str] = []
    tally: dict[str, dict[str, int]] = {}
    for case in data["cases"]:
        t = tally.setdefault(case["kind"], {"tried": 0, "refused": 0, "crashes": 0, "changed": 0})
        t["tried"] += 1
        before = json.loads(handle('{"op": "save"}'))["snapshot"]
        try:
            resp = json.loads(handle(case["text"]))
            ok = resp["ok"]
            assert isinstance(ok, bool)
            code = "ok" if ok else str(resp["error"]["code"])
        except Exception:
            t["crashes"] += 1
            codes.append("crash")
            continue
        codes.append(code)
        if ok:
            assert json.loads(handle(json.dumps({"op": "load", "snapshot": before})))["ok"]
        else:
            t["refused"] += 1
            if json.loads(handle('{"op": "save"}'))["snapshot"] != before:
                t["changed"] += 1
    return {"codes": codes, "tally": tally}
