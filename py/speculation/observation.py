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
from fractions import Fraction
from typing import Any

from .actions import Template
from .cards import Card, card_name, card_str, parse_card, rank_of, suit_of
from .game import Game, HandResult
from .odds import Odds
from .rules import Rules
from .text import chips, hand_sentence, match_sentence, ordinal


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
    fair: Fraction | None = None  # fair value in chips of the card at stake (Game.fair_value)
    match_end: str | None = None  # why the match ended (Game.match_end_reason)

    @property
    def trump(self) -> str | None:
        return None if self.upcard is None else "SHDC"[self.upcard // 13]

    def facedown_fair(self) -> int | None:
        """The fair value in chips, rounded, of any one face-down card (pot × its exact chance,
        the same for every face-down card), or None when no face-down card is in play."""
        if self.phase in ("deal", "match_over") or not any(self.stacks):
            return None
        return round(self.odds.per_card * self.pot)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the bridge's ``view``)."""
        n = len(self.names)
        fair = None if self.fair is None else round(self.fair)
        hands = [h.to_dict() | {"outcome": hand_outcome(h, self.names)} for h in self.hands]
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
            "prompt": prompt(self),
            "legal": [t.to_dict(fair) for t in self.legal],
            "odds": self.odds.to_dict(),
            "facedown_fair": self.facedown_fair(),
            "last_hand": hands[-1] if hands else None,
            "hands": hands,
            "rules": self.rules.to_dict(),
            "match_over": self.phase == "match_over",
            "match_outcome": match_outcome(self),
        }


def observe(game: Game, seat: int | None = None) -> Observation:
    """The observation of ``seat`` (None for a spectator): legal templates only when it is that
    seat's decision."""
    legal = game.legal_actions(seat) if seat is not None else ()
    odds = game.odds()
    return Observation(
        seat=seat, names=game.names, rules=game.rules, phase=game.phase, to_act=game.to_act,
        hand=game.hand_no, dealer=game.dealer, pot=game.pot, upcard=game.upcard,
        upcard_owner=game.upcard_owner, best=game.best, holder=game.holder,
        chips=tuple(game.chips), busted=tuple(game.busted),
        stacks=tuple(len(s) for s in game.stacks),
        revealed=tuple(tuple(r) for r in game.revealed), dead_hand=len(game.dead),
        seen=frozenset(game.seen), unseen=game.unseen_count(), pending=pending(game),
        legal=legal, odds=odds, hands=tuple(game.hands),
        fair=game.fair_value(odds) if legal else None, match_end=game.match_end_reason())


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


def hand_outcome(h: HandResult, names: tuple[str, ...]) -> dict[str, Any]:
    """The machine-readable result of a hand: ``winners`` (empty when the pot carries over),
    the ``reason`` code, the ``card`` that decided it (face up by then, or None), the ``pot`` and
    the finished sentence ``text``."""
    card = parse_card(h.card) if h.card is not None else None
    if h.reason == "dead_hand" and card is not None:
        trump = suit_of(card)
        card = max((parse_card(c) for c in h.dead_hand if suit_of(parse_card(c)) == trump),
                   key=rank_of, default=card)
    winner = names[h.winner] if h.winner is not None else None
    return {"winners": [] if h.winner is None else [h.winner], "reason": h.reason,
            "card": _cs(card), "pot": h.pot,
            "text": hand_sentence(winner, h.pot, card, h.reason)}


def match_outcome(obs: Observation) -> dict[str, Any] | None:
    """The result of the match once it is over: the leaders, every seat's standing (rank 1 for
    the most chips; equal chips share a rank), the reason code, the hands played and the
    sentence. None while the match goes on."""
    if obs.match_end is None:
        return None
    top = max(obs.chips)
    order = sorted(range(len(obs.names)), key=lambda i: (-obs.chips[i], i))
    standings = [{"seat": i, "name": obs.names[i], "chips": obs.chips[i],
                  "rank": 1 + sum(1 for c in obs.chips if c > obs.chips[i])} for i in order]
    winners = [i for i in range(len(obs.names)) if obs.chips[i] == top]
    return {"winners": winners, "standings": standings, "reason": obs.match_end,
            "hands": obs.hand,
            "text": match_sentence([obs.names[i] for i in winners], top, obs.match_end)}


def prompt(obs: Observation) -> dict[str, Any] | None:
    """The decision under way in words: ``text`` for everyone (third person, with names) and
    ``you`` for the seat to act (second person). None once the match is over."""
    seat = obs.to_act
    if seat is None:
        return None
    text, you = _prompt_words(obs, seat)
    return {"seat": seat, "text": text, "you": you}


def _prompt_words(obs: Observation, seat: int) -> tuple[str, str]:
    who, names, p = obs.names[seat], obs.names, obs.pending or {}
    phase = obs.phase
    if phase == "deal":
        return f"{who} deals the next hand.", "Deal the next hand."
    if phase == "reveal":
        return (f"{who} turns up the top card of their stack.",
                "Turn up the top card of your stack.")
    if phase == "market":
        return (f"{who} may offer for another player's face-down card, or pass.",
                "Offer for another player's face-down card, or pass?")
    if phase == "negotiation":
        return _haggle_words(obs, seat, p)
    card = f"the {card_name(parse_card(p['card']))}"
    seller = names[p["seller"]]
    if phase == "sale":
        return (f"{who} decides whether to keep or sell {card}.", f"Keep or sell {card}?")
    if phase == "firm":
        price = chips(p["price"])
        return (f"{who} decides whether to buy {card} from {seller} for {price}.",
                f"Buy {card} from {seller} for {price}?")
    if phase == "auction_confirm":
        high, bidder = chips(p["high_bid"]), names[p["high_bidder"]]
        return (f"{who} decides whether to sell {card} to {bidder} for the top bid of {high}.",
                f"Sell {card} to {bidder} for the top bid of {high}?")
    # auction
    if p["high_bid"] is not None:
        state = f"the top bid is {chips(p['high_bid'])}, from {names[p['high_bidder']]}"
    elif p["reserve"] > 1:
        state = f"no bids yet, reserve {chips(p['reserve'])}"
    else:
        state = "no bids yet"
    return (f"{who} bids for {card} or passes ({state}).",
            f"Bid for {card} or pass? ({_cap(state)}.)")


def _haggle_words(obs: Observation, seat: int, p: dict[str, Any]) -> tuple[str, str]:
    names = obs.names
    who, seller, buyer = names[seat], p["seller"], p["buyer"]
    if p["context"] == "sale":
        item = you_item = f"the {card_name(parse_card(p['card']))}"
    else:
        place = f"{ordinal(p['position'])} face-down card"
        item = f"{names[seller]}'s {place}"
        you_item = f"your {place}" if seat == seller else item
    if seat == buyer:
        offer, other = chips(p["ask"]), names[seller]
        return (f"{who} answers {other}'s ask of {offer} for {item}.",
                f"{other} asks {offer} for {you_item}: accept, counter or break off?")
    offer, other = chips(p["bid"]), names[buyer]
    return (f"{who} answers {other}'s offer of {offer} for {item}.",
            f"{other} offers {offer} for {you_item}: accept, counter or refuse?")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _cs(c: Card | None) -> str | None:
    return None if c is None else card_str(c)
