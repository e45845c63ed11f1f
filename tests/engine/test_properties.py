"""Properties of the engine over random legal play: chips, cards, the action bound, templates,
rejected actions, snapshots and hidden information.

Random play covers every preset, random valid option combinations (``strategies.settle_rules``)
and 2 to 8 players. ``test_ten_thousand_random_hands`` alone plays at least 10,000 complete hands
and asserts the count, so the coverage cannot shrink silently.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from speculation import records
from speculation.actions import Action
from speculation.cards import card_str, pack
from speculation.errors import IllegalActionError, RecordError, RulesError, SpeculationError
from speculation.game import Game
from speculation.observation import observe
from speculation.records import saved_state
from speculation.rules import OPTIONS, PRESETS, Rules

from .helpers import state_json
from .strategies import (
    NAMES,
    Config,
    PlayStats,
    check_invariants,
    configs,
    garbage_actions,
    hidden_cards,
    long_action,
    play,
    play_policy,
    random_action,
    random_config,
    random_instance,
    total_chips,
)

HANDS_REQUIRED = 10_000
CARD_NAME = re.compile(r"^[2-9TJQKA][SHDC]$")
ILLEGAL_CODES = {"match_over", "not_your_turn", "wrong_action", "bad_price", "unexpected_price",
                 "bad_target",
                 "bad_action"}


def advance(game: Game, rng: random.Random, steps: int) -> None:
    """Play up to ``steps`` random legal actions (fewer if the match ends)."""
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(random_action(game, rng))


# ----------------------------------------------------------------------- the long run


def random_hands(required: int, seed: int) -> PlayStats:
    """Random matches of random configurations until ``required`` hands are complete; chips,
    cards and the action bound are checked inside ``strategies.play`` after every action."""
    rng = random.Random(seed)
    stats = PlayStats()
    while stats.hands < required:
        cfg = random_config(rng)
        stats.presets[cfg.preset] += 1
        stats.players[cfg.players] += 1
        play(cfg.new_game(), rng, rng.choice((1, 3, 8, 25)), stats)
    return stats


def assert_everything_reached(stats: PlayStats) -> None:
    """Random play reached every preset, every player count, every way a hand can end and
    every kind of action."""
    assert set(stats.presets) == set(PRESETS)
    assert set(stats.players) == set(range(2, 9))
    assert set(stats.reasons) == {"ace_upcard", "ace_revealed", "last_card", "pool",
                                  "dead_hand", "no_trump"}, stats.reasons
    assert set(stats.kinds) == {"deal", "reveal", "keep", "sell_firm", "sell_negotiate",
                                "sell_auction", "accept", "decline", "counter", "bid", "pass",
                                "offer"}, stats.kinds


@pytest.mark.slow
def test_ten_thousand_random_hands() -> None:
    """Chips conserved, every card in exactly one place, every hand within
    ``hand_action_bound`` (checked inside ``strategies.play`` after every action)."""
    stats = random_hands(HANDS_REQUIRED, 20260101)
    assert stats.hands >= HANDS_REQUIRED
    assert_everything_reached(stats)


def test_a_thousand_random_hands() -> None:
    """The quick tier's twin of the test above: a tenth of the hands, the same checks and the
    same coverage (every preset, player count, ending and kind of action)."""
    stats = random_hands(HANDS_REQUIRED // 10, 20260101)
    assert stats.hands >= HANDS_REQUIRED // 10
    assert_everything_reached(stats)


def test_stretched_hands_stay_within_the_bound() -> None:
    """An adversary that haggles to the last round, bids one chip at a time and offers for
    every face-down card still finishes every hand within ``hand_action_bound``."""
    rng = random.Random(17)
    longest = 0
    hands = 0
    for players in range(2, 9):
        for rules in (Rules(), Rules(facedown_buying="many", negotiation_rounds=10,
                                     starting_chips=60), PRESETS["victorian"].rules):
            game = Game(list(NAMES[:players]), rules, seed=players)
            bound = game.hand_action_bound()
            lengths = play_policy(game, rng, long_action, 2)
            hands += len(lengths)
            assert all(n <= bound for n in lengths), (lengths, bound)
            longest = max([longest, *lengths])
    assert hands >= 30
    assert longest > 1000  # the adversary really does stretch hands


@given(cfg=configs(), play_seed=st.integers(0, 2**32 - 1), hands=st.integers(1, 6))
def test_random_matches_keep_invariants(cfg: Config, play_seed: int, hands: int) -> None:
    game = cfg.new_game()
    chips = total_chips(game)
    stats = play(game, random.Random(play_seed), hands)
    assert total_chips(game) == chips
    assert stats.hands == hands or game.is_over
    if game.is_over:
        assert game.legal_actions() == ()
        with pytest.raises(IllegalActionError) as e:
            game.apply(Action(0, "deal"))
        assert e.value.code == "match_over"


def busts_in_random_matches(matches: int, seed: int) -> int:
    """Play ``matches`` random matches (up to 30 hands each); check that a busted player
    leaves with whatever it still has and that nothing leaves the table; count the busts."""
    rng = random.Random(seed)
    busts = 0
    for _ in range(matches):
        cfg = random_config(rng)
        game = cfg.new_game()
        chips = total_chips(game)
        while not game.is_over and game.hand_no < 30:
            events = game.apply(random_action(game, rng))
            for e in events:
                if e.kind == "bust":
                    busts += 1
                    assert e.amount == game.chips[e.seat] and game.busted[e.seat]
            assert total_chips(game) == chips
        for s in game.seats:
            if game.busted[s]:
                assert game.to_act != s
    return busts


@pytest.mark.slow
def test_busted_players_keep_their_chips() -> None:
    """A busted player leaves with whatever it still has: nothing leaves the table."""
    assert busts_in_random_matches(300, 7) > 20


def test_a_few_busted_players_keep_their_chips() -> None:
    """The quick tier's twin of the test above: a sixth of the matches."""
    assert busts_in_random_matches(50, 7) > 20


