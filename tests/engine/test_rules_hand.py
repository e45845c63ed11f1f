"""Rule tests for one hand, each named after the rule it checks (RULES.md §1 and the decisions
D1–D20 of §3)."""

from __future__ import annotations

import json

import pytest

from speculation.actions import Action
from speculation.errors import IllegalActionError
from speculation.game import Game
from speculation.records import saved_state
from speculation.rules import Rules, preset

from .quiet import act, play_quiet, quiet_action, quiet_until, scenario

LOW = ["2C", "3C", "4C"]


def kinds(g: Game) -> set[str]:
    return {t.kind for t in g.legal_actions()}


# ---------------------------------------------------------------- stakes and deal

def test_d1_every_player_antes_the_same():
    g = Game(["A", "B", "C", "D"], Rules(ante=5), seed=2)
    g.apply(Action(0, "deal"))
    assert g.pot == 20 and all(c == 95 for c in g.chips)


def test_hoyle_1847_dealer_antes_six_others_four():
    g = Game(["A", "B", "C"], preset("hoyle1847"), seed=2)
    g.apply(Action(0, "deal"))
    assert g.chips == [94, 96, 96] and g.pot == 14


def test_deal_three_face_down_each_and_upcard_to_dealer_sets_trumps():
    g = scenario([["2S", "3S", "4S"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=1)
    assert [len(s) for s in g.stacks] == [3, 3, 3]
    assert g.trump == "H" and g.holder == 1 and g.upcard_owner == 1
    assert g.phase == "sale" and g.to_act == 1


def test_stub_takes_no_part():
    g = scenario([LOW, ["5D", "6D", "7D"]], "QH")
    assert len(g.stub) == 52 - 7
    play_quiet(g)
    assert len(g.stub) == 45


# ---------------------------------------------------------------- the upcard

def test_ace_upcard_dealer_wins_at_once():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "AH", dealer=2)
    assert g.phase == "deal"  # the hand is already over
    result = g.hands[-1]
    assert result.winner == 2 and result.reason == "ace_upcard" and result.pot == 12
    assert g.chips == [96, 96, 108]


def test_dealer_may_keep_the_upcard_then_first_turn_is_dealers_left():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    quiet_until(g, 1, "reveal")
    assert g.to_act == 1


def test_upcard_sale_payment_goes_to_seller_not_pot_and_buyer_leads_left():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    pot = g.pot
    act(g, 0, "sell_firm", 10)
    act(g, 1, "decline")
    act(g, 2, "accept")
    assert g.chips == [96 + 10, 96, 96 - 10] and g.pot == pot
    assert g.holder == 2 and g.upcard_owner == 2
    # first turn: left of the buyer (seat 2) is seat 0, after the market window
    while g.phase == "market":
        act(g, g.to_act, "pass")
    assert (g.phase, g.to_act) == ("reveal", 0)


def test_d6_firm_price_asks_in_seat_order_from_sellers_left_and_all_decline_keeps():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"], ["2D", "3D", "4D"]], "QH", dealer=1)
    act(g, 1, "sell_firm", 7)
    asked = []
    while g.phase == "firm":
        asked.append(g.to_act)
        act(g, g.to_act, "decline")
    assert asked == [2, 3, 0]
    assert g.holder == 1 and g.chips[1] == 96


def test_d6_firm_price_skips_players_who_cannot_afford_it():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    g.chips[1] = 3
    act(g, 0, "sell_firm", 5)
    assert g.to_act == 2


def test_d8_auction_ascends_in_seat_order_and_highest_bid_buys():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"], ["2D", "3D", "4D"]], "QH", dealer=0)
    act(g, 0, "sell_auction", 1)
    assert g.to_act == 1
    act(g, 1, "bid", 5)
    assert g.to_act == 2
    t = next(t for t in g.legal_actions() if t.kind == "bid")
    assert t.price_min == 6  # minimum increment 1
    act(g, 2, "bid", 8)
    act(g, 3, "pass")
    act(g, 1, "bid", 9)
    act(g, 2, "pass")
    assert g.holder == 1 and g.chips[1] == 96 - 9 and g.chips[0] == 96 + 9


def test_d8_auction_reserve_and_no_bids_means_seller_keeps():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "sell_auction", 12)
    t = next(t for t in g.legal_actions() if t.kind == "bid")
    assert t.price_min == 12
    with pytest.raises(IllegalActionError) as e:
        act(g, 1, "bid", 11)
    assert e.value.code == "bad_price"
    act(g, 1, "pass")
    act(g, 2, "pass")
    assert g.holder == 0 and g.phase in ("market", "reveal")


