"""Looking back at a match: every trade a seat made, valued against exact fair value.

A *trade* is a face-up card sold (``sold``) or a face-down card bought sight unseen
(``bought_facedown``). At the moment of the action that completed it the engine knew the exact
fair value of what changed hands (``log.Step.fair``: the exact chance that card wins × the pot
and, before a match's last hand, the worth of dealing the next hand, ``worth``). A buyer gains
fair − price, a seller price − fair. The sum over a seat's trades is its *trading score*: the
one value the coach advises with, so a player who follows the coach does not lose score by it.
In one-hand deals (no next deal) it is the same luck-adjusted measure the tournament reports
(``tournament`` scores its deals with ``trade_of`` below), so a player's score and a bot's are
comparable. Over a match the tournament values a trade at the pot's share alone and credits
each seat with what it was worth each time a hand was dealt (the dealer's seat is worth more:
``tournament.score_action``); in expectation the two come to the same.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.records import deck_for_deal
>>> deck = deck_for_deal([["KD", "2C", "3C"], ["8C", "4C", "5C"]], upcard="QH")
>>> g = Game(["Fanny", "Edmund"], seed=1, decks=[deck])
>>> for a in [Action(0, "deal"), Action(0, "sell_firm", price=6), Action(1, "accept")]:
...     _ = g.apply(a)
>>> [(t.kind, t.buyer, t.seller, t.price) for t in trades(g)]
[('sold', 1, 0, 6)]
>>> r = review(g, 1)
>>> r["trades"][0]["gain"] == round(r["trades"][0]["fair"] - 6, 2) == r["score"]
True

The bots' private limits (the most they would pay, the least they would take) are added only
when the caller passes ``bots`` — the bridge does so once the match is over, never during it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Event
from .cards import card_name, parse_card
from .errors import ErrorCode, SpeculationError
from .game import Game
from .log import Step
from .text import chips, ordinal, signed_tenths, tenths

TRADE_KINDS = frozenset({"sold", "bought_facedown"})


@dataclass(frozen=True, slots=True)
class Trade:
    """One completed trade: who bought from whom, at what price, and its exact fair value then.

    ``step``: the index of the action that completed it; ``pot``: the pot at that moment;
    ``card``: the face-up card sold (None for a face-down purchase, whose card nobody knows);
    ``position``: the stack position of a face-down card bought."""

    step: int
    hand: int
    kind: str
    buyer: int
    seller: int
    price: int
    fair: float
    pot: int
    card: str | None = None
    position: int | None = None
    method: str | None = None
    deal: float = 0.0

    def gain(self, seat: int, with_deal: bool = True) -> float:
        """What ``seat`` gained against fair value (negative: gave away); 0 for a bystander.
        ``with_deal=False`` values the card at its share of the pot alone (the tournament's
        match score, which credits the deal when it is dealt instead).

        >>> t = Trade(3, 1, "sold", buyer=1, seller=0, price=5, fair=7.5, pot=12)
        >>> t.gain(1), t.gain(0), t.gain(2)
        (2.5, -2.5, 0.0)
        >>> d = Trade(3, 1, "sold", buyer=1, seller=0, price=5, fair=7.5, pot=10, deal=5)
        >>> d.chance, d.gain(1), d.gain(1, with_deal=False)
        (0.5, 2.5, 0.0)
        """
        value = self.fair if with_deal or not self.deal else self.chance * self.pot
        if seat == self.buyer:
            return value - self.price
        if seat == self.seller:
            return self.price - value
        return 0.0

    @property
    def chance(self) -> float:
        """The chance, at that moment, that the traded card wins the pot."""
        whole = self.pot + self.deal
        return self.fair / whole if whole else 0.0


def trade_of(event: Event, step: Step) -> Trade | None:
    """The trade ``event`` records, valued with ``step`` (the action that caused it), or None
    when the event is no trade. The tournament's luck-adjusted score uses this too."""
    if event.kind == "sold":
        seller, buyer = event.seat, event.other
    elif event.kind == "bought_facedown":
        seller, buyer = event.other, event.seat
    else:
        return None
    assert seller is not None and buyer is not None and event.amount is not None
    return Trade(step.index, step.hand, event.kind, buyer, seller, event.amount, step.fair,
                 step.pot, event.card, event.position, event.method, step.deal)


def trades(game: Game, hand: int | None = None) -> list[Trade]:
    """Every trade of the match so far (or of hand ``hand``), in order."""
    out = []
    for entry in game.log:
        if entry.event.kind in TRADE_KINDS and (hand is None or entry.hand == hand):
            t = trade_of(entry.event, game.steps[entry.step])
            if t is not None:
                out.append(t)
    return out


def finished_hands(game: Game) -> list[int]:
    """The numbers of the hands played to their end (the hand under way is not one).

    >>> from speculation.actions import Action
    >>> g = Game(["A", "B"], seed=1)
    >>> _ = g.apply(Action(0, "deal"))
    >>> finished_hands(g)   # hand 1 is under way
    []
    """
    done = game.hand_no - (0 if game.phase == "deal" or game.is_over else 1)
    return list(range(1, done + 1))


