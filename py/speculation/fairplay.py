"""Fair play at a shared table: the host's commitment to the deal, and a guest's audit.

When friends play over the network, one device (the host) runs the engine and so holds the
seed, which decides every face-down card. Nothing stops the host from peeking, but this module
lets the guests detect the worse cheat, changing the cards during the match. At the start the
host publishes a *commitment*: the SHA-256 of the seed, the deck orders and a random *salt* (16
bytes from ``secrets``, never from the game's generator, so no deal and no bot changes). The
salt keeps the commitment from revealing the seed (a seed typed by a person is easily guessed;
with 128 random bits beside it, it is not). Once the match is over the record carries the seed,
the decks and the salt: a guest recomputes the commitment, replays the record with its own
engine and compares the replay's public log with the one it received.

The committed bytes and their hash are in ``commitment`` (a leaf module), re-exported here.

A guest's audit of a finished record (``verify``), with the entries of the public log it saw:

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.records import record_of
>>> g = Game(["Fanny", "Edmund"], seed=3)
>>> _ = g.apply(Action(0, "deal"))
>>> salt = "0f" * 16
>>> rec = record_of(g, salt=salt)
>>> seen = [e.to_dict() for e in g.log]
>>> v = verify(rec, commitment(3, salt), seen, finished=False)
>>> v.commitment_ok, v.replay_ok, v.log_ok, v.first_difference
(True, True, True, None)
>>> seen[0] = {**seen[0], "text": "Fanny antes 1 chip."}
>>> verify(rec, commitment(3, salt), seen, finished=False).first_difference["expected"]
'Fanny antes 4 chips.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .commitment import (
    SALT_BYTES,
    SCHEME,
    commitment,
    commitment_bytes,
    is_commitment,
    is_salt,
    new_salt,
)
from .errors import ErrorCode, SpeculationError
from .game import Game
from .records import deck_strings, game_from_record

__all__ = ["ENTRY_FIELDS", "SALT_BYTES", "SCHEME", "Verdict", "commitment", "commitment_bytes",
           "game_commitment", "is_commitment", "is_salt", "new_salt", "read_seen", "verify"]

# The fields of a log entry (speculation.log.LogEntry.to_dict) compared when a guest's entry
# carries them; other keys (a page's own, such as a CSS class) are ignored. Not ``fair``: it is
# worked out from the public table (no changed card can hide behind it), and how it is worked
# out may change from one version of the site to the next (issue 45 counted the next deal in
# it), so a guest whose page is older than the host's would otherwise see a false difference.
ENTRY_FIELDS = ("text", "type", "seat", "other", "card", "amount", "method", "position", "cards",
                "step", "hand", "phase")


def game_commitment(game: Game, salt: str) -> str:
    """The commitment of a match: its seed and deck orders (as records write them), ``salt``."""
    return commitment(game.seed, salt, deck_strings(game))


@dataclass(frozen=True, slots=True)
class Verdict:
    """A guest's audit of a finished record. ``commitment_ok``: the record's seed, decks and
    salt hash to the commitment the host sent at the start. ``replay_ok``: the record replays
    to the end of its match. ``log_ok``: every log entry the guest saw equals the replay's entry
    of the same index. ``first_difference``: the lowest index where they differ, ``{"index",
    "field", "expected", "seen"}`` (``field`` ``"entry"`` and ``expected`` null when the replay
    has no entry there). ``reason``: null when all three hold, else a sentence per failure.
    ``checked``: how many entries were compared; ``entries``: the replay's log length."""

    commitment_ok: bool
    replay_ok: bool
    log_ok: bool
    first_difference: dict[str, Any] | None
    reason: str | None
    checked: int
    entries: int

    def to_dict(self) -> dict[str, Any]:
        return {"commitment_ok": self.commitment_ok, "replay_ok": self.replay_ok,
                "log_ok": self.log_ok, "first_difference": self.first_difference,
                "reason": self.reason, "checked": self.checked, "entries": self.entries}


