"""The sentences the engine says: chip counts with the right plural, the prompt for the decision
under way, and the finished sentences for the end of a hand and of the match.

The page only shows these strings; it never composes a rule sentence itself.

>>> chips(1), chips(0), chips(12)
('1 chip', '0 chips', '12 chips')
>>> REASONS["ace_revealed"]
'the ace of trumps was turned up'
>>> ordinal(0), ordinal(2), ordinal(7)
('top', 'third', '8th')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .cards import Card, card_name, suit_of

REASONS = {
    "ace_upcard": "the upcard is the ace of trumps",
    "ace_revealed": "the ace of trumps was turned up",
    "last_card": "nobody else has a face-down card left",
    "pool": "the pool's upcard was never beaten",
    "dead_hand": "the dead hand held the winning trump",
    "no_trump": "no player held a trump",
}
"""Why a hand ended, by reason code (``HandResult.reason``)."""

MATCH_REASONS = {
    "hands_played": "the last hand has been played",
    "one_player_left": "only one player can still ante",
}
"""Why the match ended, by reason code (``view.match_outcome.reason``)."""


def capitalised(s: str) -> str:
    """``s`` with its first letter a capital (the rest as it is).

    >>> capitalised("the ace of hearts")
    'The ace of hearts'
    """
    return s[:1].upper() + s[1:]


def chips(n: int) -> str:
    """``n`` chips, with the right plural."""
    return f"{n} chip" if n == 1 else f"{n} chips"


def ordinal(i: int) -> str:
    """A stack position in words (0 is the top card)."""
    return ("top", "second", "third", "fourth", "fifth", "sixth")[i] if i < 6 else f"{i + 1}th"


def suit_word(card: Card) -> str:
    """The plural name of the card's suit (``"hearts"``)."""
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit_of(card)]


