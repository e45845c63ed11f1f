"""The state machine of a match of Speculation.

One mutable ``Game`` moves through phases (drawn in ``docs/architecture.md``). Exactly one seat
is ever to act (``game.to_act``); ``legal_actions()`` lists what it may do as templates with
bounds; ``apply(action)`` checks the action against those templates *before* changing anything,
then changes the state and returns the frozen events. An illegal action raises
``IllegalActionError`` and the game is left untouched.

>>> g = Game(["Fanny", "Edmund", "Mary"], seed=1)
>>> g.phase, g.to_act
(<Phase.DEAL: 'deal'>, 0)
>>> events = g.apply(Action(0, "deal"))
>>> g.pot, [len(s) for s in g.stacks]
(12, [3, 3, 3])
>>> try:
...     g.apply(Action(2, "reveal"))
... except IllegalActionError as e:
...     e.code
'not_your_turn'

Hidden cards live only in ``stacks`` and ``dead``; nothing that leaves through
``speculation.observation`` contains them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any, Generic, Literal, TypeVar, assert_never

from .actions import Action, Event, Template, counter_bounds
from .cards import (
    ACE,
    Card,
    card_name,
    card_str,
    card_str_or_none,
    pack,
    parse_card,
    rank_of,
    suit_of,
    unseen_trumps,
)
from .errors import ErrorCode, IllegalActionError, RulesError, SpeculationError
from .log import LogEntry, Step
from .odds import Odds, compute_odds
from .rules import NAME_MAX, Rules
from .text import chips, hand_sentence, match_sentence, ordinal, suit_word
from .worth import deal_value


class Phase(StrEnum):
    """The phases of a match (``docs/architecture.md`` draws how they follow each other). A
    ``str`` enum: ``Phase.SALE == "sale"``, and JSON, records and views carry the plain value."""

    DEAL = "deal"
    SALE = "sale"
    FIRM = "firm"
    NEGOTIATION = "negotiation"
    AUCTION = "auction"
    AUCTION_CONFIRM = "auction_confirm"
    MARKET = "market"
    REVEAL = "reveal"
    MATCH_OVER = "match_over"


class Stage(StrEnum):
    """Where the match stands, for whoever draws it: a hand under way (or the first deal),
    a hand just over (its result in ``hands[-1]``, the next not yet dealt), or the match over."""

    PLAYING = "playing"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


# ---------------------------------------------------------------------- the decision under way
# One frozen value per phase that has something pending (``Game.pending``); deal, reveal and
# match_over have none. A transition builds a new value (``dataclasses.replace``), never edits one.


@dataclass(frozen=True, slots=True)
class Lot:
    """A face-up card (the upcard or a new best trump) that its owner may sell, and the seat that
    turned it up (play resumes from there)."""

    card: Card
    seller: int
    revealer: int


@dataclass(frozen=True, slots=True)
class SaleChoice:
    """Phase ``sale``: the owner keeps the lot or chooses how to sell it."""

    lot: Lot


@dataclass(frozen=True, slots=True)
class FirmSale:
    """Phase ``firm``: the lot at a fixed ``price``, put to each of ``queue`` in turn (the first
    is being asked)."""

    lot: Lot
    price: int
    queue: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AuctionSale:
    """Phase ``auction``: the bidders still in (``queue``), ``turn`` (index into it of the bidder
    to act), the reserve and the top bid so far (``high_bid`` 0 and ``high_bidder`` None before
    the first bid)."""

    lot: Lot
    reserve: int
    queue: tuple[int, ...]
    turn: int = 0
    high_bid: int = 0
    high_bidder: int | None = None

    @property
    def minimum(self) -> int:
        """The lowest bid allowed now."""
        return max(self.high_bid + 1, self.reserve)


@dataclass(frozen=True, slots=True)
class TopBid:
    """Phase ``auction_confirm``: the auction is over and the seller may refuse ``bidder``'s top
    bid (``auction_seller_may_refuse``)."""

    auction: AuctionSale
    bidder: int


@dataclass(frozen=True, slots=True)
class Window:
    """Phase ``market``: seats are polled in ``order`` (``index``: the seat asked now); each may
    open up to the rules' number of purchase offers (``offers``: (seat, offers opened) pairs in
    seat order), then passes."""

    order: tuple[int, ...]
    index: int = 0
    offers: tuple[tuple[int, int], ...] = ()

    def made(self, seat: int) -> int:
        """Offers ``seat`` has opened in this window."""
        return next((n for s, n in self.offers if s == seat), 0)

    def with_offer(self, seat: int) -> Window:
        counts = dict(self.offers)
        counts[seat] = counts.get(seat, 0) + 1
        return replace(self, offers=tuple(sorted(counts.items())))


@dataclass(frozen=True, slots=True)
class Facedown:
    """One face-down card, at ``position`` in the seller's stack, wanted during ``window``."""

    window: Window
    position: int


@dataclass(frozen=True, slots=True)
class Haggle:
    """Phase ``negotiation``: alternating offers between a seller and one buyer for ``item``, the
    lot on sale or one face-down card. ``ask``/``bid``: the last price each side named (None
    before its first); ``asks``/``bids``: how many each has named."""

    item: Lot | Facedown
    seller: int
    buyer: int
    to_move: int
    ask: int | None
    bid: int | None
    asks: int
    bids: int
    # every price named so far, in order: (seat, price); the seller's are asks, the buyer's bids
    offers: tuple[tuple[int, int], ...] = ()


Pending = SaleChoice | FirmSale | AuctionSale | TopBid | Haggle | Window

StakeKind = Literal["trump", "card"]
Role = Literal["seller", "buyer", "dealer", "revealer"]