def test_d8_option_seller_may_refuse_the_top_bid():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0,
                 rules=Rules(auction_seller_may_refuse=True))
    act(g, 0, "sell_auction", 1)
    act(g, 1, "bid", 3)
    act(g, 2, "pass")
    assert (g.phase, g.to_act) == ("auction_confirm", 0)
    act(g, 0, "decline")
    assert g.holder == 0 and g.chips == [96, 96, 96]


def test_d4_bid_above_your_chips_is_illegal():
    g = scenario([LOW, ["5D", "6D", "7D"]], "QH", dealer=0)
    act(g, 0, "sell_auction", 1)
    with pytest.raises(IllegalActionError) as e:
        act(g, 1, "bid", 97)
    assert e.value.code == "bad_price" and "96" in e.value.message


def test_d5_seller_cannot_bid_on_own_card():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "sell_auction", 1)
    with pytest.raises(IllegalActionError) as e:
        act(g, 0, "bid", 5)
    assert e.value.code == "not_your_turn"
    seen = set()
    while g.phase == "auction":
        seen.add(g.to_act)
        act(g, g.to_act, "pass")
    assert 0 not in seen


def test_d7_negotiation_alternates_and_is_bounded():
    g = scenario([LOW, ["5D", "6D", "7D"]], "QH", dealer=0)
    act(g, 0, "sell_negotiate", 30, target=1)
    act(g, 1, "counter", 10)
    act(g, 0, "counter", 25)
    act(g, 1, "counter", 15)
    act(g, 0, "counter", 20)  # the seller's third ask
    act(g, 1, "counter", 17)  # the buyer's third bid
    assert kinds(g) == {"accept", "decline"}  # the seller has used all three offers
    act(g, 0, "accept")
    assert g.holder == 1 and g.chips == [96 + 17, 96 - 17]


def test_d7_counter_offers_must_converge():
    g = scenario([LOW, ["5D", "6D", "7D"]], "QH", dealer=0)
    act(g, 0, "sell_negotiate", 30, target=1)
    act(g, 1, "counter", 10)
    t = next(t for t in g.legal_actions() if t.kind == "counter")
    assert (t.price_min, t.price_max) == (11, 29)


def test_d7_breaking_off_leaves_the_card_with_the_seller():
    g = scenario([LOW, ["5D", "6D", "7D"]], "QH", dealer=0)
    act(g, 0, "sell_negotiate", 30, target=1)
    act(g, 1, "decline")
    assert g.holder == 0 and g.chips == [96, 96]


def test_sale_methods_option_limits_how_to_sell():
    g = scenario([LOW, ["5D", "6D", "7D"]], "QH", rules=preset("hoyle1847"))
    assert kinds(g) == {"keep", "sell_auction"}


# ---------------------------------------------------------------- play

def test_turn_passes_left_and_holder_is_skipped():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    order = []
    while g.phase != "deal":
        if g.phase == "reveal":
            order.append(g.to_act)
        g.apply(quiet_action(g))
    assert 0 not in order  # the dealer holds the best trump throughout
    assert order == [1, 2, 1, 2, 1, 2]


def test_option_holder_not_skipped_everyone_reveals():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0,
                 rules=Rules(holder_skipped=False))
    act(g, 0, "keep")
    order = []
    while g.phase != "deal":
        if g.phase == "reveal":
            order.append(g.to_act)
        g.apply(quiet_action(g))
    assert order[:3] == [1, 2, 0]


