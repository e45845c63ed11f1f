"""The JSON bridge: every op works as docs/protocol.md says, and no face-down card ever
appears in what it sends to the page."""

from __future__ import annotations

import json
import re

import pytest

from speculation.bridge import Session, handle
from speculation.cards import card_str
from speculation.records import saved_state

from .helpers import call

PLAYERS = [{"name": "Fanny"}, {"name": "Edmund"}, {"name": "Mary"}]


def started(seed: int = 5, **settings) -> Session:
    s = Session()
    r = call(s, op="new_match", settings={"players": PLAYERS, "seed": seed, **settings})
    assert r["ok"], r
    return s


def test_hello_lists_presets_options_and_protocol():
    r = json.loads(handle('{"op": "hello"}'))
    assert r["ok"] and r["protocol"] == 1
    assert {p["id"] for p in r["presets"]} == {"parlett", "hoyle1847", "victorian"}
    assert any(o["name"] == "ante" and o["default"] == 4 for o in r["options"])


def test_new_match_view_act_cycle():
    s = started()
    r = call(s, op="act", action={"seat": 0, "type": "deal"}, viewer=0)
    assert r["ok"] and r["events"][0]["type"] == "ante"
    view = r["view"]
    assert view["pot"] == 12 and [x["stack"] for x in view["seats"]] == [3, 3, 3]
    assert view["seat"] == 0
    if view["to_act"] == 0:
        assert view["legal"], "the acting seat sees its legal templates"
    other = call(s, op="view", seat=1)["view"]
    assert other["legal"] == []


def test_act_with_illegal_action_returns_templates_and_changes_nothing():
    s = started()
    before = call(s, op="save")["snapshot"]
    r = call(s, op="act", action={"seat": 2, "type": "deal"})
    assert not r["ok"] and r["error"]["code"] == "not_your_turn"
    assert r["error"]["legal"] == [{"type": "deal", "seat": 0}]
    assert call(s, op="save")["snapshot"] == before


def test_views_never_name_a_face_down_card():
    """One deal, every seat; test_view_secrecy.py checks random matches after every move."""
    s = started(seed=8)
    call(s, op="act", action={"seat": 0, "type": "deal"})
    game = s.game
    hidden = {card_str(c) for st in game.stacks for c in st} | {card_str(c) for c in game.stub}
    for seat in (None, 0, 1, 2):
        text = json.dumps(call(s, op="view", seat=seat))
        named = set(re.findall(r'"([2-9TJQKA][SHDC])"', text))
        assert not named & hidden, (seat, named & hidden)


def test_save_and_load_resume_the_same_state():
    s = started()
    call(s, op="act", action={"seat": 0, "type": "deal"})
    snap = call(s, op="save")["snapshot"]
    view = call(s, op="view", seat=0)["view"]
    t = Session()
    r = call(t, op="load", snapshot=snap, seat=0)
    assert r["ok"] and r["view"] == view


def test_a_save_carries_the_engines_summary_of_the_match_to_its_last_move():
    """The summary a list of saved matches shows (players, hand, over) is the engine's at the
    save: a move that ends the match is saved as over before any view of it is drawn."""
    s = started(rules={"max_hands": 1})
    names = [p["name"] for p in PLAYERS]
    assert call(s, op="save")["summary"] == {"players": names, "hand": 0, "over": False}
    while not s.game.is_over:
        seat = s.game.to_act
        assert call(s, op="bot", seat=seat, stand_in="casual/fanny")["ok"] if s.seats[seat].kind != "bot" \
            else call(s, op="bot", seat=seat)["ok"]
    assert call(s, op="save")["summary"] == {"players": names, "hand": 1, "over": True}


def test_load_of_a_corrupted_save_is_refused_and_keeps_the_current_match():
    s = started()
    snap = call(s, op="save")["snapshot"]
    r = call(s, op="load", snapshot=snap.replace('"chips":[100', '"chips":[101'))
    assert r["error"]["code"] == "corrupt_snapshot"
    assert call(s, op="save")["snapshot"] == snap


