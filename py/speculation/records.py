"""Game records (rules + seed or deck orders + every action) and snapshots.

A record replays exactly: the state owns its seeded RNG, so the same record gives the same game
on any Python, CPython or Pyodide. The format is specified in ``docs/record-format.md``.

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> g = Game(["Fanny", "Edmund"], seed=3)
>>> _ = g.apply(Action(0, "deal"))
>>> rec = record_of(g)
>>> saved_state(game_from_record(rec)) == saved_state(g)
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, assert_never

from . import jsonguard
from .actions import Action
from .cards import card_str, card_str_or_none
from .commitment import is_salt
from .errors import ErrorCode, RecordError, SpeculationError
from .game import (
    AuctionSale,
    FirmSale,
    Game,
    Haggle,
    Lot,
    Pending,
    SaleChoice,
    TopBid,
    Window,
)
from .names import clean_name
from .observation import observe
from .rules import Rules, preset

RECORD_FORMAT = "speculation-record"
SNAPSHOT_FORMAT = "speculation-snapshot"
VERSION = 1  # of records
SNAPSHOT_VERSION = 2  # 2 added the integrity check over seats, history and state
LEGACY_SNAPSHOT_VERSION = 1  # still read (replayed and compared, no check): players' old saves
MAX_ACTIONS = 200_000
# What a record of a match still being played leaves out: with the seed (or the deck orders)
# anyone could replay the engine and read every face-down card.
WITHHELD = ["seed", "decks"]


def record_of(game: Game, seats: list[dict[str, Any]] | None = None,
              meta: dict[str, Any] | None = None, *, withhold: bool = False,
              salt: str | None = None) -> dict[str, Any]:
    """The record of everything played so far. ``seats`` may describe who sits where (human or
    bot) and ``meta`` carries free-form notes; neither affects the replay. ``salt`` is the
    match's commitment salt (``speculation.fairplay``), written beside the seed. With
    ``withhold`` (the bridge's ``record`` while the match is being played) the seed, the deck
    orders and the salt are left out and ``withheld`` names the two that would show the cards:
    such a record shows who played what, and ``game_from_record`` refuses to replay it.

    >>> from speculation.game import Game
    >>> partial = record_of(Game(["Fanny", "Edmund"], seed=3), withhold=True, salt="ab" * 16)
    >>> "seed" in partial, "salt" in partial, partial["withheld"]
    (False, False, ['seed', 'decks'])
    >>> record_of(Game(["Fanny", "Edmund"], seed=3), salt="ab" * 16)["salt"][:6]
    'ababab'
    """
    rec: dict[str, Any] = {
        "format": RECORD_FORMAT, "version": VERSION, "players": list(game.names),
        "rules": game.rules.to_dict(),
    }
    if withhold:
        rec["withheld"] = list(WITHHELD)
    else:
        rec["seed"] = game.seed
        if game.decks:
            rec["decks"] = deck_strings(game)
        if salt is not None:
            rec["salt"] = salt
    rec["actions"] = [a.to_dict() for a in game.actions]
    if seats is not None:
        rec["seats"] = seats
    if meta:
        rec["meta"] = meta
    return rec


def deck_strings(game: Game) -> list[list[str]]:
    """The match's fixed deck orders as records write them (``"QH"``), top card first."""
    return [[card_str(c) for c in d] for d in game.decks]


def salt_of(record: dict[str, Any]) -> str | None:
    """The record's commitment salt, None if it has none (records and saves written before
    salts existed); a malformed one raises ``RecordError`` (``bad_record``).

    >>> salt_of({"salt": "ab" * 16})[:4], salt_of({})
    ('abab', None)
    """
    salt = record.get("salt")
    if salt is not None and not is_salt(salt):
        raise RecordError(ErrorCode.BAD_RECORD, "the record's 'salt' must be 32 lowercase hex digits")
    return salt


def game_from_record(record: Any, upto: int | None = None) -> Game:
    """Replay ``record`` (optionally only its first ``upto`` actions). Any fault raises
    ``RecordError`` (code ``bad_record``) naming what is wrong and where."""
    if not isinstance(record, dict):
        raise RecordError(ErrorCode.BAD_RECORD, "a record must be a JSON object")
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        fmt = str(record.get("format"))[:40]
        raise RecordError(ErrorCode.BAD_RECORD, f"not a Speculation record (format {fmt!r})")
    if not _is_version(record.get("version", VERSION), VERSION):
        raise RecordError(ErrorCode.BAD_VERSION, f"record version {str(record.get('version'))[:20]} is not "
                          f"supported (this engine reads version {VERSION}, a whole number)")
    if "withheld" in record:
        raise RecordError(ErrorCode.BAD_RECORD, "this record was taken while its match was still being "
                          "played, so it leaves out the seed and the deck orders (they would show "
                          "the face-down cards) and cannot be replayed; the record of a finished "
                          "match can")
    try:
        rules = rules_from(record.get("preset", "parlett"), record.get("rules", {}))
        players = record.get("players")
        if not isinstance(players, list) or len(players) > 64:
            raise RecordError(ErrorCode.BAD_RECORD, "a record needs 'players': a list of names")
        players = [clean_name(p, f"player {i}") for i, p in enumerate(players)]
        seed = record.get("seed", 0)
        decks = record.get("decks", [])
        if not isinstance(decks, list) or len(decks) > 10_000:
            raise RecordError(ErrorCode.BAD_RECORD, "'decks' must be a list of card lists")
        game = Game(players, rules, seed=seed, decks=decks)
    except RecordError:
        raise
    except SpeculationError as e:
        raise RecordError(ErrorCode.BAD_RECORD, f"the record's set-up is not valid: {e.message}") from None
    actions = record.get("actions", [])
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise RecordError(ErrorCode.BAD_RECORD, f"'actions' must be a list of at most {MAX_ACTIONS} actions")
    if upto is not None:
        if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(actions):
            raise RecordError(ErrorCode.BAD_STEP, f"upto must be a step from 0 to {len(actions)}")
        actions = actions[:upto]
    for i, raw in enumerate(actions):
        try:
            game.apply(Action.from_dict(raw))
        except SpeculationError as e:
            raise RecordError(ErrorCode.BAD_RECORD, f"action {i} ({str(raw)[:80]}) cannot be replayed: "
                              f"{e.message}") from None
    return game


def rules_from(preset_name: Any, overrides: Any) -> Rules:
    """A preset's rules with option overrides on top (both as read from JSON)."""
    return Rules.from_dict(overrides, base=preset(preset_name))


def _is_version(value: Any, wanted: int) -> bool:
    """Type-exact: ``1`` matches version 1; ``1.0`` and ``true`` do not."""
    return type(value) is int and value == wanted


def integrity_check(record: Any, state: Any) -> str:
    """The SHA-256 (hex) of the canonical JSON of a save's record and state. It covers
    everything the replay does not pin down by itself (who plays each seat, a bot's level, the
    price of an offer that was refused), so a hand-edited save is refused. It is a check
    against damage and casual edits, not a signature: a static page holds no secret."""
    canonical = json.dumps({"record": record, "state": state}, sort_keys=True,
                           separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def saved_state(game: Game) -> dict[str, Any]:
    """The game's whole state, hidden cards and the RNG included: the ``state`` a save stores
    and checks on load (``snapshot``, ``restore``), and the engine's equality check of two
    games. Never for a player's eyes."""
    version, internal, gauss = game.rng.getstate()
    return {
        "names": list(game.names), "rules": game.rules.to_dict(), "seed": game.seed,
        "chips": list(game.chips), "busted": list(game.busted), "pot": game.pot,
        "dealer": game.dealer, "hand_no": game.hand_no, "decks_used": game.decks_used,
        "stacks": [[card_str(c) for c in s] for s in game.stacks],
        "revealed": [[card_str(c) for c in s] for s in game.revealed],
        "dead": [card_str(c) for c in game.dead],
        "dead_shown": [card_str(c) for c in game.dead_shown],
        "upcard": card_str_or_none(game.upcard), "upcard_owner": game.upcard_owner,
        "best": card_str_or_none(game.best), "holder": game.holder,
        "player_trump_shown": game.player_trump_shown,
        "seen": sorted(card_str(c) for c in game.seen),
        "stub": [card_str(c) for c in game.stub],
        "phase": game.phase, "to_act": game.to_act, "resume_from": game.resume_from,
        **_pending_state(game.pending),
        "hands": [h.to_dict() for h in game.hands],
        "rng": [version, list(internal), gauss],
    }


def _pending_state(p: Pending | None) -> dict[str, Any]:
    """The pending value in ``saved_state``'s ``sale``/``haggle``/``market`` form (kept from the
    engine's first save format, so saves stay valid)."""
    lot: Lot | None = None
    window: Window | None = None
    method: str | None = None
    price, turn, high_bid, high_bidder = 0, 0, 0, None
    queue: tuple[int, ...] = ()
    haggle: dict[str, Any] | None = None
    match p:
        case None:
            pass
        case SaleChoice():
            lot = p.lot
        case FirmSale():
            lot, method, price, queue = p.lot, "firm", p.price, p.queue
        case AuctionSale() | TopBid():
            au = p if isinstance(p, AuctionSale) else p.auction
            lot, method, price, queue, turn = au.lot, "auction", au.reserve, au.queue, au.turn
            high_bid, high_bidder = au.high_bid, au.high_bidder
        case Haggle():
            if isinstance(p.item, Lot):
                lot, method, position = p.item, "negotiation", None
            else:
                window, position = p.item.window, p.item.position
            haggle = {"context": "sale" if lot is not None else "market", "seller": p.seller,
                      "buyer": p.buyer, "to_move": p.to_move, "position": position,
                      "ask": p.ask, "bid": p.bid, "asks": p.asks, "bids": p.bids}
        case Window():
            window = p
        case _:
            assert_never(p)
    return {
        "sale": None if lot is None else {
            "card": card_str(lot.card), "seller": lot.seller, "revealer": lot.revealer,
            "method": method, "price": price, "queue": list(queue), "turn": turn,
            "high_bid": high_bid, "high_bidder": high_bidder},
        "haggle": haggle,
        "market": None if window is None else {
            "order": list(window.order), "index": window.index,
            "offers": {str(k): v for k, v in window.offers}},
    }


def snapshot(game: Game, seats: list[dict[str, Any]] | None = None,
             salt: str | None = None, meta: dict[str, Any] | None = None) -> str:
    """A save: the record (with the commitment ``salt``, so a host that reloads keeps its
    commitment, and the match's ``meta``: practice, take-backs, the daily deal), the full state it must
    reproduce (hidden cards included, so the UI stores it as an opaque string and never shows
    it) and the integrity check over both."""
    record, state = record_of(game, seats, meta, salt=salt), saved_state(game)
    return json.dumps({"format": SNAPSHOT_FORMAT, "version": SNAPSHOT_VERSION,
                       "record": record, "state": state,
                       "check": integrity_check(record, state)},
                      separators=(",", ":"), sort_keys=True)


def restore(text: Any) -> tuple[Game, list[dict[str, Any]] | None]:
    """``load_snapshot``'s game and seats (the salt left aside)."""
    loaded = load_snapshot(text)
    return loaded.game, loaded.seats


@dataclass(frozen=True, slots=True)
class Loaded:
    """A loaded save: the game, its seats (None if the save names none), its commitment
    salt (None in a save written before salts existed) and its record's ``meta`` (empty when
    it has none)."""

    game: Game
    seats: list[dict[str, Any]] | None
    salt: str | None
    meta: dict[str, Any] = field(default_factory=dict)


def load_snapshot(text: Any) -> Loaded:
    """Load a snapshot: check its integrity, replay its record and check the result equals its
    stored state, so a corrupted or edited save is refused (code ``corrupt_snapshot``) instead
    of half-loaded. A version-1 save (written before the integrity check) is replayed and
    goes through the same check, computed from its replay (see ``_check_legacy``). Text
    beyond the JSON limits is ``too_large``/``too_complex`` (see ``speculation.jsonguard``),
    refused before parsing. A salt in the record must be well formed (``salt_of``); a save
    without one (written before salts existed) loads with ``salt`` None."""
    if not isinstance(text, str):
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, "a snapshot must be a string")
    try:
        data = jsonguard.loads(text, what="the save")
    except jsonguard.JsonLimitError as e:
        code = ErrorCode.CORRUPT_SNAPSHOT if e.code == ErrorCode.BAD_JSON else ErrorCode(e.code)
        raise RecordError(code, e.message if code != ErrorCode.CORRUPT_SNAPSHOT
                          else "the snapshot is not valid JSON") from None
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, "this is not a Speculation save")
    version = data.get("version")
    if type(version) is not int:
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, "the save's version is not a whole number")
    if version not in (LEGACY_SNAPSHOT_VERSION, SNAPSHOT_VERSION):
        raise RecordError(ErrorCode.INCOMPATIBLE_SNAPSHOT, f"this save has format version "
                          f"{version}; this engine reads versions {LEGACY_SNAPSHOT_VERSION} "
                          f"and {SNAPSHOT_VERSION}")
    if version == LEGACY_SNAPSHOT_VERSION and set(data) != {"format", "version", "record", "state"}:
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, "the save has been edited or damaged: a version 1 "
                          "save has only its format, version, record and state")
    record, state = data.get("record"), data.get("state")
    # Version 1 (the released site's saves, before the integrity check) stores no check: it
    # is replayed, then checked against the check of what its replay produces
    # (_check_legacy), and the next save writes it as version 2.
    if version == SNAPSHOT_VERSION and (not isinstance(data.get("check"), str)
                                        or data["check"] != integrity_check(record, state)):
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, "the save has been edited or damaged: its "
                          "integrity check does not match")
    try:
        game = game_from_record(record)
    except RecordError as e:
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, f"the save is damaged: {e.message}") from None
    if saved_state(game) != state:
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, "the save is damaged: its state does not match "
                          "its own history")
    assert isinstance(record, dict)  # game_from_record refuses anything else
    seats = record.get("seats")
    seats = seats if isinstance(seats, list) else None
    if version == LEGACY_SNAPSHOT_VERSION:
        _check_legacy(game, record, state, seats)
    try:
        salt = salt_of(record)
    except RecordError as e:
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, f"the save is damaged: {e.message}") from None
    meta = record.get("meta")
    return Loaded(game, seats, salt, dict(meta) if isinstance(meta, dict) else {})


