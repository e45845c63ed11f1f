#!/usr/bin/env python3
"""Write the scenario records that the rules-history page (web/history.html) embeds.

    PYTHONPATH=py python3 tools/make_scenarios.py          # (re)write web/scenarios/*.json
    PYTHONPATH=py python3 tools/make_scenarios.py --check  # exit 1 if a committed file differs

Each scenario is played through the engine itself (``speculation.game.Game``), so every action
in a record is one the engine accepted; the deal comes from ``records.deck_for_deal``. After the
scripted actions a scenario may be finished "quietly": every later decision is a pass, a reveal
or a keep, taken in turn until the hand is over. The record's ``meta`` carries the title, a
one-line summary, the source of the rule shown, ``start``, the step the embed opens at, and
``bots``: for each seat, the computer player that takes it when the reader plays on from a
step, deals again or opens the deal in the full game (the seat's own bot if it has one, else
the casual bot of the character the name belongs to, ``CHARACTER``).

The committed files must equal what this script writes (tests/test_scenarios.py checks it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "scenarios"
sys.path.insert(0, str(ROOT / "py"))

from speculation.actions import Action  # noqa: E402
from speculation.bots import bot_ids, make_bot, public_history  # noqa: E402
from speculation.game import Game  # noqa: E402
from speculation.observation import observe  # noqa: E402
from speculation.records import deck_for_deal, record_of, rules_from  # noqa: E402
from speculation.standing import standing_answer  # noqa: E402

A = tuple[Any, ...]  # (seat, type[, price[, target[, card]]])

# Whose character each scenario name is (the engine's personalities); Julia has none of her
# own, so Edmund's plays her.
CHARACTER = {"Fanny": "fanny", "Edmund": "edmund", "Mary": "mary", "Mary Crawford": "mary",
             "Henry Crawford": "henry", "Lady Bertram": "lady_bertram", "William": "william",
             "Julia": "edmund"}


def seat_bots(names: list[str], seats: list[dict[str, Any]] | None = None) -> list[str]:
    """The computer player for each seat: its own bot, else its character's casual one.

    >>> seat_bots(["Lady Bertram", "Fanny"], [{"name": "Lady Bertram", "kind": "human"},
    ...                                       {"name": "Fanny", "kind": "bot", "bot": "skilled/fanny"}])
    ['casual/lady_bertram', 'skilled/fanny']
    """
    known = set(bot_ids())
    out = []
    for i, name in enumerate(names):
        own = seats[i].get("bot") if seats else None
        bot = own if isinstance(own, str) else f"casual/{CHARACTER[name]}"
        if bot not in known:
            raise ValueError(f"{name}: no bot {bot!r} in the catalogue")
        out.append(bot)
    return out


def finish_quietly(game: Game, hands: int = 1) -> None:
    """Play on until `hands` more hands have ended, everyone passing, revealing or keeping."""
    target = len(game.hands) + hands
    while game.to_act is not None and len(game.hands) < target:
        kinds = {t.kind for t in game.legal_actions(game.to_act)}
        for kind in ("reveal", "pass", "keep", "decline"):
            if kind in kinds:
                game.apply(Action(game.to_act, kind))
                break
        else:
            raise RuntimeError(f"no quiet move for seat {game.to_act}: {sorted(kinds)}")


def play(names: list[str], *, deck: list[str], plan: list[A], preset: str = "parlett",
         rules: dict[str, Any] | None = None, seed: int = 1814, quiet_finish: bool = False,
         meta: dict[str, Any]) -> dict[str, Any]:
    game = Game(names, rules_from(preset, rules or {}), seed=seed, decks=[deck])
    for step in plan:
        game.apply(Action(*step))
    if quiet_finish:
        finish_quietly(game)
    rec = record_of(game, meta={**meta, "bots": seat_bots(names)})
    rec["preset"] = preset
    steps = len(rec["actions"])
    if not 0 <= meta["start"] <= steps:
        raise ValueError(f"{meta['title']}: start {meta['start']} is outside 0..{steps}")
    return rec


def play_with_bots(seats: list[dict[str, Any]], *, deck: list[str], human: list[A],
                   rules: dict[str, Any], seed: int, meta: dict[str, Any]) -> dict[str, Any]:
    """A hand where the bot seats decide for themselves, exactly as the bridge plays them (a
    bot's seed is the match seed × 16 + its seat), and the one human seat makes the moves in
    ``human``, in order, as each becomes legal, and otherwise what the site's usual standing
    answers do for it (``standing.standing_answer`` with the defaults the guided hand uses:
    the deal, turning up a card, passing a market window, refusing an offer at or under the
    fair value), else the plain move (pass, or turn up its card). The tutorial is played this
    way, so its record is the story a newcomer meets by following the notes."""
    game = Game([s["name"] for s in seats], rules_from("parlett", rules), seed=seed, decks=[deck])
    bots = {i: make_bot(s["bot"], seed=seed * 16 + i, seat=i)
            for i, s in enumerate(seats) if s["kind"] == "bot"}
    moves = list(human)
    while game.to_act is not None:
        seat = game.to_act
        if seat in bots:
            action = bots[seat].decide(observe(game, seat), public_history(game)).action
        elif moves and game.is_legal(Action(*moves[0])):
            action = Action(*moves.pop(0))
        elif (answer := standing_answer(game, seat)) is not None:
            action = answer.action
        else:
            kinds = {t.kind for t in game.legal_actions(seat)}
            action = Action(seat, "pass" if "pass" in kinds else "reveal")
        game.apply(action)
    if moves:
        raise RuntimeError(f"the human's moves {moves} were never legal")
    rec = record_of(game, seats, meta={**meta, "bots": seat_bots([s["name"] for s in seats], seats)})
    rec["preset"] = "parlett"
    return rec


def scenarios() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}

    # 1. An ace turned up as upcard: nobody can beat it, so the dealer collects
    #    (Parlett; Britannica 1911 for the ace).
    out["ace-upcard"] = play(
        ["Lady Bertram", "Fanny", "William"],
        deck=deck_for_deal([["2C", "9H", "4C"], ["KD", "6D", "7D"], ["8C", "5H", "TC"]], "AS"),
        plan=[(0, "deal")],
        rules={"max_hands": 1},
        meta={"title": "An ace turned up",
              "summary": "Lady Bertram deals and turns up the ace of spades: no card can beat "
                         "it, so the pot is hers before anyone has turned a card.",
              "source": "David Parlett's reconstruction; Encyclopaedia Britannica (1911)",
              "start": 0})

    # 2. The dealer sells the upcard by auction (Hoyle 1847 and Parlett allow an auction).
    out["upcard-auction"] = play(
        ["Fanny", "Edmund", "Mary Crawford"],
        deck=deck_for_deal([["2C", "9H", "4C"], ["3S", "6D", "7D"], ["8C", "5H", "TC"]], "QH"),
        plan=[(0, "deal"), (0, "sell_auction", 2), (1, "bid", 3), (2, "bid", 5), (1, "pass")],
        rules={"max_hands": 1, "facedown_buying": "off"}, quiet_finish=True,
        meta={"title": "The upcard at auction",
              "summary": "Fanny deals the queen of hearts and auctions it with a reserve of 2. "
                         "Edmund bids 3, Mary Crawford 5, and Edmund drops out: Mary owns the "
                         "queen, and nobody turns up a higher heart. (Buying face-down cards is "
                         "switched off here, so the auction is the only trade.)",
              "source": "Hoyle's Games (1847); David Parlett's reconstruction",
              "start": 1})

    # 3. The holder of the best trump buys up face-down cards that might beat it.
    out["holder-buys"] = play(
        ["Henry Crawford", "Fanny", "William"],
        deck=deck_for_deal([["2C", "3D", "4S"], ["JH", "6C", "7D"], ["8S", "TH", "5D"]], "9H"),
        plan=[(0, "deal"), (0, "keep"),
              (1, "pass"), (2, "pass"), (0, "offer", 1, 1, 0), (1, "counter", 2), (0, "accept"),
              (1, "reveal"),
              (2, "pass"), (0, "offer", 1, 2, 1), (2, "accept"), (1, "pass"),
              (2, "reveal"),
              (0, "offer", 1, 1, 0), (1, "accept")],
        rules={"max_hands": 1}, quiet_finish=True,
        meta={"title": "The holder buys up the face-down cards",
              "summary": "Henry Crawford keeps the nine of hearts and buys three of the others' "
                         "face-down cards, sight unseen, for a chip or two each. Two of them were "
                         "hearts that would have beaten his nine.",
              "source": "David Parlett's reconstruction; Wikipedia, \"Speculation (card game)\"",
              "start": 2})

    # 4. Hoyle 1847: no player's card is a trump, so the pot carries over to the next hand.
    game_deck = ["5D", "8C", "2S", "2C", "6D", "9C", "3S", "3C", "7D", "TC", "4S", "4C", "JH"]
    out["hoyle-carry-over"] = play(
        ["Henry Crawford", "Mary Crawford", "Edmund", "Julia"],
        deck=game_deck, preset="hoyle1847", seed=1847,
        plan=[(0, "deal"), (0, "keep")] + [(s, "reveal") for _ in range(3) for s in (1, 2, 3)]
        + [(1, "deal")],
        rules={"max_hands": 2},
        meta={"title": "Hoyle 1847: the pot carries over",
              "summary": "Under the 1847 rules the dealer antes 6 and the others 4, and if no "
                         "player holds a trump the pot stays on the table. Nobody here has a "
                         "heart, so the 18 chips wait for the next deal, which starts with 36.",
              "source": "Hoyle's Games (1847), as quoted by David Parlett",
              "start": 1})
    # 5. The guided first hand (web/js/tutorial.js), against two beginners: the newcomer deals
    #    (the site does it for them) and auctions the upcard, the seven of hearts, with a
    #    reserve of 3 chips (its fair value is 2.8): Edmund bids 3, Mary 4 and Edmund drops out,
    #    a sale above its worth. Fanny's top card, the eight of hearts, is turned up for her (a
    #    new best trump); she keeps it and places a buy order for one of Edmund's face-down
    #    cards, which the site sends at the next market window at the fair value (1 chip, its
    #    exact worth then); Edmund accepts. Later offers for her own cards are refused for her
    #    (at or under their fair value), and she takes the pot. No trade of hers loses against
    #    fair value (tests/test_scenarios.py checks it with the engine's review). The human's
    #    moves below are the ones the notes ask for.
    tutorial_seats = [{"name": "Fanny", "kind": "human"},
                      {"name": "Edmund", "kind": "bot", "bot": "beginner/edmund"},
                      {"name": "Mary", "kind": "bot", "bot": "beginner/mary"}]
    out["tutorial"] = play_with_bots(
        tutorial_seats,
        deck=deck_for_deal([["8H", "QD", "4H"], ["5C", "9D", "8S"], ["TS", "TD", "3H"]], "7H"),
        human=[(0, "deal"), (0, "sell_auction", 3), (0, "keep"), (0, "offer", 1, 1, 0)],
        rules={"max_hands": 1}, seed=1816,
        meta={"title": "Your first hand",
              "summary": "A guided practice hand: you auction the upcard, turn up a better trump, "
                         "keep it and buy a card sight unseen that might have beaten it.",
              "source": "David Parlett's reconstruction (the default rules)",
              "start": 0,
              "tutorial": {"reserve": 3, "offer": {"target": 1, "card": 0, "price": 1}}})
    return out


def render(rec: dict[str, Any]) -> str:
    return json.dumps(rec, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    bad = []
    for name, rec in scenarios().items():
        path = OUT / f"{name}.json"
        text = render(rec)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                bad.append(path.relative_to(ROOT).as_posix())
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(rec['actions'])} steps)")
    if bad:
        print("out of date (run tools/make_scenarios.py): " + ", ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
