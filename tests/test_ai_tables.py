"""Whole games with AI in every seat, through the table service (issues: Ancient Terrible
Things, Wildlands): the host seats three AI players, starts, then hands their own seat to an
AI too; the AI seats play the game to its result and every move is in the log."""

from __future__ import annotations

import pytest

from bot.tables.service import TableService
from engines import registry
from engines.core.protocol import Seat, parse_options
from engines.core.replay import replay

CH, HOST = 500, 1


@pytest.mark.parametrize("game", ["att", "wildlands"])
def test_a_four_seat_ai_game_plays_to_its_result(service: TableService, game: str) -> None:
    service.new_table(CH, 9, HOST, "Host", game, seats=4)
    for _ in range(3):
        service.add_bot(CH, HOST)
    service.start(CH, HOST)
    service.leave(CH, HOST)
    update = service.resume_ai(CH)
    assert update.status == "finished" and update.outcome is not None
    row = service.store.get_game(update.game_id)
    assert row.result["summary"] and set(row.result["winners"]) <= {0, 1, 2, 3}
    # The log rebuilds the final state exactly.
    engine = registry.get(game)
    actions = [
        (e.seat, engine.decode_action(e.action)) for e in service.store.effective_actions(row.id)
    ]
    seats = [Seat(s.id, s.name, s.kind) for s in row.seats]
    rebuilt = replay(engine, seats, row.options, row.seed, actions)
    assert engine.encode_state(rebuilt) == row.state
    assert parse_options(engine, row.options) is not None


@pytest.mark.parametrize("seats", [1, 2])
def test_an_awoken_game_plays_to_its_result(service: TableService, seats: int) -> None:
    service.new_table(CH, 9, HOST, "Host", "awoken", {"scenarios": [2, 3][:seats]}, seats=seats)
    for _ in range(seats - 1):
        service.add_bot(CH, HOST)
    service.start(CH, HOST)
    service.leave(CH, HOST)
    update = service.resume_ai(CH)
    assert update.status == "finished" and update.outcome is not None
    assert "players" in update.outcome.summary.lower()


def test_a_hard_ai_game_plays_to_its_result(service: TableService) -> None:
    """Issue 32: a table at ``difficulty=hard`` seats the hard AI (the look-ahead) where the
    game has one, and it plays the game to its result."""
    service.new_table(CH, 9, HOST, "Host", "wrath", {"difficulty": "hard"}, seats=2)
    row = service.add_bot(CH, HOST)
    assert row.seats[-1].difficulty == "hard"
    service.start(CH, HOST)
    service.leave(CH, HOST)
    update = service.resume_ai(CH)
    assert update.status == "finished" and update.outcome is not None