def test_random_rule_combinations_are_valid_or_refused_by_name() -> None:
    """Random option dicts either build rules that survive a round trip through ``to_dict``, or
    raise ``RulesError`` naming one of the options."""
    rng = random.Random(3)
    refused = accepted = 0
    names = {o.name for o in OPTIONS}
    for _ in range(2000):
        data = {o.name: _any_value(o, rng) for o in OPTIONS if rng.random() < 0.5}
        try:
            rules = Rules.from_dict(data, base=PRESETS[rng.choice(list(PRESETS))].rules)
        except RulesError as e:
            refused += 1
            assert e.option in names
            assert e.code in ("bad_option", "incompatible_options")
            continue
        accepted += 1
        assert Rules.from_dict(rules.to_dict()) == rules
    assert refused > 100 and accepted > 100


def _any_value(opt: Any, rng: random.Random) -> Any:
    """A value for ``opt``, sometimes out of range or of the wrong type."""
    r = rng.random()
    if r < 0.1:
        return rng.choice([None, "x", 1.5, [], {}, True, -1, 10**6])
    if opt.kind == "int":
        return rng.randint(opt.low - 2, opt.high + 2)
    if opt.kind == "bool":
        return rng.random() < 0.5
    if opt.kind == "choice":
        return rng.choice((*opt.choices, "nonsense"))
    return rng.sample([*list(opt.choices), "haggle"], rng.randint(0, 3))


# ----------------------------------------------------------------------- templates


def copy_of(game: Game) -> Game:
    dup = copy.deepcopy(game)
    return dup


def check_templates(cfg: Config, play_seed: int) -> None:
    """``Template.example()`` and random instances within the bounds are admitted, legal and
    apply without error, at each of up to 60 steps of random play; the copies come from the
    game's own record."""
    rng = random.Random(play_seed)
    game = cfg.new_game()
    checked = 0
    for step in range(60):
        if game.is_over:
            break
        base = records.game_from_record(records.record_of(game)) if step % 20 == 0 \
            else copy_of(game)
        assert saved_state(base) == saved_state(game)
        frozen = pickle.dumps(base, protocol=pickle.HIGHEST_PROTOCOL)  # a fresh copy per trial,
        for t in game.legal_actions():  # unpickled: several times quicker than copy.deepcopy
            instances = [t.example(), random_instance(t, rng)]
            if t.price_min is not None:
                ex = t.example()
                instances.append(Action(t.seat, t.kind, t.price_max, ex.target, ex.card))
            for a in instances:
                assert t.admits(a) and game.is_legal(a), (t, a)
                trial = pickle.loads(frozen)
                trial.apply(a)
                check_invariants(trial, total_chips(game))
                checked += 1
        game.apply(random_action(game, rng))
    assert checked > 0


