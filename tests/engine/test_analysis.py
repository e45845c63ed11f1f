"""Each decision of a finished hand beside the expert's (speculation.analysis, the bridge's
``analyse`` op; issue 48, item 1): the expert's choice is the coach's, the two are valued by
playing the hand out in the trading score's own value, the budget is counted in actions played,
and nothing the seat could not see then (a face-down card, a later move) reaches the judgement.

Rules cited: a face-down card is unknown to everybody, its owner included (RULES.md, "The
deal"); a trade's worth is the card's exact chance of holding × the pot (and the next deal
before a match's last hand), as the review scores it."""

from __future__ import annotations

import itertools
import random

import pytest

from speculation import bridge
from speculation.actions import Action
from speculation.analysis import (
    BLUNDER,
    SLIP,
    Budget,
    analyse,
    dealt_afresh,
    judge,
    judgements,
)
from speculation.bots import coach_advice, make_bot, public_history
from speculation.bridge import SeatSpec, Session
from speculation.errors import SpeculationError
from speculation.game import Game
from speculation.observation import observe
from speculation.records import deck_for_deal, game_from_record, record_of
from speculation.rules import Rules

from .helpers import call

NAMES = ["Fanny", "Edmund", "Mary"]
ROSTER = (None, "expert/edmund", "casual/mary")
STACKS = [["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8S", "9S", "TS"]]


def finished(first: list[Action], seed: int = 1, upcard: str = "KH",
             stacks: list[list[str]] = STACKS, players: int = 3) -> Game:
    """A one-hand match: ``first`` played, then every seat but Fanny's by its bot and Fanny's
    by the first legal move, to the end of the hand."""
    deck = deck_for_deal(stacks[:players], upcard=upcard)
    g = Game(NAMES[:players], Rules(max_hands=1), seed=seed, decks=[deck])
    for a in first:
        g.apply(a)
    bots = {s: make_bot(b, seed=9 + s, seat=s, roster=ROSTER) for s, b in enumerate(ROSTER[:players])
            if b}
    while g.phase != "deal" and not g.is_over:
        s = g.to_act
        assert s is not None
        act = (bots[s].decide(observe(g, s), public_history(g)).action if s in bots
               else g.legal_actions()[0].example())
        g.apply(act)
    return g


def test_a_king_of_trumps_sold_for_one_chip_is_a_blunder_the_expert_would_not_make() -> None:
    # The dealer owns the upcard and may sell it (RULES.md, "Selling the trump"); a king of
    # trumps holds unless the ace is among the face-down cards, so 1 chip gives most of it away.
    g = finished([Action(0, "deal"), Action(0, "sell_firm", price=1)])
    a = analyse(g, 0, 1, ROSTER)
    sale = a["decisions"][0]
    assert sale["step"] == 1 and sale["yours"] == {"seat": 0, "type": "sell_firm", "price": 1}
    assert not sale["same"] and sale["grade"] == "blunder" and sale["cost"] >= BLUNDER
    fair = g.steps[2].fair  # the accepted sale: its exact fair value then
    assert sale["yours_value"] <= 1 - fair + SLIP  # what the sale gave away, near enough
    assert sale["expert_value"] > sale["yours_value"] + BLUNDER
    assert a["blunders"] >= 1 and a["cost"] >= sale["cost"]
    assert "a blunder" in sale["you"] and sale["you"].startswith("You offered it at 1 chip firm")


def test_the_expert_s_choice_is_the_coach_s_at_every_decision() -> None:
    g = finished([Action(0, "deal"), Action(0, "keep")], seed=3)
    marks = judgements(g, 0, 1, ROSTER, Budget(samples=4))
    assert marks and [j.step for j in marks] == [
        k for k, act in enumerate(g.actions) if act.seat == 0 and act.kind not in ("deal", "reveal")]
    replay = game_from_record(record_of(g), upto=0)
    for k, act in enumerate(g.actions):
        j = next((m for m in marks if m.step == k), None)
        if j is not None:
            advice = coach_advice(observe(replay, 0), public_history(replay), ROSTER)
            assert Action.from_dict(advice["action"]) == j.expert
            assert j.yours == act
            if j.same:
                assert j.cost == 0 and j.grade == "expert" and j.yours_value is None
        replay.apply(act)


