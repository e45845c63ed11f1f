"""The player's standing answers: decisions the page takes for a person by a rule the person
chose in advance, decided here from the engine's own state and applied by the page through
``act`` like a click, so the engine records them like any other move. They never change a rule:
each is one of the legal actions (as PokerKit's ``Automation`` names the steps that are no
decision, this policy names the decisions a player has delegated).

* The dealer's deal happens by itself (the end-of-hand "Next hand" is the pause), and so does
  turning up your own top card (the only thing you may do) unless ``auto_reveal`` is off.
* In a market window you are not asked: your buy order (whose card, at what price) is sent if
  you placed one, the price forced into the offer's bounds; else you pass. An order whose owner
  has no face-down card you may buy is dropped, with a note.
* An offer for one of your face-down cards is answered by ``offers`` (``OfferRule``), comparing
  the offered price with the engine's **exact** fair value (a ``Fraction``, never rounded).

>>> from speculation.game import Game
>>> g = Game(["Fanny", "Edmund", "Mary"], seed=1)
>>> standing_answer(g, 0, DEFAULT_STANDING).to_dict()
{'action': {'seat': 0, 'type': 'deal'}, 'note': None, 'used_order': False}
>>> standing_answer(g, 1, DEFAULT_STANDING) is None  # not seat 1's decision
True
>>> from speculation.actions import Action
>>> _ = g.apply(Action(0, "deal"))
>>> standing_answer(g, 0, DEFAULT_STANDING) is None  # keep or sell the upcard: a real choice
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from .actions import MAX_INT, Action, Template
from .errors import ErrorCode, SpeculationError
from .game import Game, Phase
from .text import offer_answer_sentence, order_dropped_sentence, order_sentence


class OfferRule(StrEnum):
    """How offers for the player's face-down cards are answered (the page's setting)."""

    ASK = "ask"
    """Always ask the player."""

    REFUSE_BELOW_FAIR = "refuse_below_fair"
    """The default: refuse an offer at or below the fair value (selling at it gains nothing),
    ask the player about one above it. (The id is kept from when offers at the fair value were
    asked, so stored settings still read.)"""

    ACCEPT_FAIR = "accept_fair"
    """Refuse an offer below the fair value, accept one at or above it."""

    REFUSE_ALL = "refuse_all"
    """Refuse every offer."""


@dataclass(frozen=True, slots=True)
class StandingPrefs:
    """The player's standing answers: turn up a lone card by itself, and the rule for offers.

    >>> StandingPrefs.from_dict({"auto_reveal": False, "offers": "ask"})
    StandingPrefs(auto_reveal=False, offers=<OfferRule.ASK: 'ask'>)
    >>> StandingPrefs.from_dict({"offers": "sell_cheap"})
    Traceback (most recent call last):
    ...
    speculation.errors.SpeculationError: unknown offer rule 'sell_cheap'; known rules: ask, ...
    """

    auto_reveal: bool = True
    offers: OfferRule = OfferRule.REFUSE_BELOW_FAIR

    @classmethod
    def from_dict(cls, data: Any) -> StandingPrefs:
        """Read preferences from JSON (missing fields take the defaults); ``bad_request`` for a
        wrong shape, an unknown field or an unknown rule."""
        if not isinstance(data, dict):
            raise SpeculationError(ErrorCode.BAD_REQUEST, "standing 'prefs' must be an object with "
                                   "'auto_reveal' and 'offers'")
        unknown = set(data) - {"auto_reveal", "offers"}
        if unknown:
            first = sorted(map(str, unknown))[0][:30]
            raise SpeculationError(ErrorCode.BAD_REQUEST, f"unknown standing preference {first!r}")
        auto_reveal = data.get("auto_reveal", True)
        if not isinstance(auto_reveal, bool):
            raise SpeculationError(ErrorCode.BAD_REQUEST, "standing 'auto_reveal' must be true or false")
        offers = data.get("offers", OfferRule.REFUSE_BELOW_FAIR.value)
        if offers not in {r.value for r in OfferRule}:
            raise SpeculationError(ErrorCode.BAD_REQUEST, f"unknown offer rule {str(offers)[:30]!r}; "
                                   f"known rules: {', '.join(r.value for r in OfferRule)}")
        return cls(auto_reveal, OfferRule(offers))


DEFAULT_STANDING = StandingPrefs()


@dataclass(frozen=True, slots=True)
class BuyOrder:
    """A standing order to buy one face-down card of ``owner``, offering ``price`` chips.

    >>> BuyOrder.from_dict({"owner": 2, "price": 5}, players=3)
    BuyOrder(owner=2, price=5)
    """

    owner: int
    price: int

    @classmethod
    def from_dict(cls, data: Any, players: int) -> BuyOrder:
        """Read an order from JSON: ``bad_request`` for a wrong shape or a price that is not a
        whole number from 1, ``bad_seat`` for an owner that is not a seat number."""
        if not isinstance(data, dict) or set(data) != {"owner", "price"}:
            raise SpeculationError(ErrorCode.BAD_REQUEST, "a buy order must be an object with "
                                   "'owner' and 'price' (or null for none)")
        owner, price = data["owner"], data["price"]
        if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < players:
            raise SpeculationError(ErrorCode.BAD_SEAT, f"a buy order's 'owner' must be a seat "
                                   f"number from 0 to {players - 1}")
        if isinstance(price, bool) or not isinstance(price, int) or not 1 <= price <= MAX_INT:
            raise SpeculationError(ErrorCode.BAD_REQUEST, "a buy order's 'price' must be a whole "
                                   "number of chips from 1")
        return cls(owner, price)


@dataclass(frozen=True, slots=True)
class StandingAnswer:
    """What the page does for the player: the ``action`` (one of the legal actions), a sentence
    to show (``note``; None for the routine deal, reveal and market pass), and whether the buy
    order was used up (``used_order``)."""

    action: Action
    note: str | None = None
    used_order: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON form (the bridge's ``standing`` answer)."""
        return {"action": self.action.to_dict(), "note": self.note, "used_order": self.used_order}


