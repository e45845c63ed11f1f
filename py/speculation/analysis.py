"""Every decision of a seat in a finished hand beside the expert's, valued the way the score is.

For each decision the seat made in the hand (every keep or sale, ask, bid, counter, accept,
refusal, offer and pass where it had a choice), ``analyse`` asks the expert bot what it would
have done from the same seat with the same information (the coach's own expert, seeded as the
coach is, so the two always agree). Where the two differ, each choice is valued by playing the
rest of the hand out ``samples`` times from that moment:

* the face-down cards and the rest of the pack are dealt afresh from the cards nobody has seen
  yet (sorted, then shuffled by a seed made from the public log), so no hidden card and nothing
  that happened later can reach the valuation;
* the seat then plays on as the expert would; a seat the table names is played by that bot
  (seeded afresh, since a bot's own seed is private), a person's seat by the expert;
* the value of a play-out is the seat's trading score over the rest of the hand: what it gained
  against exact fair value in each trade it made (``review.Trade.gain``), the luck-free value
  the score uses. Both choices are played from the same deals, so their difference is measured
  on the same luck.

The difference (the expert's value less the seat's) is what the decision cost. A cost of at
least ``SLIP`` chips is *a slip*, of at least ``BLUNDER`` chips *a blunder*. The budget is
counted in actions played, never in time: ``samples`` play-outs per choice, and no more than
``Budget.nodes`` actions in all (decisions past it are listed, not valued).

>>> from speculation.game import Game
>>> from speculation.actions import Action
>>> from speculation.records import deck_for_deal
>>> deck = deck_for_deal([["KD", "2C", "3C"], ["8C", "4C", "5C"], ["9S", "6C", "7C"]],
...                      upcard="QH")
>>> g = Game(["Fanny", "Edmund", "Mary"], seed=1, decks=[deck])
>>> for a in [Action(0, "deal"), Action(0, "sell_firm", price=1), Action(1, "accept")]:
...     _ = g.apply(a)
>>> while g.phase != "deal":                   # the rest of the hand: the first legal move
...     _ = g.apply(g.legal_actions()[0].example())
>>> a = analyse(g, 0, hand=1, roster=(None, "expert/edmund", "casual/mary"))
>>> d = a["decisions"][0]
>>> d["yours"]["type"], d["same"], d["cost"] > 0     # a trump sold for 1 chip: too cheap
('sell_firm', False, True)
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from .actions import Action
from .errors import ErrorCode, SpeculationError
from .game import Game
from .observation import observe
from .records import game_from_record, record_of
from .review import finished_hands, trades
from .text import chips, ordinal, signed_tenths, tenths

SLIP = 0.5
BLUNDER = 2.0
SAMPLES = 16
COACH = ("expert", "edmund")  # the expert the coach speaks for (bots.coach.COACH_LEVEL/PERSONA)
UNNAMED = "expert/edmund"  # how a person's seat is played out: as the expert would
Roster = tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class Budget:
    """How much play-out ``analyse`` may spend: at a decision where the two choices differ, each
    is played out at least ``least`` and at most ``samples`` times (it stops sooner once the
    cost's grade is settled, ``_settled``), and at most ``nodes`` actions are played in all.

    >>> Budget().samples, Budget(samples=4).nodes
    (16, 60000)
    """

    samples: int = SAMPLES
    nodes: int = 60_000
    least: int = 4


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of the seat beside the expert's. ``yours``/``expert``: the two actions;
    ``yours_value``/``expert_value``: each one's mean trading score over the play-outs (None
    when they are the same, or the budget ran out); ``cost``: expert − yours (0 when the
    same)."""

    step: int
    hand: int
    yours: Action
    expert: Action
    reason: str
    yours_value: float | None = None
    expert_value: float | None = None
    nodes: int = 0
    samples: int = 0

    @property
    def same(self) -> bool:
        return self.yours == self.expert

    @property
    def cost(self) -> float:
        if self.same or self.yours_value is None or self.expert_value is None:
            return 0.0
        return self.expert_value - self.yours_value

    @property
    def grade(self) -> str:
        """``"expert"`` (the same choice), ``"good"``, ``"slip"`` or ``"blunder"``;
        ``"unvalued"`` where the budget ran out first."""
        if self.same:
            return "expert"
        if self.yours_value is None:
            return "unvalued"
        return "blunder" if self.cost >= BLUNDER else "slip" if self.cost >= SLIP else "good"


def analyse(game: Game, seat: int, hand: int, roster: Sequence[str | None] = (),
            budget: Budget = Budget()) -> dict[str, Any]:
    """Every decision ``seat`` made in hand ``hand`` (finished) beside the expert's, as JSON-ready
    data (``docs/protocol.md``, op ``analyse``). ``roster``: who the table shows in each seat (a
    bot id, or None for a person), as the coach is given it."""
    a = HandAnalysis(game, seat, hand, roster, budget)
    a.advance()
    return a.to_dict()


def judgements(game: Game, seat: int, hand: int, roster: Sequence[str | None] = (),
               budget: Budget = Budget()) -> list[Judgement]:
    """The ``Judgement`` of each decision ``seat`` made in hand ``hand``, in order (the hand
    need not be finished: its decisions so far)."""
    a = HandAnalysis(game, seat, hand, roster, budget, finished=False)
    a.advance()
    return a.marks


class HandAnalysis:
    """The analysis of one seat's decisions in one hand, made a piece at a time: ``advance``
    judges the next decisions until it has played out ``nodes`` actions (the bridge answers
    each request with one piece, so the page's other requests are not kept waiting behind a
    whole hand). Pieces never split a decision, so the result does not depend on their size.
    The match is replayed from its start; each decision sees only the match as it stood then.

    >>> from speculation.records import deck_for_deal
    >>> deck = deck_for_deal([["2C", "3C", "4C"], ["5D", "6D", "7D"]], upcard="KH")
    >>> g = Game(["Fanny", "Edmund"], seed=1, decks=[deck])
    >>> for a in [Action(0, "deal"), Action(0, "sell_firm", price=1), Action(1, "accept")]:
    ...     _ = g.apply(a)
    >>> while g.phase != "deal":
    ...     _ = g.apply(g.legal_actions()[0].example())
    >>> a = HandAnalysis(g, 0, 1, (None, "skilled/edmund"))
    >>> a.advance(nodes=1), len(a.marks)      # one decision at least, even for 1 node
    (False, 1)
    >>> while not a.advance(nodes=1):         # piece by piece, to the end of the hand
    ...     pass
    >>> a.to_dict() == analyse(g, 0, 1, (None, "skilled/edmund"))   # the same as at once
    True
    """

    def __init__(self, game: Game, seat: int, hand: int, roster: Sequence[str | None] = (),
                 budget: Budget = Budget(), finished: bool = True) -> None:
        if finished:
            _check(game, seat, hand)
        self.game, self.seat, self.hand, self.budget = game, seat, hand, budget
        self.roster = _full_roster(roster, len(game.names), seat)
        self.steps = [k for k, st in enumerate(game.steps) if st.hand == hand]
        self.marks: list[Judgement] = []
        self.spent = 0
        self._at = 0
        self._replay: Game | None = None

    @property
    def done(self) -> bool:
        return self._at == len(self.steps)

    def advance(self, nodes: int | None = None) -> bool:
        """Judge the next decisions, stopping after the one that brings the actions played out
        in this call to ``nodes`` (None: to the end of the hand). Returns ``done``."""
        from .bots.decision import forced

        if self.done:
            return True
        if self._replay is None:
            self._replay = game_from_record(record_of(self.game), upto=self.steps[0])
        replay, stop = self._replay, None if nodes is None else self.spent + nodes
        while not self.done and (stop is None or self.spent < stop):
            action = self.game.actions[self.steps[self._at]]
            if action.seat == self.seat and forced(observe(replay, self.seat)) is None:
                j = judge(replay, action, self.roster, self.budget, self.budget.nodes - self.spent)
                self.spent += j.nodes
                self.marks.append(j)
            replay.apply(action)
            self._at += 1
        if self.done:
            self._replay = None  # the judgements are kept; the replay is no longer needed
        return self.done

    def to_dict(self) -> dict[str, Any]:
        """The analysis so far as JSON-ready data; ``done`` says whether it is whole and
        ``progress`` how much of the hand it has gone through (0 to 1)."""
        marks, names, seat, hand = self.marks, self.game.names, self.seat, self.hand
        lost = round(sum(max(0.0, j.cost) for j in marks), 2)
        return {"seat": seat, "hand": hand, "done": self.done,
                "progress": round(self._at / len(self.steps), 3) if self.steps else 1.0,
                "decisions": [_judgement_dict(j, names, seat) for j in marks],
                "slips": sum(j.grade == "slip" for j in marks),
                "blunders": sum(j.grade == "blunder" for j in marks),
                "same": sum(j.same for j in marks), "cost": lost, "cost_text": tenths(lost),
                "thresholds": {"slip": SLIP, "blunder": BLUNDER},
                "samples": sum(j.samples for j in marks), "nodes": self.spent,
                "text": _summary(names[seat], hand, marks, lost, you=False),
                "you": _summary(names[seat], hand, marks, lost, you=True)}


def judge(game: Game, action: Action, roster: Roster, budget: Budget = Budget(),
          left: int | None = None) -> Judgement:
    """``action`` (the seat's decision, next in ``game``) beside the expert's, each played out
    from ``game`` as it stands, spending at most ``left`` actions (default: the budget's)."""
    from .bots import make_bot, public_history
    from .bots.coach import public_seed

    k = len(game.actions)
    left = budget.nodes if left is None else left
    obs = observe(game, action.seat)
    seed = public_seed(obs)
    d = make_bot("/".join(COACH), seed=seed, seat=action.seat, roster=roster).decide(
        obs, public_history(game))
    j = Judgement(k, game.hand_no, action, d.action, d.reason)
    if j.same or left <= 0:
        return j
    diffs: list[float] = []
    totals = [0.0, 0.0]
    nodes = 0
    base = zlib.crc32(f"{seed}:{k}".encode())
    while len(diffs) < budget.samples and nodes < left and not _settled(diffs, budget):
        i = len(diffs)
        deal = dealt_afresh(game, Random(base + i))
        got = []
        for choice in (action, d.action):
            score, n = play_out(deal.clone(), choice, roster, base + 7919 * i)
            got.append(score)
            nodes += n
        totals[0] += got[0]
        totals[1] += got[1]
        diffs.append(got[1] - got[0])
    m = len(diffs)
    return Judgement(k, game.hand_no, action, d.action, d.reason, round(totals[0] / m, 3),
                     round(totals[1] / m, 3), nodes, m)


def _settled(diffs: Sequence[float], budget: Budget) -> bool:
    """Whether the play-outs so far place the cost in one grade: at least ``budget.least`` of
    them, and no threshold inside two standard errors of their mean.

    >>> _settled([0.1, 0.1, 0.1, 0.1], Budget()), _settled([0.1, 0.9, 0.1, 0.9], Budget())
    (True, False)
    """
    n = len(diffs)
    if n < budget.least:
        return False
    mean = sum(diffs) / n
    spread = 2 * math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1) / n)
    return all(abs(mean - t) > spread for t in (SLIP, BLUNDER))


