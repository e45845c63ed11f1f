"""Rule tests for a whole match and for the options themselves (RULES.md D2, D3, D18, §4)."""

from __future__ import annotations

import pytest

from speculation.actions import Action
from speculation.errors import RulesError
from speculation.game import Game
from speculation.rules import OPTIONS, PRESETS, Rules, preset

from .quiet import act, play_quiet, quiet_action, scenario


def test_d2_two_to_eight_players():
    for n in (2, 8):
        Game([f"P{i}" for i in range(n)])
    for n in (1, 9):
        with pytest.raises(RulesError) as e:
            Game([f"P{i}" for i in range(n)])
        assert e.value.option == "players"


def test_d2_small_pack_refuses_too_many_players_naming_the_option():
    with pytest.raises(RulesError) as e:
        Game(["A", "B", "C"], Rules(pack_ranks=2))
    assert e.value.option == "pack_ranks" and "need 10 cards" in e.value.message


def test_d3_player_who_cannot_pay_the_ante_is_out_and_the_match_goes_on():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    g.chips[2] = 0  # as if seat 2 had spent everything (chips go to seat 1 to keep the total)
    g.chips[1] += 96
    play_quiet(g)
    assert g.busted == [False, False, True]
    assert g.phase == "deal"
    events = g.apply(quiet_action(g))
    antes = [e.seat for e in events if e.kind == "ante"]
    assert sorted(antes) == [0, 1] and len(g.stacks[2]) == 0


def test_d3_deal_passes_on_when_the_next_dealer_cannot_pay_the_dealers_ante():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0,
                 rules=Rules(dealer_ante=30, next_dealer="left"))
    act(g, 0, "keep")
    g.chips[1] -= 86  # seat 1 can still pay the ordinary ante of 4, not the dealer's 30
    g.chips[2] += 86
    play_quiet(g)
    assert g.chips[1] == 10 and g.dealer == 2 and not g.busted[1]


def test_d18_match_ends_after_the_chosen_number_of_hands():
    g = Game(["A", "B", "C"], Rules(max_hands=3), seed=5)
    while not g.is_over:
        g.apply(quiet_action(g))
    assert len(g.hands) == 3 and g.to_act is None and g.legal_actions() == ()


def test_d18_match_ends_when_only_one_player_can_ante():
    g = Game(["A", "B"], Rules(starting_chips=8, ante=4), seed=9)
    hands = 0
    while not g.is_over and hands < 100:
        g.apply(quiet_action(g))
        play_quiet(g)
        hands += 1
    assert g.is_over
    assert sum(g.chips) + g.pot == 16
    assert sum(1 for s in g.seats if not g.busted[s]) == 1


def test_match_over_refuses_every_action():
    g = Game(["A", "B"], Rules(max_hands=1), seed=5)
    g.apply(quiet_action(g))
    play_quiet(g)
    from speculation.errors import IllegalActionError
    with pytest.raises(IllegalActionError) as e:
        g.apply(Action(0, "deal"))
    assert e.value.code == "match_over"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_are_valid_and_described(name):
    p = PRESETS[name]
    assert p.description and p.name
    assert preset(name) == p.rules
    Game(["A", "B", "C", "D"], p.rules).apply(Action(0, "deal"))


def test_hoyle_1847_preset_matches_its_source():
    r = preset("hoyle1847")
    assert (r.ante_for(True), r.ante_for(False)) == (6, 4)
    assert r.sale_methods == ("auction",) and r.resume_after_sale == "owner_left"
    assert r.holder_skipped and r.facedown_buying == "off"
    assert r.no_trump == "carry_over" and r.deck == "deal_through"


def test_victorian_parlour_preset_adds_peels_rules():
    r = preset("victorian")
    assert r.jack_five_penalty and r.dead_hand and r.sale_methods == Rules().sale_methods


@pytest.mark.parametrize("overrides,option", [
    ({"no_trump": "carry_over", "show_at_end": False}, "show_at_end"),
    ({"dead_hand": True, "show_at_end": False}, "show_at_end"),
    ({"auction_seller_may_refuse": True, "sale_methods": ["firm"]}, "auction_seller_may_refuse"),
    ({"pool_owns_upcard": True, "dealer_waits": True}, "dealer_waits"),
    ({"ante": 0}, "ante"),
    ({"ante": "4"}, "ante"),
    ({"sale_methods": ["barter"]}, "sale_methods"),
    ({"deck": "stacked"}, "deck"),
    ({"starting_chips": 3}, "starting_chips"),
    ({"colour": "red"}, "colour"),
])
def test_impossible_option_combinations_are_refused_naming_the_option(overrides, option):
    with pytest.raises(RulesError) as e:
        Rules.from_dict(overrides)
    assert e.value.option == option and option in e.value.message


def test_every_option_has_metadata_and_a_source():
    names = {o.name for o in OPTIONS}
    assert names == set(Rules().to_dict())
    for o in OPTIONS:
        d = o.to_dict()
        assert d["label"] and d["source"] and "default" in d


def test_rules_round_trip_through_json():
    r = Rules.from_dict({"sale_methods": ["auction", "firm"], "dead_hand": True})
    assert Rules.from_dict(r.to_dict()) == r
    assert r.differences() == {"sale_methods": ["auction", "firm"], "dead_hand": True}
