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