def test_record_and_replay_upto():
    s = started()
    for _ in range(3):
        v = call(s, op="view")["view"]
        legal = call(s, op="legal", seat=v["to_act"])["legal"]
        kinds = {t["type"]: t for t in legal}
        kind = next(k for k in ("deal", "keep", "pass", "reveal") if k in kinds)
        assert call(s, op="act", action={"seat": v["to_act"], "type": kind})["ok"]
    rec = call(s, op="record")["record"]
    assert len(rec["actions"]) == 3
    # The match goes on, so its record cannot be replayed elsewhere (no seed): the page steps
    # through it with `current`, and the match in progress stays as it was.
    before = call(s, op="save")["snapshot"]
    r = call(s, op="replay", current=True, upto=1, seat=None, install=False)
    assert r["ok"] and r["steps"] == 3 and r["last_action"] == {"seat": 0, "type": "deal"}
    assert r["view"]["pot"] == 12
    assert call(s, op="save")["snapshot"] == before


# ----------------------------------------------------------------- the seed stays in the engine
# Face-down cards are unknown to everybody (docs/rules-decisions.md): with the seed or the deck
# orders anyone could run the engine again and read them, so nothing the page receives during
# a match carries either (docs/protocol.md "record").

SEED = 987654321
ONE_HAND = [["2S", "3S", "4S"], ["5S", "6S", "7S"], ["AH", "9S", "TS"]]
ONE_HAND_MOVES = ({"seat": 0, "type": "deal"}, {"seat": 0, "type": "keep"},
                  {"seat": 1, "type": "reveal"}, {"seat": 2, "type": "reveal"})


def one_hand_match() -> tuple[Session, list[str]]:
    """Mary turns up the ace of trumps in the only hand: four moves end the match."""
    from speculation.records import deck_for_deal

    deck = deck_for_deal(ONE_HAND, "KH")
    return started(seed=SEED, decks=[deck], rules={"facedown_buying": "off", "max_hands": 1}), deck


def test_record_withholds_the_seed_and_decks_until_the_match_is_over():
    s, deck = one_hand_match()
    answers = [s.handle(json.dumps({"op": "view", "seat": 0}))]
    for move in ONE_HAND_MOVES[:-1]:
        answers.append(s.handle(json.dumps({"op": "act", "action": move, "viewer": 0})))
        rec = call(s, op="record")["record"]
        assert "seed" not in rec and "decks" not in rec and rec["withheld"] == ["seed", "decks"]
        assert rec["actions"] and rec["players"] == ["Fanny", "Edmund", "Mary"]
        for op in ({"op": "record"}, {"op": "log"}, {"op": "summary"}, {"op": "view"},
                   {"op": "review", "seat": 0},
                   {"op": "replay", "current": True, "upto": 1, "install": False, "seat": 0}):
            answers.append(s.handle(json.dumps(op)))
    deck_text = json.dumps(deck, separators=(",", ":"))[1:-1]
    for text in answers:
        assert str(SEED) not in text and deck_text not in text and '"seed":' not in text, text[:200]
    # Such a record is refused by a replay (it would deal other cards), and nothing changes.
    before = call(s, op="save")["snapshot"]
    for session in (s, Session()):
        r = call(session, op="replay", record=rec)
        assert r["error"]["code"] == "bad_record" and "still being played" in r["error"]["message"]
    assert call(s, op="save")["snapshot"] == before
    # The last move ends the match: now the record is whole and replays anywhere.
    view = call(s, op="act", action=ONE_HAND_MOVES[-1], viewer=0)["view"]
    assert view["match_over"]
    rec = call(s, op="record")["record"]
    assert rec["seed"] == SEED and rec["decks"] == [deck] and "withheld" not in rec
    again = call(Session(), op="replay", record=rec, seat=0)
    assert again["ok"] and again["view"] == view


