"""The single entry point of the web layer: JSON string in, JSON string out.

``handle`` never raises: every failure comes back as ``{"ok": false, "error": {"code": ...,
"message": ...}}`` and leaves the match exactly as it was. ``docs/protocol.md`` documents every
request and response.

>>> import json
>>> s = Session()
>>> r = json.loads(s.handle('{"op": "new_match", "settings": {"players": ['
...     '{"name": "Fanny"}, {"name": "Edmund"}], "seed": 5}}'))
>>> r["ok"], r["view"]["phase"], r["view"]["to_act"]
(True, 'deal', 0)
>>> json.loads(s.handle('{"op": "act", "action": {"seat": 1, "type": "deal"}}'))["error"]["code"]
'not_your_turn'
>>> json.loads(s.handle('{"op": "fly"}'))["error"]["code"]
'unknown_op'
"""

from __future__ import annotations

import difflib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from . import __version__, daily, fairplay, jsonguard, level, requests, take_back
from .actions import Action
from .analysis import HandAnalysis
from .bots import Bot, bot_ids, catalogue, coach_advice, make_bot, public_history
from .errors import ErrorCode, SpeculationError
from .game import Game, check_seed
from .names import clean_name
from .observation import observe
from .records import (
    game_from_record,
    is_practice,
    load_snapshot,
    public_summary,
    record_of,
    rules_from,
    salt_of,
    snapshot,
)
from .review import review, trading_score
from .rules import MAX_PLAYERS, MIN_PLAYERS, NAME_MAX, OPTIONS, PRESETS
from .standing import BuyOrder, StandingPrefs, standing_answer

MAX_REQUEST = jsonguard.LIMITS.max_chars
MAX_SEED = 2**53 - 1  # the largest integer JavaScript holds exactly, so links and saves agree
PROTOCOL = 1