def test_new_highest_trump_may_be_sold_and_play_resumes_left_of_its_owner():
    g = scenario([["2C", "3C", "4C"], ["KH", "6D", "7D"], ["8C", "9C", "TC"], ["2D", "3D", "4D"]],
                 "QH", dealer=0)
    act(g, 0, "keep")
    quiet_until(g, 1, "reveal")
    act(g, 1, "reveal")
    assert g.phase == "sale" and g.to_act == 1 and g.holder == 1
    act(g, 1, "sell_firm", 20)
    act(g, 2, "decline")
    act(g, 3, "accept")  # seat 3 buys the king
    assert g.holder == 3 and g.chips[1] == 96 + 20
    while g.phase == "market":
        act(g, g.to_act, "pass")
    assert (g.phase, g.to_act) == ("reveal", 0)  # left of the new owner


def test_option_resume_continue_carries_on_from_the_revealer():
    g = scenario([["2C", "3C", "4C"], ["KH", "6D", "7D"], ["8C", "9C", "TC"], ["2D", "3D", "4D"]],
                 "QH", dealer=0, rules=Rules(resume_after_sale="continue"))
    act(g, 0, "keep")
    quiet_until(g, 1, "reveal")
    act(g, 1, "reveal")
    act(g, 1, "sell_firm", 20)
    act(g, 2, "decline")
    act(g, 3, "accept")
    while g.phase == "market":
        act(g, g.to_act, "pass")
    assert (g.phase, g.to_act) == ("reveal", 2)  # left of the revealer, not of the buyer