def verify(record: dict[str, Any], promised: str, seen: Sequence[dict[str, Any]],
           finished: bool = True) -> Verdict:
    """Audit ``record`` against the commitment ``promised`` and the log entries ``seen`` (each
    with ``index`` and ``text``, as checked by ``read_seen``). A record that does not replay, or
    (with ``finished``) whose match is not over, gives ``replay_ok`` false and says why; it
    never raises for a faulty record. The replay is a game of its own: nothing else changes."""
    reasons: list[str] = []
    commitment_ok = _commitment_matches(record, promised, reasons)
    game: Game | None = None
    try:
        game = game_from_record(record)
    except SpeculationError as e:
        reasons.append(f"The record does not replay: {e.message.rstrip('.')}.")
    except (RecursionError, MemoryError, ValueError, TypeError, OverflowError) as e:
        reasons.append(f"The record does not replay ({type(e).__name__}).")
    replay_ok = game is not None
    if game is not None and finished and not game.is_over:
        replay_ok = False
        reasons.append("The record stops before the end of its match.")
    log: list[dict[str, Any]] = [e.to_dict() for e in game.log] if game is not None else []
    difference = _first_difference(log, seen) if game is not None else None
    log_ok = game is not None and difference is None
    if game is None:
        reasons.append("The log cannot be compared without a replay.")
    elif difference is not None:
        reasons.append(f"The log differs from the replay at entry {difference['index']} "
                       f"({difference['field']}).")
    return Verdict(commitment_ok, replay_ok, log_ok, difference,
                   " ".join(reasons) if reasons else None, len(seen) if game is not None else 0, len(log))


def _commitment_matches(record: dict[str, Any], promised: str, reasons: list[str]) -> bool:
    seed, salt, decks = record.get("seed"), record.get("salt"), record.get("decks", [])
    if type(seed) is not int:
        reasons.append("The record has no seed (it was taken while its match was being played)."
                       if "withheld" in record else "The record has no seed.")
        return False
    if not is_salt(salt):
        reasons.append("The record has no salt, so the commitment cannot be checked."
                       if salt is None else "The record's salt is not 32 lowercase hex digits.")
        return False
    if not isinstance(decks, list) or not all(
            isinstance(d, list) and all(isinstance(c, str) for c in d) for d in decks):
        reasons.append("The record's decks are not lists of card names.")
        return False
    try:
        canonical = _canonical_decks(decks)
    except SpeculationError as e:
        reasons.append(f"The record's decks are not valid: {e.message.rstrip('.')}.")
        return False
    if commitment(seed, salt, canonical) != promised:
        reasons.append("The record's seed and salt do not match the commitment sent at the start.")
        return False
    return True


def _canonical_decks(decks: list[list[str]]) -> list[list[str]]:
    """Deck orders as the engine writes them (``"10h"`` becomes ``"TH"``)."""
    from .cards import card_str, parse_card

    return [[card_str(parse_card(c)) for c in d] for d in decks]


def _first_difference(log: list[dict[str, Any]], seen: Sequence[dict[str, Any]]
                      ) -> dict[str, Any] | None:
    for entry in sorted(seen, key=lambda e: int(e["index"])):
        i = int(entry["index"])
        if i >= len(log):
            return {"index": i, "field": "entry", "expected": None, "seen": entry.get("text")}
        expected = log[i]
        for field in ENTRY_FIELDS:
            if field in entry and entry[field] != expected.get(field):
                return {"index": i, "field": field, "expected": expected.get(field),
                        "seen": entry[field]}
    return None


MAX_SEEN = 200_000


def read_seen(raw: Any) -> list[dict[str, Any]]:
    """The ``seen`` of a ``verify`` request, checked: a list of objects, each with ``index`` (a
    whole number from 0) and ``text`` (a string). Anything else raises ``RecordError`` with
    code ``bad_request``.

    >>> read_seen([{"index": 0, "text": "Fanny antes 4 chips.", "cls": "ante"}])[0]["index"]
    0
    >>> read_seen([{"index": -1, "text": ""}])
    Traceback (most recent call last):
    ...
    speculation.errors.SpeculationError: verify's seen[0] needs 'index', a whole number from 0, ...
    """
    if not isinstance(raw, list) or len(raw) > MAX_SEEN:
        raise SpeculationError(ErrorCode.BAD_REQUEST, f"verify's 'seen' must be a list of at most "
                          f"{MAX_SEEN} log entries")
    for i, e in enumerate(raw):
        index = e.get("index") if isinstance(e, dict) else None
        if (type(index) is not int or index < 0 or not isinstance(e, dict)
                or not isinstance(e.get("text"), str)):
            raise SpeculationError(ErrorCode.BAD_REQUEST, f"verify's seen[{i}] needs 'index', a whole "
                              "number from 0, and 'text', a string")
    return raw
