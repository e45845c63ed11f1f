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

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, assert_never

from .actions import Template
from .cards import Card, card_name, card_str, card_str_or_none, parse_card, suit_of
from .game import (
    AuctionSale,
    DecisionContext,
    FirmSale,
    Game,
    Haggle,
    HandReason,
    HandResult,
    Lot,
    Phase,
    SaleChoice,
    Stage,
    TopBid,
    Window,
)
from .odds import Odds, exact
from .rules import Rules
from .text import capitalised, chips, hand_sentence, match_sentence, ordinal, standings_sentence
from .worth import deal_value

# ---------------------------------------------------------------------- the decision under way
# Public details of the decision under way (sales, bids and haggles are open to all), one type
# per kind of decision; ``to_dict`` gives the bridge's ``view.pending`` (docs/protocol.md).


@dataclass(frozen=True, slots=True)
class PendingSale:
    """Phase ``sale``: the owner of the face-up ``card`` keeps or sells it (``method`` None);
    also the start of the firm and auction forms below (``method`` ``"firm"``/``"auction"``)."""

    card: Card
    seller: int
    method: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"card": card_str(self.card), "seller": self.seller, "method": self.method}


@dataclass(frozen=True, slots=True)
class PendingFirm(PendingSale):
    """Phase ``firm``: the card at ``price``, put to ``asking`` now, then to the rest of
    ``queue``."""

    price: int
    asking: int | None
    queue: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return PendingSale.to_dict(self) | {"price": self.price, "asking": self.asking,
                                            "queue": list(self.queue)}


@dataclass(frozen=True, slots=True)
class PendingAuction(PendingSale):
    """Phases ``auction`` and ``auction_confirm``: the reserve, the top bid (None before the
    first) and its bidder, and the bidders still in."""

    reserve: int
    high_bid: int | None
    high_bidder: int | None
    bidders: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return PendingSale.to_dict(self) | {
            "reserve": self.reserve, "high_bid": self.high_bid, "high_bidder": self.high_bidder,
            "bidders": list(self.bidders)}


@dataclass(frozen=True, slots=True)
class PendingHaggle:
    """Phase ``negotiation``: a seller and a buyer alternate prices (``ask``/``bid``: the last
    each named, None before its first; ``asks``/``bids``: how many; ``rounds``: each side's
    limit). ``context`` is ``"sale"`` for the face-up card on sale (``PendingTrumpHaggle``) or
    ``"market"`` for one face-down card (``PendingCardHaggle``)."""

    seller: int
    buyer: int
    ask: int | None
    bid: int | None
    asks: int
    bids: int
    rounds: int
    to_move: int
    offers: tuple[tuple[int, int], ...]  # every price named so far: (seat, price)
    context: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        return {"context": self.context, "seller": self.seller, "buyer": self.buyer,
                "ask": self.ask, "bid": self.bid, "asks": self.asks, "bids": self.bids,
                "rounds": self.rounds,
                "asks_left": self.rounds - self.asks, "bids_left": self.rounds - self.bids,
                "offers": [{"seat": s, "side": "ask" if s == self.seller else "bid", "price": p}
                           for s, p in self.offers],
                "to_move": self.to_move}


@dataclass(frozen=True, slots=True)
class PendingTrumpHaggle(PendingHaggle):
    """A haggle over the face-up ``card`` on sale."""

    card: Card
    context: ClassVar[str] = "sale"

    def to_dict(self) -> dict[str, Any]:
        return PendingHaggle.to_dict(self) | {"card": card_str(self.card)}


@dataclass(frozen=True, slots=True)
class PendingCardHaggle(PendingHaggle):
    """A haggle over the seller's face-down card at ``position`` (0 = top)."""

    position: int
    context: ClassVar[str] = "market"

    def to_dict(self) -> dict[str, Any]:
        return PendingHaggle.to_dict(self) | {"position": self.position}