def test_replay_of_the_current_match_starts_it_again_or_looks_back():
    s, _ = one_hand_match()
    fresh = saved_state(s.game)
    for move in ONE_HAND_MOVES[:2]:
        call(s, op="act", action=move)
    r = call(s, op="replay", current=True, upto=0, seat=0)  # install: the deal starts again
    assert r["ok"] and r["steps"] == 2 and r["view"]["phase"] == "deal"
    assert saved_state(s.game) == fresh and len(s.game.actions) == 0
    for bad, code in (({"current": True, "record": {"players": ["A", "B"]}}, "bad_request"),
                      ({"current": "yes"}, "bad_request"), ({"current": True, "upto": 5}, "bad_step")):
        before = call(s, op="save")["snapshot"]
        r = call(s, op="replay", **bad)
        assert r["error"]["code"] == code and r["error"]["message"], bad
        assert call(s, op="save")["snapshot"] == before
    assert call(Session(), op="replay", current=True)["error"]["code"] == "no_match"


@pytest.mark.parametrize("settings,code", [
    ({"players": [{"name": "A"}]}, "bad_settings"),
    ({"players": PLAYERS, "preset": "whist"}, "unknown_preset"),
    ({"players": PLAYERS, "rules": {"ante": 0}}, "bad_option"),
    ({"players": PLAYERS, "seed": -1}, "bad_seed"),
    ({"players": PLAYERS, "seed": 2**60}, "bad_seed"),
    ({"players": [{"name": "A", "kind": "bot", "bot": "nobody"}, {"name": "B"}]}, "bad_settings"),
    ({"players": PLAYERS, "decks": [["QH", "QH"]]}, "bad_deck"),
    ({"players": PLAYERS, "colour": "red"}, "bad_settings"),
])
def test_bad_settings_get_specific_errors(settings, code):
    r = call(Session(), op="new_match", settings=settings)
    assert not r["ok"] and r["error"]["code"] == code and r["error"]["message"]


def test_ops_before_a_match_say_so():
    for op in ("view", "act", "save", "record"):
        r = call(Session(), op=op)
        assert r["error"]["code"] == "no_match"


# ----------------------------------------------------------------- facts the engine states


def scripted(stacks: list[list[str]], upcard: str, **settings) -> Session:
    """A three-player match whose first deal is fixed (see ``records.deck_for_deal``)."""
    from speculation.records import deck_for_deal

    return started(decks=[deck_for_deal(stacks, upcard)], **settings)


def test_hello_sends_the_limits_the_set_up_screen_needs():
    limits = json.loads(handle('{"op": "hello"}'))["limits"]
    assert limits == {"players": {"min": 2, "max": 8}, "seed": {"min": 0, "max": 2**53 - 1},
                      "name": {"max_length": 40}}
    s = Session()
    nine = [{"name": f"P{i}"} for i in range(limits["players"]["max"] + 1)]
    r = call(s, op="new_match", settings={"players": nine})
    assert r["error"]["code"] == "bad_settings" and "2 to 8" in r["error"]["message"]
    long = [{"name": "x" * (limits["name"]["max_length"] + 1)}, {"name": "y"}]
    assert call(s, op="new_match", settings={"players": long})["error"]["code"] == "bad_name"


def test_act_takes_viewer_and_refuses_the_old_seat_field():
    s = started()
    r = call(s, op="act", action={"seat": 0, "type": "deal"}, seat=0)
    assert r["error"]["code"] == "bad_request" and "viewer" in r["error"]["message"]
    assert call(s, op="view")["view"]["phase"] == "deal"  # nothing changed
    r = call(s, op="act", action={"seat": 0, "type": "deal"}, viewer=2)
    assert r["ok"] and r["view"]["seat"] == 2
    to_act = r["view"]["to_act"]
    assert r["view"]["legal"] == [] or to_act == 2


def test_bot_acts_for_its_seat_and_returns_the_viewers_view():
    s = Session()
    players = [{"name": "Mary", "kind": "bot", "bot": "expert/mary"}, {"name": "You"},
               {"name": "Henry", "kind": "bot", "bot": "casual/henry"}]
    assert call(s, op="new_match", settings={"players": players, "seed": 7})["ok"]
    view = call(s, op="view")["view"]
    bot = view["to_act"]
    assert bot == 0
    probe = call(s, op="bot", seat=bot, apply=False)
    assert set(probe) == {"ok", "op", "action", "reason"}
    assert call(s, op="view")["view"] == view  # apply:false changed nothing
    r = call(s, op="bot", seat=bot, viewer=0)
    assert r["action"] == probe["action"] and r["view"]["seat"] == 0 and r["events"]
    assert call(s, op="bot", seat=1)["error"]["code"] == "not_a_bot"
    assert call(s, op="bot", seat=bot, viewer=9)["error"]["code"] == "bad_seat"
    assert call(s, op="bot", seat=bot, apply="no")["error"]["code"] == "bad_request"