def trading_score(game: Game, seat: int, hand: int | None = None) -> float:
    """The sum of what ``seat`` gained against fair value over its trades."""
    return sum(t.gain(seat) for t in trades(game, hand))


# ---------------------------------------------------------------------- the bots' limits

if TYPE_CHECKING:  # the bots import the engine, not the review: only the type is needed
    from .bots.decision import Bot

BotFactory = Callable[[int], "Bot"]  # seat -> a fresh bot for that seat (``bots.make_bot``)


def bot_limits(game: Game, bots: Mapping[int, BotFactory], wanted: Sequence[int]
               ) -> dict[int, tuple[float, float]]:
    """The (buy, sell) limits behind the bot decisions at steps ``wanted``.

    The match is replayed from its start and each bot is asked again at those steps (a bot's
    decision is a pure function of what it sees and its seed). A step whose decision comes out
    differently (a bot replaced when a save was loaded) or carries no limits is left out."""
    from .bots import public_history
    from .observation import observe
    from .records import game_from_record, record_of

    want = set(wanted)
    if not want:
        return {}
    replay = game_from_record(record_of(game), upto=0)
    made: dict[int, Bot] = {}
    out: dict[int, tuple[float, float]] = {}
    for k, action in enumerate(game.actions):
        if k > max(want):
            break
        if k in want and action.seat in bots:
            if action.seat not in made:
                made[action.seat] = bots[action.seat](action.seat)
            d = made[action.seat].decide(observe(replay, action.seat), public_history(replay))
            if d.action == action and len(d.private) >= 2:
                out[k] = (float(d.private[0]), float(d.private[1]))
        replay.apply(action)
    return out


def _limit_steps(game: Game, t: Trade, seats: Sequence[int]) -> dict[int, int]:
    """For each of ``seats`` (the trade's bot parties), its last priced decision in the same
    hand at or before the trade's step."""
    out: dict[int, int] = {}
    for st in reversed(game.steps[:t.step + 1]):
        if st.hand != t.hand:
            break
        s = st.action.seat
        if s in seats and s not in out and st.stake:
            out[s] = st.index
    return out


# ---------------------------------------------------------------------- the review

def review(game: Game, seat: int, hand: int | None = None,
           bots: Mapping[int, BotFactory] | None = None) -> dict[str, Any]:
    """The review of ``seat``'s trades in the match (or in hand ``hand``), as JSON-ready data
    (``docs/protocol.md``, op ``review``). With ``bots`` (seat -> bot factory, for the seats a
    bot plays) each trade also carries the private limits of the bots on either side."""
    if not 0 <= seat < len(game.names):
        raise SpeculationError(ErrorCode.BAD_SEAT, f"seat must be a number from 0 to {len(game.names) - 1}")
    mine = [t for t in trades(game, hand) if seat in (t.buyer, t.seller)]
    wanted: dict[tuple[int, int], int] = {}
    if bots:
        for i, t in enumerate(mine):
            parties = [s for s in (t.buyer, t.seller) if s in bots]
            for s, k in _limit_steps(game, t, parties).items():
                wanted[(i, s)] = k
    limits = bot_limits(game, bots, sorted(set(wanted.values()))) if bots else {}
    items = []
    for i, t in enumerate(mine):
        item = _trade_dict(game, t, seat)
        if bots is not None:
            item["limits"] = [_limit_dict(game, t, s, limits[k])
                              for (j, s), k in sorted(wanted.items()) if j == i and k in limits]
        items.append(item)
    score = round(sum(t.gain(seat) for t in mine), 2)
    best = max(items, key=lambda x: x["gain"], default=None)
    worst = min(items, key=lambda x: x["gain"], default=None)
    return {"seat": seat, "hand": hand, "match_over": game.is_over,
            "finished": finished_hands(game),
            "limits_shown": bots is not None, "trades": items, "score": score,
            "score_text": signed_tenths(score),
            "best": best["step"] if best else None, "worst": worst["step"] if worst else None,
            "hands": _per_hand(game, seat, hand),
            "text": _score_sentence(game, seat, hand, score, len(items), you=False),
            "you": _score_sentence(game, seat, hand, score, len(items), you=True)}


def _per_hand(game: Game, seat: int, hand: int | None) -> list[dict[str, Any]]:
    """The trading score of each hand with a trade (in order)."""
    by: dict[int, list[float]] = {}
    for t in trades(game, hand):
        if seat in (t.buyer, t.seller):
            by.setdefault(t.hand, []).append(t.gain(seat))
    return [{"hand": h, "trades": len(g), "score": round(sum(g), 2),
             "score_text": signed_tenths(round(sum(g), 2))} for h, g in by.items()]