def test_d9_only_a_new_highest_trump_can_be_offered():
    g = scenario([["2C", "3C", "4C"], ["5H", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    quiet_until(g, 1, "reveal")
    act(g, 1, "reveal")  # the five of hearts: a trump, but lower than the queen
    assert g.phase in ("market", "reveal") and g.holder == 0


def test_d13_ace_of_trumps_revealed_ends_the_hand_without_sale():
    g = scenario([["2C", "3C", "4C"], ["5D", "AH", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    while g.phase != "deal":
        g.apply(quiet_action(g))
    r = g.hands[-1]
    assert r.winner == 1 and r.reason == "ace_revealed" and r.card == "AH"
    assert "7D" in r.cards[1]  # the remaining cards are shown for the record


def test_d14_empty_stack_is_skipped():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    # seat 1 buys seat 2's cards? No: simply empty seat 2's stack by purchases from seat 1.
    quiet_until(g, 1, "market")
    act(g, 1, "offer", 1, target=2, card=0)
    act(g, 2, "accept")
    assert len(g.stacks[2]) == 2 and len(g.stacks[1]) == 4


def test_d10_d11_face_down_purchase_goes_to_bottom_unseen_and_window_before_first_reveal():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    assert g.phase == "market"  # the window opens before the first reveal
    assert g.to_act == 1
    act(g, 1, "pass")
    assert g.to_act == 2
    act(g, 2, "offer", 4, target=1, card=0)
    assert g.phase == "negotiation" and g.to_act == 1
    act(g, 1, "counter", 6)
    act(g, 2, "accept")
    assert g.chips[2] == 96 - 6 and g.chips[1] == 96 + 6
    assert len(g.stacks[2]) == 4 and len(g.stacks[1]) == 2
    from speculation.cards import parse_card
    assert g.stacks[2][-1] == parse_card("5D") and g.stacks[1] == [parse_card("6D"), parse_card("7D")]


def test_d10_one_offer_per_player_per_window():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    act(g, 1, "offer", 2, target=2, card=1)
    act(g, 2, "decline")
    assert g.to_act == 2 and g.phase == "market"  # seat 1 has used its offer


def test_d12_the_holders_face_down_cards_may_be_bought():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    t = next(t for t in g.legal_actions() if t.kind == "offer")
    assert (0, 0) in t.cards and all(owner != 1 for owner, _ in t.cards)


def test_option_face_down_buying_off_has_no_market():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", rules=preset("hoyle1847"))
    act(g, 0, "keep")
    assert g.phase == "reveal"


def test_option_dealer_waits_until_the_upcard_is_beaten():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0,
                 rules=Rules(dealer_waits=True))
    act(g, 0, "sell_firm", 5)
    act(g, 1, "accept")  # seat 1 owns the upcard; the dealer still may not reveal
    order = []
    while g.phase != "deal":
        if g.phase == "reveal":
            order.append(g.to_act)
        g.apply(quiet_action(g))
    # seat 2 turns all its cards first; the dealer goes only when nobody else can
    assert order == [2, 2, 2, 0, 0, 0]


# ---------------------------------------------------------------- end of hand

def test_d15_end_when_only_the_holder_has_face_down_cards_and_they_are_shown():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    play_quiet(g)
    r = g.hands[-1]
    assert r.winner == 0 and r.reason == "last_card" and r.pot == 12
    assert set(r.cards[0]) == {"2C", "3C", "4C"}  # the holder's unturned cards, shown
    assert g.chips == [108, 96, 96]


def test_d15_option_leave_hidden():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0,
                 rules=Rules(show_at_end=False))
    act(g, 0, "keep")
    play_quiet(g)
    assert g.hands[-1].cards[0] == ()
    assert g.hands[-1].winner == 0


def test_d16_winner_deals_next_hand():
    g = scenario([["2C", "3C", "4C"], ["5D", "AH", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    act(g, 0, "keep")
    play_quiet(g)
    assert (g.phase, g.to_act, g.dealer) == ("deal", 1, 1)


def test_d16_option_deal_passes_left():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0,
                 rules=Rules(next_dealer="left"))
    act(g, 0, "keep")
    play_quiet(g)
    assert g.hands[-1].winner == 0 and g.dealer == 1


def test_ties_are_impossible_exactly_one_winner_takes_the_whole_pot():
    g = Game(["A", "B", "C", "D"], seed=11)
    for _ in range(5):
        g.apply(quiet_action(g))
        play_quiet(g)
        r = g.hands[-1]
        assert r.winner is not None and r.reason in ("last_card", "ace_upcard", "ace_revealed")
        change = [a - b for a, b in zip(r.chips_after, r.chips_before, strict=True)]
        assert change[r.winner] == r.pot - 4 and all(c == -4 for i, c in enumerate(change) if i != r.winner)


# ---------------------------------------------------------------- historical variants

def test_hoyle_1847_pot_carries_over_when_no_player_holds_a_trump():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH",
                 rules=preset("hoyle1847"))
    act(g, 0, "keep")
    play_quiet(g)
    r = g.hands[-1]
    assert r.winner is None and r.reason == "no_trump" and g.pot == 14
    assert g.dealer == 1  # no winner: the deal passes left


def test_hoyle_1847_a_lower_trump_among_players_means_the_upcard_wins():
    g = scenario([["2C", "3C", "4C"], ["5H", "6D", "7D"], ["8C", "9C", "TC"]], "QH",
                 rules=preset("hoyle1847"))
    act(g, 0, "keep")
    play_quiet(g)
    assert g.hands[-1].winner == 0


def test_peel_pool_owns_the_upcard_and_pot_carries_if_unbeaten():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH",
                 rules=Rules(pool_owns_upcard=True))
    assert g.phase in ("market", "reveal") and g.holder is None  # not for sale
    play_quiet(g)
    assert g.hands[-1].winner is None and g.hands[-1].reason == "pool" and g.pot == 12


def test_peel_dead_hand_with_the_winning_trump_carries_the_pot():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"]], "QH", dead=["KH", "2D", "3D"],
                 rules=Rules(dead_hand=True))
    act(g, 0, "keep")
    play_quiet(g)
    r = g.hands[-1]
    assert r.winner is None and r.reason == "dead_hand" and set(r.dead_hand) == {"KH", "2D", "3D"}


def test_peel_jack_or_five_costs_its_owner_a_chip():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "JH",
                 rules=Rules(jack_five_penalty=True))
    assert g.chips[0] == 95 and g.pot == 13  # the dealer owns the jack upcard
    act(g, 0, "keep")
    quiet_until(g, 1, "reveal")
    act(g, 1, "reveal")  # five of diamonds
    assert g.chips[1] == 95 and g.pot == 14


def test_britannica_deal_through_remembers_cards_until_the_pack_runs_short():
    g = Game(["A", "B", "C", "D"], Rules(deck="deal_through"), seed=4)
    g.apply(Action(0, "deal"))
    play_quiet(g)
    stub_after_first = len(g.stub)
    assert stub_after_first == 52 - 13
    g.apply(quiet_action(g))  # second deal comes from the stub
    assert len(g.stub) == stub_after_first - 13
    assert len(g.seen) > 1 + sum(len(r) for r in g.revealed)
    while g.hand_no < 4:
        play_quiet(g)
        g.apply(quiet_action(g))
    assert len(g.stub) == 0  # four hands of thirteen cards use the whole pack
    play_quiet(g)
    events = g.apply(quiet_action(g))
    assert any(e.kind == "reshuffle" for e in events)
    assert len(g.stub) == 52 - 13 and len(g.seen) == 1


# ---------------------------------------------------------------- D20

def test_d20_illegal_action_is_rejected_with_a_reason_and_changes_nothing():
    g = scenario([LOW, ["5D", "6D", "7D"], ["8C", "9C", "TC"]], "QH", dealer=0)
    before = json.dumps(saved_state(g), sort_keys=True)
    for bad, code in [(Action(1, "keep"), "not_your_turn"),
                      (Action(0, "bid", 5), "wrong_action"),
                      (Action(0, "sell_firm", 0), "bad_price"),
                      (Action(0, "sell_negotiate", 5, target=0), "bad_target"),
                      (Action(0, "sell_firm"), "bad_price")]:
        with pytest.raises(IllegalActionError) as e:
            g.apply(bad)
        assert e.value.code == code and e.value.message
        assert e.value.legal and all(t.seat == 0 for t in e.value.legal)
        assert json.dumps(saved_state(g), sort_keys=True) == before


# ---------------------------------------------------------------- issue fixes


def test_no_sale_once_hand_is_decided():
    """RULES.md §1: the hand ends as soon as nobody but the holder of the best trump has a
    face-down card. When the last such card is turned and is a new best trump, nothing is left
    to decide, so its owner is not offered a sale (issue 15): the hand ends at once and the
    new holder takes the pot."""
    g = scenario([["2C", "3C", "KH"], ["5D", "6D", "7D"]], "QH",
                 rules=Rules(facedown_buying="many"))
    act(g, 0, "keep")
    for _ in range(3):  # Edmund buys all of Fanny's face-down cards, sight unseen
        act(g, 1, "offer", price=1, target=0, card=0)
        act(g, 0, "accept")
    assert g.stacks[0] == [] and len(g.stacks[1]) == 6
    while len(g.stacks[1]) > 1:
        g.apply(quiet_action(g))
    quiet_until(g, 1, "reveal")
    events = g.apply(Action(1, "reveal"))  # the king of hearts, the last face-down card
    assert "sale_offered" not in {e.kind for e in events} and g.phase == "deal"
    r = g.hands[-1]
    assert r.winner == 1 and r.card == "KH" and r.reason == "last_card"


def test_peel_dead_hand_loses_to_the_holders_own_higher_unturned_trump():
    """Peel (1891): the dead hand takes nothing unless it holds the best trump of the deal. The
    holder's unturned king of hearts beats the dead hand's queen (issue 12's example:
    victorian, 3 players, deal, keep, then pass and reveal to the end)."""
    g = scenario([["KH", "2C", "3C"], ["4D", "6D", "7D"], ["7S", "8S", "9S"]], "9H",
                 rules=preset("victorian"), dead=["QH", "2S", "3S"])
    act(g, 0, "keep")
    play_quiet(g)
    r = g.hands[-1]
    assert set(r.dead_hand) == {"QH", "2S", "3S"}
    assert r.winner == 0 and r.card == "KH" and r.reason == "last_card"


def test_a_price_on_an_unpriced_action_is_refused_as_unexpected():
    g = scenario([["2C", "3C", "4C"], ["5D", "6D", "7D"]], "QH")
    with pytest.raises(IllegalActionError) as e:
        g.apply(Action(0, "keep", price=1))
    assert e.value.code == "unexpected_price" and "takes no price" in str(e.value)
    assert g.phase == "sale"
