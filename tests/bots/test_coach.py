"""The coach: fair value, a skilled range and one sentence, from the bots' own code."""

from __future__ import annotations

import json

from botplay import new_game, steps

from speculation.bots import coach_advice, make_bot, public_history
from speculation.bots.coach import public_seed
from speculation.bridge import Session
from speculation.observation import observe


def test_advice_at_every_decision_of_a_match_is_consistent_with_the_expert():
    game = new_game(4, 14, hands=2)
    n = priced = 0
    lineup = ["casual/mary", "expert/edmund", "beginner/henry", "skilled/fanny"]
    roster = tuple(lineup)
    for obs, hist, _d in steps(game, lineup, 14):
        a = coach_advice(obs, hist, roster)
        json.dumps(a)
        assert a["suggestion"].endswith(".") and "\n" not in a["suggestion"]
        assert a["suggestion"].count(". ") == 0  # one sentence
        # the expert it speaks for, with the seed made from what the whole table sees
        expert = make_bot("expert/edmund", public_seed(obs), obs.seat, roster).decide(obs, hist)
        if obs.phase in ("deal", "reveal"):
            assert a["action"] is None and a["range"] is None and a["fair_value"] is None
        else:
            assert a["action"] == expert.action.to_dict()
            assert a["suggestion"].startswith("The expert bot would")
        if a["range"] is not None:
            lo, hi = a["range"]
            assert 0 <= lo <= hi
            priced += 1
        n += 1
    assert n > 50 and priced > 20


def test_at_the_deal_the_coach_explains_the_phase_instead_of_pricing_nothing():
    game = new_game(3, 2, hands=1)
    a = coach_advice(observe(game, game.to_act), public_history(game))
    assert a["fair_value"] is None and a["range"] is None
    assert a["suggestion"].startswith("Deal the cards") and "0 chips" not in a["summary"]


def test_a_seat_not_to_act_gets_values_but_no_move():
    game = new_game(3, 2, hands=1)
    for obs, _, _ in steps(game, ["skilled/edmund"] * 3, 2):
        if obs.phase == "market":
            break
    other = (game.to_act + 1) % 3
    a = coach_advice(observe(game, other), public_history(game))
    assert a["action"] is None and "Nothing to decide" in a["suggestion"]
    assert a["equity"] >= 0


def test_the_bridge_serves_bot_moves_and_coaching():
    s = Session()
    req = {"op": "new_match", "settings": {"seed": 7, "players": [
        {"name": "You"}, {"name": "Mary", "kind": "bot", "bot": "expert/mary"},
        {"name": "Henry", "kind": "bot", "bot": "casual/henry"}]}}
    r = json.loads(s.handle(json.dumps(req)))
    assert r["ok"], r
    hello = json.loads(s.handle('{"op": "hello"}'))
    assert any(b["id"] == "expert/mary" for b in hello["bots"])
    s.handle(json.dumps({"op": "act", "action": {"seat": 0, "type": "deal"}}))
    moves = 0
    for _ in range(400):
        view = json.loads(s.handle('{"op": "view"}'))["view"]
        if view["match_over"] or view["to_act"] == 0:
            break
        r = json.loads(s.handle(json.dumps({"op": "bot", "seat": view["to_act"]})))
        assert r["ok"] and r["reason"], r
        moves += 1
    coach = json.loads(s.handle('{"op": "coach", "seat": 0}'))
    assert coach["ok"] and "suggestion" in coach["advice"], coach
    assert moves > 0 or view["to_act"] == 0


def _bot_moves(s: Session, limit: int = 2000) -> list:
    """Let the bots play (every seat is a bot) until the match ends; return their actions."""
    out = []
    for _ in range(limit):
        view = json.loads(s.handle('{"op": "view"}'))["view"]
        if view["match_over"]:
            break
        r = json.loads(s.handle(json.dumps({"op": "bot", "seat": view["to_act"]})))
        assert r["ok"], r
        out.append(r["action"])
    return out


def test_a_bot_match_saved_and_loaded_through_the_bridge_continues_exactly():
    players = [{"name": n, "kind": "bot", "bot": b} for n, b in
               (("Mary", "expert/mary"), ("Henry", "casual/henry"), ("Fanny", "beginner/fanny"))]
    new = json.dumps({"op": "new_match", "settings": {"seed": 31, "players": players,
                                                      "rules": {"max_hands": 2}}})
    whole = Session()
    whole.handle(new)
    everything = _bot_moves(whole)
    first = Session()
    first.handle(new)
    for _ in range(len(everything) // 2):
        view = json.loads(first.handle('{"op": "view"}'))["view"]
        first.handle(json.dumps({"op": "bot", "seat": view["to_act"]}))
    save = json.loads(first.handle('{"op": "save"}'))["snapshot"]
    second = Session()
    assert json.loads(second.handle(json.dumps({"op": "load", "snapshot": save})))["ok"]
    assert _bot_moves(second) == everything[len(everything) // 2:]