def test_accept_templates_carry_the_price_they_settle_at():
    # Fanny (dealer) holds the king of hearts upcard and offers it at a firm 7.
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], "KH")
    call(s, op="act", action={"seat": 0, "type": "deal"})
    sale = call(s, op="view", seat=0)["view"]
    priced = [t for t in sale["legal"] if "price" in t]
    assert priced and all(isinstance(t["fair"], int) for t in priced)
    assert all("settles_at" not in t for t in sale["legal"])
    r = call(s, op="act", action={"seat": 0, "type": "sell_firm", "price": 7}, viewer=1)
    accept = next(t for t in r["view"]["legal"] if t["type"] == "accept")
    assert accept["settles_at"] == 7 and r["view"]["pending"]["price"] == 7
    assert r["view"]["prompt"] == {
        "seat": 1, "text": "Edmund decides whether to buy the king of hearts from Fanny for "
                           "7 chips.", "you": "Buy the king of hearts from Fanny for 7 chips?"}


def test_a_haggle_prompt_names_only_the_choices_there_are():
    """Rules (RULES.md, haggling): a counter-offer must lie strictly between the two last
    prices; with an ask of 2 and a bid of 1 there is none, so the prompt does not offer one."""
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], "KH")
    call(s, op="act", action={"seat": 0, "type": "deal"})
    call(s, op="act", action={"seat": 0, "type": "sell_negotiate", "price": 2, "target": 2}, viewer=2)
    r = call(s, op="act", action={"seat": 2, "type": "counter", "price": 1}, viewer=0)
    kinds = {t["type"] for t in r["view"]["legal"]}
    assert "counter" not in kinds and {"accept", "decline"} <= kinds
    assert r["view"]["prompt"]["you"] == "Mary offers 1 chip for the king of hearts: accept or refuse?"
    # a spectator's view carries the same sentence for the seat to act
    assert call(s, op="view")["view"]["prompt"]["you"] == r["view"]["prompt"]["you"]


def test_haggle_accept_settles_at_the_other_sides_last_price():
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], "KH")
    call(s, op="act", action={"seat": 0, "type": "deal"})
    r = call(s, op="act", action={"seat": 0, "type": "sell_negotiate", "price": 9, "target": 2},
             viewer=2)
    assert next(t for t in r["view"]["legal"] if t["type"] == "accept")["settles_at"] == 9
    assert r["view"]["prompt"]["you"] == ("Fanny asks 9 chips for the king of hearts: accept, "
                                          "counter or break off?")
    r = call(s, op="act", action={"seat": 2, "type": "counter", "price": 4}, viewer=0)
    assert next(t for t in r["view"]["legal"] if t["type"] == "accept")["settles_at"] == 4
    assert r["view"]["prompt"]["text"] == ("Fanny answers Mary's offer of 4 chips for the "
                                           "king of hearts.")


def test_haggle_pending_lists_every_price_named_and_the_offers_each_side_has_left():
    """The table's haggle panel shows the asks and bids so far and the rounds left from the
    view alone (the `negotiation_rounds` option bounds each side's offers)."""
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], "KH")
    call(s, op="act", action={"seat": 0, "type": "deal"})
    call(s, op="act", action={"seat": 0, "type": "sell_negotiate", "price": 9, "target": 2})
    r = call(s, op="act", action={"seat": 2, "type": "counter", "price": 4}, viewer=0)
    p = r["view"]["pending"]
    assert p["offers"] == [{"seat": 0, "side": "ask", "price": 9},
                           {"seat": 2, "side": "bid", "price": 4}]
    assert (p["rounds"], p["asks_left"], p["bids_left"]) == (3, 2, 2)
    r = call(s, op="act", action={"seat": 0, "type": "counter", "price": 7}, viewer=0)
    p = r["view"]["pending"]
    assert [o["price"] for o in p["offers"]] == [9, 4, 7] and p["asks_left"] == 1


