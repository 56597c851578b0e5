"""The AI never peeks (issue 32): at seeded positions of every game, the hidden things the
deciding seat cannot know are re-dealt (``engine.determinize`` gives a state consistent with
what that seat knows), and every AI policy, given the same generator, makes the same
decision on the real state and on the re-dealt one. A policy that reads the whole state is
caught by the same check (the control below), so the check can fail."""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

import pytest

from engines import registry
from engines.core.protocol import Engine, Seat, SeatId, parse_options
from engines.core.rng import Rng

POSITIONS = 12  # re-dealt positions checked per game
EVERY = 4  # a position every this many decisions of a seeded random game


def redealt_positions(game: str) -> list[tuple[Any, Any, SeatId]]:
    """(real state, a re-deal for the deciding seat, that seat) at seeded positions whose
    re-deal differs from the real state and that offer a choice."""
    engine = registry.get(game)
    seats = tuple(Seat(i, f"P{i + 1}", "ai") for i in range(max(2, engine.min_seats)))
    state = engine.setup(seats, parse_options(engine, {}), 11)
    rng = random.Random(11)
    found = []
    for k in range(2000):
        if engine.outcome(state) is not None or len(found) == POSITIONS:
            break
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        if k % EVERY == 0 and len(legal) > 1:
            other = engine.determinize(state, seat, 1000 + k)
            if engine.encode_state(other) != engine.encode_state(state):
                found.append((state, other, seat))
        state = engine.apply(state, seat, rng.choice(legal)).state
    return found


class Peeker:
    """A policy that reads everything, other seats' secrets included."""

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        seen = json.dumps(engine.encode_state(state), sort_keys=True).encode()
        return legal[zlib.crc32(seen) % len(legal)]


@pytest.fixture(scope="module", params=registry.names())
def positions(request: pytest.FixtureRequest) -> tuple[str, list[tuple[Any, Any, SeatId]]]:
    return request.param, redealt_positions(request.param)


def test_every_ai_decides_alike_on_a_redeal(positions: tuple[str, list]) -> None:
    game, found = positions
    entry = registry.entry(game)
    engine = entry.engine
    assert len(found) >= 3, f"{game}: too few positions with hidden things to re-deal"
    # Every level the game's AI plays at, hard's look-ahead included where the game has it.
    for name in ("ai", "greedy"):
        for level in entry.levels:
            for i, (real, other, seat) in enumerate(found):
                mine = entry.policy(name, level).choose(engine, real, seat, Rng(i))
                theirs = entry.policy(name, level).choose(engine, other, seat, Rng(i))
                assert engine.encode_action(mine) == engine.encode_action(theirs), (
                    f"{game} {name} ({level}) decided differently at position {i}"
                )


def test_a_policy_that_peeks_is_caught(positions: tuple[str, list]) -> None:
    game, found = positions
    engine = registry.get(game)
    picks = [
        (
            engine.encode_action(Peeker().choose(engine, real, seat, Rng(0))),
            engine.encode_action(Peeker().choose(engine, other, seat, Rng(0))),
        )
        for real, other, seat in found
    ]
    assert any(a != b for a, b in picks), f"{game}: the re-deals never changed a peeker's pick"
