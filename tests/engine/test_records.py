"""Game records: the documented examples replay exactly, the CLI prints the public state, and
faulty records are refused with a clear reason."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from speculation.__main__ import main
from speculation.errors import RecordError
from speculation.records import game_from_record, record_of, restore, saved_state, snapshot

from .quiet import quiet_action

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "record-format.md"


def doc_examples() -> list[tuple[dict, str, list[str]]]:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```(json|console)\n(.*?)```", text, re.S)
    out = []
    for (k1, rec), (k2, console) in zip(blocks[::2], blocks[1::2], strict=False):
        assert (k1, k2) == ("json", "console")
        lines = console.rstrip("\n").split("\n")
        name = lines[0].split()[-1]
        out.append((json.loads(rec), name, lines[1:]))
    return out


def test_the_format_doc_has_examples():
    assert len(doc_examples()) >= 3


@pytest.mark.parametrize("index", range(3))
def test_documented_example_replays_to_the_documented_output(index, tmp_path, capsys):
    record, name, expected = doc_examples()[index]
    path = tmp_path / name
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.rstrip("\n").split("\n") == expected


def test_replay_json_prints_the_public_state(tmp_path):
    record = doc_examples()[1][0]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([sys.executable, "-m", "speculation", "replay", str(path), "--json"],
                         capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "py")}).stdout
    summary = json.loads(out)
    assert [s["chips"] for s in summary["seats"]] == [101, 100, 99]
    assert set(summary) >= {"pot", "upcard", "holder", "seats", "hands", "carry_over"}
    assert set(summary["seats"][0]) >= {"chips", "stack", "revealed", "win"}
    assert summary["hands"][0]["winner"] == 2 and summary["hands"][0]["pot"] == 12


def test_replay_upto_stops_mid_hand_and_hides_face_down_cards(tmp_path, capsys):
    record = doc_examples()[1][0]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--json", "--upto", "10"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["holder"] == 2 and [s["stack"] for s in summary["seats"]] == [3, 2, 4]
    shown = {c for s in summary["seats"] for c in s["revealed"]} | {summary["upcard"]}
    assert shown == {"QH"}
    wins = [s["win"] for s in summary["seats"]]
    # every face-down card is worth the same: seat 0 has three, seat 1 two
    from fractions import Fraction
    per = Fraction(summary["per_facedown_card"])
    assert Fraction(wins[0]) == 3 * per and Fraction(wins[1]) == 2 * per


def test_cli_refuses_a_faulty_record_with_a_clear_reason(tmp_path, capsys):
    record = doc_examples()[1][0]
    record["actions"][2]["price"] = 500
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad_record" in err and "action 2" in err


@pytest.mark.parametrize("mutate,code", [
    (lambda r: r.update(version=2), "bad_version"),
    (lambda r: r.update(format="chess"), "bad_record"),
    (lambda r: r.update(players="Fanny"), "bad_record"),
    (lambda r: r.update(rules={"ante": -1}), "bad_record"),
    (lambda r: r.update(decks=[["QH", "QH"]]), "bad_record"),
    (lambda r: r["actions"].append({"seat": 0, "type": "fly"}), "bad_record"),
])
def test_faulty_records_are_refused(mutate, code):
    record = doc_examples()[1][0]
    mutate(record)
    with pytest.raises(RecordError) as e:
        game_from_record(record)
    assert e.value.code == code and e.value.message


def test_record_round_trip_over_a_long_match():
    from speculation.game import Game

    g = Game(["A", "B", "C", "D", "E"], seed=99)
    for _ in range(400):
        if g.is_over:
            break
        g.apply(quiet_action(g))
    again = game_from_record(json.loads(json.dumps(record_of(g))))
    assert saved_state(again) == saved_state(g)


def test_snapshot_refuses_tampering_and_other_versions():
    from speculation.game import Game

    g = Game(["A", "B", "C"], seed=4)
    for _ in range(6):
        g.apply(quiet_action(g))
    text = snapshot(g)
    assert saved_state(restore(text)[0]) == saved_state(g)
    data = json.loads(text)
    data["state"]["chips"][0] += 1
    with pytest.raises(RecordError) as e:
        restore(json.dumps(data))
    assert e.value.code == "corrupt_snapshot"
    data = json.loads(text)
    data["record"]["rules"]["max_hands"] = 50  # replays alike, but is not the saved match
    with pytest.raises(RecordError) as e:
        restore(json.dumps(data))
    assert e.value.code == "corrupt_snapshot"
    data = json.loads(text)
    data["version"] = 99
    with pytest.raises(RecordError) as e:
        restore(json.dumps(data))
    assert e.value.code == "incompatible_snapshot"
    for junk in ("", "{", "[]", "null", '{"format": "speculation-snapshot", "version": 1}'):
        with pytest.raises(RecordError):
            restore(junk)


# ----------------------------------------------------------------------- save integrity (issue 14)

BOT_SEATS = [{"name": "Fanny", "kind": "human"},
             {"name": "Sir Thomas", "kind": "bot", "bot": "expert/edmund"},
             {"name": "Mrs Norris", "kind": "bot", "bot": "beginner/mary"}]


def refused_firm_offer_game():
    """Seat 0 offers the upcard at a firm 2 and both others decline: the price is in the
    history (which bots read) but in no part of the state once the sale is over."""
    from speculation.actions import Action
    from speculation.game import Game

    for seed in range(200):
        g = Game(["Fanny", "Sir Thomas", "Mrs Norris"], seed=seed)
        g.apply(Action(0, "deal"))
        kinds = {t.kind: t for t in g.legal_actions()}
        if g.phase != "sale" or "sell_firm" not in kinds or g.to_act != 0:
            continue
        g.apply(Action(0, "sell_firm", price=2))
        while g.phase == "firm":
            g.apply(Action(g.to_act, "decline"))
        return g
    raise AssertionError("no seed gives seat 0 an upcard to sell")


def resealed(data: dict) -> str:
    """``data`` with its integrity check recomputed (what a careful forger would do)."""
    from speculation.records import integrity_check

    return json.dumps({**data, "check": integrity_check(data["record"], data["state"])})


@pytest.mark.parametrize("edit", ["bot_to_human", "bot_level", "refused_offer_price",
                                  "seat_name", "drop_check", "check_of_other_save"])
def test_edits_that_replay_alike_are_refused_by_the_integrity_check(edit):
    g = refused_firm_offer_game()
    text = snapshot(g, BOT_SEATS)
    assert restore(text)[1] == BOT_SEATS
    data = json.loads(text)
    seats, actions = data["record"]["seats"], data["record"]["actions"]
    if edit == "bot_to_human":
        seats[1] = {"name": "Sir Thomas", "kind": "human"}
    elif edit == "bot_level":
        seats[2]["bot"] = "expert/mary"
    elif edit == "refused_offer_price":
        offer = next(a for a in actions if a["type"] == "sell_firm")
        assert offer["price"] == 2
        offer["price"] = 3
    elif edit == "seat_name":
        seats[0]["name"] = "Fanny Price"
    elif edit == "drop_check":
        del data["check"]
    else:
        data["check"] = json.loads(snapshot(g))["check"]
    with pytest.raises(RecordError) as e:
        restore(json.dumps(data))
    assert e.value.code == "corrupt_snapshot" and "integrity" in e.value.message
    if edit not in ("drop_check", "check_of_other_save"):
        # the replay alone would not have noticed: resealed, the same edit loads
        game, _loaded_seats = restore(resealed(data))
        assert saved_state(game) == saved_state(g)


@pytest.mark.parametrize("version,code", [
    (1.0, "corrupt_snapshot"), (2.0, "corrupt_snapshot"), (True, "corrupt_snapshot"),
    ("2", "corrupt_snapshot"), (None, "corrupt_snapshot"), (0, "incompatible_snapshot"),
    (3, "incompatible_snapshot"), (2**70, "incompatible_snapshot"),
])
def test_snapshot_versions_are_checked_type_exactly(version, code):
    from speculation.game import Game
    from speculation.records import SNAPSHOT_VERSION

    g = Game(["A", "B"], seed=4)
    data = json.loads(snapshot(g))
    assert data["version"] == SNAPSHOT_VERSION == 2
    data["version"] = version
    with pytest.raises(RecordError) as e:
        restore(resealed(data))
    assert e.value.code == code


# ----------------------------------------------------------------------- version-1 saves (issue 14)

V1_SAVE = ROOT / "tests" / "fixtures" / "v1-save.json"  # written by the released engine (f2cb700)


def v1_snapshot() -> str:
    """The snapshot string of the fixture (what the released page stored in localStorage)."""
    return json.loads(V1_SAVE.read_text(encoding="utf-8"))["snapshot"]


def test_a_version_1_save_of_the_released_site_still_loads():
    """Nothing a player has done is lost on a new version of the site: the released engine's
    save (no integrity check) is replayed, compared with its state, and saved again as v2."""
    old = json.loads(v1_snapshot())
    assert old["version"] == 1 and "check" not in old
    game, seats = restore(v1_snapshot())
    assert saved_state(game) == old["state"]
    assert len(game.actions) == len(old["record"]["actions"]) == 31
    assert seats == old["record"]["seats"]
    again = json.loads(snapshot(game, seats))
    assert again["version"] == 2 and isinstance(again["check"], str)
    assert saved_state(restore(json.dumps(again))[0]) == old["state"]


def test_a_version_1_save_through_the_bridge_plays_on():
    from speculation.bridge import Session

    s = Session()
    r = json.loads(s.handle(json.dumps({"op": "load", "snapshot": v1_snapshot(), "seat": 0})))
    assert r["ok"], r
    assert [x["kind"] for x in r["view"]["seats"]] == ["human", "bot", "bot", "bot"]
    saved = json.loads(json.loads(s.handle('{"op": "save"}'))["snapshot"])
    assert saved["version"] == 2


@pytest.mark.parametrize("edit", ["state", "add_check", "action"])
def test_a_damaged_version_1_save_is_still_refused(edit):
    """Version 1 keeps the protection it always had: the replay must reproduce the state."""
    data = json.loads(v1_snapshot())
    if edit == "state":
        data["state"]["chips"][0] += 5
    elif edit == "add_check":  # a v2 save relabelled v1 to skip its check
        data["check"] = "0" * 64
    else:
        data["record"]["actions"][5] = {"seat": 3, "type": "deal"}
    with pytest.raises(RecordError) as e:
        restore(json.dumps(data))
    assert e.value.code == "corrupt_snapshot"


@pytest.mark.parametrize("edit", ["chips_float", "busted_int", "seat_name", "record_field"])
def test_an_edited_version_1_save_is_refused_like_a_version_2_one(edit):
    """Issue 25: edits the replay alone let through (a value of another type in the state, a
    renamed seat, an added field) are refused in a version-1 save with the code a version-2
    save gets for them, because version 1 goes through the same integrity check."""
    def edited(data: dict) -> dict:
        if edit == "chips_float":
            data["state"]["chips"][0] = float(data["state"]["chips"][0])
        elif edit == "busted_int":
            data["state"]["busted"] = [0 for _ in data["state"]["busted"]]
        elif edit == "seat_name":
            data["record"]["seats"][1]["name"] = "Edmund"
        else:
            data["record"]["note"] = "x"
        return data

    v1 = json.loads(v1_snapshot())
    game, seats = restore(v1_snapshot())
    v2 = json.loads(snapshot(game, seats))
    codes = []
    for data in (edited(v2), edited(v1)):
        with pytest.raises(RecordError) as e:
            restore(json.dumps(data))
        codes.append(e.value.code)
    assert codes == ["corrupt_snapshot", "corrupt_snapshot"]


@pytest.mark.parametrize("version", [1.0, True, "1", 2, None])
def test_record_versions_are_checked_type_exactly(version):
    record = doc_examples()[0][0]
    assert game_from_record({**record, "version": 1}).actions
    with pytest.raises(RecordError) as e:
        game_from_record({**record, "version": version})
    assert e.value.code == "bad_version"


@pytest.mark.parametrize("where", ["whole", "state", "record_meta"])
def test_a_deeply_nested_save_is_too_complex_without_parsing(where):
    """A save nested 5,000 deep (the depth that killed Pyodide's json.loads) is refused by the
    scanner: json.loads is never called on it."""
    from unittest import mock

    from speculation.game import Game

    deep = "[" * 5000 + "]" * 5000
    text = snapshot(Game(["A", "B"], seed=4))
    bad = {"whole": deep,
           "state": text.replace('"state":{', '"state":{"x":' + deep + ",", 1),
           "record_meta": text.replace('"record":{', '"record":{"meta":' + deep + ",", 1)}[where]
    assert bad != text
    with mock.patch("json.loads", side_effect=AssertionError("json.loads was called")), \
            pytest.raises(RecordError) as e:
        restore(bad)
    assert e.value.code == "too_complex" and re.search(r"500[0-2] levels", e.value.message)


@pytest.mark.parametrize("name,code", [
    ("\u200b", "invisible_name"), ("\u2063\u2062", "invisible_name"), ("\u3164\u3164", "invisible_name"),
    (" \u202e ", "invisible_name"), ("\u00ad", "invisible_name"), ("", "bad_name"), ("a\nb", "bad_name"),
    ("x" * 41, "bad_name"), (7, "bad_name"),
])
def test_record_names_must_be_visible(name, code):
    record = {**doc_examples()[0][0], "players": ["Lady Bertram", name, "William"]}
    with pytest.raises(RecordError) as e:
        game_from_record(record)
    assert e.value.code == "bad_record" and "player 1" in e.value.message


def test_bidi_controls_are_removed_from_record_names():
    rtl = "\u202egnilliw\u202c"
    record = {**doc_examples()[0][0], "players": ["Lady \u2067Bertram\u2069", "Fanny\u200f", rtl]}
    game = game_from_record(record)
    assert game.names == ("Lady Bertram", "Fanny", "gnilliw")