def dealt_afresh(game: Game, rng: Random) -> Game:
    """A copy of ``game`` whose unseen cards (every face-down card, the dead hand and the rest of
    the pack) are dealt again from the same cards, sorted and then shuffled by ``rng``: a copy
    that matches everything the table has seen and nothing it has not.

    >>> from speculation.actions import Action
    >>> g = Game(["A", "B", "C"], seed=4)
    >>> _ = g.apply(Action(0, "deal"))
    >>> h = dealt_afresh(g, Random(1))
    >>> h.upcard == g.upcard, sorted(h.stub + sum(h.stacks, [])) == sorted(g.stub + sum(g.stacks, []))
    (True, True)
    """
    h = game.clone()
    sizes = [len(s) for s in h.stacks]
    hidden = sorted([c for s in h.stacks for c in s] + list(h.dead) + list(h.stub))
    rng.shuffle(hidden)
    at = 0
    for s, n in enumerate(sizes):
        h.stacks[s], at = hidden[at:at + n], at + n
    h.dead, at = hidden[at:at + len(h.dead)], at + len(h.dead)
    h.stub = hidden[at:]
    return h


def play_out(game: Game, first: Action, roster: Roster, seed: int, cap: int = 1000
             ) -> tuple[float, int]:
    """Apply ``first`` and play the hand to its end, every seat by its bot in ``roster`` (the
    seat of ``first`` by the expert); return ``first.seat``'s trading score from ``first`` on
    and the number of actions played."""
    from .bots import make_bot, public_history

    seat, hand, start = first.seat, game.hand_no, len(game.actions)
    bots = [make_bot("/".join(COACH) if s == seat else str(b), seed=seed + s, seat=s,
                     roster=roster) for s, b in enumerate(roster)]
    game.apply(first)
    n = 1
    while game.hand_no == hand and game.phase != "deal" and not game.is_over and n < cap:
        s = game.to_act
        assert s is not None
        game.apply(bots[s].decide(observe(game, s), public_history(game)).action)
        n += 1
    return sum(t.gain(seat) for t in trades(game, hand) if t.step >= start), n