def _check_legacy(game: Game, record: dict[str, Any], state: Any,
                  seats: list[Any] | None) -> None:
    """A version-1 save goes through the same integrity check as version 2, with the check
    computed from what its replay produces instead of read from the save: the record the
    engine writes for that game (its seats kept) and the state it reaches. So a value of
    another type (``108.0`` for ``108``, ``0`` for ``false``), an added field or a renamed seat
    is refused as in version 2; only which bot plays a bot seat is not pinned by the replay.
    """
    named = [s.get("name") if isinstance(s, dict) and s.get("kind") in ("human", "bot") else None
             for s in seats or []]
    if seats is not None and named != list(game.names):
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, "the save has been edited or damaged: its "
                          "seats do not match its players")
    meta = record.get("meta")
    again = record_of(game, seats, meta if isinstance(meta, dict) else None)
    if integrity_check(record, state) != integrity_check(again, saved_state(game)):
        raise RecordError(ErrorCode.CORRUPT_SNAPSHOT, "the save has been edited or damaged: its "
                          "integrity check does not match")


def is_practice(meta: Any) -> bool:
    """Whether a record's ``meta`` marks a practice match (``{"practice": true}``: the site's
    guided first hand, which its statistics never count).

    >>> is_practice({"practice": True}), is_practice({"practice": 1}), is_practice(None)
    (True, False, False)
    """
    return isinstance(meta, dict) and meta.get("practice") is True