@dataclass(frozen=True, slots=True)
class PendingMarket:
    """Phase ``market``: ``polling`` is asked now, seats are asked in ``order``; ``offers_made``
    lists (seat, offers opened) in seat order, up to ``offers_per_window`` each."""

    polling: int | None
    order: tuple[int, ...]
    offers_made: tuple[tuple[int, int], ...]
    offers_per_window: int

    def to_dict(self) -> dict[str, Any]:
        return {"polling": self.polling, "order": list(self.order),
                "offers_made": {str(k): v for k, v in self.offers_made},
                "offers_per_window": self.offers_per_window}


AnyHaggle = PendingTrumpHaggle | PendingCardHaggle
Pending = PendingSale | AnyHaggle | PendingMarket


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of the game (``seat`` None: a spectator's). Cards are ints (see
    ``cards.py``); ``to_dict`` writes them as names."""

    seat: int | None
    names: tuple[str, ...]
    rules: Rules
    phase: Phase
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
    pending: Pending | None
    legal: tuple[Template, ...]
    odds: Odds
    hands: tuple[HandResult, ...]
    fair: Fraction | None = None  # fair value in chips of the card at stake (Game.fair_value)
    match_end: str | None = None  # why the match ended (Game.match_end_reason)
    # the kinds of move open to the seat to act in a haggle (public: the prompt names only
    # real choices); empty in every other phase
    actor_moves: frozenset[str] = frozenset()
    # the context of the decision under way, whoever's it is (public: ``Game.decision``)
    context: DecisionContext | None = None
    stage: Stage = Stage.PLAYING

    @property
    def decision(self) -> DecisionContext | None:
        """The context of this seat's own decision; None when it is not this seat's turn."""
        ctx = self.context
        return ctx if ctx is not None and self.seat is not None and ctx.seat == self.seat else None

    @property
    def trump(self) -> str | None:
        return None if self.upcard is None else suit_of(self.upcard)

    def facedown_fair(self) -> int | None:
        """The fair value in chips, rounded, of any one face-down card (its exact chance × (the
        pot + the next deal's worth), as ``DecisionContext.fair``; the same for every face-down
        card), or None when no face-down card is in play."""
        value = self._facedown_value()
        return None if value is None else round(value)

    def facedown_worth(self) -> dict[str, object] | None:
        """The same fair value exactly (``odds.exact``: the fraction and its float), for the page
        to word as every other fair value is worded (``text.fair_chips``), or None."""
        value = self._facedown_value()
        return None if value is None else exact(value)

    def _facedown_value(self) -> Fraction | None:
        if self.phase in (Phase.DEAL, Phase.MATCH_OVER) or not any(self.stacks):
            return None
        return self.odds.per_card * (self.pot + deal_value(self.rules, self.hand, self.chips))

    def orders(self) -> list[dict[str, Any]] | None:
        """What each seat may order now for a face-down card (a standing order, sent at the
        next market window that asks it): ``{"buyer", "owners", "price"}`` per seat still in,
        ``owners`` the seats whose face-down cards it may name (in seat order), ``price`` the
        bounds of an offer (None, and no owners, for a seat without chips). None when no order
        can be placed (between hands, without face-down buying, no face-down card in play)."""
        if self.rules.offers_per_window == 0 or self.facedown_fair() is None:
            return None
        n = len(self.names)
        out = []
        for b in range(n):
            if self.busted[b]:
                continue
            able = self.chips[b] >= 1
            owners = [s for s in range(n) if able and s != b and self.stacks[s] and not self.busted[s]]
            out.append({"buyer": b, "owners": owners,
                        "price": {"min": 1, "max": self.chips[b]} if able else None})
        return out

    def turn(self) -> dict[str, Any] | None:
        """What the seat to act is asked now, as the whole table sees it (the page paces the
        computer players and opens its panels by this, never by ``phase``): ``seat`` (who
        acts), ``kind`` (``"deal"``, ``"reveal"``, ``"sale"``: keep or sell the best trump,
        ``"firm"``: buy it at a firm price or not, ``"auction"``: bid or pass, ``"confirm"``:
        sell to the top bid or not, ``"haggle"``, ``"market"``: make an offer for a face-down
        card or pass), ``parties`` (the seats in the trade under way: a firm sale's seller and
        the seat asked, an auction's seller and bidders still in, a haggle's seller and buyer,
        else the seat to act alone), ``bidders`` (an auction's bidders still in, else empty)
        and ``facedown`` (a face-down card is at stake). None when nobody is to act.

        >>> from speculation.game import Game
        >>> g = Game(["A", "B", "C"], seed=1)
        >>> observe(g, 1).turn()
        {'seat': 0, 'kind': 'deal', 'parties': [0], 'bidders': [], 'facedown': False}
        """
        seat, p = self.to_act, self.pending
        if seat is None:
            return None
        kind: str = str(self.phase)
        parties: list[int] = [seat]
        bidders: list[int] = []
        facedown = False
        if isinstance(p, PendingFirm):
            parties = [p.seller] + ([p.asking] if p.asking is not None else [])
        elif isinstance(p, PendingAuction):
            kind = "confirm" if self.phase == "auction_confirm" else "auction"
            parties, bidders = [p.seller, *p.bidders], list(p.bidders)
        elif isinstance(p, PendingHaggle):
            kind, parties, facedown = "haggle", [p.seller, p.buyer], p.context == "market"
        elif isinstance(p, PendingMarket):
            facedown = True
        return {"seat": seat, "kind": kind, "parties": parties, "bidders": bidders,
                "facedown": facedown}

    def hand_line(self) -> dict[str, str]:
        """The table's heading for the hand: ``label`` and ``value``, "Hand" and "2 of 5" in a
        match of five hands, "2" in a match played until one player has every chip; before the
        first deal, the first hand's. (The bridge names a daily deal in the label.)"""
        number, total = max(self.hand, 1), self.rules.max_hands
        return {"label": "Hand", "value": f"{number} of {total}" if total else str(number)}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the bridge's ``view``)."""
        n = len(self.names)
        fair = None if self.fair is None else round(self.fair)
        hands = [h.to_dict() | {"outcome": hand_outcome(h, self.names), "upcard": h.upcard,
                                "upcard_owner": h.upcard_owner} for h in self.hands]
        return {
            "seat": self.seat, "stage": self.stage, "phase": self.phase, "to_act": self.to_act,
            "hand": self.hand, "hand_line": self.hand_line(),
            "dealer": self.dealer, "pot": self.pot, "trump": self.trump,
            "upcard": card_str_or_none(self.upcard), "upcard_owner": self.upcard_owner,
            "best": None if self.best is None else {"card": card_str(self.best),
                                                     "holder": self.holder},
            "seats": [{"seat": i, "name": self.names[i], "chips": self.chips[i],
                       "stack": self.stacks[i], "revealed": [card_str(c) for c in self.revealed[i]],
                       "busted": self.busted[i], "dealer": i == self.dealer} for i in range(n)],
            "dead_hand": self.dead_hand if self.rules.dead_hand else None,
            "unseen": self.unseen,
            "seen": sorted(card_str(c) for c in self.seen),
            "pending": None if self.pending is None else self.pending.to_dict(),
            "prompt": prompt(self),
            "decision": decision_dict(self.decision),
            "turn": self.turn(),
            "orders": self.orders(),
            "legal": [t.to_dict(fair) for t in self.legal],
            "odds": self.odds.to_dict(),
            "facedown_fair": self.facedown_fair(),
            "facedown_worth": self.facedown_worth(),
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
    context = game.decision(odds)
    return Observation(
        seat=seat, names=game.names, rules=game.rules, phase=game.phase, to_act=game.to_act,
        hand=game.hand_no, dealer=game.dealer, pot=game.pot, upcard=game.upcard,
        upcard_owner=game.upcard_owner, best=game.best, holder=game.holder,
        chips=tuple(game.chips), busted=tuple(game.busted),
        stacks=tuple(len(s) for s in game.stacks),
        revealed=tuple(tuple(r) for r in game.revealed), dead_hand=len(game.dead),
        seen=frozenset(game.seen), unseen=game.unseen_count(), pending=pending(game),
        legal=legal, odds=odds, hands=tuple(game.hands),
        fair=context.fair if legal and context is not None else None,
        match_end=game.match_end_reason(), actor_moves=_actor_moves(game, seat, legal),
        context=context, stage=game.stage)


def _actor_moves(game: Game, seat: int | None, legal: tuple[Template, ...]) -> frozenset[str]:
    """The kinds of move open to the seat to act, for the prompt. Only a haggle's prompt needs
    them (is a counter-offer possible?), so other phases skip the work (bots observe often)."""
    if game.to_act is None or game.phase is not Phase.NEGOTIATION:
        return frozenset()
    return frozenset(t.kind for t in (legal if seat == game.to_act else game.legal_actions(game.to_act)))


def pending(game: Game) -> Pending | None:
    """Public details of the decision under way (sales, bids and haggles are open to all)."""
    p = game.pending
    match p:
        case None:
            return None
        case Haggle():
            h = (p.seller, p.buyer, p.ask, p.bid, p.asks, p.bids, game.rules.negotiation_rounds,
                 p.to_move, p.offers)
            if isinstance(p.item, Lot):
                return PendingTrumpHaggle(*h, card=p.item.card)
            return PendingCardHaggle(*h, position=p.item.position)
        case SaleChoice():
            return PendingSale(p.lot.card, p.lot.seller, None)
        case FirmSale():
            return PendingFirm(p.lot.card, p.lot.seller, "firm", p.price, game.to_act, p.queue)
        case AuctionSale() | TopBid():
            au = p if isinstance(p, AuctionSale) else p.auction
            return PendingAuction(au.lot.card, au.lot.seller, "auction", au.reserve,
                                  au.high_bid or None, au.high_bidder, au.queue)
        case Window():
            return PendingMarket(game.to_act, p.order, p.offers, game.rules.offers_per_window)
        case _:
            assert_never(p)


def decision_dict(ctx: DecisionContext | None) -> dict[str, Any] | None:
    """``view.decision``: a ``DecisionContext`` in JSON (exact numbers as ``{p, f}``, cards by
    name), None without one."""
    if ctx is None:
        return None
    return {"seat": ctx.seat, "role": ctx.role, "stake": ctx.stake,
            "chance": None if ctx.chance is None else exact(ctx.chance),
            "fair": None if ctx.fair is None else exact(ctx.fair),
            "deal": None if ctx.fair is None else exact(ctx.deal),
            "card": card_str_or_none(ctx.card), "owner": ctx.owner, "position": ctx.position,
            "answering": ctx.answering, "price": ctx.price, "above": ctx.above,
            "buyers": list(ctx.buyers)}


def hand_outcome(h: HandResult, names: tuple[str, ...]) -> dict[str, Any]:
    """The machine-readable result of a hand: ``winners`` (empty when the pot carries over),
    the ``reason`` code, the ``card`` that decided it (face up by then, or None), ``ace``: that
    card when it is the ace of trumps, which ends the hand the moment it is turned up (None
    otherwise), the ``pot`` and the finished sentence ``text``."""
    card = parse_card(h.deciding) if h.deciding is not None else None
    winner = names[h.winner] if h.winner is not None else None
    return {"winners": [] if h.winner is None else [h.winner], "reason": h.reason,
            "card": h.deciding, "ace": h.deciding if h.reason in ACE_REASONS else None,
            "pot": h.pot, "text": hand_sentence(winner, h.pot, card, h.reason)}


ACE_REASONS = frozenset({HandReason.ACE_UPCARD.value, HandReason.ACE_REVEALED.value})
"""The reasons a hand ends at once: the ace of trumps turned up (as the upcard, or later)."""


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
            "text": match_sentence([obs.names[i] for i in winners], top, obs.match_end),
            "standings_text": standings_sentence(obs.hand, [(obs.names[i], obs.chips[i]) for i in order])}


def prompt(obs: Observation) -> dict[str, Any] | None:
    """The decision under way in words: ``text`` for everyone (third person, with names) and
    ``you`` for the seat to act (second person). None once the match is over."""
    seat = obs.to_act
    if seat is None:
        return None
    text, you = _prompt_words(obs, seat)
    return {"seat": seat, "text": text, "you": you}


def _prompt_words(obs: Observation, seat: int) -> tuple[str, str]:
    who, names, p = obs.names[seat], obs.names, obs.pending
    if isinstance(p, (PendingTrumpHaggle, PendingCardHaggle)):
        return _haggle_words(obs, seat, p)
    if p is None or isinstance(p, PendingMarket):  # deal, reveal, market
        return _PLAIN_WORDS[obs.phase](who)
    if not isinstance(p, PendingSale):
        assert_never(p)
    card = f"the {card_name(p.card)}"
    seller = names[p.seller]
    if isinstance(p, PendingFirm):
        price = chips(p.price)
        return (f"{who} decides whether to buy {card} from {seller} for {price}.",
                f"Buy {card} from {seller} for {price}?")
    if not isinstance(p, PendingAuction):  # phase sale: the choice to keep or sell
        return (f"{who} decides whether to keep or sell {card}.", f"Keep or sell {card}?")
    if obs.phase is Phase.AUCTION_CONFIRM:
        high, bidder = chips(p.high_bid or 0), names[p.high_bidder or 0]
        return (f"{who} decides whether to sell {card} to {bidder} for the top bid of {high}.",
                f"Sell {card} to {bidder} for the top bid of {high}?")
    if p.high_bid is not None and p.high_bidder is not None:
        state = f"the top bid is {chips(p.high_bid)}, from {names[p.high_bidder]}"
    elif p.reserve > 1:
        state = f"no bids yet, reserve {chips(p.reserve)}"
    else:
        state = "no bids yet"
    return (f"{who} bids for {card} or passes ({state}).",
            f"Bid for {card} or pass? ({capitalised(state)}.)")


_PLAIN_WORDS: dict[str, Callable[[str], tuple[str, str]]] = {
    Phase.DEAL: lambda who: (f"{who} deals the next hand.", "Deal the next hand."),
    Phase.REVEAL: lambda who: (f"{who} turns up the top card of their stack.",
                               "Turn up the top card of your stack."),
    Phase.MARKET: lambda who: (f"{who} may offer for another player's face-down card, or pass.",
                               "Offer for another player's face-down card, or pass?"),
}


def _haggle_words(obs: Observation, seat: int, p: AnyHaggle) -> tuple[str, str]:
    names = obs.names
    who, seller, buyer = names[seat], p.seller, p.buyer
    if isinstance(p, PendingTrumpHaggle):
        item = you_item = f"the {card_name(p.card)}"
    else:
        place = f"{ordinal(p.position)} face-down card"
        item = f"{names[seller]}'s {place}"
        # to the seller "your card"; to the buyer, after the seller's name, "their card"
        # (not "Mary asks 2 chips for Mary's top face-down card")
        you_item = f"your {place}" if seat == seller else f"their {place}" if seat == buyer else item
    # "counter" only when a counter-offer is legal (no whole price may lie between the two)
    can_counter = "counter" in obs.actor_moves
    if seat == buyer:
        offer, other = chips(p.ask or 0), names[seller]
        choices = "accept, counter or break off?" if can_counter else "accept or break off?"
        return (f"{who} answers {other}'s ask of {offer} for {item}.",
                f"{other} asks {offer} for {you_item}: {choices}")
    offer, other = chips(p.bid or 0), names[buyer]
    choices = "accept, counter or refuse?" if can_counter else "accept or refuse?"
    return (f"{who} answers {other}'s offer of {offer} for {item}.",
            f"{other} offers {offer} for {you_item}: {choices}")