def _full_roster(roster: Sequence[str | None], n: int, seat: int) -> Roster:
    """Who plays each seat out: the bot the table names there, or the expert for a person."""
    named = list(roster) + [None] * (n - len(roster))
    return tuple(b if b and s != seat else UNNAMED for s, b in enumerate(named[:n]))


def _check(game: Game, seat: int, hand: int) -> None:
    if not 0 <= seat < len(game.names):
        raise SpeculationError(ErrorCode.BAD_SEAT,
                               f"seat must be a number from 0 to {len(game.names) - 1}")
    done = len(finished_hands(game))
    if not 1 <= hand <= done:
        raise SpeculationError(ErrorCode.BAD_REQUEST, (
            f"only a finished hand can be analysed: hand {hand} is not one (hands 1 to {done} are)"
            if done else "only a finished hand can be analysed, and no hand has finished yet"))


def action_phrase(a: Action, names: Sequence[str]) -> str:
    """A decision in a few words, read after "You" or "the expert would have" (the verbs' past
    tense and participle are the same).

    >>> action_phrase(Action(0, "bid", price=4), ["A", "B"]), action_phrase(Action(1, "pass"), [])
    ('bid 4 chips', 'passed')
    >>> action_phrase(Action(0, "offer", price=2, target=1, card=0), ["Fanny", "Edmund"])
    "offered Edmund 2 chips for Edmund's top face-down card"
    """
    price = chips(a.price) if a.price is not None else ""
    target = names[a.target] if a.target is not None and a.target < len(names) else ""
    card = f"{target}'s {ordinal(a.card)}" if target and a.card is not None else "a"
    phrases = {
        "keep": "kept the card", "sell_firm": f"offered it at {price} firm",
        "sell_auction": f"auctioned it with a reserve of {price}",
        "sell_negotiate": f"offered it to {target}, asking {price}", "accept": "accepted",
        "decline": "declined", "counter": f"countered with {price}", "bid": f"bid {price}",
        "pass": "passed", "offer": f"offered {target} {price} for {card} face-down card",
    }
    return phrases.get(a.kind, a.kind.replace("_", " "))