@dataclass(frozen=True, slots=True)
class DecisionContext:
    """The public context of the decision of ``seat`` (the seat to act), stated once by the
    engine (``Game.decision``) for the log's ``Step``, the bots, the coach and ``view.decision``.

    ``role``: ``"seller"`` (the owner of the stake, deciding whether or how to part with it),
    ``"buyer"``, or ``"dealer"``/``"revealer"`` for the deal and a reveal, where nothing is at
    stake. ``stake``: ``"trump"`` (the best trump showing, ``card``, owned by ``owner``) or
    ``"card"`` (one face-down card: in a haggle ``owner``'s card at ``position``; in a market
    window any other player's, so ``owner`` is None); None without a stake. ``chance``: the
    stake's exact chance of taking the pot; ``fair``: what it is worth, in chips (exact): chance ×
    (the pot + ``deal``), ``deal`` being what dealing the next hand adds to taking this pot
    (``worth.deal_value``: the winner deals next; 0 on a match's last hand). It is the one value
    of a card: the coach, the standing answers and the trading score all use it.
    ``answering``/``price``: the seat whose price this decision answers and that price (the firm
    price, the top bid, the other side's last price in a haggle), None when it answers none.
    ``above``: unseen trumps ranked above the best trump showing. ``buyers``: in the choice to
    keep or sell, the seats that may buy, in the order they are asked.

    >>> g = Game(["Fanny", "Edmund", "Mary"], seed=1)
    >>> g.decision().role
    'dealer'
    >>> _ = g.apply(Action(0, "deal"))
    >>> d = g.decision()
    >>> (d.seat, d.role, d.stake, d.owner, d.buyers, d.fair == d.chance * (g.pot + d.deal))
    (0, 'seller', 'trump', 0, (1, 2), True)
    >>> round(float(d.deal), 2)   # the first hand of five: taking the pot also deals the next
    4.61
    """

    seat: int
    role: Role
    stake: StakeKind | None = None
    chance: Fraction | None = None
    fair: Fraction | None = None
    card: Card | None = None
    owner: int | None = None
    position: int | None = None
    answering: int | None = None
    price: int | None = None
    above: int = 0
    buyers: tuple[int, ...] = ()
    deal: Fraction = Fraction(0)