@pytest.mark.slow
@given(cfg=configs(max_players=5), play_seed=st.integers(0, 2**32 - 1))
def test_every_listed_template_has_instances_that_apply(cfg: Config, play_seed: int) -> None:
    """``Template.example()`` and random instances within the bounds are admitted, legal and
    apply without error; the copies come from the game's own record."""
    check_templates(cfg, play_seed)


@settings(max_examples=5)
@given(cfg=configs(max_players=5), play_seed=st.integers(0, 2**32 - 1))
def test_some_listed_templates_have_instances_that_apply(cfg: Config, play_seed: int) -> None:
    """The quick tier's twin of the test above: five random matches instead of the profile's
    40."""
    check_templates(cfg, play_seed)


# ----------------------------------------------------------------------- rejected actions


def expected_code(game: Game, a: Action) -> str:
    if game.is_over:
        return "match_over"
    if a.seat != game.to_act:
        return "not_your_turn"
    same = [t for t in game.legal_actions() if t.kind == a.kind]
    if not same:
        return "wrong_action"
    if same[0].price_min is None and a.price is not None:
        return "unexpected_price"
    if same[0].price_min is not None and (
            a.price is None or not any(t.price_min <= a.price <= t.price_max for t in same)):
        return "bad_price"
    return "bad_target"


@given(cfg=configs(), play_seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120),
       data=st.data())
def test_rejected_actions_change_nothing(cfg: Config, play_seed: int, steps: int,
                                         data: st.DataObject) -> None:
    rng = random.Random(play_seed)
    game = cfg.new_game()
    advance(game, rng, steps)
    before = state_json(game)
    tried = 0
    for _ in range(8):
        a = data.draw(st.one_of(garbage_actions(game), _near_misses(game)))
        if not game.is_over and game.is_legal(a):
            trial = copy.deepcopy(game)  # legal by the templates: then it must apply
            trial.apply(a)
            check_invariants(trial, total_chips(game))
            continue
        tried += 1
        with pytest.raises(SpeculationError) as e:
            game.apply(a)
        assert isinstance(e.value, IllegalActionError)
        assert e.value.code == expected_code(game, a), (a, e.value.code, e.value.message)
        assert e.value.code in ILLEGAL_CODES
        assert isinstance(e.value.message, str) and e.value.message
        json.dumps(e.value.to_dict())
        assert state_json(game) == before
    assume(tried)


def _near_misses(game: Game) -> st.SearchStrategy[Action]:
    """Legal templates bent just out of shape: price one outside the bounds, a target or card
    not listed, a price where none is wanted, the right kind from the wrong seat."""
    templates = game.legal_actions()
    if not templates:
        return st.builds(Action, seat=st.integers(-1, 9), kind=st.just("deal"))
    n = len(game.names)

    @st.composite
    def bend(draw: Any) -> Action:
        t = draw(st.sampled_from(templates))
        a = t.example()
        how = draw(st.sampled_from(("low", "high", "noprice", "price", "target", "card", "seat")))
        if how == "low" and t.price_min is not None:
            return Action(a.seat, a.kind, t.price_min - draw(st.integers(1, 10**6)), a.target, a.card)
        if how == "high" and t.price_max is not None:
            return Action(a.seat, a.kind, t.price_max + draw(st.integers(1, 10**6)), a.target, a.card)
        if how == "noprice" and t.price_min is not None:
            return Action(a.seat, a.kind, None, a.target, a.card)
        if how == "price" and t.price_min is None:
            return Action(a.seat, a.kind, draw(st.integers(-5, 50)), a.target, a.card)
        if how == "target":
            return Action(a.seat, a.kind, a.price, draw(st.integers(-2, n + 2)), a.card)
        if how == "card":
            return Action(a.seat, a.kind, a.price, a.target, draw(st.integers(-2, 30)))
        return Action(draw(st.integers(-2, n + 2)), a.kind, a.price, a.target, a.card)

    return bend()