def _judgement_dict(j: Judgement, names: Sequence[str], seat: int) -> dict[str, Any]:
    d: dict[str, Any] = {
        "step": j.step, "hand": j.hand, "yours": j.yours.to_dict(), "expert": j.expert.to_dict(),
        "same": j.same, "grade": j.grade, "cost": round(j.cost, 2),
        "cost_text": signed_tenths(round(-j.cost, 2)),
        "yours_text": action_phrase(j.yours, names), "expert_text": action_phrase(j.expert, names),
        "reason": j.reason,
    }
    if j.yours_value is not None and j.expert_value is not None:
        d["yours_value"], d["expert_value"] = round(j.yours_value, 2), round(j.expert_value, 2)
    d["text"] = _sentence(j, names[seat], d, you=False)
    d["you"] = _sentence(j, names[seat], d, you=True)
    return d


def _sentence(j: Judgement, name: str, d: dict[str, Any], you: bool) -> str:
    """What ``name`` (or "You") did, what the expert would have done, and what each was worth.

    >>> y, e = Action(0, "keep"), Action(0, "sell_auction", price=3)
    >>> j = Judgement(1, 1, y, e, "", yours_value=-0.4, expert_value=0.5)
    >>> said = _sentence(j, "Fanny", _judgement_dict(j, ["Fanny"], 0), you=True)
    >>> print(said.replace(". ", ".\\n"))
    You kept the card; the expert would have auctioned it with a reserve of 3 chips.
    Played out, yours came to −0.4 chips, the expert’s to +0.5: a slip, costing 0.9 chips.
    """
    who = "You" if you else name
    did = f"{who} {d['yours_text']}"
    if j.same:
        return f"{did}, as the expert would have."
    would = f"{did}; the expert would have {d['expert_text']}."
    if "yours_value" not in d:
        return f"{would} (Not valued: the budget of play-outs ran out.)"
    worth = (f"Played out, {'yours' if you else 'theirs'} came to "
             f"{signed_tenths(d['yours_value'])} chips, the expert’s to "
             f"{signed_tenths(d['expert_value'])}")
    if j.grade in ("slip", "blunder"):
        return f"{would} {worth}: a {j.grade}, costing {tenths(j.cost)} chips."
    if j.cost < 0 and tenths(-j.cost) != "0":
        return f"{would} {worth}: {'yours' if you else 'theirs'} did a little better."
    return f"{would} {worth}: about as good."