def test_every_view_has_a_prompt_for_the_seat_to_act_until_the_match_ends():
    s = started(seed=11, rules={"max_hands": 1})
    for _ in range(200):
        view = call(s, op="view")["view"]
        if view["match_over"]:
            break
        p = view["prompt"]
        assert p["seat"] == view["to_act"] and p["text"].startswith(
            PLAYERS[view["to_act"]]["name"]) and p["you"][0].isupper()
        legal = call(s, op="legal", seat=view["to_act"])["legal"]
        t = legal[-1]
        action = {"seat": t["seat"], "type": t["type"]}
        if "price" in t:
            action["price"] = t["price"]["min"]
        if "cards" in t:
            action["target"], action["card"] = t["cards"][0]
        elif "targets" in t:
            action["target"] = t["targets"][0]
        assert call(s, op="act", action=action)["ok"]
    assert view["match_over"] and view["prompt"] is None


def test_a_hand_result_states_its_outcome():
    # Mary turns up the ace of hearts: the hand ends and she takes the pot.
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["AH", "9S", "TS"]], "KH",
                 rules={"facedown_buying": "off"})
    call(s, op="act", action={"seat": 0, "type": "deal"})
    call(s, op="act", action={"seat": 0, "type": "keep"})
    r = call(s, op="act", action={"seat": 1, "type": "reveal"})
    r = call(s, op="act", action={"seat": 2, "type": "reveal"})
    view = r["view"]
    assert view["phase"] == "deal" and view["last_hand"] == view["hands"][-1]
    out = view["last_hand"]["outcome"]
    assert out == {"winners": [2], "reason": "ace_revealed", "card": "AH", "ace": "AH", "pot": 12,
                   "text": "Mary takes the pot of 12 chips with the ace of hearts: the ace of "
                           "trumps was turned up."}
    assert out["text"] == next(e["text"] for e in r["events"] if e["type"] == "hand_won")
    assert view["match_outcome"] is None
    # the upcard and its owner (Fanny, the dealer, kept it): the end-of-hand table shows it in
    # her row, not "—" (issue 45, item 7); the saved form of a hand does not carry them
    assert (view["last_hand"]["upcard"], view["last_hand"]["upcard_owner"]) == ("KH", 0)
    assert "upcard" not in s.game.hands[-1].to_dict()


def test_the_match_outcome_ranks_every_seat():
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["AH", "9S", "TS"]], "KH",
                 rules={"facedown_buying": "off", "max_hands": 1})
    for a in ({"seat": 0, "type": "deal"}, {"seat": 0, "type": "keep"},
              {"seat": 1, "type": "reveal"}, {"seat": 2, "type": "reveal"}):
        view = call(s, op="act", action=a)["view"]
    m = view["match_outcome"]
    assert view["match_over"] and m["reason"] == "hands_played" and m["hands"] == 1
    assert m["winners"] == [2]
    assert [(x["seat"], x["rank"]) for x in m["standings"]] == [(2, 1), (0, 2), (1, 2)]
    assert m["text"] == ("The match is over (the last hand has been played). Most chips: "
                         "Mary with 108 chips.")  # 100 - 4 ante + the pot of 12
    # every standing in one sentence, in rank order, with the same figures as the list
    assert m["standings_text"] == "After 1 hand: " + ", ".join(
        f"{x['name']} {x['chips']} chips" for x in m["standings"]) + "."


def test_engine_sentences_use_the_right_plural():
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], "KH",
                 rules={"ante": 1})
    events = call(s, op="act", action={"seat": 0, "type": "deal"})["events"]
    antes = [e["text"] for e in events if e["type"] == "ante"]
    assert antes == ["Fanny antes 1 chip.", "Edmund antes 1 chip.", "Mary antes 1 chip."]
    events = call(s, op="act", action={"seat": 0, "type": "sell_auction", "price": 1})["events"]
    events = call(s, op="act", action={"seat": 1, "type": "bid", "price": 2})["events"]
    assert events[0]["text"] == "Edmund bids 2 chips."