@given(cfg=configs(), play_seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 80),
       data=st.data())
def test_actions_with_numbers_of_the_wrong_type_are_refused(
        cfg: Config, play_seed: int, steps: int, data: st.DataObject) -> None:
    """``1.0`` or ``True`` compare equal to ``1``, but an action holding them would be written
    into the record as a float or a boolean that no replay accepts: refuse them up front."""
    game = cfg.new_game()
    advance(game, random.Random(play_seed), steps)
    assume(not game.is_over)
    t = data.draw(st.sampled_from(game.legal_actions()))
    a = t.example()
    field = data.draw(st.sampled_from([f for f in ("seat", "price", "target", "card")
                                       if getattr(a, f) is not None]))
    value = getattr(a, field)
    bent = data.draw(st.sampled_from([float(value), str(value)]
                                     + ([bool(value)] if value in (0, 1) else [])))
    fields = {"seat": a.seat, "kind": a.kind, "price": a.price, "target": a.target,
              "card": a.card, field: bent}
    before = state_json(game)
    with pytest.raises(IllegalActionError) as e:
        game.apply(Action(**fields))
    assert e.value.code == "bad_action"
    assert state_json(game) == before
    game.apply(a)  # the well-typed action is fine
    assert saved_state(records.restore(records.snapshot(game))[0]) == saved_state(game)


def test_finished_match_refuses_everything() -> None:
    game = Game(["Fanny", "Edmund"], Rules(max_hands=1), seed=4)
    play(game, random.Random(4), 5)
    assert game.is_over
    before = state_json(game)
    for a in (Action(0, "deal"), Action(1, "reveal"), Action(0, "bid", price=1)):
        with pytest.raises(IllegalActionError) as e:
            game.apply(a)
        assert e.value.code == "match_over"
    assert state_json(game) == before


# ----------------------------------------------------------------------- snapshots


@given(cfg=configs(), play_seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 200))
def test_snapshot_round_trip(cfg: Config, play_seed: int, steps: int) -> None:
    game = cfg.new_game()
    advance(game, random.Random(play_seed), steps)
    seats = [{"name": n, "kind": "human"} for n in game.names]
    text = records.snapshot(game, seats)
    restored, got_seats = records.restore(text)
    assert saved_state(restored) == saved_state(game)
    assert got_seats == seats
    assert records.snapshot(restored, seats) == text
    # and the restored game goes on exactly like the original
    rng_a, rng_b = random.Random(play_seed + 1), random.Random(play_seed + 1)
    advance(game, rng_a, 20)
    advance(restored, rng_b, 20)
    assert saved_state(restored) == saved_state(game)


@given(cfg=configs(), play_seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 150),
       data=st.data())
def test_tampered_snapshot_is_refused(cfg: Config, play_seed: int, steps: int,
                                      data: st.DataObject) -> None:
    game = cfg.new_game()
    advance(game, random.Random(play_seed), steps)
    saved = json.loads(records.snapshot(game))
    state = saved["state"]
    full = [card_str(c) for c in pack(game.rules.pack_ranks)]
    tamper = data.draw(st.sampled_from(("stack", "chips", "pot", "stub", "seen", "rng")))
    if tamper == "stack":
        places = [(s, i) for s, stack in enumerate(state["stacks"]) for i in range(len(stack))]
        assume(places)
        s, i = data.draw(st.sampled_from(places))
        old = state["stacks"][s][i]
        state["stacks"][s][i] = data.draw(st.sampled_from([c for c in full if c != old]))
    elif tamper == "chips":
        seat = data.draw(st.integers(0, len(state["chips"]) - 1))
        state["chips"][seat] += data.draw(st.sampled_from((-1, 1, 1000)))
    elif tamper == "pot":
        state["pot"] += 1
    elif tamper == "stub":
        assume(len(state["stub"]) >= 2)
        state["stub"][0], state["stub"][-1] = state["stub"][-1], state["stub"][0]
        assume(state["stub"][0] != state["stub"][-1])
    elif tamper == "seen":
        unseen = [c for c in full if c not in state["seen"]]
        assume(unseen)
        state["seen"] = sorted(state["seen"] + [unseen[0]])
    else:
        state["rng"][1][0] ^= 1
    text = json.dumps(saved)
    with pytest.raises(RecordError) as e:
        records.restore(text)
    assert e.value.code == "corrupt_snapshot"


