"""Ancient Terrible Things' hard AI (issue 32; README "The AI seats against the obvious
move"): the normal AI with play-outs at the Explore decision."""

from __future__ import annotations

from engines import registry
from engines.att.actions import Explore
from engines.att.ai import AttPolicy
from engines.att.ai.hard import AttHard
from engines.att.state import AttState
from engines.core.protocol import Seat, parse_options
from engines.core.rng import Rng

ENGINE = registry.entry("att").engine


def first_explore(seed: int) -> AttState:
    """A two-seat game on ``seed``, played by the normal AI to the first Explore."""
    seats = (Seat(0, "P1", "ai"), Seat(1, "P2", "ai"))
    state = ENGINE.setup(seats, parse_options(ENGINE, {}), seed)
    normal = AttPolicy()
    while state.phase != "explore":
        seat = min(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, normal.choose(ENGINE, state, seat, Rng(0))).state
    return state


def test_hard_is_offered_and_is_the_normal_ai_with_play_outs() -> None:
    entry = registry.entry("att")
    assert "hard" in entry.levels
    hard = entry.policy("ai", "hard")
    assert isinstance(hard, AttHard) and isinstance(hard.base, AttPolicy)


def test_hard_plays_the_normal_moves_away_from_explore() -> None:
    state = first_explore(1)
    seat = min(ENGINE.to_act(state))
    state = ENGINE.apply(state, seat, AttPolicy().choose(ENGINE, state, seat, Rng(0))).state
    hard, normal = AttHard(worlds=1), AttPolicy()
    for _ in range(10):
        seat = min(ENGINE.to_act(state))
        if state.phase == "explore":
            break
        move = hard.choose(ENGINE, state, seat, Rng(1))
        assert move == normal.choose(ENGINE, state, seat, Rng(1))
        state = ENGINE.apply(state, seat, move).state


def test_hard_leaves_the_normal_location_where_its_play_outs_score_clearly_more() -> None:
    """On seed 1's first Explore the normal AI goes to Location 5; played out in twelve
    re-deals, Location 4 scores clearly more, so hard goes there, and with a margin no line
    can pass it keeps the normal AI's choice."""
    state = first_explore(1)
    seat = min(ENGINE.to_act(state))
    assert AttPolicy().choose(ENGINE, state, seat, Rng(0)) == Explore(slot=5)
    assert AttHard().choose(ENGINE, state, seat, Rng(3)) == Explore(slot=4)
    assert AttHard(margin=10.0).choose(ENGINE, state, seat, Rng(3)) == Explore(slot=5)


def test_a_line_hangs_on_its_re_deal_alone() -> None:
    """The common random numbers: a line's dice are the re-dealt state's own, and neither
    the normal AI nor ``greedy`` draws from the generator, so every Location tried in one
    re-deal meets the same dice and the same hidden cards whatever generator plays it."""
    state = first_explore(1)
    seat = min(ENGINE.to_act(state))
    world = ENGINE.determinize(state, seat, 7)
    hard = AttHard(exact=10)
    first = hard._line(ENGINE, world, seat, 2, Explore(slot=4), Rng(1))
    assert hard._line(ENGINE, world, seat, 2, Explore(slot=4), Rng(2)) == first


def test_hard_explores_alike_on_a_re_deal() -> None:
    """The AI never peeks (tests/test_ai_never_peeks.py meets no Explore): at an Explore
    where the opponent's Feat hand and the decks are re-dealt, hard, given the same
    generator, goes to the same Location as on the real state."""
    state = first_explore(1)
    seat = min(ENGINE.to_act(state))
    other = ENGINE.determinize(state, seat, 99)
    rival = 1 - seat
    assert other.players[rival].hand != state.players[rival].hand
    assert ENGINE.encode_state(other) != ENGINE.encode_state(state)
    real = AttHard().choose(ENGINE, state, seat, Rng(3))
    assert AttHard().choose(ENGINE, other, seat, Rng(3)) == real
