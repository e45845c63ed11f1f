"""Cards as small integers, and their names.

A card is an ``int`` from 0 to 51: ``suit * 13 + (rank - 2)``, with ranks 2..14 (ace high) and
suits in the order spades, hearts, diamonds, clubs. Integers keep the engine fast and make a deck
order a plain list; every value that leaves the engine is written as a short string such as
``"QH"`` (queen of hearts) or ``"TS"`` (ten of spades).

>>> card_str(parse_card("QH"))
'QH'
>>> rank_of(parse_card("AS")), suit_of(parse_card("AS"))
(14, 'S')
>>> card_name(parse_card("TD"))
'ten of diamonds'
"""

from __future__ import annotations

import functools

from .errors import ErrorCode, SpeculationError

Card = int

SUITS = "SHDC"
RANKS = "23456789TJQKA"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
ACE = 14


def make_card(rank: int, suit: str) -> Card:
    """The card of ``rank`` (2..14) and ``suit`` (one of ``SHDC``).

    >>> make_card(14, "S")
    12
    """
    return SUITS.index(suit) * 13 + rank - 2


def rank_of(card: Card) -> int:
    """Rank from 2 to 14 (ace)."""
    return card % 13 + 2


def suit_of(card: Card) -> str:
    """Suit letter: ``S``, ``H``, ``D`` or ``C``."""
    return SUITS[card // 13]


def card_str(card: Card) -> str:
    """Two-character name, rank then suit: ``"TS"`` is the ten of spades."""
    return RANKS[card % 13] + SUITS[card // 13]


def card_str_or_none(card: Card | None) -> str | None:
    """``card_str``, with None for no card.

    >>> card_str_or_none(parse_card("QH")), card_str_or_none(None)
    ('QH', None)
    """
    return None if card is None else card_str(card)


def card_name(card: Card) -> str:
    """Words for the log: ``"queen of hearts"``."""
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def parse_card(text: object) -> Card:
    """Read a card name such as ``"QH"``, ``"10h"`` or ``"ts"``; raise ``SpeculationError``
    (code ``bad_card``) on anything else.

    >>> parse_card("10h") == parse_card("TH")
    True
    """
    if not isinstance(text, str) or not 2 <= len(text) <= 3:
        raise SpeculationError(ErrorCode.BAD_CARD, f"not a card name: {str(text)[:20]!r}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise SpeculationError(ErrorCode.BAD_CARD, f"not a card name: {text!r} (use e.g. 'QH', 'TS', '2C')")
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def pack(ranks_per_suit: int = 13) -> list[Card]:
    """The cards of a pack in a fixed order; a short pack keeps the top ``ranks_per_suit`` ranks
    of each suit (used by exhaustive tests of the odds).

    >>> [card_str(c) for c in pack(2)]
    ['KS', 'AS', 'KH', 'AH', 'KD', 'AD', 'KC', 'AC']
    """
    return list(_pack(ranks_per_suit))


def unseen_trumps(best: Card, seen: set[Card] | frozenset[Card], ranks_per_suit: int = 13) -> tuple[int, int]:
    """How many cards of ``best``'s suit in the pack are not in ``seen``, ranked above and below
    it: a look at the one suit (the odds ask at every decision).

    >>> unseen_trumps(parse_card("QH"), {parse_card("KH"), parse_card("2H")})
    (1, 9)
    >>> unseen_trumps(parse_card("KS"), set(), 2)   # the two-rank pack: KS and AS only
    (1, 0)
    """
    base, rank = best - best % 13, rank_of(best)
    low = 15 - ranks_per_suit
    above = sum(1 for r in range(rank + 1, 15) if base + r - 2 not in seen)
    below = sum(1 for r in range(low, rank) if base + r - 2 not in seen)
    return above, below


@functools.cache
def _pack(ranks_per_suit: int) -> tuple[Card, ...]:
    """``pack``'s cards, made once per size (the odds ask for a pack at every decision)."""
    low = 15 - ranks_per_suit
    return tuple(make_card(r, s) for s in SUITS for r in range(low, 15))