def test_snapshot_with_other_version_is_refused() -> None:
    game = Game(["Fanny", "Edmund"], seed=1)
    game.apply(Action(0, "deal"))
    saved = json.loads(records.snapshot(game))
    saved["version"] = 99
    with pytest.raises(RecordError) as e:
        records.restore(json.dumps(saved))
    assert e.value.code == "incompatible_snapshot"
    for junk in (None, 5, "", "{", "[]", '{"format": "x"}',
                 json.dumps({**saved, "version": records.SNAPSHOT_VERSION, "record": 7})):
        with pytest.raises(RecordError) as e:
            records.restore(junk)
        assert e.value.code == "corrupt_snapshot"


# ----------------------------------------------------------------------- hidden information


def permute_hidden(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` whose still-hidden cards (face-down stacks, the dead hand, the stub)
    have swapped identities among themselves."""
    dup = copy.deepcopy(game)
    slots: list[tuple[list[int], int]] = [(s, i) for s in dup.stacks for i in range(len(s))]
    slots += [(dup.dead, i) for i in range(len(dup.dead))]
    slots += [(dup.stub, i) for i in range(len(dup.stub))]
    cards = [lst[i] for lst, i in slots]
    rng.shuffle(cards)
    for (lst, i), c in zip(slots, cards, strict=False):
        lst[i] = c
    return dup


def card_names_in(value: Any) -> set[str]:
    """Every string in a JSON value that is a card name."""
    out: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if CARD_NAME.match(v):
                out.add(v)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return out


@given(cfg=configs(), play_seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 200),
       perm_seed=st.integers(0, 2**32 - 1))
def test_observations_do_not_depend_on_hidden_cards(cfg: Config, play_seed: int, steps: int,
                                                    perm_seed: int) -> None:
    game = cfg.new_game()
    advance(game, random.Random(play_seed), steps)
    other = permute_hidden(game, random.Random(perm_seed))
    hidden = {card_str(c) for c in hidden_cards(game)}
    seen = {card_str(c) for c in game.seen}
    for seat in [None, *game.seats]:
        view = observe(game, seat).to_dict()
        assert observe(other, seat).to_dict() == view
        text = json.dumps(view)
        assert json.loads(text) == view
        # outside the record of finished hands, only cards seen this shuffle are named
        current = {k: v for k, v in view.items() if k not in ("hands", "last_hand")}
        assert card_names_in(current) <= seen
        assert not card_names_in(current) & hidden
        # the record of the hand just finished (before the next shuffle) names only seen cards
        if game.hands and game.hands[-1].number == game.hand_no:
            assert card_names_in(view["last_hand"]) <= seen
    # the events of the next action are also the same whatever the hidden cards are, as long as
    # that action shows no new card
    if not game.is_over:
        a = random_action(game, random.Random(perm_seed))
        if a.kind not in ("reveal", "deal"):
            ev1 = [e.to_dict() for e in copy.deepcopy(game).apply(a)]
            ev2 = [e.to_dict() for e in copy.deepcopy(other).apply(a)]
            if not any(e["type"] in ("shown", "hand_won", "carry_over") for e in ev1):
                assert ev1 == ev2


@given(cfg=configs(), play_seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 300))
def test_events_never_name_hidden_cards(cfg: Config, play_seed: int, steps: int) -> None:
    rng = random.Random(play_seed)
    game = cfg.new_game()
    for _ in range(steps):
        if game.is_over:
            break
        events = game.apply(random_action(game, rng))
        hidden = {card_str(c) for c in hidden_cards(game)}
        for e in events:
            d = e.to_dict()
            named = card_names_in({k: v for k, v in d.items() if k != "text"})
            assert not named & hidden, (d, named & hidden)
            assert not any(re.search(rf"\b{re.escape(_words(c))}\b", d["text"])
                           for c in hidden_cards(game)), d["text"]


def _words(card: int) -> str:
    from speculation.cards import card_name

    return card_name(card)
