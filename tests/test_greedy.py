"""The greedy baseline (issue 32, ``engines.core.greedy``): the move with the best immediate
gain, judged on a re-deal of what the seat cannot see, for every game in the registry."""

from __future__ import annotations

import pytest

from engines import registry
from engines.core.greedy import GreedyPolicy, public_score
from engines.core.protocol import Seat, parse_options
from engines.core.rng import Rng
from tests.support.toygame import Play, ToyEngine, ToyOptions, ToyState

SEATS = (Seat(0, "Ann", "ai"), Seat(1, "Bob", "ai"))


def score(state: ToyState, seat: int) -> float:
    return float(state.scores[seat])


def test_it_takes_the_move_that_scores_most_now() -> None:
    engine, greedy = ToyEngine(), GreedyPolicy(score)
    state = engine.setup(SEATS, ToyOptions(hand_size=3), 4)
    rng = Rng(1)
    while engine.outcome(state) is None:
        seat = state.turn
        chosen = greedy.choose(engine, state, seat, rng)
        best = max(state.hands[seat], key=lambda c: int(c[1:]))
        assert chosen == Play(card=best)  # never a pass, never a smaller card
        state = engine.apply(state, seat, chosen).state


def test_it_never_reads_what_its_seat_cannot_see() -> None:
    """The other hand and the deck swapped for other cards: the same pick, with the same
    generator (the policy judges a re-deal, never the real deck)."""
    engine, greedy = ToyEngine(), GreedyPolicy(score)
    state = engine.setup(SEATS, ToyOptions(hand_size=2), 9)
    seat = state.turn
    swapped = state.model_copy(deep=True)
    unseen = swapped.hands[1 - seat] + swapped.deck
    unseen.reverse()
    swapped.hands[1 - seat], swapped.deck = unseen[:2], unseen[2:]
    assert swapped != state
    assert greedy.choose(engine, state, seat, Rng(3)) == greedy.choose(
        engine, swapped, seat, Rng(3)
    )


def test_the_public_score_is_the_seats_entry_in_the_view() -> None:
    entry = registry.entry("root")
    engine = entry.engine
    state = engine.setup(SEATS, parse_options(engine, {}), 2)
    state.players[1].vp = 7
    gain = public_score(engine)
    assert (gain(state, 0), gain(state, 1)) == (0.0, 7.0)


@pytest.mark.parametrize("game", registry.names())
def test_every_game_offers_the_greedy_baseline(game: str) -> None:
    """``/game addbot greedy`` and the benchmark find it for every game; it picks a legal
    move of the first decisions of a seeded game."""
    entry = registry.entry(game)
    engine = entry.engine
    seats = tuple(Seat(i, f"P{i + 1}", "ai") for i in range(max(2, engine.min_seats)))
    state = engine.setup(seats, parse_options(engine, {}), 5)
    greedy, rng = entry.policy("greedy"), Rng(5)
    for _ in range(20):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.to_act(state))
        action = greedy.choose(engine, state, seat, rng)
        assert action in list(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action).state