def test_the_log_op_pages_through_the_same_entries_act_returns():
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], "KH")
    dealt = call(s, op="act", action={"seat": 0, "type": "deal"})["events"]
    sold = call(s, op="act", action={"seat": 0, "type": "sell_firm", "price": 7})["events"]
    log = call(s, op="log")
    assert log["entries"] == dealt + sold and log["next"] == len(dealt) + len(sold)
    assert [e["index"] for e in log["entries"]] == list(range(log["next"]))
    assert {e["step"] for e in dealt} == {0} and {e["step"] for e in sold} == {1}
    offered = sold[0]
    assert offered["type"] == "sale_offered" and offered["phase"] == "sale"
    assert isinstance(offered["fair"], int) and dealt[0]["fair"] is None
    later = call(s, op="log", since=len(dealt))
    assert later["entries"] == sold and later["next"] == log["next"]
    assert call(s, op="log", since=99)["entries"] == []
    assert call(s, op="log", since=-1)["error"]["code"] == "bad_request"
    # no face-down card in the log
    hidden = {"2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"}
    assert not hidden & set(re.findall(r"\b[2-9TJQKA][SHDC]\b", json.dumps(log)))


def test_a_face_down_haggle_prompt_names_each_side_once():
    """Rules (RULES.md, buying face-down cards; haggling): Edmund offers for Mary's top
    face-down card and Mary counters. The owner is told of "your" card. The buyer is told of
    "their" card after Mary's name, not "Mary asks 2 chips for Mary's top face-down card", and
    anyone else of Mary's card."""
    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], "KH")
    call(s, op="act", action={"seat": 0, "type": "deal"})
    call(s, op="act", action={"seat": 0, "type": "keep"})
    r = call(s, op="act", action={"seat": 1, "type": "offer", "price": 1, "target": 2, "card": 0},
             viewer=2)
    assert r["view"]["prompt"]["you"] == ("Edmund offers 1 chip for your top face-down card: "
                                          "accept, counter or refuse?")
    r = call(s, op="act", action={"seat": 2, "type": "counter", "price": 3}, viewer=1)
    assert r["view"]["prompt"]["you"] == ("Mary asks 3 chips for their top face-down card: "
                                          "accept, counter or break off?")
    assert r["view"]["prompt"]["text"] == ("Edmund answers Mary's ask of 3 chips for Mary's top "
                                           "face-down card.")


def test_answers_to_an_offer_carry_the_fair_value_of_the_card_offered_for():
    # docs/protocol.md, "fair": an owner answering an offer for a face-down card sees on accept
    # and decline what that card is worth, and every view states one face-down card's value.
    from fractions import Fraction

    s = scripted([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], "KH")
    dealt = call(s, op="act", action={"seat": 0, "type": "deal"}, viewer=0)["view"]
    assert dealt["facedown_fair"] == round(Fraction(dealt["odds"]["per_card"]["p"]) * dealt["pot"])
    r = call(s, op="act", action={"seat": 0, "type": "keep"}, viewer=1)
    window = r["view"]
    assert window["phase"] == "market" and window["to_act"] == 1
    offer = next(t for t in window["legal"] if t["type"] == "offer")
    assert offer["fair"] == window["facedown_fair"]
    r = call(s, op="act", action={"seat": 1, "type": "offer", "price": 1, "target": 2, "card": 0},
             viewer=2)
    answers = {t["type"]: t for t in r["view"]["legal"]}
    assert set(answers) == {"accept", "decline", "counter"}
    assert answers["accept"]["fair"] == answers["decline"]["fair"] == answers["counter"]["fair"]
    assert answers["accept"]["fair"] == r["view"]["facedown_fair"] and answers["accept"]["settles_at"] == 1
    # no face-down card at stake: no figure
    assert call(s, op="view", seat=None)["view"]["facedown_fair"] is not None
    fresh = started()
    assert call(fresh, op="view", seat=0)["view"]["facedown_fair"] is None


