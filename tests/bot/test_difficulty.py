"""AI difficulty (issue 32): a table's ``difficulty`` option and ``/game addbot
difficulty:`` set each AI seat's level; an easy AI makes random slips at its game's share
and a seeded game replays exactly; its results are rated as that level ("AI (easy)"); a
level the AI does not have is refused with a sentence and nothing changes; The Awoken keeps
its own ``difficulty`` option (the Ancients' strength)."""

from __future__ import annotations

import random

import pytest

from bot.store import Store
from bot.tables.options import checked_options, options_text
from bot.tables.service import TableService
from engines import registry
from engines.core.ai import RandomPolicy
from engines.core.errors import GameError
from engines.core.levels import Slips
from engines.core.protocol import Seat, parse_options
from engines.core.rng import Rng

CH, GUILD, ANN = 700, 9, 1


def test_the_table_option_sets_every_ai_seat_and_addbot_one(service: TableService) -> None:
    service.new_table(CH, GUILD, ANN, "Ann", "toy", {"difficulty": "easy"}, seats=3)
    service.add_bot(CH, ANN)
    row = service.add_bot(CH, ANN, difficulty="normal")
    assert row.settings.difficulty == "easy" and row.options == {}
    assert [(s.name, s.difficulty) for s in row.seats[1:]] == [("AI 1", "easy"), ("AI 2", "normal")]


def test_a_level_the_ai_lacks_is_refused_and_nothing_changes(service: TableService) -> None:
    with pytest.raises(GameError, match="`difficulty` is `easy` or `normal`, not `hard`"):
        service.new_table(CH, GUILD, ANN, "Ann", "toy", {"difficulty": "hard"})
    service.new_table(CH, GUILD, ANN, "Ann", "toy")
    with pytest.raises(GameError, match="plays at `easy` or `normal`, not `hard`"):
        service.add_bot(CH, ANN, difficulty="hard")
    assert len(service.table(CH).seats) == 1
    with pytest.raises(GameError, match="not `hard`"):
        checked_options("root", {"difficulty": "hard"})


def test_the_awoken_keeps_its_own_difficulty() -> None:
    assert checked_options("awoken", {"difficulty": "hard"}) == {"difficulty": "hard"}
    assert not any(
        line.startswith("• `difficulty` (default `normal`; `easy` | `normal`)")
        for line in options_text("awoken")
    )
    assert any(
        line.startswith("• `difficulty` (default `normal`; `easy` | `normal`)")
        for line in options_text("root")
    )


def after_a_draw(seed: int) -> Rng:
    """The generator a slip-or-not draw leaves behind."""
    rng = Rng(seed)
    rng.below(1000)
    return rng


def test_an_easy_ai_slips_at_its_share_and_replays_exactly() -> None:
    """Root's easy AI: a slip is the random move, no slip the AI's own (each drawn with the
    generator the slip-or-not draw leaves); the same seed gives the same move."""
    entry = registry.entry("root")
    engine = entry.engine
    seats = (Seat(0, "P1", "ai"), Seat(1, "P2", "ai"))
    state = engine.setup(seats, parse_options(engine, {}), 3)
    easy = entry.policy("ai", "easy")
    assert isinstance(easy, Slips) and easy.share == entry.easy_share
    slips = Slips(RandomPolicy(), 1.0)
    never = Slips(entry.policy("ai"), 0.0)
    rng = random.Random(3)
    for _ in range(40):
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        assert slips.choose(engine, state, seat, Rng(7)) == RandomPolicy().choose(
            engine, state, seat, after_a_draw(7)
        )
        normal = entry.policy("ai").choose(engine, state, seat, after_a_draw(8))
        # Share 0 never slips: the AI's own move, from the same generator.
        assert never.choose(engine, state, seat, Rng(8)) == normal
        first = easy.choose(engine, state, seat, Rng(9))
        assert first == easy.choose(engine, state, seat, Rng(9)) and first in legal
        state = engine.apply(state, seat, rng.choice(legal)).state


def test_an_easy_ai_is_rated_as_its_level(service: TableService, store: Store) -> None:
    service.new_table(CH, GUILD, ANN, "Ann", "toy", {"difficulty": "easy"})
    service.add_bot(CH, ANN)
    service.start(CH, ANN)
    rng = random.Random(1)
    update = None
    for _ in range(200):
        choices = service.choices(CH, ANN)
        update = service.act(CH, ANN, rng.choice(choices).ref)
        if update.status != "active":
            break
    assert update is not None and update.status == "finished"
    names = {r.participant: r.name for r in store.leaderboard(GUILD, "toy", limit=10)}
    assert names["ai:ai:easy"] == "AI (easy)"