def test_a_decision_the_seat_could_not_improve_on_is_marked_the_expert_s_own() -> None:
    g = finished([Action(0, "deal")], seed=3)  # Fanny then plays the first legal move
    a = analyse(g, 0, 1, ROSTER, Budget(samples=4))
    assert all((d["grade"] == "expert") == d["same"] for d in a["decisions"])
    assert a["same"] == sum(d["same"] for d in a["decisions"])
    for d in a["decisions"]:
        if d["same"]:
            assert d["cost"] == 0 and "yours_value" not in d and "as the expert would have" in d["you"]


def test_no_face_down_card_reaches_the_judgement() -> None:
    # The same table dealt differently where nobody has looked (every face-down card, the
    # dead hand and the rest of the pack dealt again; every card seen stays where it is) gets
    # the same judgement of each of Fanny's decisions.
    g = finished([Action(0, "deal"), Action(0, "keep")], seed=3)
    roster = (None, "expert/edmund", "casual/mary")
    replay = game_from_record(record_of(g), upto=0)
    compared = 0
    for k, act in enumerate(g.actions):
        if act.seat == 0 and act.kind not in ("deal", "reveal"):
            other = dealt_afresh(replay, random.Random(k))
            assert other.stacks != replay.stacks or not any(replay.stacks)
            mine = judge(replay, act, roster, Budget(samples=6))
            assert judge(other, act, roster, Budget(samples=6)) == mine
            compared += not mine.same
        replay.apply(act)
    assert compared >= 2  # decisions that were played out, not only the same as the expert's


def test_no_later_move_reaches_the_judgement() -> None:
    # The judgement of a decision is the same whether the record stops just after it or goes
    # on to the end of the hand.
    g = finished([Action(0, "deal"), Action(0, "keep")], seed=3)
    whole = judgements(g, 0, 1, ROSTER, Budget(samples=4))
    for j in whole[:4]:
        cut = game_from_record(record_of(g), upto=j.step + 1)
        assert judgements(cut, 0, 1, ROSTER, Budget(samples=4))[-1] == j


def test_a_fresh_deal_keeps_what_was_seen_and_deals_the_rest_again() -> None:
    g = finished([Action(0, "deal"), Action(0, "keep")], seed=3)
    replay = game_from_record(record_of(g), upto=6)
    h = dealt_afresh(replay, random.Random(1))
    assert h.revealed == replay.revealed and h.upcard == replay.upcard and h.seen == replay.seen
    assert [len(s) for s in h.stacks] == [len(s) for s in replay.stacks]
    unseen = sorted([c for s in replay.stacks for c in s] + replay.dead + replay.stub)
    assert sorted([c for s in h.stacks for c in s] + h.dead + h.stub) == unseen
    assert h.stacks != replay.stacks  # dealt again (a fixed seed: not the same by chance)
    assert len(replay.actions) == 6  # the copy's play leaves the game as it was
    h.apply(h.legal_actions()[0].example())
    assert len(replay.actions) == 6


def test_the_budget_is_counted_in_actions_played_and_is_the_same_every_time() -> None:
    g = finished([Action(0, "deal"), Action(0, "sell_firm", price=1)])
    none = analyse(g, 0, 1, ROSTER, Budget(nodes=0))
    assert none["nodes"] == 0 and none["samples"] == 0
    assert {d["grade"] for d in none["decisions"]} <= {"expert", "unvalued"}
    assert "not valued" in next(d["you"] for d in none["decisions"] if not d["same"]).lower()
    some = analyse(g, 0, 1, ROSTER, Budget(samples=4))
    assert some["nodes"] > 0 and some["samples"] <= 4 * sum(not d["same"] for d in some["decisions"])
    assert analyse(g, 0, 1, ROSTER, Budget(samples=4)) == some