def standing_answer(game: Game, seat: int, prefs: StandingPrefs = DEFAULT_STANDING,
                    order: BuyOrder | None = None, named: bool = False) -> StandingAnswer | None:
    """The standing answer of ``seat`` to the decision under way, or None: ask the player (or
    it is not ``seat``'s decision). Reads only the legal templates and the engine's decision
    context (``Game.decision``); changes nothing. ``named``: the note names whose answer it was
    ("Fanny's standing answer ...", for pass-and-play) instead of saying "Your"."""
    legal = game.legal_actions(seat)
    ctx = game.decision() if legal else None
    if ctx is None or ctx.seat != seat:
        return None
    if ctx.role == "dealer":
        return StandingAnswer(_plain(legal, "deal"))
    if ctx.role == "revealer":
        return StandingAnswer(_plain(legal, "reveal")) if prefs.auto_reveal else None
    if game.phase is Phase.MARKET:
        return _market_answer(game, legal, order, game.names[seat] if named else None)
    if game.phase is Phase.NEGOTIATION and ctx.role == "seller" and ctx.stake == "card":
        if ctx.answering is None or ctx.price is None or ctx.fair is None:
            return None  # nothing offered yet (never for the seller of a face-down card)
        return _offer_answer(game, legal, prefs, ctx.answering, ctx.price, ctx.fair,
                             game.names[seat] if named else None)
    return None


def _template(legal: tuple[Template, ...], kind: str) -> Template | None:
    return next((t for t in legal if t.kind == kind), None)


def _plain(legal: tuple[Template, ...], kind: str) -> Action:
    t = _template(legal, kind)
    assert t is not None, f"no {kind} template"  # the decision's role says there is one
    return Action(t.seat, kind)


def _market_answer(game: Game, legal: tuple[Template, ...], order: BuyOrder | None,
                   who: str | None) -> StandingAnswer | None:
    """Send the buy order (within the offer's bounds), drop one that names no buyable card, or
    pass."""
    offer, pass_ = _template(legal, "offer"), _template(legal, "pass")
    if order is not None and offer is not None:
        card = next(((o, p) for o, p in offer.cards if o == order.owner), None)
        if card is not None:
            price = offer.clamp(order.price)
            return StandingAnswer(Action(offer.seat, "offer", price, card[0], card[1]),
                                  order_sentence(price, game.names[order.owner], who), True)
        if pass_ is not None:
            return StandingAnswer(Action(pass_.seat, "pass"),
                                  order_dropped_sentence(game.names[order.owner], who), True)
    return StandingAnswer(Action(pass_.seat, "pass")) if pass_ is not None else None


def _offer_answer(game: Game, legal: tuple[Template, ...], prefs: StandingPrefs, buyer: int,
                  price: int, fair: Fraction, owner: str | None) -> StandingAnswer | None:
    """Answer ``buyer``'s offer of ``price`` for the player's face-down card by
    ``prefs.offers``, against the exact ``fair`` value (a Fraction, never a rounded figure);
    ``owner`` named in the note, or None for "Your"."""
    accept, decline = _template(legal, "accept"), _template(legal, "decline")
    if decline is None or prefs.offers is OfferRule.ASK:
        return None
    who = game.names[buyer]
    refuse = Action(decline.seat, "decline")
    if prefs.offers is OfferRule.REFUSE_ALL:
        return StandingAnswer(refuse, offer_answer_sentence("refused", who, who=owner))
    if accept is None or accept.settles_at != price:
        return None
    if price < fair:
        return StandingAnswer(refuse, offer_answer_sentence("refused", who, price, fair, owner))
    if prefs.offers is OfferRule.ACCEPT_FAIR:
        return StandingAnswer(Action(accept.seat, "accept"),
                              offer_answer_sentence("accepted", who, price, fair, owner))
    if price == fair:  # selling at the fair value gains nothing: not worth a click
        return StandingAnswer(refuse, offer_answer_sentence("refused", who, price, fair, owner))
    return None
