"""The one handler table (``game.PHASE_TABLE``, issue 9): every phase has a row, every template a
phase's builder lists has a handler in that row, every handler is reached, and each phase's
pending value has the row's type. Also the typed ``view.pending`` keeps the JSON shape that
``docs/protocol.md`` documents."""

from __future__ import annotations

import json
import random

from speculation.game import PHASE_TABLE, Game, Phase
from speculation.observation import observe
from speculation.records import saved_state
from speculation.rules import Rules

# Rule sets that between them reach every phase and every action of each phase: the seller may
# refuse the top bid (auction_confirm), one sale method at a time, the pool owning the upcard.
RULE_SETS = (
    {},
    {"auction_seller_may_refuse": True, "sale_methods": ["auction"]},
    {"sale_methods": ["firm"], "facedown_buying": "many"},
    {"sale_methods": ["negotiation"], "negotiation_rounds": 1},
    {"pool_owns_upcard": True, "dead_hand": True},
)

# view.pending keys per phase, as docs/protocol.md lists them, in the order the JSON has them
SALE_KEYS = ["card", "seller", "method"]
AUCTION_KEYS = [*SALE_KEYS, "reserve", "high_bid", "high_bidder", "bidders"]
HAGGLE_KEYS = ["context", "seller", "buyer", "ask", "bid", "asks", "bids", "rounds", "asks_left",
               "bids_left", "offers", "to_move"]
PENDING_KEYS = {
    "sale": [SALE_KEYS], "firm": [[*SALE_KEYS, "price", "asking", "queue"]],
    "auction": [AUCTION_KEYS], "auction_confirm": [AUCTION_KEYS],
    "negotiation": [[*HAGGLE_KEYS, "card"], [*HAGGLE_KEYS, "position"]],
    "market": [["polling", "order", "offers_made", "offers_per_window"]],
}


def _play(seen: set[tuple[str, str]], shapes: dict[str, set[tuple[str, ...]]]) -> None:
    for i, overrides in enumerate(RULE_SETS):
        rules = Rules.from_dict({**overrides, "max_hands": 4})
        for players in (2, 3, 4):
            game = Game([f"P{k}" for k in range(players)], rules, seed=10 * i + players)
            rng = random.Random(i * 7 + players)
            while not game.is_over:
                row = PHASE_TABLE[game.phase]
                assert isinstance(game.pending, row.state), (game.phase, game.pending)
                templates = game.legal_actions()
                for t in templates:
                    assert t.kind in row.handlers, f"{t.kind} is listed in {game.phase} " \
                                                   "but has no handler"
                    seen.add((game.phase, t.kind))
                view = observe(game, game.to_act).to_dict()
                if view["pending"] is not None:
                    shapes.setdefault(game.phase, set()).add(tuple(view["pending"]))
                game.apply(rng.choice(templates).sample(rng, spread=3))


def test_every_listed_action_has_a_handler_and_every_handler_is_reached() -> None:
    seen: set[tuple[str, str]] = set()
    shapes: dict[str, set[tuple[str, ...]]] = {}
    _play(seen, shapes)
    assert set(PHASE_TABLE) == set(Phase)
    table = {(phase, kind) for phase, row in PHASE_TABLE.items() for kind in row.handlers}
    assert seen == table, (sorted(table - seen), sorted(seen - table))
    # the typed pending keeps the documented JSON shape, key order included
    assert {p: sorted(s) for p, s in shapes.items()} == {
        p: sorted(tuple(k) for k in ks) for p, ks in PENDING_KEYS.items()}


def test_phases_are_plain_strings_outside_the_engine() -> None:
    """A ``str`` enum: records, views and the log carry the bare phase names."""
    game = Game(["Fanny", "Edmund"], seed=3)
    assert game.phase == "deal" and json.dumps(game.phase) == '"deal"'
    assert {p.value for p in Phase} == {"deal", "sale", "firm", "negotiation", "auction",
                                        "auction_confirm", "market", "reveal", "match_over"}
    view = json.loads(json.dumps(observe(game, 0).to_dict()))
    assert view["phase"] == "deal"
    assert json.dumps(saved_state(game)["phase"]) == '"deal"'