def test_the_bridge_answers_a_piece_at_a_time_and_the_pieces_make_the_whole(monkeypatch) -> None:
    monkeypatch.setattr(bridge, "ANALYSIS_PIECE", 1)  # one decision played out per request
    s = Session()
    s.game = finished([Action(0, "deal"), Action(0, "keep")], seed=3)
    s.seats = [SeatSpec("Fanny"), SeatSpec("Edmund", "bot", "expert/edmund"),
               SeatSpec("Mary", "bot", "casual/mary")]
    answers = [call(s, op="analyse", seat=0, hand=1)["analysis"]]
    while not answers[-1]["done"]:
        answers.append(call(s, op="analyse", seat=0, hand=1)["analysis"])
    played = [a for a in answers if a["nodes"]]
    assert len(answers) > 2 and [a["progress"] for a in answers] == sorted(a["progress"] for a in answers)
    assert all(len(a["decisions"]) <= len(b["decisions"]) for a, b in itertools.pairwise(answers))
    assert len(played) >= 2 and answers[-1]["progress"] == 1.0
    assert answers[-1] == analyse(s.game, 0, 1, ROSTER)
    assert call(s, op="analyse", seat=0, hand=1)["analysis"] == answers[-1]  # kept, not redone


def test_only_a_finished_hand_is_analysed() -> None:
    g = Game(NAMES, seed=1)
    g.apply(Action(0, "deal"))
    with pytest.raises(SpeculationError, match="no hand has finished yet"):
        analyse(g, 0, 1)
    with pytest.raises(SpeculationError, match="seat must be"):
        analyse(finished([Action(0, "deal")]), 7, 1)


def test_the_bridge_analyses_each_friend_s_seat_and_refuses_a_bad_request() -> None:
    s = Session()
    players = [{"name": "Fanny"}, {"name": "Edmund"},
               {"name": "Mary", "kind": "bot", "bot": "casual/mary"}]
    assert call(s, op="new_match", settings={"players": players, "seed": 4,
                                             "rules": {"max_hands": 2}})["ok"]
    early = call(s, op="analyse", seat=0, hand=1)
    assert not early["ok"] and early["error"]["code"] == "bad_request"
    while True:  # every seat by the first legal move until hand 1 is over
        v = call(s, op="view", seat=None)["view"]
        if v["hand"] == 1 and v["stage"] != "playing":
            break
        seat = v["to_act"]
        if players[seat].get("kind") == "bot":
            assert call(s, op="bot", seat=seat)["ok"]
        else:
            kinds = [t["type"] for t in call(s, op="legal", seat=seat)["legal"]]
            kind = next(k for k in ("keep", "decline", "pass", "reveal", "deal") if k in kinds)
            assert call(s, op="act", action={"seat": seat, "type": kind})["ok"]
    for seat in (0, 1):
        a = call(s, op="analyse", seat=seat, hand=1)
        while a["ok"] and not a["analysis"]["done"]:
            a = call(s, op="analyse", seat=seat, hand=1)
        assert a["ok"], a
        assert a["analysis"]["seat"] == seat and all(
            d["yours"]["seat"] == seat for d in a["analysis"]["decisions"])
        assert a["analysis"] == analyse(s.game, seat, 1, s.roster())  # the pieces add up
    for bad in ({"seat": 0}, {"seat": 0, "hand": True}, {"seat": 0, "hand": 2},
                {"seat": 9, "hand": 1}, {"seat": 0, "hand": 1, "hands": 1}):
        r = call(s, op="analyse", **bad)
        assert not r["ok"] and r["error"]["message"], bad

