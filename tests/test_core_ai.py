"""The shared AI policies (engines/core/ai.py): the determinizing search reads only what its
seat may know, and it finds good moves."""

from __future__ import annotations

from engines.core.ai import RandomPolicy, SearchPolicy
from engines.core.conformance import seats_for
from engines.core.rng import Rng
from tests.support.toygame import ToyEngine, ToyOptions


def test_search_decisions_do_not_depend_on_other_seats_secrets() -> None:
    engine = ToyEngine()
    for seed in range(15):
        state = engine.setup(seats_for(3), ToyOptions(hand_size=3), seed)
        # Same public state and same own hand; the unseen cards are dealt differently.
        other = engine.determinize(state, 0, seed + 100)
        assert other.hands[0] == state.hands[0] and other.hands[1:] != state.hands[1:]
        first = SearchPolicy(iterations=40).choose(engine, state, 0, Rng(seed))
        second = SearchPolicy(iterations=40).choose(engine, other, 0, Rng(seed))
        assert first == second


def test_search_plays_legal_moves_and_beats_random_more_often_than_not() -> None:
    engine = ToyEngine()
    wins = 0.0
    for seed in range(20):
        state = engine.setup(seats_for(2), ToyOptions(hand_size=2), seed)
        rng = Rng(seed)
        players = {0: SearchPolicy(iterations=30), 1: RandomPolicy()}
        while engine.outcome(state) is None:
            seat = min(engine.to_act(state))
            action = players[seat].choose(engine, state, seat, rng)
            assert action in engine.legal_actions(state, seat)
            state = engine.apply(state, seat, action).state
        winners = engine.outcome(state).winners
        wins += (1 / len(winners)) if 0 in winners else 0
    assert wins >= 10