def _trade_dict(game: Game, t: Trade, seat: int) -> dict[str, Any]:
    buyer = seat == t.buyer
    gain = t.gain(seat)
    d: dict[str, Any] = {
        "step": t.step, "hand": t.hand, "type": t.kind, "role": "buyer" if buyer else "seller",
        "other": t.seller if buyer else t.buyer, "price": t.price, "fair": round(t.fair, 2),
        "fair_chips": round(t.fair), "chance": round(t.chance, 4), "pot": t.pot,
        "gain": round(gain, 2), "gain_text": signed_tenths(round(gain, 2)),
        "fair_text": _decimal_chips(t.fair), "chance_text": f"{round(t.chance * 100)}%",
        "deal": round(t.deal, 2), "basis_text": _basis(t),
    }
    if t.card is not None:
        d["card"] = t.card
    if t.position is not None:
        d["position"] = t.position
    if t.method is not None:
        d["method"] = t.method
    d["text"] = _trade_sentence(game, t, seat, you=False)
    d["you"] = _trade_sentence(game, t, seat, you=True)
    return d


def _limit_dict(game: Game, t: Trade, s: int, lim: tuple[float, float]) -> dict[str, Any]:
    """A bot's private limits for a trade, with a sentence on the side it was on."""
    buy, sell = lim
    says = (f"would have paid up to {_decimal_chips(max(0.0, buy))}" if s == t.buyer
            else f"would have sold for no less than {_decimal_chips(max(0.0, sell))}")
    return {"seat": s, "buy": round(buy, 2), "sell": round(sell, 2),
            "text": f"{game.names[s]} {says}."}


def _decimal_chips(x: float) -> str:
    """``x`` chips to one decimal place (``"2.5 chips"``, ``"1 chip"``, ``"0 chips"``)."""
    t = tenths(abs(x))
    return chips(int(t)) if "." not in t else f"{t} chips"


def _trade_sentence(game: Game, t: Trade, seat: int, you: bool) -> str:
    names = game.names
    me = "You" if you else names[seat]
    other = names[t.seller] if seat == t.buyer else names[t.buyer]
    if t.kind == "sold":
        what = f"the {card_name(parse_card(t.card))}"
        deal = (f"bought {what} from {other}" if seat == t.buyer else f"sold {what} to {other}")
    else:
        where = f"{ordinal(t.position or 0)} face-down card"
        deal = (f"bought {other}'s {where}, sight unseen," if seat == t.buyer
                else f"sold {'your' if you else 'their'} {where} to {other}, sight unseen,")
    gain = t.gain(seat)
    verdict = ("a fair price" if tenths(round(gain, 2)) == "0" else
               f"{'you' if you else 'they'} gained {_decimal_chips(gain)}" if gain > 0 else
               f"{'you' if you else 'they'} gave away {_decimal_chips(gain)}")
    return (f"Hand {t.hand}: {me} {deal} for {chips(t.price)}. It was worth "
            f"{_decimal_chips(t.fair)} then ({_a_percent(t.chance)} chance of {_basis(t, False)}"
            f"): {verdict}.")


def _basis(t: Trade, with_chance: bool = True) -> str:
    """What a trade's fair value is a chance of: the pot and, before the last hand, dealing the
    next hand (``worth``), as Review prints it beside the value.

    >>> _basis(Trade(3, 1, "sold", buyer=1, seller=0, price=5, fair=7.5, pot=10, deal=5))
    '50% of the 10-chip pot and of the next deal, worth 5 chips'
    >>> _basis(Trade(3, 5, "sold", buyer=1, seller=0, price=5, fair=7.5, pot=10), False)
    'the 10-chip pot'
    """
    share = f"{round(t.chance * 100)}% of " if with_chance else ""
    deal = f" and of the next deal, worth {_decimal_chips(t.deal)}" if t.deal > 0 else ""
    return f"{share}the {t.pot}-chip pot{deal}"


def _a_percent(p: float) -> str:
    """``"a 31%"``, ``"an 8%"``, ``"an 11%"``: the article as the number is read aloud.

    >>> _a_percent(0.31), _a_percent(0.08), _a_percent(0.11), _a_percent(0.805)
    ('a 31%', 'an 8%', 'an 11%', 'an 80%')
    """
    n = round(p * 100)
    an = str(n).startswith("8") or n in (11, 18)
    return f"{'an' if an else 'a'} {n}%"


def _score_sentence(game: Game, seat: int, hand: int | None, score: float, n: int,
                    you: bool) -> str:
    who = "Your" if you else f"{game.names[seat]}'s"
    span = f"hand {hand}" if hand is not None else "the match"
    if n == 0:
        return f"{who} trading score for {span}: no trades, so 0 chips."
    sign = signed_tenths(score)[0] if signed_tenths(score) != "0" else ""
    count = "1 trade" if n == 1 else f"{n} trades"
    return (f"{who} trading score for {span}: {sign}{_decimal_chips(score)} against fair value "
            f"over {count}.")
