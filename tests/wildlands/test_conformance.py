"""The shared conformance checks on every board and under other rulings (the default
options run with every registered engine in tests/test_conformance.py)."""

from __future__ import annotations

import pytest

from engines.core.conformance import check_random_game

from .builder import ENGINE

BOARDS = ("dungeon", "ruins", "abyssal_lake", "lost_factory")


@pytest.mark.parametrize("board", BOARDS[1:])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_conform_on_every_board(board: str, seats: int) -> None:
    # Two long games per board and seat count reach the board's terrain rules (tests/
    # test_conformance.py says how the playouts were sized).
    for seed in range(2):
        check_random_game(ENGINE, seats, seed, {"board": board})


def test_random_games_conform_under_other_rulings() -> None:
    options = {
        "pregame_reveal": False,
        "free_reveals": False,
        "heavy_damage": 2,
        "area_friendly_fire": False,
        "area_needs_los": True,
        "claim_with_ko_cards": False,
        "auto_defend": "best",
        "auto_pass": "always",
        "reshuffle_on_empty": False,
        "belt_per_event": 2,
        "factions": ["pit_fighters", "lawbringers", "gnomads"],
    }
    for seed in range(4):
        board = BOARDS[seed]
        check_random_game(ENGINE, 3, seed, {**options, "board": board})