def public_summary(game: Game) -> dict[str, Any]:
    """The public state (what ``python -m speculation replay --json`` prints)."""
    obs = observe(game, None)
    odds: dict[str, Any] = obs.odds.to_dict()
    return {
        "phase": obs.phase, "hand": obs.hand, "dealer": obs.dealer, "to_act": obs.to_act,
        "pot": obs.pot, "trump": obs.trump,
        "upcard": None if obs.upcard is None else card_str(obs.upcard),
        "best": None if obs.best is None else card_str(obs.best), "holder": obs.holder,
        "seats": [{"seat": i, "name": obs.names[i], "chips": obs.chips[i],
                   "stack": obs.stacks[i], "revealed": [card_str(c) for c in obs.revealed[i]],
                   "busted": obs.busted[i], "win": odds["seats"][i]["p"]}
                  for i in range(len(obs.names))],
        "carry_over": odds["carry_over"]["p"], "per_facedown_card": odds["per_card"]["p"],
        "hands": [h.to_dict() for h in obs.hands],
    }


def deck_for_deal(stacks: list[list[str]], upcard: str, dealer: int = 0,
                  dead: list[str] | None = None) -> list[str]:
    """The top of a deck that deals ``stacks`` (one list per seat, top card first) and
    ``upcard``, for scenarios and tests: cards go one at a time from the dealer's left, three
    rounds (the dead hand after each round), then the upcard. All seats must be in play.

    >>> deck_for_deal([["2S", "3S", "4S"], ["5S", "6S", "7S"]], "KH")
    ['5S', '2S', '6S', '3S', '7S', '4S', 'KH']
    """
    n = len(stacks)
    order = [(dealer + 1 + i) % n for i in range(n)]
    deck: list[str] = []
    for r in range(3):
        deck.extend(stacks[s][r] for s in order)
        if dead:
            deck.append(dead[r])
    deck.append(upcard)
    return deck
