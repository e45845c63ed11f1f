"""Same seed, same decisions; a match reloaded from its record carries on exactly."""

from __future__ import annotations

from botplay import new_game, steps

from speculation.bots import make_bot, public_history
from speculation.observation import observe
from speculation.records import game_from_record, record_of

LINEUP = ["expert/mary", "casual/henry", "beginner/william", "skilled/fanny"]


def _actions(seed: int, lineup=LINEUP) -> list:
    return [d.action for _, _, d in steps(new_game(4, seed, hands=2), lineup, seed)]


def test_the_same_seed_gives_the_same_match():
    assert _actions(11) == _actions(11)


def test_bot_seeds_matter_for_noisy_bots():
    lineup = ["casual/william"] * 4

    def run(bot_seed: int) -> list:
        game = new_game(4, 3, hands=2)
        bots = [make_bot(b, bot_seed + i, i) for i, b in enumerate(lineup)]
        out = []
        while not game.is_over:
            s = game.to_act
            d = bots[s].decide(observe(game, s), public_history(game))
            out.append(d.action)
            game.apply(d.action)
        return out

    assert run(1) == run(1)
    assert any(run(1) != run(k) for k in (2, 3, 4))


def test_a_decision_is_a_pure_function_of_observation_history_and_seed():
    """A bot that has seen the whole match decides exactly like a fresh one."""
    game = new_game(4, 8, hands=2)
    veteran = {s: make_bot(b, 100 + s, s) for s, b in enumerate(LINEUP)}
    while not game.is_over:
        s = game.to_act
        obs, hist = observe(game, s), public_history(game)
        d = veteran[s].decide(obs, hist)
        assert d == make_bot(LINEUP[s], 100 + s, s).decide(obs, hist)
        game.apply(d.action)


def test_a_match_reloaded_from_its_record_continues_exactly():
    game = new_game(4, 21, hands=2)
    played = [d.action for _, _, d in steps(game, LINEUP, 21)]
    half = len(played) // 2
    partial = new_game(4, 21, hands=2)
    for a in played[:half]:
        partial.apply(a)
    reloaded = game_from_record(record_of(partial))
    # the same bots as ``steps`` makes, told the same roster
    bots = [make_bot(b, 21 * 31 + i, i, tuple(LINEUP)) for i, b in enumerate(LINEUP)]
    rest = []
    while not reloaded.is_over:
        s = reloaded.to_act
        d = bots[s].decide(observe(reloaded, s), public_history(reloaded))
        rest.append(d.action)
        reloaded.apply(d.action)
    assert rest == played[half:]


def test_public_history_is_built_from_the_actions_and_tracks_the_game():
    game = new_game(3, 4, hands=1)
    for _, hist, _d in steps(game, LINEUP[:3], 4):
        assert [e.action for e in hist] == game.actions
    hist = public_history(game)
    assert [e.action for e in hist] == game.actions
    priced = [e for e in hist if e.role and e.price is not None]
    assert all(e.fair >= 0 for e in priced)
