"""Every number the coach prints, checked against values recomputed from the engine's odds
(issue 12 deliverable 2, issue 15 deliverable 3), over thousands of random situations.

The coach must: keep the price it suggests inside the range it prints (a buyer is told to accept
only prices inside the range and to refuse those above it; a seller the mirror image); price
nothing where nothing is at stake; say the expert bot's play is the expert bot's; write correct
plurals; and state chances as chances, each percentage equal to the engine's exact value rounded
to the digits printed."""

from __future__ import annotations

import random
import re
from fractions import Fraction

from botplay import LEVELS, RULE_SETS, new_game, random_action
from hypothesis import given, settings
from hypothesis import strategies as st

from speculation.bots import coach_advice, make_bot, public_history
from speculation.bots.dealing import deal_value
from speculation.cards import RANK_NAMES, rank_of
from speculation.observation import observe

NUM = r"(\d+(?:\.\d+)?)"
STRAY = re.compile(r"(?<![\w.#])\d")
CHECKED = {"advice": 0, "priced": 0, "percent": 0}  # running totals: read as differences
MATCHES = 20  # the coverage test's fixed matches (about 5,000 sentences)


def tenth(x: float) -> str:
    """Chips as people read them, recomputed here: nearest tenth, whole numbers plain."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def check_percent(text: str, exact: Fraction) -> None:
    """``text`` ("26" or "99.6") is ``exact`` as a percentage, rounded to the digits shown."""
    digits = len(text.split(".")[1]) if "." in text else 0
    assert float(text) == round(float(exact * 100), digits), (text, float(exact))
    CHECKED["percent"] += 1


# The stake, its chance and the count of trumps above are the engine's (obs.context, checked
# against the rules in tests/engine/test_decision_context.py); the coach's words are checked here.
def trump_share(obs) -> Fraction:
    return obs.context.chance if on_trump(obs) else Fraction(0)


def unseen_above(obs) -> int:
    return obs.context.above if obs.context is not None else 0


def on_trump(obs) -> bool:
    return obs.context is not None and obs.context.stake == "trump"


def audit(obs, a: dict) -> None:
    """Check every number of ``a["summary"]`` (which contains the suggestion) and strike it."""
    text = a["summary"]
    assert a["suggestion"] in text
    assert "skilled player" not in text
    assert not re.search(r"(?<![\d.])1 (chips|face-down cards|unseen cards)\b", text), text
    assert not re.search(r"\b0 chips \(0", text), text
    share = trump_share(obs) if on_trump(obs) else obs.odds.per_card
    fair = float(share) * obs.pot

    def strike(pattern: str, check) -> None:
        nonlocal text
        for m in list(re.finditer(pattern, text)):
            check(*m.groups())
        text = re.sub(pattern, "", text)

    if a["fair_value"] is None:
        assert a["range"] is None and "Fair value" not in text
    else:
        lo, hi = a["range"]
        CHECKED["priced"] += 1
        span = (rf"{lo} chips?" if lo == hi else rf"{lo}–{hi} chips?")
        deal = deal_value(obs.rules, obs.hand, obs.chips)  # tests/bots/test_dealing.py checks it
        # one value: the pot and, before the last hand, the next deal (worth.py), as the engine
        # states it for this decision
        whole = float(share) * (obs.pot + deal)
        assert obs.context is not None and abs(float(obs.context.fair) - whole) < 1e-9
        strike(rf"^Fair value about {NUM} chips?(, counting the next deal)? \(a sensible "
               rf"price: {span}\)\. ",
               lambda x, w: (x == tenth(whole) and (w is None) == (deal == 0))
               or _fail(x, w, whole, deal))
        assert obs.pot > 0 and share > 0
        _consistent(obs, a, lo, hi)
        _within_the_controls(obs, lo, hi)
    price = (a["action"] or {}).get("price")
    if price is not None:
        strike(rf"(?:at|reserve|asking|with|bid|{'|'.join(map(re.escape, obs.names))}) "
               rf"{price}\b", lambda *_: None)
    strike(rf"worth {NUM} of the {NUM}-chip pot",
           lambda x, pot: (x == tenth(fair) and int(pot) == obs.pot) or _fail(x, pot, fair))
    if obs.best is not None:
        name = RANK_NAMES[rank_of(obs.best)]
        above, n = unseen_above(obs), obs.unseen

        def trump(pct, count, total):
            check_percent(pct, trump_share(obs))
            assert int(total) == n and ((count == "none" and above == 0) or int(count) == above)
        strike(rf"the {name} holds with a {NUM} % chance \((?:(none|\d+) of the )?(\d+) unseen "
               rf"cards? (?:can beat|beats?) it\)", trump)
    h = sum(obs.stacks) + obs.dead_hand
    strike(rf"each of the {NUM} face-down cards wins with a {NUM} % chance",
           lambda k, pct: (int(k) == h and h > 1 and check_percent(pct, obs.odds.per_card)))
    strike(rf"the one face-down card wins with a {NUM} % chance",
           lambda pct: (h == 1 and check_percent(pct, obs.odds.per_card)))
    seat = obs.seat
    strike(rf"give you a {NUM} % chance of the {NUM}-chip pot, worth {NUM} chips?",
           lambda pct, pot, eq: (check_percent(pct, obs.odds.seat[seat]), int(pot) == obs.pot,
                                 eq == tenth(float(obs.odds.seat[seat]) * obs.pot)))
    deal = deal_value(obs.rules, obs.hand, obs.chips)
    strike(rf"; whoever takes this pot also deals the next hand, worth about {NUM} chips? more",
           lambda d: d == tenth(deal) or _fail(d, deal))
    for who in obs.names:
        text = text.replace(who, "")
    assert not STRAY.search(text), (text, a["summary"])  # no number left unchecked


def _fail(*args):
    raise AssertionError(args)


def _consistent(obs, a: dict, lo: int, hi: int) -> None:
    """The suggested move agrees with the printed range."""
    act, p = a["action"], obs.pending.to_dict() if obs.pending else {}
    kind, price = act["type"], act.get("price")
    seller = obs.phase in ("sale", "auction_confirm") or (
        obs.phase == "negotiation" and p.get("seller") == obs.seat)
    if price is not None:
        assert lo <= price <= hi, (act, lo, hi)
    theirs = {"firm": p.get("price"), "auction_confirm": p.get("high_bid"),
              "negotiation": p.get("bid") if seller else p.get("ask")}.get(obs.phase)
    if theirs is None:
        return
    if kind == "accept":
        assert theirs >= lo if seller else theirs <= hi, (act, theirs, lo, hi)
    elif kind == "decline":
        assert theirs < lo if seller else theirs > hi, (act, theirs, lo, hi)


def _within_the_controls(obs, lo: int, hi: int) -> None:
    """Issue 45, item 2: every price the coach names is one the controls would take (a priced
    move's bounds, or the price an accept takes): no "7" where 4–6 is allowed, no "0 chips"
    where the least bid is 1."""
    allowed = {p for t in obs.legal if t.price_min is not None
               for p in range(t.price_min, t.price_max + 1)}
    if not allowed:
        return
    if any(t.kind == "accept" for t in obs.legal) and obs.context.price is not None:
        allowed.add(obs.context.price)
    assert min(allowed) <= lo <= hi <= max(allowed), (lo, hi, min(allowed), max(allowed))


def audit_match(seed: int, players: int, rules: dict, wild: float) -> None:
    """Play one match (bots, with a share ``wild`` of random legal moves) and audit the coach's
    advice to the player to act and to one other seat at every step."""
    rng = random.Random(seed)
    game = new_game(players, seed, rules, hands=2)
    lineup = [rng.choice(LEVELS) for _ in range(players)]
    roster = tuple(lineup) if rng.random() < 0.7 else ()  # the table shown, or nothing known
    bots = [make_bot(b, seed + i, i, roster) for i, b in enumerate(lineup)]
    for _ in range(400):
        if game.is_over:
            break
        s = game.to_act
        hist = public_history(game)
        for seat in {s, rng.randrange(players)}:
            obs = observe(game, seat)
            audit(obs, coach_advice(obs, hist, roster))
            CHECKED["advice"] += 1
        if rng.random() < wild:
            game.apply(random_action(game, rng))
        else:
            game.apply(bots[s].decide(observe(game, s), hist).action)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rules=st.sampled_from(RULE_SETS),
       wild=st.floats(0, 0.6))
def test_every_number_in_the_coach_sentence_is_recomputed(seed, players, rules, wild):
    audit_match(seed, players, rules, wild)


def test_the_audit_covered_thousands_of_situations():
    """The audit above is not vacuous: over a fixed set of matches (its own, so this test
    passes alone and in any order) it checks thousands of sentences, prices and percentages."""
    before = dict(CHECKED)
    rng = random.Random(157)
    for _ in range(MATCHES):
        audit_match(rng.randrange(10**6), rng.randint(2, 6), rng.choice(RULE_SETS),
                    rng.uniform(0, 0.6))
    done = {k: CHECKED[k] - before[k] for k in CHECKED}
    assert done["advice"] >= 3000 and done["priced"] >= 500 and done["percent"] >= 2000, done