class HandReason(StrEnum):
    """Why a hand ended (``HandResult.reason``; ``text.REASONS`` words each)."""

    ACE_UPCARD = "ace_upcard"
    ACE_REVEALED = "ace_revealed"
    LAST_CARD = "last_card"
    POOL = "pool"
    DEAD_HAND = "dead_hand"
    NO_TRUMP = "no_trump"


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``winner`` is None when the pot carried over; ``card`` is the best
    trump of the holder's cards; ``deciding`` the card that decided the hand, face up by then
    (``card``, or the dead hand's top trump when that beat it)."""

    number: int
    dealer: int
    winner: int | None
    card: str | None
    pot: int
    reason: HandReason
    cards: tuple[tuple[str, ...], ...]
    dead_hand: tuple[str, ...]
    chips_before: tuple[int, ...]
    chips_after: tuple[int, ...]
    deciding: str | None = None
    # the hand's upcard and the seat that owned it at the end (None: the pool's); the view shows
    # it among its owner's cards. Not in the saved form: a replay makes it again.
    upcard: str | None = None
    upcard_owner: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The saved form (``records.saved_state``; saves compare it, so it keeps its first keys).
        The view's ``outcome.card`` is ``deciding``."""
        return {"number": self.number, "dealer": self.dealer, "winner": self.winner,
                "card": self.card, "pot": self.pot, "reason": self.reason,
                "cards": [list(c) for c in self.cards], "dead_hand": list(self.dead_hand),
                "chips_before": list(self.chips_before), "chips_after": list(self.chips_after),
                "change": [a - b for a, b in zip(self.chips_after, self.chips_before, strict=True)]}




class Game:
    """A match: the table, the current hand and everything needed to replay it.

    ``decks`` optionally fixes the order of the pack for successive shuffles: each entry lists
    cards from the top (``"QH"`` or ints); cards it leaves out follow in seeded random order.
    """

    def __init__(self, names: Sequence[str], rules: Rules | None = None, seed: int = 0,
                 decks: Sequence[Sequence[Card | str]] = ()) -> None:
        self.rules = rules or Rules()
        self.rules.check_players(len(names))
        check_seed(seed)
        if isinstance(names, (str, bytes)) or not all(
                isinstance(x, str) and 0 < len(x.strip()) <= NAME_MAX for x in names):
            raise RulesError(ErrorCode.BAD_PLAYERS, f"each player needs a name of 1 to {NAME_MAX} "
                             "characters", "players")
        self.names: tuple[str, ...] = tuple(x.strip() for x in names)
        self.seed = seed
        self.decks: tuple[tuple[Card, ...], ...] = tuple(_read_deck(d, self.rules) for d in decks)
        self.rng = random.Random(seed)
        n = len(self.names)
        self.chips = [self.rules.starting_chips] * n
        self.busted = [False] * n
        self.pot = 0
        self.dealer = 0
        self.hand_no = 0
        self.decks_used = 0
        self.stacks: list[list[Card]] = [[] for _ in range(n)]
        self.revealed: list[list[Card]] = [[] for _ in range(n)]
        self.dead: list[Card] = []
        self.dead_shown: list[Card] = []
        self.upcard: Card | None = None
        self.upcard_owner: int | None = None
        self.best: Card | None = None
        self.holder: int | None = None
        self.player_trump_shown = False
        self.seen: set[Card] = set()
        self.stub: list[Card] = []
        self.phase = Phase.DEAL
        self.to_act: int | None = 0
        self.pending: Pending | None = None  # the decision under way (None: deal, reveal, over)
        self.resume_from = 0
        self.hands: list[HandResult] = []
        self.hand_chips: tuple[int, ...] = tuple(self.chips)
        self.actions: list[Action] = []
        self.steps: list[Step] = []  # the public context of each action (log.Step)
        self.log: list[LogEntry] = []  # the public log: one entry per event
        self._events: list[Event] = []
        self._legal: tuple[Template, ...] = ()
        self._legal_key: tuple[int, str, int] | None = None  # templates cached per action count

    _LISTS = ("chips", "busted", "dead", "dead_shown", "stub", "hands", "actions", "steps", "log",
              "_events")

    def clone(self) -> Game:
        """An independent copy of the match as it stands, much cheaper than ``copy.deepcopy``:
        every container of state is copied, the frozen values in them (cards, pending
        decisions, log steps) are shared. Play on the copy leaves this game as it was.

        >>> g = Game(["A", "B", "C"], seed=4)
        >>> _ = g.apply(Action(0, "deal"))
        >>> h = g.clone()
        >>> _ = h.apply(h.legal_actions()[0].example())
        >>> len(h.actions), len(g.actions), h.stacks is g.stacks
        (2, 1, False)
        """
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        for name in self._LISTS:
            setattr(g, name, list(getattr(self, name)))
        g.stacks = [list(s) for s in self.stacks]
        g.revealed = [list(s) for s in self.revealed]
        g.seen = set(self.seen)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        return g

    # ------------------------------------------------------------------ queries

    @property
    def seats(self) -> range:
        return range(len(self.names))

    @property
    def trump(self) -> str | None:
        return suit_of(self.upcard) if self.upcard is not None else None

    def active(self, seat: int) -> bool:
        """Still in the match (not busted)."""
        return not self.busted[seat]

    def left_of(self, seat: int) -> int:
        return (seat + 1) % len(self.names)

    def seats_from(self, start: int) -> list[int]:
        """Active seats in turn order, starting at ``start`` (included if active)."""
        n = len(self.names)
        order = list(range(start, n)) + list(range(start))
        if True in self.busted:
            return [s for s in order if not self.busted[s]]
        return order

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.MATCH_OVER

    @property
    def stage(self) -> Stage:
        """``Stage.HAND_OVER`` from the end of a hand until the next deal, ``MATCH_OVER`` at the
        end, else ``PLAYING``.

        >>> g = Game(["Fanny", "Edmund"], seed=1)
        >>> g.stage
        <Stage.PLAYING: 'playing'>
        """
        if self.phase is Phase.MATCH_OVER:
            return Stage.MATCH_OVER
        if self.phase is Phase.DEAL and self.hands and self.hand_no == self.hands[-1].number:
            return Stage.HAND_OVER
        return Stage.PLAYING

    def legal_actions(self, seat: int | None = None) -> tuple[Template, ...]:
        """Templates of every legal action for ``seat`` (default: the seat to act). A seat that is
        not to act has none."""
        actor = self.to_act
        if actor is None or (seat is not None and seat != actor):
            return ()
        key = (len(self.actions), self.phase, actor)
        if self._legal_key != key:
            row = PHASE_TABLE[self.phase]
            self._legal = tuple(row.templates(self, row.state_of(self), actor))
            self._legal_key = key
        return self._legal

    def is_legal(self, action: Action) -> bool:
        """Cheap check of one concrete action."""
        return _well_typed(action) and any(t.admits(action) for t in self.legal_actions(action.seat))

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Verify ``action``, then carry it out and return what happened.

        Raises ``IllegalActionError`` (codes ``match_over``, ``not_your_turn``,
        ``wrong_action``, ``bad_price``, ``unexpected_price``, ``bad_target``, ``bad_action``)
        without changing anything."""
        self._verify(action)
        step = self._step_of(action)
        self._events = []
        self.actions.append(action)
        row = PHASE_TABLE[self.phase]
        row.handlers[action.kind](self, row.state_of(self), action)
        events, self._events = tuple(self._events), []
        self.steps.append(step)
        fair = round(step.fair) if step.stake else None
        start = len(self.log)
        self.log.extend(LogEntry(start + i, step.index, step.hand, step.phase, fair, e)
                        for i, e in enumerate(events))
        return events

    def _step_of(self, a: Action) -> Step:
        """The public context of ``a``, about to be applied (see ``log.Step``), from the
        decision's context (``decision``)."""
        p = self.pending
        ctx = self.decision() if p is not None else None
        stake: str = ""
        role: str = ""
        fair = share = deal = 0.0
        price = a.price
        if ctx is not None and ctx.stake is not None and not (isinstance(p, Window)
                                                                and a.kind != "offer"):
            stake, role, fair = ctx.stake, ctx.role, float(ctx.fair or 0)
            share, deal = float((ctx.chance or 0) * self.pot), float(ctx.deal)
        if isinstance(p, AuctionSale):
            price = p.minimum if a.kind == "pass" else a.price
        elif isinstance(p, (Haggle, FirmSale, TopBid)) and a.kind != "counter" and ctx is not None:
            price = ctx.price
        best_rank = rank_of(self.best) if self.best is not None and self.holder is not None \
            else None
        facedown = sum(len(x) for x in self.stacks) + len(self.dead)
        return Step(len(self.actions), a, self.hand_no, self.phase, self.pot, stake, fair, price,
                    role, best_rank, facedown, share, deal)

    def decision(self, odds: Odds | None = None) -> DecisionContext | None:
        """The public context of the decision under way (``DecisionContext``): whose it is, what
        is at stake, its exact fair value, the role of the seat to act and whom it answers.
        None once the match is over."""
        seat, p = self.to_act, self.pending
        if seat is None:
            return None
        if p is None:
            return DecisionContext(seat, "dealer" if self.phase is Phase.DEAL else "revealer")
        odds = odds or self.odds()
        match p:
            case SaleChoice():
                return self._trump_context(seat, "seller", p.lot, odds,
                                           buyers=tuple(self._buyers(p.lot.seller)))
            case FirmSale():
                return self._trump_context(seat, "buyer", p.lot, odds, p.lot.seller, p.price)
            case AuctionSale():
                return self._trump_context(seat, "buyer", p.lot, odds, p.high_bidder,
                                           p.high_bid or None)
            case TopBid():
                return self._trump_context(seat, "seller", p.auction.lot, odds, p.bidder,
                                           p.auction.high_bid)
            case Haggle():
                selling = seat == p.seller
                theirs = p.bid if selling else p.ask
                other = (p.buyer if selling else p.seller) if theirs is not None else None
                role: Role = "seller" if selling else "buyer"
                if isinstance(p.item, Lot):
                    return self._trump_context(seat, role, p.item, odds, other, theirs)
                return self._card_context(seat, role, odds, p.seller, p.item.position, other,
                                          theirs)
            case Window():
                return self._card_context(seat, "buyer", odds)
            case _:
                assert_never(p)

    def _trump_context(self, seat: int, role: Role, lot: Lot, odds: Odds,
                       answering: int | None = None, price: int | None = None,
                       buyers: tuple[int, ...] = ()) -> DecisionContext:
        chance = odds.best if self.holder is not None else Fraction(0)
        deal = self._deal()
        return DecisionContext(seat, role, "trump", chance, chance * (self.pot + deal), lot.card,
                               self.holder, None, answering, price, self._above(), buyers, deal)

    def _card_context(self, seat: int, role: Role, odds: Odds, owner: int | None = None,
                      position: int | None = None, answering: int | None = None,
                      price: int | None = None) -> DecisionContext:
        deal = self._deal()
        return DecisionContext(seat, role, "card", odds.per_card,
                               odds.per_card * (self.pot + deal), None, owner, position,
                               answering, price, self._above(), deal=deal)

    def _deal(self) -> Fraction:
        """What dealing the next hand adds to taking this pot (``worth.deal_value``)."""
        return deal_value(self.rules, self.hand_no, self.chips)

    def _above(self) -> int:
        """Unseen trumps ranked above the best trump showing (0 without one)."""
        best = self.best
        if best is None:
            return 0
        return unseen_trumps(best, self.seen, self.rules.pack_ranks)[0]

    def check_turn(self, seat: int) -> None:
        """Raise ``not_your_turn`` (with the legal templates) unless it is ``seat``'s decision:
        the one place this error comes from (``apply`` and the bridge's ``bot``)."""
        actor = self.to_act
        if seat != actor:
            who = self.names[actor] if actor is not None else "nobody"  # pragma: no branch
            raise IllegalActionError(
                ErrorCode.NOT_YOUR_TURN, f"it is {who}'s decision (seat {actor}), not seat {seat}'s",
                self.legal_actions())

    def _verify(self, a: Action) -> None:
        if self.phase is Phase.MATCH_OVER:
            raise IllegalActionError(ErrorCode.MATCH_OVER, "the match is over: no more actions")
        if not isinstance(a, Action):
            raise IllegalActionError(ErrorCode.BAD_ACTION, "not an Action")
        if not _well_typed(a):
            raise IllegalActionError(ErrorCode.BAD_ACTION, "seat, price, target and card must be whole "
                                     "numbers")
        self.check_turn(a.seat)
        templates = self.legal_actions()
        if any(t.admits(a) for t in templates):
            return
        same = [t for t in templates if t.kind == a.kind]
        allowed = ", ".join(sorted({t.kind for t in templates}))
        if not same:
            raise IllegalActionError(ErrorCode.WRONG_ACTION, f"{a.kind!r} is not allowed now "
                                     f"(phase {self.phase}); allowed: {allowed}", templates)
        t = same[0]
        if not t.priced and a.price is not None:
            raise IllegalActionError(ErrorCode.UNEXPECTED_PRICE, f"{a.kind} takes no price (got "
                                     f"{a.price}); send it without one", templates)
        bounds = [s.bounds() for s in same if s.priced]
        if bounds and a.price is None:
            raise IllegalActionError(ErrorCode.BAD_PRICE, f"{a.kind} needs a price from {t.price_min} "
                                     f"to {t.price_max}", templates)
        if bounds and a.price is not None and not any(lo <= a.price <= hi for lo, hi in bounds):
            lo = min(b[0] for b in bounds)
            hi = max(b[1] for b in bounds)
            raise IllegalActionError(ErrorCode.BAD_PRICE, f"price {a.price} is out of range for {a.kind}: "
                                     f"it must be from {lo} to {hi}", templates)
        raise IllegalActionError(ErrorCode.BAD_TARGET, f"{a.kind} with target={a.target} card={a.card} "
                                 f"is not allowed; see the legal templates", templates)

    # ------------------------------------------------------------------ templates
    # One builder per phase (``PHASE_TABLE``); each gets the phase's pending value.

    def _buyers(self, seller: int) -> list[int]:
        return [s for s in self.seats_from(self.left_of(seller)) if s != seller and self.chips[s] > 0]

    def _deal_templates(self, _state: None, seat: int) -> list[Template]:
        return [Template("deal", seat)]

    def _reveal_templates(self, _state: None, seat: int) -> list[Template]:
        return [Template("reveal", seat)]

    def _over_templates(self, _state: None, seat: int) -> list[Template]:
        return []

    def _sale_templates(self, _state: SaleChoice, seat: int) -> list[Template]:
        out = [Template("keep", seat)]
        buyers = self._buyers(seat)
        top = max(self.chips[b] for b in buyers)
        methods = self.rules.sale_methods
        if "auction" in methods:
            out.append(Template("sell_auction", seat, 1, top))
        if "firm" in methods:
            out.append(Template("sell_firm", seat, 1, top))
        if "negotiation" in methods:
            out.extend(Template("sell_negotiate", seat, 1, self.chips[b], (b,)) for b in buyers)
        return out

    def _firm_templates(self, p: FirmSale, seat: int) -> list[Template]:
        return [Template("accept", seat, settles_at=p.price), Template("decline", seat)]

    def _auction_templates(self, p: AuctionSale, seat: int) -> list[Template]:
        return [Template("bid", seat, p.minimum, self.chips[seat]), Template("pass", seat)]

    def _confirm_templates(self, p: TopBid, seat: int) -> list[Template]:
        return [Template("accept", seat, settles_at=p.auction.high_bid), Template("decline", seat)]

    def _market_templates(self, _state: Window, seat: int) -> list[Template]:
        cards = tuple((s, i) for s in self.seats_from(self.left_of(seat)) if s != seat
                      for i in range(len(self.stacks[s])))
        return [Template("offer", seat, 1, self.chips[seat], (), cards), Template("pass", seat)]

    def _haggle_templates(self, h: Haggle, seat: int) -> list[Template]:
        out = [Template("accept", seat, settles_at=h.ask if seat == h.buyer else h.bid),
               Template("decline", seat)]
        made = h.asks if seat == h.seller else h.bids
        bounds = counter_bounds(made, self.rules.negotiation_rounds, h.bid, h.ask,
                                self.chips[h.buyer])
        if bounds is not None:
            out.append(Template("counter", seat, *bounds))
        return out

    # ------------------------------------------------------------------ events

    def _emit(self, kind: str, text: str, **kw: Any) -> None:
        self._events.append(Event(kind, text=text, **kw))

    def _name(self, seat: int | None) -> str:
        return "the pool" if seat is None else self.names[seat]

    # ------------------------------------------------------------------ the deal

    def _enter(self, phase: Phase, seat: int | None, pending: Pending | None = None) -> None:
        """Move to ``phase`` with ``seat`` to act and ``pending`` the decision under way."""
        self.phase, self.to_act, self.pending = phase, seat, pending

    def _do_deal(self, _state: None, a: Action) -> None:
        r = self.rules
        self.hand_no += 1
        self.hand_chips = tuple(self.chips)
        for s in self.seats_from(self.dealer):
            amount = r.ante_for(s == self.dealer)
            self.chips[s] -= amount
            self.pot += amount
            self._emit("ante", f"{self.names[s]} antes {chips(amount)}.", seat=s, amount=amount)
        self.stacks = [[] for _ in self.seats]
        self.revealed = [[] for _ in self.seats]
        self.dead, self.dead_shown = [], []
        self.player_trump_shown = False
        players = self.seats_from(self.left_of(self.dealer))
        need = 3 * len(players) + 1 + (3 if r.dead_hand else 0)
        if r.deck == "fresh" or len(self.stub) < need:
            if r.deck == "deal_through" and self.hand_no > 1:
                self._emit("reshuffle", "The pack is gathered and shuffled afresh.")
            self.stub = self._shuffled_pack()
            self.seen = set()
        deck = self.stub
        top = 0
        for _ in range(3):
            for s in players:
                self.stacks[s].append(deck[top])
                top += 1
            if r.dead_hand:
                self.dead.append(deck[top])
                top += 1
        up = deck[top]
        self.stub = deck[top + 1:]
        self.upcard = self.best = up
        self.seen.add(up)
        self.holder = self.upcard_owner = None if r.pool_owns_upcard else self.dealer
        owner = "the pool's" if r.pool_owns_upcard else f"{self.names[self.dealer]}'s"
        self._emit("deal", f"Hand {self.hand_no}: {self.names[self.dealer]} deals three cards "
                   f"face down to each player" + (" and a dead hand" if r.dead_hand else "") + ".",
                   seat=self.dealer)
        self._emit("upcard", f"The upcard is the {card_name(up)} ({owner}): "
                   f"{suit_word(up)} are trumps.", seat=self.holder, card=card_str(up))
        self._penalty(self.holder, up)
        if rank_of(up) == ACE:
            self._end_hand(HandReason.ACE_UPCARD)
        elif self.holder is None:
            self._settled(None, self.dealer)
        else:
            self._offer_for_sale(up, self.dealer, self.dealer)

    def _shuffled_pack(self) -> list[Card]:
        cards = pack(self.rules.pack_ranks)
        fixed: tuple[Card, ...] = ()
        if self.decks_used < len(self.decks):
            fixed = self.decks[self.decks_used]
            self.decks_used += 1
        taken = set(fixed)
        rest = [c for c in cards if c not in taken]
        rng = self.rng.random
        for i in range(len(rest) - 1, 0, -1):
            j = int(rng() * (i + 1))
            rest[i], rest[j] = rest[j], rest[i]
        return list(fixed) + rest

    def _penalty(self, owner: int | None, card: Card) -> None:
        if not self.rules.jack_five_penalty or owner is None or rank_of(card) not in (5, 11):
            return
        paid = min(1, self.chips[owner])
        self.chips[owner] -= paid
        self.pot += paid
        self._emit("penalty", f"{self.names[owner]} pays {chips(paid)} to the pot for the "
                   f"{card_name(card)}." if paid else f"{self.names[owner]} owes a chip for the "
                   f"{card_name(card)} but has none.", seat=owner, card=card_str(card), amount=paid)

    # ------------------------------------------------------------------ selling a face-up card

    def _offer_for_sale(self, card: Card, seller: int, revealer: int) -> None:
        # Once nobody but the new holder has a face-down card the hand is decided, so there is
        # nothing left to sell: settling ends the hand at once (issue 15).
        if self.rules.sale_methods and self._buyers(seller) and not self._hand_is_decided():
            self._enter(Phase.SALE, seller, SaleChoice(Lot(card, seller, revealer)))
        else:
            self._settled(seller, revealer)

    def _do_keep(self, p: SaleChoice, a: Action) -> None:
        card = p.lot.card
        self._emit("kept", f"{self.names[a.seat]} keeps the {card_name(card)}.",
                   seat=a.seat, card=card_str(card))
        self._keep(p.lot)

    def _keep(self, lot: Lot) -> None:
        self.pending = None
        self._settled(lot.seller, lot.revealer)

    def _do_sell_firm(self, p: SaleChoice, a: Action) -> None:
        price, card = _given(a.price), p.lot.card
        queue = tuple(self._buyers(a.seat))
        self._emit("sale_offered", f"{self.names[a.seat]} offers the {card_name(card)} at "
                   f"{chips(price)}: first to accept buys it.", seat=a.seat, card=card_str(card),
                   amount=price, method="firm")
        self._firm_next(FirmSale(p.lot, price, queue))

    def _firm_next(self, f: FirmSale) -> None:
        queue = list(f.queue)
        while queue:
            s = queue[0]
            if self.chips[s] >= f.price:
                return self._enter(Phase.FIRM, s, replace(f, queue=tuple(queue)))
            queue.pop(0)
            self._emit("skipped", f"{self.names[s]} cannot afford {chips(f.price)}.", seat=s)
        lot = f.lot
        self._emit("kept", f"Nobody buys: {self.names[lot.seller]} keeps the "
                   f"{card_name(lot.card)}.", seat=lot.seller, card=card_str(lot.card))
        self._keep(lot)

    def _firm_accept(self, p: FirmSale, a: Action) -> None:
        self._sell_card(p.lot, a.seat, p.price, "firm")

    def _firm_decline(self, p: FirmSale, a: Action) -> None:
        self._emit("declined", f"{self.names[a.seat]} declines.", seat=a.seat)
        self._firm_next(replace(p, queue=p.queue[1:]))

    def _do_sell_auction(self, p: SaleChoice, a: Action) -> None:
        price, card = _given(a.price), p.lot.card
        queue = tuple(self._buyers(a.seat))
        reserve = f" (reserve {chips(price)})" if price > 1 else ""
        self._emit("sale_offered", f"{self.names[a.seat]} puts the {card_name(card)} up "
                   f"for auction{reserve}.", seat=a.seat, card=card_str(card),
                   amount=price, method="auction")
        self._auction_next(AuctionSale(p.lot, price, queue))

    def _auction_next(self, au: AuctionSale) -> None:
        """Find the next bidder at or after ``au.turn``, dropping those who cannot bid."""
        queue, turn = list(au.queue), au.turn
        while True:
            if not any(s != au.high_bidder for s in queue):
                return self._auction_close(replace(au, queue=tuple(queue), turn=turn))
            turn %= len(queue)
            s = queue[turn]
            if s == au.high_bidder:
                turn += 1
                continue
            if self.chips[s] < au.minimum:
                queue.pop(turn)
                self._emit("skipped", f"{self.names[s]} cannot outbid {chips(au.high_bid)} and "
                           "drops out." if au.high_bid else f"{self.names[s]} cannot afford the "
                           "reserve.", seat=s)
                continue
            return self._enter(Phase.AUCTION, s, replace(au, queue=tuple(queue), turn=turn))

    def _auction_close(self, au: AuctionSale) -> None:
        lot = au.lot
        if au.high_bidder is None:
            self._emit("kept", f"No bids: {self.names[lot.seller]} keeps the "
                       f"{card_name(lot.card)}.", seat=lot.seller, card=card_str(lot.card))
            return self._keep(lot)
        if self.rules.auction_seller_may_refuse:
            return self._enter(Phase.AUCTION_CONFIRM, lot.seller, TopBid(au, au.high_bidder))
        self._sell_card(lot, au.high_bidder, au.high_bid, "auction")

    def _do_bid(self, p: AuctionSale, a: Action) -> None:
        price = _given(a.price)
        self._emit("bid", f"{self.names[a.seat]} bids {chips(price)}.", seat=a.seat, amount=price)
        self._auction_next(replace(p, high_bid=price, high_bidder=a.seat,
                                   turn=p.queue.index(a.seat) + 1))

    def _auction_pass(self, p: AuctionSale, a: Action) -> None:
        i = p.queue.index(a.seat)
        self._emit("passed", f"{self.names[a.seat]} passes.", seat=a.seat)
        self._auction_next(replace(p, queue=p.queue[:i] + p.queue[i + 1:], turn=i))

    def _confirm_accept(self, p: TopBid, a: Action) -> None:
        self._sell_card(p.auction.lot, p.bidder, p.auction.high_bid, "auction")

    def _confirm_decline(self, p: TopBid, a: Action) -> None:
        card = p.auction.lot.card
        self._emit("kept", f"{self.names[a.seat]} refuses the top bid of "
                   f"{chips(p.auction.high_bid)} and keeps the {card_name(card)}.", seat=a.seat,
                   card=card_str(card))
        self._keep(p.auction.lot)

    def _sell_card(self, lot: Lot, buyer: int, price: int, method: str) -> None:
        """Atomic transfer of the face-up card on sale: chips to the seller, card to the buyer."""
        seller, card = lot.seller, lot.card
        self.chips[buyer] -= price
        self.chips[seller] += price
        if card == self.upcard:
            self.upcard_owner = buyer
        elif card in self.revealed[seller]:
            self.revealed[seller].remove(card)
            self.revealed[buyer].append(card)
        self.holder = buyer
        self._emit("sold", f"{self.names[seller]} sells the {card_name(card)} to "
                   f"{self.names[buyer]} for {chips(price)}.", seat=seller, other=buyer,
                   card=card_str(card), amount=price, method=method)
        self.pending = None
        self._settled(buyer, lot.revealer)

    # ------------------------------------------------------------------ haggling

    def _do_sell_negotiate(self, p: SaleChoice, a: Action) -> None:
        target, price, card = _given(a.target), _given(a.price), p.lot.card
        self._emit("sale_offered", f"{self.names[a.seat]} offers the {card_name(card)} to "
                   f"{self.names[target]}, asking {chips(price)}.", seat=a.seat, other=target,
                   card=card_str(card), amount=price, method="negotiation")
        self._enter(Phase.NEGOTIATION, target,
                    Haggle(p.lot, a.seat, target, target, ask=price, bid=None, asks=1, bids=0,
                           offers=((a.seat, price),)))

    def _do_offer(self, w: Window, a: Action) -> None:
        target, position, price = _given(a.target), _given(a.card), _given(a.price)
        self._emit("offer", f"{self.names[a.seat]} offers {chips(price)} for "
                   f"{self.names[target]}'s {ordinal(position)} face-down card, sight unseen.",
                   seat=a.seat, other=target, position=position, amount=price)
        self._enter(Phase.NEGOTIATION, target,
                    Haggle(Facedown(w.with_offer(a.seat), position), target, a.seat, target,
                           ask=None, bid=price, asks=0, bids=1, offers=((a.seat, price),)))

    def _do_counter(self, h: Haggle, a: Action) -> None:
        price = _given(a.price)
        if a.seat == h.seller:
            h, other = replace(h, ask=price, asks=h.asks + 1, to_move=h.buyer), h.buyer
        else:
            h, other = replace(h, bid=price, bids=h.bids + 1, to_move=h.seller), h.seller
        h = replace(h, offers=(*h.offers, (a.seat, price)))
        self._emit("counter", f"{self.names[a.seat]} counters with {chips(price)}.", seat=a.seat,
                   other=other, amount=price)
        self._enter(Phase.NEGOTIATION, h.to_move, h)

    def _haggle_accept(self, h: Haggle, a: Action) -> None:
        price = _given(h.ask if a.seat == h.buyer else h.bid)
        self.pending = None
        item = h.item
        if isinstance(item, Lot):
            return self._sell_card(item, h.buyer, price, "negotiation")
        card = self.stacks[h.seller].pop(item.position)
        self.stacks[h.buyer].append(card)
        self.chips[h.buyer] -= price
        self.chips[h.seller] += price
        self._emit("bought_facedown", f"{self.names[h.buyer]} buys {self.names[h.seller]}'s "
                   f"{ordinal(item.position)} face-down card for {chips(price)}; it goes to the "
                   f"bottom of {self.names[h.buyer]}'s stack, still unseen.", seat=h.buyer,
                   other=h.seller, position=item.position, amount=price)
        self._market_after_offer(item.window)

    def _haggle_break(self, h: Haggle, a: Action) -> None:
        self.pending = None
        item = h.item
        if isinstance(item, Lot):
            self._emit("broke_off", f"{self.names[a.seat]} breaks off: {self.names[h.seller]} "
                       f"keeps the {card_name(item.card)}.", seat=a.seat, other=h.seller,
                       card=card_str(item.card))
            return self._keep(item)
        verb = "refuses" if a.seat == h.seller and h.asks == 0 else "breaks off"
        self._emit("broke_off", f"{self.names[a.seat]} {verb}: no sale.", seat=a.seat,
                   other=h.buyer if a.seat == h.seller else h.seller)
        self._market_after_offer(item.window)

    # ------------------------------------------------------------------ between turns

    def _settled(self, owner: int | None, revealer: int) -> None:
        """A face-up card's ownership is settled: open the market, then the next turn."""
        if self.rules.resume_after_sale == "owner_left" and owner is not None:
            self.resume_from = self.left_of(owner)
        else:
            self.resume_from = self.left_of(revealer)
        self._open_market()

    def _open_market(self) -> None:
        if self._hand_is_decided():
            return self._end_decided()
        if self.rules.offers_per_window == 0:
            return self._next_turn()
        self._market_poll(Window(tuple(self.seats_from(self.resume_from))))

    def _market_poll(self, w: Window) -> None:
        limit = self.rules.offers_per_window
        index = w.index
        while index < len(w.order):
            s = w.order[index]
            if (w.made(s) < limit and self.chips[s] > 0
                    and any(self.stacks[o] for o in self.seats if o != s)):
                return self._enter(Phase.MARKET, s, replace(w, index=index))
            index += 1
        self.pending = None
        self._next_turn()

    def _market_pass(self, w: Window, a: Action) -> None:
        self._market_poll(replace(w, index=w.index + 1))

    def _market_after_offer(self, w: Window) -> None:
        if self._hand_is_decided():
            self.pending = None
            return self._end_decided()
        self._market_poll(w)

    # ------------------------------------------------------------------ turns

    def _end_decided(self) -> None:
        """Nobody but the holder has a face-down card: the hand ends."""
        self._end_hand(HandReason.POOL if self.holder is None else HandReason.LAST_CARD)

    def _hand_is_decided(self) -> bool:
        holder = self.holder
        return not any(self.stacks[s] for s in self.seats if s != holder)

    def _next_turn(self) -> None:
        if self._hand_is_decided():
            return self._end_decided()
        r = self.rules
        order = self.seats_from(self.resume_from)
        able = [s for s in order if self.stacks[s]
                and not (r.holder_skipped and s == self.holder)]
        if r.dealer_waits and self.best == self.upcard and len(able) > 1 and self.dealer in able:
            able.remove(self.dealer)
        self._enter(Phase.REVEAL, able[0])

    def _do_reveal(self, _state: None, a: Action) -> None:
        seat = a.seat
        card = self.stacks[seat].pop(0)
        self.revealed[seat].append(card)
        self.seen.add(card)
        self._emit("reveal", f"{self.names[seat]} turns up the {card_name(card)}.", seat=seat,
                   card=card_str(card))
        self._penalty(seat, card)
        best = self.best
        assert best is not None
        if suit_of(card) == suit_of(best):
            self.player_trump_shown = True
            if rank_of(card) > rank_of(best):
                self.best, self.holder = card, seat
                if rank_of(card) == ACE:
                    return self._end_hand(HandReason.ACE_REVEALED)
                self._emit("new_best", f"The {card_name(card)} is the new best trump.",
                           seat=seat, card=card_str(card))
                return self._offer_for_sale(card, seat, seat)
        self.resume_from = self.left_of(seat)
        self._open_market()

    # ------------------------------------------------------------------ end of hand

    def _end_hand(self, reason: HandReason) -> None:
        r = self.rules
        self._enter(Phase.DEAL, None)
        winner = self.holder
        best = self.best
        assert best is not None
        trump = suit_of(best)
        if r.show_at_end:
            for s in self.seats:
                if self.stacks[s]:
                    shown = tuple(card_str(c) for c in self.stacks[s])
                    self.revealed[s].extend(self.stacks[s])
                    self.seen.update(self.stacks[s])
                    self._emit("shown", f"{self.names[s]}'s unturned cards: "
                               f"{', '.join(card_name(c) for c in self.stacks[s])}.", seat=s,
                               cards=shown)
                    self.stacks[s] = []
            if self.dead:
                self.dead_shown = list(self.dead)
                self.seen.update(self.dead)
                self._emit("shown", "The dead hand: " + ", ".join(card_name(c) for c in self.dead)
                           + ".", cards=tuple(card_str(c) for c in self.dead))
                self.dead = []
        if winner is not None:
            # the holder's own unturned cards, shown at the end, may hold a higher trump; it
            # counts before the dead hand is compared (Peel 1891: the dead hand wins only with
            # the best trump of the deal). Cards left face down are never named.
            best = max([best, *(c for c in self.revealed[winner] if suit_of(c) == trump)],
                       key=rank_of)
        deciding = best
        if reason not in (HandReason.ACE_UPCARD, HandReason.ACE_REVEALED):
            top_dead = max((c for c in self.dead_shown if suit_of(c) == trump), key=rank_of,
                           default=None)
            if top_dead is not None and rank_of(top_dead) > rank_of(best):
                winner, reason, deciding = None, HandReason.DEAD_HAND, top_dead
            elif winner is not None and r.no_trump == "carry_over" and best == self.upcard and \
                    not any(suit_of(c) == trump for s in self.seats for c in self.revealed[s]
                            if c != self.upcard):
                winner, reason = None, HandReason.NO_TRUMP
        pot = self.pot
        if winner is not None:
            self.chips[winner] += pot
            self.pot = 0
            self._emit("hand_won", hand_sentence(self.names[winner], pot, best, reason),
                       seat=winner, card=card_str(best), amount=pot)
        else:
            self._emit("carry_over", hand_sentence(None, pot, best, reason), amount=pot)
        self.hands.append(HandResult(
            self.hand_no, self.dealer, winner, card_str(best), pot, reason,
            tuple(tuple(card_str(c) for c in self.revealed[s]) for s in self.seats),
            tuple(card_str(c) for c in self.dead_shown), self.hand_chips, tuple(self.chips),
            card_str(deciding), card_str_or_none(self.upcard), self.upcard_owner))
        self._next_dealer(winner)

    def _next_dealer(self, winner: int | None) -> None:
        r = self.rules
        start = winner if (r.next_dealer == "winner" and winner is not None) else \
            self.left_of(self.dealer)
        dealer = next((s for s in self.seats_from(start) if self.chips[s] >= r.ante_for(True)),
                      None)
        for s in self.seats:
            if not self.busted[s] and s != dealer and self.chips[s] < r.ante:
                self.busted[s] = True
                self._emit("bust", f"{self.names[s]} cannot pay the ante and leaves the match "
                           f"with {chips(self.chips[s])}.", seat=s, amount=self.chips[s])
        alive = [s for s in self.seats if not self.busted[s]]
        limit = r.max_hands and self.hand_no >= r.max_hands
        if dealer is None or len(alive) < 2 or limit:
            self._enter(Phase.MATCH_OVER, None)
            top = max(self.chips)
            leaders = [self.names[s] for s in self.seats if self.chips[s] == top]
            self._emit("match_over", match_sentence(leaders, top, self.match_end_reason() or ""),
                       amount=top)
            return
        self.dealer = dealer
        self._enter(Phase.DEAL, dealer)

    # ------------------------------------------------------------------ public information

    def match_end_reason(self) -> str | None:
        """Why the match ended (``"hands_played"`` or ``"one_player_left"``); None while it
        goes on."""
        if self.phase is not Phase.MATCH_OVER:
            return None
        limit = self.rules.max_hands and self.hand_no >= self.rules.max_hands
        return "hands_played" if limit else "one_player_left"

    def fair_value(self, odds: Odds | None = None) -> Fraction | None:
        """Fair value in chips (``DecisionContext.fair``: exact chance × (pot + the next deal's
        worth)) of the card the decision under way concerns:
        the best trump showing in a sale, auction or haggle over it; one face-down card in a
        market window or a haggle over one. None when no card is at stake (deal, reveal)."""
        ctx = self.decision(odds) if self.pending is not None else None
        return None if ctx is None else ctx.fair

    def unseen_count(self) -> int:
        """Cards nobody has seen since the last shuffle."""
        return self.rules.pack_size - len(self.seen)

    def odds(self) -> Odds:
        """Exact chances of taking the pot from what everyone has seen (see ``odds.py``)."""
        best = self.best
        facedown = tuple(len(s) for s in self.stacks)
        if best is None or self.stage is not Stage.PLAYING:
            return _settled_odds(self)
        above, below = unseen_trumps(best, self.seen, self.rules.pack_ranks)
        carries = (self.rules.no_trump == "carry_over" and best == self.upcard
                   and not self.player_trump_shown)
        return compute_odds(unseen=self.unseen_count(), above=above, below=below, seat_facedown=facedown,
                            holder=self.holder, dead=len(self.dead), no_trump_carries=carries)

    def hand_action_bound(self) -> int:
        """A hard upper bound on the actions of one hand (see ``docs/architecture.md``)."""
        return hand_action_bound(self.rules, len(self.names), sum(self.chips) + self.pot)


def check_seed(seed: object, maximum: int = 2**63 - 1) -> None:
    """Raise ``bad_seed`` (a ``RulesError`` naming ``seed``) unless ``seed`` is a whole number
    from 0 to ``maximum`` (the engine takes any 63-bit seed; the bridge only those JavaScript
    holds exactly): the one place this error comes from.

    >>> check_seed(2**53, maximum=2**53 - 1)
    Traceback (most recent call last):
    ...
    speculation.errors.RulesError: seed must be a whole number from 0 to 9007199254740991
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= maximum:
        raise RulesError(ErrorCode.BAD_SEED, f"seed must be a whole number from 0 to {maximum}",
                         "seed")


def hand_action_bound(rules: Rules, players: int, total_chips: int) -> int:
    """Upper bound on the actions in one hand.

    Every reveal uses up a face-down card and purchases only move them, so a hand has at most
    R = 3·players reveals. Each of the R+1 settlements (the upcard and each new best trump)
    may bring one sale: the choice, then at most players−1 firm answers, or 2·rounds haggling
    messages, or an auction of at most ``total_chips`` bids (each bid rises by at least one and
    nobody can bid more chips than exist) plus players−1 passes and a confirmation. Each of the
    R+1 market windows polls each player, and each offer opened (at most ``offers_per_window``
    per player) ends within 2·rounds messages.
    """
    reveals = 3 * players
    rounds = rules.negotiation_rounds
    sale = 1 + max(players - 1, 2 * rounds + 1, total_chips + players + 1)
    window = players * (1 + rules.offers_per_window * (2 * rounds + 1))
    return 1 + reveals + (reveals + 1) * (sale + window)


P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class PhaseRow(Generic[P]):
    """How one phase works: the type of its pending value (``NoneType`` when it has none), the
    builder of its legal templates and, per action type, the handler that applies it. Handlers
    run only after ``Game.apply`` has matched the action against the templates."""

    state: type[P]
    templates: Callable[[Game, P, int], list[Template]]
    handlers: Mapping[str, Callable[[Game, P, Action], None]]

    def state_of(self, game: Game) -> P:
        """The game's pending value, as this phase's type."""
        p = game.pending
        if not isinstance(p, self.state):  # pragma: no cover - a broken transition
            raise SpeculationError(ErrorCode.INTERNAL, f"phase {game.phase} has pending {p!r}")
        return p


_NONE = type(None)

PHASE_TABLE: Mapping[Phase, PhaseRow[Any]] = {
    Phase.DEAL: PhaseRow(_NONE, Game._deal_templates, {"deal": Game._do_deal}),
    Phase.SALE: PhaseRow(SaleChoice, Game._sale_templates, {
        "keep": Game._do_keep, "sell_firm": Game._do_sell_firm,
        "sell_auction": Game._do_sell_auction, "sell_negotiate": Game._do_sell_negotiate}),
    Phase.FIRM: PhaseRow(FirmSale, Game._firm_templates, {
        "accept": Game._firm_accept, "decline": Game._firm_decline}),
    Phase.AUCTION: PhaseRow(AuctionSale, Game._auction_templates, {
        "bid": Game._do_bid, "pass": Game._auction_pass}),
    Phase.AUCTION_CONFIRM: PhaseRow(TopBid, Game._confirm_templates, {
        "accept": Game._confirm_accept, "decline": Game._confirm_decline}),
    Phase.NEGOTIATION: PhaseRow(Haggle, Game._haggle_templates, {
        "accept": Game._haggle_accept, "decline": Game._haggle_break,
        "counter": Game._do_counter}),
    Phase.MARKET: PhaseRow(Window, Game._market_templates, {
        "offer": Game._do_offer, "pass": Game._market_pass}),
    Phase.REVEAL: PhaseRow(_NONE, Game._reveal_templates, {"reveal": Game._do_reveal}),
    Phase.MATCH_OVER: PhaseRow(_NONE, Game._over_templates, {}),
}
"""The one handler table: for each phase, its template builder and its action handlers."""


def _given(v: int | None) -> int:
    """An action field its template requires (``Game.apply`` has checked it is there)."""
    assert v is not None
    return v


def _well_typed(a: Action) -> bool:
    """Whole numbers only: ``1.0`` or ``True`` would match a template, then break replays."""
    return isinstance(a, Action) and isinstance(a.kind, str) and isinstance(a.seat, int) and all(
        v is None or (isinstance(v, int) and not isinstance(v, bool))
        for v in (a.seat, a.price, a.target, a.card))


def _settled_odds(game: Game) -> Odds:
    n = len(game.names)
    last = game.hands[-1] if game.hands else None
    winner = last.winner if last is not None else None
    seat = tuple(Fraction(1 if (last is not None and i == winner) else 0) for i in range(n))
    carry = Fraction(1 if (last is not None and winner is None) else 0)
    return Odds(seat, Fraction(0), carry, Fraction(0))


def _read_deck(cards: Iterable[Card | str], rules: Rules) -> tuple[Card, ...]:
    if not isinstance(cards, (list, tuple)):
        raise SpeculationError(ErrorCode.BAD_DECK, "a deck is a list of card names such as 'QH'")
    out: list[Card] = []
    allowed = set(pack(rules.pack_ranks))
    for c in list(cards)[:rules.pack_size + 1]:
        card = parse_card(c) if isinstance(c, str) else c
        if isinstance(card, bool) or not isinstance(card, int) or card not in allowed:
            raise SpeculationError(ErrorCode.BAD_DECK, f"{c!r} is not a card of this pack")
        if card in out:
            raise SpeculationError(ErrorCode.BAD_DECK, f"the deck names {card_str(card)} twice")
        out.append(card)
    if len(out) > rules.pack_size:
        raise SpeculationError(ErrorCode.BAD_DECK, "the deck has more cards than the pack")
    return tuple(out)


