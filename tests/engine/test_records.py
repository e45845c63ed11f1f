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
from speculation.records import game_from_record, record_of, restore, snapshot

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
    assert again.state_dict() == g.state_dict()


def test_snapshot_refuses_tampering_and_other_versions():
    from speculation.game import Game

    g = Game(["A", "B", "C"], seed=4)
    for _ in range(6):
        g.apply(quiet_action(g))
    text = snapshot(g)
    assert restore(text)[0].state_dict() == g.state_dict()
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