def _summary(name: str, hand: int, marks: Sequence[Judgement], lost: float, you: bool) -> str:
    """The hand in one sentence: its decisions, how many were the expert's own, the slips and
    blunders, and what the other choices cost played out.

    >>> k, p = Action(0, "keep"), Action(0, "pass")
    >>> marks = [Judgement(1, 2, k, k, ""), Judgement(5, 2, p, k, "", -1.0, 1.5)]
    >>> print(_summary("Fanny", 2, marks, 2.5, you=False).replace("; ", ";\\n"))
    Fanny's 2 decisions in hand 2: 1 the expert's own, no slips, 1 blunder;
    2.5 chips lost against the expert's choices, played out.
    >>> _summary("Fanny", 3, [], 0.0, you=True)
    'You had no decision to make in hand 3.'
    """
    if not marks:
        return f"{'You' if you else name} had no decision to make in hand {hand}."
    n = len(marks)
    same = sum(j.same for j in marks)
    counts = [_count(sum(j.grade == g for j in marks), g) for g in ("slip", "blunder")]
    return (f"{'Your' if you else name + chr(39) + 's'} {_count(n, 'decision')} in hand {hand}: "
            f"{same} the expert's own, {counts[0]}, {counts[1]}; {tenths(lost)} chips lost "
            "against the expert's choices, played out.")


def _count(n: int, word: str) -> str:
    """``"no slips"``, ``"1 slip"``, ``"2 slips"``."""
    return f"no {word}s" if n == 0 else f"{n} {word}{'s' if n != 1 else ''}"