def and_list(words: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``.

    >>> and_list(["Fanny"]), and_list(["Fanny", "Edmund", "Mary"])
    ('Fanny', 'Fanny, Edmund and Mary')
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def hand_sentence(winner: str | None, pot: int, card: Card | None, reason: str) -> str:
    """The finished sentence for the end of a hand (``winner`` None: the pot carries over).

    >>> hand_sentence("Fanny", 12, 51, "ace_revealed")
    'Fanny takes the pot of 12 chips with the ace of clubs: the ace of trumps was turned up.'
    """
    why = REASONS[reason]
    if winner is None:
        return f"The pot of {chips(pot)} carries over to the next hand: {why}."
    with_card = f" with the {card_name(card)}" if card is not None else ""
    return f"{winner} takes the pot of {chips(pot)}{with_card}: {why}."


def standings_sentence(hands: int, standings: Sequence[tuple[str, int]]) -> str:
    """Every player's chips at the end of the match, most first.

    >>> standings_sentence(1, [("Mary", 52), ("Fanny", 1)])
    'After 1 hand: Mary 52 chips, Fanny 1 chip.'
    """
    word = "hand" if hands == 1 else "hands"
    return f"After {hands} {word}: " + ", ".join(f"{name} {chips(n)}" for name, n in standings) + "."


def match_sentence(leaders: Sequence[str], top: int, reason: str) -> str:
    """The finished sentence for the end of the match.

    >>> match_sentence(["Fanny", "Mary"], 40, "hands_played")
    'The match is over (the last hand has been played). Most chips: Fanny and Mary with 40 chips.'
    """
    return (f"The match is over ({MATCH_REASONS[reason]}). Most chips: {and_list(leaders)} "
            f"with {chips(top)}.")


def fair_chips(fair: Fraction) -> str:
    """A fair value in chips for a sentence: a whole number as ``chips`` words it, any other
    value "about" it to one decimal (as the coach words it).

    >>> fair_chips(Fraction(3)), fair_chips(Fraction(19, 10)), fair_chips(Fraction(199, 100))
    ('3 chips', 'about 1.9 chips', 'about 2 chips')
    """
    if fair.denominator == 1:
        return chips(int(fair))
    tenths = round(fair * 10)
    return f"about {chips(tenths // 10)}" if tenths % 10 == 0 else f"about {tenths / 10:.1f} chips"


def tenths(x: float) -> str:
    """A chip figure to one decimal, as every screen shows it (the trading score, a trade's gain,
    a worth): rounded from its hundredths, a half away from zero, so that the page (``text.js``
    ``tenths``, the same integer steps) and the engine never round one figure two ways; a whole
    number has no decimal.

    >>> tenths(-0.45), tenths(0.45), tenths(0.35), tenths(2.0), tenths(-0.04), tenths(1.94)
    ('-0.5', '0.5', '0.4', '2', '0', '1.9')
    """
    hundredths = round(abs(x) * 100)
    t = (hundredths + 5) // 10
    sign = "-" if x < 0 and t else ""
    return f"{sign}{t // 10}" if t % 10 == 0 else f"{sign}{t // 10}.{t % 10}"


def signed_tenths(x: float) -> str:
    """A gain or score to one decimal with its sign ("+1.5", "−0.5" with a minus sign, "0").

    >>> signed_tenths(-0.45), signed_tenths(1.5), signed_tenths(0.04)
    ('−0.5', '+1.5', '0')
    """
    t = tenths(x)
    return "0" if t == "0" else ("−" + t[1:] if t.startswith("-") else "+" + t)


def _whose(who: str | None) -> tuple[str, str]:
    """("Your", "your") for the player at the screen, ("Fanny's", "Fanny's") when named."""
    return ("Your", "your") if who is None else (f"{who}'s", f"{who}'s")


def order_sentence(price: int, owner: str, who: str | None = None) -> str:
    """A standing buy order sent at a market window (``who``: the buyer named, pass-and-play).

    >>> order_sentence(5, "Henry")
    "Your buy order: you offer 5 chips for one of Henry's face-down cards."
    >>> order_sentence(5, "Henry", "Fanny")
    "Fanny's buy order: Fanny offers 5 chips for one of Henry's face-down cards."
    """
    if who is None:
        return f"Your buy order: you offer {chips(price)} for one of {owner}'s face-down cards."
    return f"{who}'s buy order: {who} offers {chips(price)} for one of {owner}'s face-down cards."


def order_dropped_sentence(owner: str, who: str | None = None) -> str:
    """A standing buy order that names an owner with no face-down card the buyer may buy.

    >>> order_dropped_sentence("Mary")
    'Mary has no face-down card you may buy: your buy order is dropped.'
    >>> order_dropped_sentence("Mary", "Fanny")
    "Mary has no face-down card Fanny may buy: Fanny's buy order is dropped."
    """
    if who is None:
        return f"{owner} has no face-down card you may buy: your buy order is dropped."
    return f"{owner} has no face-down card {who} may buy: {who}'s buy order is dropped."


def _fair_beside(price: int, fair: Fraction) -> str:
    """The fair value worded beside a price it is not equal to: to one decimal as everywhere,
    or to two when one decimal would read as the price itself (2 chips against 2.01)."""
    said = fair_chips(fair)
    if said != f"about {chips(price)}":
        return said
    return f"about {round(float(fair), 2):.2f} chips"


def offer_answer_sentence(verb: str, buyer: str, price: int | None = None,
                          fair: Fraction | None = None, who: str | None = None) -> str:
    """A standing answer to an offer for a player's face-down card: ``verb`` is "refused" or
    "accepted"; without a ``price`` the offer is not described (a rule that refuses them all);
    the sentence says how the price compares with the **exact** fair value (``fair``, the
    Fraction the answer was decided by), and whose answer it was when ``who`` names the owner
    (pass-and-play: several people share the screen).

    >>> offer_answer_sentence("refused", "Mary")
    "Your standing answer refused Mary's offer for your face-down card."
    >>> offer_answer_sentence("refused", "Mary", 1, Fraction(3))[29:]
    "Mary's offer of 1 chip for your face-down card (below its fair value, 3 chips)."
    >>> offer_answer_sentence("accepted", "Mary", 2, Fraction(19, 10))[-61:]
    'face-down card (at or above its fair value, about 1.9 chips).'
    >>> offer_answer_sentence("refused", "Mary", 3, Fraction(3), who="Fanny")[:60]
    "Fanny's standing answer refused Mary's offer of 3 chips for "
    >>> offer_answer_sentence("refused", "Mary", 3, Fraction(3), who="Fanny")[60:]
    "Fanny's face-down card (exactly its fair value)."
    >>> offer_answer_sentence("refused", "Mary", 2, Fraction(201, 100))[-46:]
    'card (below its fair value, about 2.01 chips).'
    """
    whose, card_of = _whose(who)
    start = f"{whose} standing answer {verb} {buyer}'s offer"
    if price is None or fair is None:
        return f"{start} for {card_of} face-down card."
    if price == fair:
        worth = "exactly its fair value"
    else:
        side = "below its fair value" if price < fair else "at or above its fair value"
        worth = f"{side}, {_fair_beside(price, fair)}"
    return f"{start} of {chips(price)} for {card_of} face-down card ({worth})."
