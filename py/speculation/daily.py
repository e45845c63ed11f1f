"""The daily deal: the same short match for every player on a given UTC date.

Everything about it is a function of the date alone (``daily_seed``, ``daily_plan``): the seed,
so the decks; the three computer players (one casual, one skilled, one expert, their
personalities drawn from the seed); the rules (the usual ones, ``HANDS`` hands). The player
sits in seat 0. When it is over, ``expert_par`` plays the same deals again with the expert
computer player in the player's seat, the other seats unchanged (the bots are seeded and pure,
so this is the same for everyone), and ``share_text`` says the result in a line that names no
card.

>>> daily_seed("2026-12-02") == daily_seed("2026-12-02") != daily_seed("2026-12-03")
True
>>> [b for b, _ in daily_plan("2026-12-02").bots]  # doctest: +ELLIPSIS
['casual/...', 'skilled/...', 'expert/...']
>>> share_text("2026-12-02", 2.44, 11)
'Speculation daily 2026-12-02: trading +2.4, chips +11'
"""

from __future__ import annotations

import datetime
import hashlib
import random
from dataclasses import dataclass

from .bots import make_bot, public_history
from .errors import ErrorCode, SpeculationError
from .game import Game
from .observation import observe
from .records import rules_from
from .review import trading_score
from .rules import Rules

HANDS = 5
SEED_LIMIT = 2**53  # seeds below it, as the bridge takes them
PERSONALITIES = ("edmund", "mary", "fanny", "henry", "lady_bertram", "william")
NAMES = {"edmund": "Edmund", "mary": "Mary", "fanny": "Fanny", "henry": "Henry",
         "lady_bertram": "Lady Bertram", "william": "William"}
LEVELS = ("casual", "skilled", "expert")
PAR_BOT = "expert/edmund"  # the expert computer player put in the player's seat


class DailyError(SpeculationError):
    """A date that is not a calendar date written ``YYYY-MM-DD`` (code ``bad_request``)."""


def check_date(date: object) -> str:
    """``date`` if it is a real calendar date written ``YYYY-MM-DD``, else ``DailyError``.

    >>> check_date("2026-02-30")
    Traceback (most recent call last):
    ...
    speculation.daily.DailyError: the daily deal's date must be a calendar date written YYYY-MM-DD
    """
    ok = isinstance(date, str) and len(date) == 10 and date[4] == date[7] == "-"
    if ok:
        try:
            datetime.date.fromisoformat(str(date))
        except ValueError:
            ok = False
    if not ok:
        raise DailyError(ErrorCode.BAD_REQUEST, "the daily deal's date must be a calendar date "
                         "written YYYY-MM-DD")
    return str(date)


def daily_seed(date: str) -> int:
    """The day's seed: the first 8 bytes of SHA-256 of the ASCII text
    ``speculation-daily/v1:<YYYY-MM-DD>``, read big-endian, modulo 2^53 (so JavaScript holds
    it exactly). The date is the UTC date the player's device reads."""
    digest = hashlib.sha256(f"speculation-daily/v1:{check_date(date)}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


@dataclass(frozen=True, slots=True)
class DailyPlan:
    """The day's match: ``seed``, the computer players of seats 1–3 as (bot id, name), the
    rules."""

    date: str
    seed: int
    bots: tuple[tuple[str, str], ...]
    rules: Rules


def daily_plan(date: str) -> DailyPlan:
    """The day's match, from its seed: three different personalities, at the levels casual,
    skilled and expert in seats 1, 2 and 3."""
    seed = daily_seed(date)
    people = random.Random(seed).sample(PERSONALITIES, len(LEVELS))
    bots = tuple((f"{level}/{p}", NAMES[p]) for level, p in zip(LEVELS, people, strict=True))
    rules = rules_from("parlett", {"max_hands": HANDS})
    return DailyPlan(check_date(date), seed, bots, rules)


@dataclass(frozen=True, slots=True)
class Par:
    """What the expert computer player made in the player's seat on the day's deals."""

    score: float
    chips: int


def expert_par(date: str, seat: int = 0) -> Par:
    """Play the day's deals with ``PAR_BOT`` in ``seat`` and the day's bots in the others (each
    seeded as the bridge seeds it: ``seed * 16 + seat``) to the end; its trading score and the
    chips it won."""
    plan = daily_plan(date)
    ids = [PAR_BOT] + [b for b, _ in plan.bots]
    names = ["You"] + [n for _, n in plan.bots]
    game = Game(names, plan.rules, seed=plan.seed)
    bots = [make_bot(b, seed=plan.seed * 16 + i, seat=i) for i, b in enumerate(ids)]
    start = game.chips[seat]
    while not game.is_over:
        to_act = game.to_act
        assert to_act is not None
        game.apply(bots[to_act].decide(observe(game, to_act), public_history(game)).action)
    return Par(round(trading_score(game, seat), 2), game.chips[seat] - start)


def signed(x: float, digits: int = 1) -> str:
    """``+2.4``, ``-3``, ``0``.

    >>> signed(2.44), signed(-3.0, 0), signed(0.04)
    ('+2.4', '-3', '0')
    """
    r = round(x, digits)
    if r == 0:
        return "0"
    text = f"{abs(r):.{digits}f}" if digits else str(int(abs(r)))
    return ("+" if r > 0 else "-") + text


def share_text(date: str, score: float, chips: int) -> str:
    """The line to share: the date, the trading score, the chips; it names no card."""
    return f"Speculation daily {check_date(date)}: trading {signed(score)}, chips {signed(chips, 0)}"