class BridgeError(SpeculationError):
    """A malformed request (as opposed to an illegal move). Keyword arguments become extra
    fields of the error object (``nearest_bot``, ``player``...)."""

    def __init__(self, code: ErrorCode, message: str, **fields: Any) -> None:
        super().__init__(code, message)
        self.fields = fields

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), **self.fields}


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who plays a seat: a person, or the bot ``bot`` (an id from ``hello``'s ``bots``). Its
    ``to_dict`` is the seat's entry in records and saves.

    >>> SeatSpec("Mary", "bot", "expert/mary").to_dict()
    {'name': 'Mary', 'kind': 'bot', 'bot': 'expert/mary'}
    """

    name: str
    kind: Literal["human", "bot"] = "human"
    bot: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.bot is not None:
            out["bot"] = self.bot
        return out


class Session:
    """One match in memory (a browser worker holds one). ``handle`` is the whole API.

    ``new_salt`` makes each match's commitment salt (``speculation.fairplay``); tests and
    tools that need repeatable answers pass a fixed one:

    >>> Session(new_salt=lambda: "00" * 16).new_salt()[:4]
    '0000'
    """

    def __init__(self, new_salt: Callable[[], str] = fairplay.new_salt) -> None:
        self.game: Game | None = None
        self.seats: list[SeatSpec] = []
        self.salt = ""  # the match's commitment salt: 32 hex digits once a match is installed
        self.new_salt = new_salt
        self.meta: dict[str, Any] = {}  # the match's notes kept in its record: take_backs, daily
        self._bots: dict[int, Bot] = {}
        self._analyses: dict[tuple[int, int], HandAnalysis] = {}  # op_analyse's, under way

    # ------------------------------------------------------------------ entry point

    def handle(self, request_json: str) -> str:
        """Answer one request; see the module docstring."""
        try:
            req = _parse(request_json)
            op = req.get("op")
            fn = _OPS.get(op) if isinstance(op, str) else None
            if fn is None:
                raise BridgeError(ErrorCode.UNKNOWN_OP, f"unknown op {str(op)[:40]!r}; known ops: "
                                  f"{', '.join(sorted(_OPS))}")
            requests.check_fields(str(op), req)  # every field declared (``speculation.requests``)
            result = fn(self, req)
            result = {"ok": True, "op": op, **result}
        except SpeculationError as e:
            result = {"ok": False, "error": e.to_dict()}
        except (RecursionError, MemoryError):
            result = {"ok": False, "error": {"code": ErrorCode.TOO_COMPLEX,
                                             "message": "the request is too deeply nested or too large"}}
        except Exception as e:  # a bug: report it cleanly rather than crash the worker
            result = {"ok": False, "error": {"code": ErrorCode.INTERNAL_ERROR,
                                             "message": f"internal error ({type(e).__name__}): {e}"[:500]}}
        return json.dumps(result, separators=(",", ":"), allow_nan=False)

    # ------------------------------------------------------------------ ops

    def op_hello(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"version": __version__, "protocol": PROTOCOL,
                "presets": [p.to_dict() for p in PRESETS.values()],
                "options": [o.to_dict() for o in OPTIONS],
                "bots": _bot_catalogue(), "has_match": self.game is not None,
                "limits": {"players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
                           "seed": {"min": 0, "max": MAX_SEED},
                           "name": {"max_length": NAME_MAX}}}

    def op_new_match(self, req: dict[str, Any]) -> dict[str, Any]:
        settings = req.get("settings")
        if not isinstance(settings, dict):
            raise BridgeError(ErrorCode.BAD_SETTINGS, "new_match needs 'settings': an object")
        unknown = set(settings) - {"players", "preset", "rules", "seed", "decks", "meta", "practice"}
        if unknown:
            raise BridgeError(ErrorCode.BAD_SETTINGS,
                              f"unknown setting {sorted(map(str, unknown))[0][:40]!r}")
        players = settings.get("players")
        if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise BridgeError(ErrorCode.BAD_SETTINGS, f"settings.players must list {MIN_PLAYERS} to "
                              f"{MAX_PLAYERS} players")
        seats = [_read_seat(i, p) for i, p in enumerate(players)]
        rules = rules_from(settings.get("preset", "parlett"), settings.get("rules", {}))
        seed = settings.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(MAX_SEED)
        check_seed(seed, MAX_SEED)
        decks = settings.get("decks", [])
        if not isinstance(decks, list) or len(decks) > 1000:
            raise BridgeError(ErrorCode.BAD_SETTINGS, "settings.decks must be a list of card lists")
        practice = settings.get("practice", False)
        if not isinstance(practice, bool):
            raise BridgeError(ErrorCode.BAD_SETTINGS, "settings.practice must be true or false")
        game = Game([s.name for s in seats], rules, seed=seed, decks=decks)
        _seat(req.get("seat"), game, allow_none=True)  # the viewer, checked before any change
        self._install(game, seats, self.new_salt(), {"practice": True} if practice else None)
        return {"view": self._view(req)}

    def op_view(self, req: dict[str, Any]) -> dict[str, Any]:
        self._need_game()
        return {"view": self._view(req)}

    def op_legal(self, req: dict[str, Any]) -> dict[str, Any]:
        game = self._need_game()
        seat = _seat_number(req.get("seat"), game)
        return {"legal": [t.to_dict() for t in game.legal_actions(seat)]}

    def op_act(self, req: dict[str, Any]) -> dict[str, Any]:
        game = self._need_game()
        action = Action.from_dict(req.get("action"))
        viewer = _seat(req.get("viewer"), game, allow_none=True)  # checked before any change
        start = len(game.log)
        game.apply(action)
        return {"events": [e.to_dict() for e in game.log[start:]], "view": self._view_of(viewer)}

    def op_bot(self, req: dict[str, Any]) -> dict[str, Any]:
        game = self._need_game()
        seat = _seat_number(req.get("seat"), game)
        viewer = _seat(req.get("viewer"), game, allow_none=True)
        apply = req.get("apply", True)
        if not isinstance(apply, bool) and apply != "if_pass":
            raise BridgeError(ErrorCode.BAD_REQUEST, "bot's 'apply' must be true, false or \"if_pass\"")
        if "stand_in" not in req and self.seats[seat].kind != "bot":
            raise BridgeError(ErrorCode.NOT_A_BOT, f"seat {seat} is not played by a bot")
        game.check_turn(seat)
        bot = self._stand_in(seat, req.get("stand_in")) if "stand_in" in req else self._bot(seat)
        decision = bot.decide(observe(game, seat), public_history(game))
        out: dict[str, Any] = {"action": decision.action.to_dict(), "reason": decision.reason}
        # "if_pass": a pass is made at once (the page shows no thinking for it), anything else
        # is only answered, as with false, for the page to show its thinking before it moves
        if apply is True or (apply == "if_pass" and decision.action.kind == "pass"):
            start = len(game.log)
            game.apply(decision.action)
            out["events"] = [e.to_dict() for e in game.log[start:]]
            out["view"] = self._view_of(viewer)
        return out

    def op_standing(self, req: dict[str, Any]) -> dict[str, Any]:
        """What the player's standing answer to ``seat``'s decision would be
        (``standing.standing_answer``), or None: ask the player. It changes nothing; the page
        sends the answer's action through ``act``, so the engine records it like a click."""
        game = self._need_game()
        seat = _seat_number(req.get("seat"), game)
        prefs = StandingPrefs.from_dict(req.get("prefs", {}))
        raw = req.get("order")
        order = None if raw is None else BuyOrder.from_dict(raw, len(game.names))
        if game.is_over:
            raise BridgeError(ErrorCode.MATCH_OVER, "the match is over: no decision to answer")
        named = req.get("named", False)
        if not isinstance(named, bool):
            raise BridgeError(ErrorCode.BAD_REQUEST, "standing 'named' must be true or false")
        game.check_turn(seat)
        answer = standing_answer(game, seat, prefs, order, named)
        return {"answer": None if answer is None else answer.to_dict()}

    def op_log(self, req: dict[str, Any]) -> dict[str, Any]:
        game = self._need_game()
        since = req.get("since", 0)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise BridgeError(ErrorCode.BAD_REQUEST, "log's 'since' must be a whole number from 0")
        return {"entries": [e.to_dict() for e in game.log[since:]], "next": len(game.log)}

    def op_coach(self, req: dict[str, Any]) -> dict[str, Any]:
        game = self._need_game()
        seat = _seat_number(req.get("seat"), game)
        return {"advice": coach_advice(observe(game, seat), public_history(game), self.roster())}

    def op_save(self, req: dict[str, Any]) -> dict[str, Any]:
        """The match as a snapshot, and the summary a list of saved matches shows of it: the
        players, the hand and whether the match is over, as the engine has them now (the page's
        last drawn view may be a move behind: the move that ended the match, say)."""
        game = self._need_game()
        return {"snapshot": snapshot(game, self._seat_dicts(), self.salt, self.meta),
                "summary": {"players": list(game.names), "hand": game.hand_no, "over": game.is_over}}

    def op_load(self, req: dict[str, Any]) -> dict[str, Any]:
        replace = _flag(req, "replace_unknown_bots")
        loaded = load_snapshot(req.get("snapshot"))
        game, seats = loaded.game, loaded.seats
        check_seed(game.seed, MAX_SEED)
        seats = seats or [{"name": n, "kind": "human"} for n in game.names]
        if len(seats) != len(game.names):
            raise BridgeError(ErrorCode.CORRUPT_SNAPSHOT, "the save's seats do not match its players")
        try:
            checked, replaced = _read_seats(seats, replace)
        except UnknownBotError as e:
            raise BridgeError(ErrorCode.INCOMPATIBLE_SNAPSHOT, f"this save has a bot this version "
                              f"lacks ({e.bot[:40]!r}, seat {e.player}); the nearest is "
                              f"{e.nearest!r}", player=e.player, bot=e.bot[:40],
                              nearest_bot=e.nearest) from None
        except BridgeError as e:
            raise BridgeError(ErrorCode.CORRUPT_SNAPSHOT, f"the save's seats are damaged: "
                              f"{e.message}") from None
        _seat(req.get("seat"), game, allow_none=True)  # the viewer, checked before any change
        self._install(game, checked, loaded.salt or self.new_salt(), loaded.meta)  # an older save has no salt
        out: dict[str, Any] = {"view": self._view(req)}
        if replaced:
            out["replaced_bots"] = replaced
        return out

    def op_record(self, req: dict[str, Any]) -> dict[str, Any]:
        """The match's record; while it is being played without its seed and deck orders (with
        them anyone could replay the engine and read every face-down card) nor its salt (which
        would let anyone test guesses of the seed against the commitment)."""
        game = self._need_game()
        return {"record": record_of(game, self._seat_dicts(), self.meta, withhold=not game.is_over,
                                    salt=self.salt)}

    def op_commitment(self, req: dict[str, Any]) -> dict[str, Any]:
        """The host's commitment to the match's deal (``fairplay.game_commitment``): a hash
        that names neither the seed nor the salt; the finished match's ``record`` lets anyone
        recompute it."""
        game = self._need_game()
        return {"commitment": fairplay.game_commitment(game, self.salt), "scheme": fairplay.SCHEME}

    def op_verify(self, req: dict[str, Any]) -> dict[str, Any]:
        """A guest's audit of a finished ``record`` against the ``commitment`` it was sent at
        the start and the log entries it ``seen`` (``fairplay.verify``). The replay is a game
        of its own: the session's match stays as it is."""
        record, promised = req.get("record"), req.get("commitment")
        if not isinstance(record, dict):
            raise BridgeError(ErrorCode.BAD_REQUEST, "verify needs 'record': the finished match's "
                              "record, an object")
        if not fairplay.is_commitment(promised):
            raise BridgeError(ErrorCode.BAD_REQUEST, "verify needs 'commitment': 64 lowercase hex "
                              "digits, as the host sent it")
        seen = fairplay.read_seen(req.get("seen"))
        return fairplay.verify(record, promised, seen).to_dict()

    def op_replay(self, req: dict[str, Any]) -> dict[str, Any]:
        replace = _flag(req, "replace_unknown_bots")
        install = req.get("install", True)
        if not isinstance(install, bool):
            raise BridgeError(ErrorCode.BAD_REQUEST, "replay's 'install' must be true or false")
        if _flag(req, "current"):  # the match in progress: its seed never leaves the engine
            if "record" in req:
                raise BridgeError(ErrorCode.BAD_REQUEST, "replay takes a 'record' or 'current': true, "
                                  "not both")
            record: Any = record_of(self._need_game(), self._seat_dicts(), self.meta,
                                    salt=self.salt)
        else:
            record = req.get("record")
        if isinstance(record, dict):
            check_seed(record.get("seed", 0), MAX_SEED)
        game = game_from_record(record, req.get("upto"))
        assert isinstance(record, dict)  # game_from_record refuses anything else
        salt = salt_of(record)  # the same match keeps its commitment; checked before any change
        seats = record.get("seats")
        if not isinstance(seats, list) or len(seats) != len(game.names):
            seats = [{"name": n, "kind": "human"} for n in game.names]
        checked, replaced = _read_seats(seats, replace)
        last = game.actions[-1:] if game.actions else []
        viewer = _seat(req.get("seat"), game, allow_none=True)  # checked before any change
        if install:
            meta = record.get("meta")
            self._install(game, checked, salt or self.new_salt(), meta if isinstance(meta, dict) else None)
            view = self._view_of(viewer)
        else:  # a look at the record (a review): the match in progress stays as it is
            view = _view_with_seats(game, checked, viewer)
        out = {"view": view, "steps": len(record.get("actions", [])),
               "last_action": last[0].to_dict() if last else None}
        if replaced:
            out["replaced_bots"] = replaced
        return out

    def op_review(self, req: dict[str, Any]) -> dict[str, Any]:
        """Each trade of ``seat`` valued against fair value, and its trading score; the bots'
        private limits only once the match is over (``review.review``)."""
        game = self._need_game()
        seat = _seat_number(req.get("seat"), game)
        hand = req.get("hand")
        if hand is not None and (isinstance(hand, bool) or not isinstance(hand, int)
                                 or not 1 <= hand <= game.hand_no):
            raise BridgeError(ErrorCode.BAD_REQUEST, f"review's 'hand' must be a hand number from 1 to "
                              f"{max(1, game.hand_no)}, or null for the whole match")
        bots = None
        if game.is_over:  # never during the match: a bot's limits are its private numbers
            bots = {s: self._new_bot for s, p in enumerate(self.seats) if p.kind == "bot"}
        return {"review": review(game, seat, hand, bots)}

    def op_analyse(self, req: dict[str, Any]) -> dict[str, Any]:
        """Each decision ``seat`` made in a finished ``hand`` beside the expert's, each valued by
        playing the rest of the hand out (``analysis.HandAnalysis``). One request judges the
        next decisions, about ``ANALYSIS_PIECE`` actions of play-out, and answers with the
        analysis so far (``done`` false until it is whole): the page asks again until it is
        done, and its other requests go in between. It sees only what the seat saw then, so it
        may be asked during the match as well as after it."""
        game = self._need_game()
        seat = _seat_number(req.get("seat"), game)
        hand = req.get("hand")
        if isinstance(hand, bool) or not isinstance(hand, int):
            raise BridgeError(ErrorCode.BAD_REQUEST, "analyse's 'hand' must be the number of a "
                              "finished hand")
        a = self._analyses.get((seat, hand))
        if a is None or a.game is not game:
            a = HandAnalysis(game, seat, hand, self.roster())
            self._analyses[(seat, hand)] = a
        a.advance(ANALYSIS_PIECE)
        return {"analysis": a.to_dict()}

    def op_take_back(self, req: dict[str, Any]) -> dict[str, Any]:
        """Take back ``seat``'s last decision against computer players: the match goes back
        to the moment before it (the record replayed without it and everything after it;
        the bots, pure functions of what they see and their seed, then decide again as they
        would). A decision is an action the seat was asked for: one its standing answers
        (``prefs``, as in ``standing``) would not have given by themselves. Only a decision of
        the hand under way can be taken back, and only while that hand is being played: once
        it is over its face-down cards have been shown, and going back into it (or into an
        earlier hand) would replay it knowing them. The record keeps only what is finally
        played; ``meta.take_backs`` counts the take-backs.

        >>> s = Session(new_salt=lambda: "00" * 16)
        >>> players = [{"name": "Ann"}, {"name": "Bo", "kind": "bot", "bot": "casual/mary"}]
        >>> _ = s.handle(json.dumps({"op": "new_match", "settings": {"players": players, "seed": 3}}))
        >>> json.loads(s.handle('{"op": "take_back", "seat": 0}'))["error"]["code"]
        'nothing_to_take_back'
        """
        game = self._need_game()
        seat = _seat_number(req.get("seat"), game)
        prefs = StandingPrefs.from_dict(req.get("prefs", {}))
        at = take_back.decision(game, self._people(), self._counted(), seat, prefs)
        record = record_of(game, self._seat_dicts(), salt=self.salt)
        earlier = game_from_record(record, at)
        taken = int(self.meta.get("take_backs", 0)) + 1
        self._install(earlier, self.seats, self.salt, {**self.meta, "take_backs": taken})
        return {"view": self._view_of(seat), "taken_back": len(game.actions) - at,
                "take_backs": taken}

    def op_daily(self, req: dict[str, Any]) -> dict[str, Any]:
        """Start the daily deal of ``date`` (``speculation.daily``: the same seed, computer
        players and rules for everyone that UTC day), ``name`` in seat 0. ``counts`` says
        whether it is the day's counted one (no take-backs) or practice. Its seed stays in the
        engine like any other (it follows from the date, so it is not secret, but the page
        never needs it)."""
        date = daily.check_date(req.get("date"))
        counts = _flag(req, "counts")
        plan = daily.daily_plan(date)
        players: list[dict[str, Any]] = [{"name": req.get("name", "Julia"), "kind": "human"}]
        players += [{"name": n, "kind": "bot", "bot": b} for b, n in plan.bots]
        seats = [_read_seat(i, p) for i, p in enumerate(players)]
        game = Game([x.name for x in seats], plan.rules, seed=plan.seed)
        self._install(game, seats, self.new_salt(), {"daily": {"date": date, "counts": counts}})
        return {"view": self._view_of(0), "daily": {"date": date, "counts": counts, "hands": daily.HANDS}}

    def op_daily_result(self, req: dict[str, Any]) -> dict[str, Any]:
        """The finished daily deal's result for seat 0: its trading score and chips won, the
        expert computer player's on the same deals in the same seat (``daily.expert_par``)
        and the line to share (no card in it)."""
        game = self._need_game()
        info = self.meta.get("daily")
        if not isinstance(info, dict) or not isinstance(info.get("date"), str):
            raise BridgeError(ErrorCode.BAD_REQUEST, "this match is not a daily deal")
        if not game.is_over:
            raise BridgeError(ErrorCode.BAD_REQUEST, "the daily deal is not over yet")
        date = daily.check_date(info["date"])
        score = round(trading_score(game, 0), 2)
        start = game.rules.starting_chips
        chips = game.chips[0] - start
        par = daily.expert_par(date, 0)
        return {"result": {"date": date, "counts": bool(info.get("counts")), "score": score,
                           "chips": chips, "expert": {"score": par.score, "chips": par.chips},
                           "share": daily.share_text(date, score, chips)}}

    def op_level(self, req: dict[str, Any]) -> dict[str, Any]:
        """Where a player stands against the four levels (``speculation.level.estimate``) from
        ``matches``: their finished matches, oldest first, each ``{"score", "hands"}``. Needs no
        match and changes none.

        >>> r = json.loads(Session().handle('{"op": "level", "matches": [{"score": 1, "hands": 2}]}'))
        >>> r["level"]["level"], r["level"]["sentence"]
        (None, 'Play 8 more hands for an estimate of your level.')
        """
        raw = req.get("matches")
        if not isinstance(raw, list) or len(raw) > 5000:
            raise BridgeError(ErrorCode.BAD_REQUEST, "level needs 'matches': a list of at most 5000 "
                              "{score, hands}")
        matches = []
        for m in raw:
            score = m.get("score") if isinstance(m, dict) else None
            hands = m.get("hands") if isinstance(m, dict) else None
            if (isinstance(score, bool) or not isinstance(score, (int, float))
                    or isinstance(hands, bool) or not isinstance(hands, int) or not 0 < hands <= 1000):
                raise BridgeError(ErrorCode.BAD_REQUEST, "each of level's matches is {score: a number, "
                                  "hands: a whole number from 1 to 1000}")
            matches.append(level.MatchScore(float(score), hands))
        return {"level": level.estimate(matches).to_dict()}

    def op_summary(self, req: dict[str, Any]) -> dict[str, Any]:
        return {"summary": public_summary(self._need_game())}

    # ------------------------------------------------------------------ helpers

    def _seat_dicts(self) -> list[dict[str, Any]]:
        return [s.to_dict() for s in self.seats]

    def _install(self, game: Game, seats: list[SeatSpec], salt: str,
                 meta: dict[str, Any] | None = None) -> None:
        self.game, self.seats, self.salt, self._bots = game, seats, salt, {}
        self.meta = dict(meta or {})
        self._analyses = {}

    def _need_game(self) -> Game:
        if self.game is None:
            raise BridgeError(ErrorCode.NO_MATCH, "no match is in progress: send new_match or load first")
        return self.game

    def _people(self) -> list[bool]:
        """Per seat, whether a person plays it."""
        return [s.kind != "bot" for s in self.seats]

    def _counted(self) -> bool:
        """Whether the match is a daily deal that counts (no take-backs)."""
        info = self.meta.get("daily")
        return isinstance(info, dict) and bool(info.get("counts"))

    def _view(self, req: dict[str, Any]) -> dict[str, Any]:
        return self._view_of(_seat(req.get("seat"), self._need_game(), allow_none=True))

    def _view_of(self, seat: int | None) -> dict[str, Any]:
        view = _view_with_seats(self._need_game(), self.seats, seat)
        if is_practice(self.meta):  # a practice match (the site's guided first hand)
            view["practice"] = True  # only in a practice match: other views are unchanged
        if isinstance(self.meta.get("daily"), dict):  # "Daily deal · hand 2 of 5"
            view["hand_line"] = {**view["hand_line"], "label": "Daily deal · hand"}
        offer = take_back.offer(self._need_game(), self._people(), self._counted(), seat)
        if offer is not None:  # only in the view of a lone person playing computer players
            view["take_back"] = offer
        return view

    def _stand_in(self, seat: int, bot_id: Any) -> Bot:
        """A computer player standing in for a person's seat (a friend who left the table):
        ``stand_in`` names it. It plays that seat's decisions with the seat's own view and the
        match's seed, and the seat stays a person's.

        >>> s = Session()
        >>> players = [{"name": "Ann"}, {"name": "Bo"}]
        >>> _ = s.handle(json.dumps({"op": "new_match", "settings": {"players": players, "seed": 3}}))
        >>> r = json.loads(s.handle('{"op": "bot", "seat": 0, "stand_in": "skilled/edmund"}'))
        >>> r["ok"], r["action"]["type"]
        (True, 'deal')
        """
        if self.seats[seat].kind == "bot":
            raise BridgeError(ErrorCode.BAD_REQUEST,
                              f"seat {seat} is a computer player's: it needs no stand-in")
        if not isinstance(bot_id, str) or bot_id not in bot_ids():
            raise BridgeError(ErrorCode.UNKNOWN_BOT,
                              f"unknown stand-in {bot_id!r}: it must be one of hello's bots")
        return make_bot(bot_id, seed=self._need_game().seed * 16 + seat, seat=seat,
                        roster=self.roster())

    def _bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            self._bots[seat] = self._new_bot(seat)
        return self._bots[seat]

    def _new_bot(self, seat: int) -> Bot:
        """A fresh bot for ``seat`` with the seed the match plays it with."""
        bot = self.seats[seat].bot
        assert bot is not None  # only bot seats are asked (op_bot, op_review check the kind)
        return make_bot(bot, seed=self._need_game().seed * 16 + seat, seat=seat,
                        roster=self.roster())

    def roster(self) -> tuple[str | None, ...]:
        """Who the table shows in each seat (each seat's ``bot`` id, None for a person): public,
        so the bots and the coach may use it as a person at the table would."""
        return tuple(p.bot if p.kind == "bot" else None for p in self.seats)


def _view_with_seats(game: Game, seats: list[SeatSpec], seat: int | None) -> dict[str, Any]:
    """``seat``'s view of ``game`` with who plays each seat: ``kind``, and for a bot its
    ``bot`` id and, when it differs from the seat's name, ``bot_name`` (the catalogue's name,
    such as "Mary Crawford (expert)")."""
    view = observe(game, seat).to_dict()
    names = _bot_names()
    for i, s in enumerate(view["seats"]):
        spec = seats[i]
        s["kind"] = spec.kind
        if spec.bot is not None:
            s["bot"] = spec.bot
            name = names.get(spec.bot)
            if name is not None and name != spec.name:
                s["bot_name"] = name
    return view


_CATALOGUE: list[dict[str, Any]] = []


def _bot_catalogue() -> list[dict[str, Any]]:
    """The playable bots (``bots.catalogue``), built once."""
    if not _CATALOGUE:
        _CATALOGUE.extend(catalogue())
    return _CATALOGUE


def _bot_names() -> dict[str, str]:
    return {str(b["id"]): str(b["name"]) for b in _bot_catalogue()}


def _known_bot(bot_id: str) -> bool:
    return any(b["id"] == bot_id for b in _bot_catalogue())


def nearest_bot(bot_id: str) -> str | None:
    """The playable bot closest to ``bot_id`` (which this version may lack): the same level
    if it exists here, else the same personality, else the closest id by spelling.

    >>> nearest_bot("expert/mary"), nearest_bot("grandmaster/mary"), nearest_bot("expert/tom")
    ('expert/mary', 'expert/mary', 'expert/edmund')
    """
    ids: list[str] = [str(b["id"]) for b in _bot_catalogue()]
    level, _, personality = bot_id.partition("/")
    same_level = [i for i in ids if i.split("/")[0] == level]
    if same_level:  # a known level: that personality there, else the level's first (default)
        return next((i for i in same_level if i.endswith("/" + personality)), same_level[0])
    same_personality = [i for i in ids if i.split("/")[-1] == personality]
    if same_personality:  # an unknown level: the strongest one with that personality
        return same_personality[-1]
    close = difflib.get_close_matches(bot_id, ids, n=1, cutoff=0.0) or ids
    return close[0] if close else None


class UnknownBotError(BridgeError):
    """A seat names a bot id this version does not have (code ``bad_settings``), with the
    nearest one available."""

    def __init__(self, player: int, bot: str) -> None:
        self.player, self.bot, self.nearest = player, bot, nearest_bot(bot)
        super().__init__(ErrorCode.BAD_SETTINGS, f"player {player}: unknown bot {bot[:40]!r} (the "
                         f"nearest is {self.nearest!r}; 'hello' lists them all)",
                         player=player, bot=bot[:40], nearest_bot=self.nearest)


def _flag(req: dict[str, Any], name: str) -> bool:
    value = req.get(name, False)
    if not isinstance(value, bool):
        raise BridgeError(ErrorCode.BAD_REQUEST, f"{name} must be true or false")
    return value


def _read_seats(raw: list[Any], replace_unknown_bots: bool = False
                ) -> tuple[list[SeatSpec], list[dict[str, Any]]]:
    """Check each seat; with ``replace_unknown_bots`` a bot id this version lacks becomes the
    nearest one, and the second list says which (``{"seat", "bot", "with"}``)."""
    seats, replaced = [], []
    for i, p in enumerate(raw):
        try:
            seats.append(_read_seat(i, p))
        except UnknownBotError as e:
            if not replace_unknown_bots or e.nearest is None:
                raise
            seats.append(_read_seat(i, {**p, "bot": e.nearest}))
            replaced.append({"seat": i, "bot": e.bot[:40], "with": e.nearest})
    return seats, replaced


def _read_seat(i: int, p: Any) -> SeatSpec:
    if not isinstance(p, dict):
        raise BridgeError(ErrorCode.BAD_SETTINGS, f"player {i} must be an object with a 'name'")
    unknown = set(p) - {"name", "kind", "bot"}
    if unknown:
        raise BridgeError(ErrorCode.BAD_SETTINGS,
                          f"player {i}: unknown field {sorted(map(str, unknown))[0][:30]!r}")
    try:
        name = clean_name(p.get("name"), f"player {i}")
    except SpeculationError as e:
        raise BridgeError(ErrorCode(e.code), e.message, player=i) from None
    kind = p.get("kind", "human")
    if kind not in ("human", "bot"):
        raise BridgeError(ErrorCode.BAD_SETTINGS, f"player {i}: kind must be 'human' or 'bot'")
    if kind == "bot":
        bot = p.get("bot")
        if not isinstance(bot, str):
            raise BridgeError(ErrorCode.BAD_SETTINGS, f"player {i}: a bot seat names a bot id")
        if not _known_bot(bot):
            raise UnknownBotError(i, bot)
        return SeatSpec(name, "bot", bot)
    if "bot" in p:
        raise BridgeError(ErrorCode.BAD_SETTINGS, f"player {i}: only a bot seat names a bot")
    return SeatSpec(name)


def _seat_number(value: Any, game: Game) -> int:
    seat = _seat(value, game, allow_none=False)
    assert seat is not None
    return seat


def _seat(value: Any, game: Game, allow_none: bool) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(game.names):
        raise BridgeError(ErrorCode.BAD_SEAT, f"seat must be a number from 0 to {len(game.names) - 1}"
                          + (" or null" if allow_none else ""))
    return value


def _parse(request_json: Any) -> dict[str, Any]:
    """The request as a dict. The JSON limits (``speculation.jsonguard``) are checked before
    ``json.loads`` runs, so CPython and Pyodide refuse the same texts with the same codes:
    ``bad_json``, ``too_large``, ``too_complex``."""
    req = jsonguard.loads(request_json, what="the request")
    if not isinstance(req, dict):
        raise BridgeError(ErrorCode.BAD_REQUEST, "the request must be a JSON object with an 'op'")
    return req


ANALYSIS_PIECE = 1_500  # actions played out per analyse request (~0.5 s in CPython, the docs)

_OPS: dict[str, Callable[[Session, dict[str, Any]], dict[str, Any]]] = {
    name[3:]: fn for name, fn in vars(Session).items() if name.startswith("op_")
}

_default = Session()


def handle(request_json: str) -> str:
    """The web layer's one function: a JSON request string in, a JSON response string out."""
    return _default.handle(request_json)
