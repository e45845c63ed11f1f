"""What one seat may know: the public table, its own legal actions and the exact odds.

Face-down cards are unknown to everybody, their owner included, so an observation carries only
the *number* of face-down cards in each stack (and in the dead hand). The same observation is all
a bot, the coach or the browser ever sees.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> g = Game(["Fanny", "Edmund", "Mary"], seed=1)
>>> _ = g.apply(Action(0, "deal"))
>>> obs = observe(g, 1)
>>> obs.stacks, obs.to_act, obs.legal
((3, 3, 3), 0, ())
>>> sum(obs.odds.seat) + obs.odds.carry_over == 1
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Template
from .cards import Card, card_str
from .game import Game, HandResult
from .odds import Odds
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of the game (``seat`` None: a spectator's). Cards are ints (see
    ``cards.py``); ``to_dict`` writes them as names."""

    seat: int | None
    names: tuple[str, ...]
    rules: Rules
    phase: str
    to_act: int | None
    hand: int
    dealer: int
    pot: int
    upcard: Card | None
    upcard_owner: int | None
    best: Card | None
    holder: int | None
    chips: tuple[int, ...]
    busted: tuple[bool, ...]
    stacks: tuple[int, ...]
    revealed: tuple[tuple[Card, ...], ...]
    dead_hand: int
    seen: frozenset[Card]
    unseen: int
    pending: dict[str, Any] | None
    legal: tuple[Template, ...]
    odds: Odds
    hands: tuple[HandResult, ...]

    @property
    def trump(self) -> str | None:
        return None if self.upcard is None else "SHDC"[self.upcard // 13]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the bridge's ``view``)."""
        n = len(self.names)
        return {
            "seat": self.seat, "phase": self.phase, "to_act": self.to_act, "hand": self.hand,
            "dealer": self.dealer, "pot": self.pot, "trump": self.trump,
            "upcard": _cs(self.upcard), "upcard_owner": self.upcard_owner,
            "best": None if self.best is None else {"card": card_str(self.best),
                                                     "holder": self.holder},
            "seats": [{"seat": i, "name": self.names[i], "chips": self.chips[i],
                       "stack": self.stacks[i], "revealed": [card_str(c) for c in self.revealed[i]],
                       "busted": self.busted[i], "dealer": i == self.dealer} for i in range(n)],
            "dead_hand": self.dead_hand if self.rules.dead_hand else None,
            "unseen": self.unseen,
            "seen": sorted(card_str(c) for c in self.seen),
            "pending": self.pending,
            "legal": [t.to_dict() for t in self.legal],
            "odds": self.odds.to_dict(),
            "last_hand": self.hands[-1].to_dict() if self.hands else None,
            "hands": [h.to_dict() for h in self.hands],
            "rules": self.rules.to_dict(),
            "match_over": self.phase == "match_over",
        }


def observe(game: Game, seat: int | None = None) -> Observation:
    """The observation of ``seat`` (None for a spectator): legal templates only when it is that
    seat's decision."""
    return Observation(
        seat=seat, names=game.names, rules=game.rules, phase=game.phase, to_act=game.to_act,
        hand=game.hand_no, dealer=game.dealer, pot=game.pot, upcard=game.upcard,
        upcard_owner=game.upcard_owner, best=game.best, holder=game.holder,
        chips=tuple(game.chips), busted=tuple(game.busted),
        stacks=tuple(len(s) for s in game.stacks),
        revealed=tuple(tuple(r) for r in game.revealed), dead_hand=len(game.dead),
        seen=frozenset(game.seen), unseen=game.unseen_count(), pending=pending(game),
        legal=game.legal_actions(seat) if seat is not None else (), odds=game.odds(),
        hands=tuple(game.hands))


def pending(game: Game) -> dict[str, Any] | None:
    """Public details of the decision under way (sales, bids and haggles are open to all)."""
    sale, h, m = game.sale, game.haggle, game.market
    if game.phase == "negotiation" and h is not None:
        d: dict[str, Any] = {"context": h.context, "seller": h.seller, "buyer": h.buyer,
                             "ask": h.ask, "bid": h.bid, "asks": h.asks, "bids": h.bids,
                             "rounds": game.rules.negotiation_rounds, "to_move": h.to_move}
        if h.context == "sale" and sale is not None:
            d["card"] = card_str(sale.card)
        else:
            d["position"] = h.position
        return d
    if sale is not None and game.phase in ("sale", "firm", "auction", "auction_confirm"):
        d = {"card": card_str(sale.card), "seller": sale.seller, "method": sale.method}
        if game.phase == "firm":
            d.update(price=sale.price, asking=game.to_act, queue=list(sale.queue))
        elif game.phase in ("auction", "auction_confirm"):
            d.update(reserve=sale.price, high_bid=sale.high_bid or None,
                     high_bidder=sale.high_bidder, bidders=list(sale.queue))
        return d
    if game.phase == "market" and m is not None:
        return {"polling": game.to_act, "order": list(m.order),
                "offers_made": {str(k): v for k, v in sorted(m.offers.items())},
                "offers_per_window": game.rules.offers_per_window}
    return None


def _cs(c: Card | None) -> str | None:
    return None if c is None else card_str(c)
