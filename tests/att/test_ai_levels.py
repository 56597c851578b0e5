"""Ancient Terrible Things' AI levels (issue 32; README "The AI seats against the obvious
move")."""

from __future__ import annotations

from engines import registry
from engines.att.actions import Explore
from engines.att.ai import AttPolicy
from engines.att.ai.board import explore_worths
from engines.att.ai.hard import AttHard
from engines.att.ai.values import outlook
from engines.core.protocol import Seat, parse_options
from engines.core.rng import Rng


def test_hard_is_offered_and_is_the_normal_ai_with_roll_outs() -> None:
    entry = registry.entry("att")
    assert "hard" in entry.levels
    hard = entry.policy("ai", "hard")
    assert isinstance(hard, AttHard) and isinstance(hard.base, AttPolicy)


def test_hard_explores_one_of_the_locations_the_normal_ai_rates_best() -> None:
    """Before the first Explore hard plays the normal AI's moves; at it, it picks among the
    three Locations the normal AI rates highest, having played each out."""
    engine = registry.entry("att").engine
    state = engine.setup((Seat(0, "P1", "ai"), Seat(1, "P2", "ai")), parse_options(engine, {}), 4)
    hard, normal = AttHard(worlds=1), AttPolicy()
    while state.phase != "explore":
        seat = min(engine.to_act(state))
        move = hard.choose(engine, state, seat, Rng(1))
        assert move == normal.choose(engine, state, seat, Rng(1))
        state = engine.apply(state, seat, move).state
    seat = min(engine.to_act(state))
    legal = list(engine.legal_actions(state, seat))
    worth = explore_worths(state, seat, legal, outlook(state, seat))
    top = sorted(worth, key=lambda slot: (-worth[slot], slot))[:3]
    assert len(legal) > 3
    move = hard.choose(engine, state, seat, Rng(2))
    assert isinstance(move, Explore) and move.slot in top
