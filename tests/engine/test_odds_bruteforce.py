"""Exact odds (RULES.md §2) checked against brute-force enumeration on small packs.

Two independent checks:
* every deal of a tiny pack is played out by the engine, and at every step the engine's
  reported probabilities equal the exact frequencies among deals with the same public history;
* at checkpoints in richer games (trades included), every way of filling the still-hidden places
  with the unseen cards is played out with no further trades, for the default rules and for each
  variant that changes who can win: pot carried over when no player holds a trump (Hoyle 1847),
  a dead hand (Peel 1891), a pool-owned upcard (Peel 1891), a pack dealt through with earlier
  hands remembered (Britannica 1911).
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections import Counter, defaultdict
from fractions import Fraction

import pytest

from speculation.actions import Action
from speculation.cards import card_str, pack, parse_card
from speculation.game import Game
from speculation.rules import Rules

from .quiet import play_quiet, quiet_action


def _public_key(g: Game) -> tuple:
    return (g.phase, g.to_act, tuple(tuple(r) for r in g.revealed), g.upcard, g.holder,
            tuple(len(s) for s in g.stacks), len(g.dead), tuple(sorted(g.seen)))


def tiny_pack_deals(upcard: str | None = None) -> tuple[int, int]:
    """Play out every order of a two-rank pack between two players (or only the orders with
    the given upcard: a public card, so conditioning on it keeps the frequencies exact) and
    check that at each decision the engine's odds are the exact conditional frequency of each
    outcome given what everyone has seen. Return (deals played, public states checked)."""
    rules = Rules(pack_ranks=2, ante=1, starting_chips=10)
    cards = [card_str(c) for c in pack(2)]
    outcomes: dict[tuple, Counter] = defaultdict(Counter)
    reported: dict[tuple, tuple] = {}
    deals = 0
    if upcard is None:
        orders = itertools.permutations(cards, 7)
    else:  # the upcard is the seventh card dealt (three rounds to two players, then the upcard)
        orders = ((*stacks, upcard) for stacks in
                  itertools.permutations([c for c in cards if c != upcard], 6))
    for order in orders:
        g = Game(["A", "B"], rules, seed=0, decks=[list(order)])
        g.apply(Action(0, "deal"))
        assert upcard is None or card_str(g.upcard) == upcard
        trail = []
        hand = g.hand_no
        while True:
            key = _public_key(g)
            odds = g.odds()
            got = (odds.seat, odds.carry_over)
            assert reported.setdefault(key, got) == got, "same public state, different odds"
            trail.append(key)
            if g.phase == "deal" and g.hands and g.hands[-1].number == hand:
                break
            g.apply(quiet_action(g))
        winner = g.hands[-1].winner
        for key in trail:
            outcomes[key][winner] += 1
        deals += 1
    checked = 0
    for key, counts in outcomes.items():
        total = sum(counts.values())
        seat_odds, carry = reported[key]
        for seat in (0, 1):
            assert Fraction(counts[seat], total) == seat_odds[seat], key
        assert Fraction(counts[None], total) == carry
        checked += 1
    return deals, checked


@pytest.mark.slow
def test_every_deal_of_a_tiny_pack_matches_the_reported_odds():
    """All 8!/1! orders of a two-rank pack, two players: at each decision the engine's odds are
    the exact conditional frequency of each outcome given what everyone has seen."""
    deals, checked = tiny_pack_deals()
    assert deals == 40320
    assert checked > 100


def test_every_deal_of_a_tiny_pack_under_a_king_upcard_matches_the_reported_odds():
    """The quick tier's twin of the test above: the 7!/1! orders that turn up the king of
    hearts (an ace upcard would end the hand at once), an eighth of the deals."""
    deals, checked = tiny_pack_deals("KH")
    assert deals == 5040
    assert checked > 100


def _hidden_places(g: Game) -> list[tuple[str, int, int]]:
    places = [("stack", s, i) for s in g.seats for i in range(len(g.stacks[s]))]
    places += [("dead", 0, i) for i in range(len(g.dead))]
    return places


def brute_force(g: Game) -> tuple[dict[int | None, Fraction], int]:
    """Play out every filling of the hidden places with the unseen cards, quietly."""
    unseen = [c for c in pack(g.rules.pack_ranks) if c not in g.seen]
    places = _hidden_places(g)
    counts: Counter = Counter()
    total = 0
    # A fresh, independent game for each filling; unpickling one frozen copy is several times
    # quicker than copy.deepcopy (which was most of the time of the slow checkpoint tests).
    frozen = pickle.dumps(g, protocol=pickle.HIGHEST_PROTOCOL)
    for fill in itertools.permutations(unseen, len(places)):
        h = pickle.loads(frozen)
        for (where, s, i), card in zip(places, fill, strict=True):
            if where == "stack":
                h.stacks[s][i] = card
            else:
                h.dead[i] = card
        h.stub = [c for c in unseen if c not in fill]
        play_quiet(h)
        counts[h.hands[-1].winner] += 1
        total += 1
    return {k: Fraction(v, total) for k, v in counts.items()}, total


def _checkpoints(rules: Rules, players: int, seed: int, budget: int = 3_000):
    """Positions reached by random play (trades included) where brute force is affordable."""
    rng = random.Random(seed)
    g = Game(["A", "B", "C", "D"][:players], rules, seed=seed)
    found = []
    for _ in range(2000):
        if g.is_over:
            break
        if g.phase in ("reveal", "market") and g.best is not None:
            unseen = rules.pack_size - len(g.seen)
            places = len(_hidden_places(g))
            size = 1
            for k in range(places):
                size *= unseen - k
            if 0 < size <= budget and rng.random() < 0.5:
                found.append(copy.deepcopy(g))
                if len(found) >= 3:
                    break
        templates = g.legal_actions()
        t = rng.choice(templates)
        if g.phase == "market" and rng.random() < 0.5:
            t = next(x for x in templates if x.kind == "pass")
        g.apply(t.sample(rng, spread=3))
    return found


VARIANTS = {
    "parlett": Rules(pack_ranks=4, ante=1, starting_chips=20),
    "carry_over_no_trump": Rules(pack_ranks=4, ante=1, starting_chips=20, no_trump="carry_over"),
    "dead_hand": Rules(pack_ranks=4, ante=1, starting_chips=20, dead_hand=True),
    "pool_owns_upcard": Rules(pack_ranks=4, ante=1, starting_chips=20, pool_owns_upcard=True),
    "deal_through": Rules(pack_ranks=5, ante=1, starting_chips=20, deck="deal_through"),
    "holder_not_skipped": Rules(pack_ranks=4, ante=1, starting_chips=20, holder_skipped=False),
}


def check_checkpoints(name: str, budget: int, wanted: int) -> None:
    """The engine's odds equal brute force at ``wanted`` checkpoints of variant ``name`` where
    at most ``budget`` fillings are left."""
    rules = VARIANTS[name]
    checked = 0
    for seed in range(60):
        for g in _checkpoints(rules, 2 if rules.dead_hand else 3, seed, budget):
            exact, _fillings = brute_force(g)
            odds = g.odds()
            for seat in g.seats:
                assert odds.seat[seat] == exact.get(seat, 0), (name, seed, seat)
            assert odds.carry_over == exact.get(None, 0), (name, seed)
            checked += 1
        if checked >= wanted:
            break
    assert checked >= wanted, f"too few checkpoints for {name}"


# Those that take more than a few seconds; each keeps a twin with a smaller budget below (the
# dead hand's checkpoints need a large budget: its quick check is the exhaustive
# test_dead_hand_odds_with_the_holder_hiding_trumps_equal_brute_force).
SLOW_VARIANTS = {"parlett", "dead_hand", "carry_over_no_trump", "holder_not_skipped"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_VARIANTS
                                  else n for n in sorted(VARIANTS)])
def test_odds_equal_brute_force_at_checkpoints(name):
    rules = VARIANTS[name]
    budget, wanted = (20_000, 2) if rules.dead_hand else (3_000, 4)
    check_checkpoints(name, budget, wanted)


@pytest.mark.parametrize("name", sorted(SLOW_VARIANTS - {"dead_hand"}))
def test_odds_equal_brute_force_at_small_checkpoints(name):
    """The quick tier's twin of the slow variants above: checkpoints with at most 300
    fillings left."""
    check_checkpoints(name, 300, 2)


def test_dead_hand_odds_with_the_holder_hiding_trumps_equal_brute_force():
    """Peel (1891)'s dead hand against a holder who still has a face-down card: in every
    filling where the holder's own unturned trump beats the dead hand's, the holder takes the
    pot, as the odds say (issue 12's end-of-hand bug). A three-rank pack keeps it exhaustive."""
    from speculation.records import deck_for_deal

    rules = Rules(pack_ranks=3, ante=1, starting_chips=20, dead_hand=True,
                  holder_skipped=False, facedown_buying="off")
    deck = deck_for_deal([["QS", "KS", "AS"], ["QD", "KD", "AD"]], "QH",
                         dead=["KH", "QC", "KC"])
    g = Game(["A", "B"], rules, seed=3, decks=[deck])
    g.apply(Action(0, "deal"))
    g.apply(Action(0, "keep"))
    for _ in range(4):  # QD, QS, KD, KS: one face-down card each is left
        g.apply(quiet_action(g))
    assert g.phase == "reveal" and g.holder == 0 and [len(x) for x in g.stacks] == [1, 1]
    exact, fillings = brute_force(g)
    odds = g.odds()
    assert fillings == 7 * 6 * 5 * 4 * 3
    assert all(odds.seat[s] == exact.get(s, 0) for s in g.seats)
    assert odds.carry_over == exact.get(None, 0)
    # the case of the bug: the holder hides the ace, the dead hand has the king
    h = copy.deepcopy(g)
    h.stacks[0][0], h.dead[0] = parse_card("AH"), parse_card("KH")
    play_quiet(h)
    assert h.hands[-1].winner == 0 and h.hands[-1].card == "AH"


def check_later_hand_of_a_dealt_through_pack(budget: int) -> bool:
    """In hand 2 of Britannica's dealt-through pack the cards seen in hand 1 cannot come
    again, and the odds account for that: checked at the first such checkpoint with at most
    ``budget`` fillings. False if none was found."""
    rules = VARIANTS["deal_through"]
    for seed in range(200):
        for g in _checkpoints(rules, 2, seed, budget=budget):
            on_table = {g.upcard, *(c for r in g.revealed for c in r)}
            if g.hand_no >= 2 and len(g.seen) > len(on_table):
                # cards from an earlier hand are remembered: fewer unseen than a fresh pack
                assert g.unseen_count() == rules.pack_size - len(g.seen) < rules.pack_size - len(on_table)
                exact, _ = brute_force(g)
                odds = g.odds()
                assert all(odds.seat[s] == exact.get(s, 0) for s in g.seats)
                return True
    return False


@pytest.mark.slow
def test_deal_through_checkpoint_in_a_later_hand_remembers_earlier_cards():
    """Britannica's dealt-through pack: in hand 2 the cards seen in hand 1 cannot come again,
    and the odds account for that."""
    if not check_later_hand_of_a_dealt_through_pack(6_000):
        pytest.fail("no checkpoint found in a later hand of a dealt-through pack")


def test_deal_through_small_checkpoint_in_a_later_hand_remembers_earlier_cards():
    """The quick tier's twin of the test above: a checkpoint with at most 300 fillings."""
    assert check_later_hand_of_a_dealt_through_pack(300), "no checkpoint in a later hand"


def test_starting_value_of_king_and_ten_upcards():
    """RULES.md §2: with four players a king upcard alone is worth about 0.77 of the pot and a
    ten about 0.33; the dealer's own three face-down cards add 3·Q on top."""
    from speculation.odds import compute_odds

    def upcard_value(above: int) -> Fraction:
        o = compute_odds(unseen=51, above=above, below=0, seat_facedown=(3, 3, 3, 3), holder=0,
                         dead=0)
        assert sum(o.seat) + o.carry_over == 1
        return o.seat[0] - 3 * o.per_card

    assert upcard_value(1) == Fraction(39, 51)  # only the ace of trumps can beat a king
    assert round(float(upcard_value(1)), 2) == 0.76
    assert round(float(upcard_value(4)), 2) == 0.33


def test_no_trump_odds_with_a_dead_hand_when_few_cards_are_left():
    """Hoyle 1847's carry-over with Peel's dead hand late in a dealt-through pack: when more
    trumps above the best are unseen than there are places outside the players' stacks, some
    player must hold one, and the odds say so instead of failing."""
    from speculation.odds import compute_odds

    o = compute_odds(unseen=26, above=6, below=2, seat_facedown=(3, 3, 0, 3, 3, 3, 3, 3),
                     holder=2, dead=3, no_trump_carries=True)
    assert sum(o.seat) + o.carry_over == 1 and o.carry_over == 3 * o.per_card