def test_a_stand_in_plays_a_persons_seat_and_leaves_it_a_persons() -> None:
    """A friend who left the table: a computer player decides for that person's seat (docs/protocol.md,
    `bot`'s `stand_in`); the seat stays a person's, and a bad stand-in changes nothing."""
    s = Session()
    s.handle(json.dumps({"op": "new_match", "settings": {"players": [{"name": "Ann"}, {"name": "Bo"},
                                                                     {"name": "Cy"}], "seed": 5}}))
    before = s.handle('{"op": "save"}')
    bad = json.loads(s.handle('{"op": "bot", "seat": 0, "stand_in": "nobody/none"}'))
    assert bad["error"]["code"] == "unknown_bot"
    wrong_turn = json.loads(s.handle('{"op": "bot", "seat": 1, "stand_in": "skilled/edmund"}'))
    assert wrong_turn["ok"] is False
    assert s.handle('{"op": "save"}') == before
    r = json.loads(s.handle('{"op": "bot", "seat": 0, "stand_in": "skilled/edmund", "viewer": 0}'))
    assert r["ok"] and r["action"]["seat"] == 0 and r["events"]
    assert r["view"]["seats"][0]["kind"] == "human"
    plain = json.loads(s.handle('{"op": "bot", "seat": 0}'))
    assert plain["error"]["code"] == "not_a_bot"


def test_a_practice_match_says_so_in_its_views_record_and_saves():
    """The site's guided first hand is a practice match (docs/protocol.md, new_match's
    `practice`): its views say so, its record's meta keeps it, and a save loads as one, so the
    page never counts it in the statistics (issue 26); an ordinary match's views have no mark."""
    assert "practice" not in call(started(), op="view", seat=0)["view"]
    s = started(practice=True)
    r = call(s, op="act", action={"seat": 0, "type": "deal"}, viewer=0)
    assert r["view"]["practice"] is True
    assert call(s, op="record")["record"]["meta"] == {"practice": True}
    saved = call(s, op="save")["snapshot"]
    again = Session()
    loaded = call(again, op="load", snapshot=saved, seat=0)
    assert loaded["ok"] and loaded["view"]["practice"] is True
    # replaying the current match keeps the mark; a new ordinary match drops it
    assert call(again, op="replay", current=True, seat=0)["view"]["practice"] is True
    plain = call(again, op="new_match", settings={"players": PLAYERS, "seed": 1})
    assert "practice" not in plain["view"] and "meta" not in call(again, op="record")["record"]
    bad = call(Session(), op="new_match", settings={"players": PLAYERS, "practice": "yes"})
    assert bad["error"]["code"] == "bad_settings" and "practice" in bad["error"]["message"]


def test_bot_if_pass_moves_only_when_the_bot_passes():
    """protocol.md, ``bot``: with ``apply: "if_pass"`` a pass in a market window is made in that
    request (events and the viewer's view come back); any other decision is only named and
    changes nothing, like ``apply: false``."""
    s = Session()
    players = [{"name": n, "kind": "bot", "bot": b}
               for n, b in (("Mary", "casual/mary"), ("Henry", "casual/henry"), ("Edmund", "casual/edmund"))]
    assert call(s, op="new_match", settings={"players": players, "seed": 3})["ok"]
    passed = named = 0
    for _ in range(400):
        view = call(s, op="view")["view"]
        if view["match_over"] or (passed and named):
            break
        seat = view["to_act"]
        if view["phase"] != "market":
            assert call(s, op="bot", seat=seat)["ok"]
            continue
        r = call(s, op="bot", seat=seat, viewer=2, apply="if_pass")
        assert r["ok"] and r["action"]["seat"] == seat
        if r["action"]["type"] == "pass":
            passed += 1
            assert r["view"]["seat"] == 2 and "events" in r
            assert call(s, op="view")["view"] != view, "the pass was made"
        else:
            named += 1
            assert set(r) == {"ok", "op", "action", "reason"}
            assert call(s, op="view")["view"] == view, "only named: nothing changed"
            again = call(s, op="bot", seat=seat)
            assert again["action"] == r["action"], "the move made is the one named"
    assert passed and named, (passed, named)
    to_act = call(s, op="view")["view"]["to_act"]
    assert call(s, op="bot", seat=to_act, apply="pass")["error"]["code"] == "bad_request"
