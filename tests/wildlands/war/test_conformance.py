"""The shared conformance checks for War under other options (the defaults run at every
seat count in tests/test_conformance.py)."""

from __future__ import annotations

from engines.core.conformance import check_random_game

from .builder import ENGINE


def test_random_war_games_conform_under_other_options() -> None:
    check_random_game(
        ENGINE, 4, 1, {"ancients": True, "teams": [[0, 2], [1, 3]], "target_score": 5}
    )
    check_random_game(
        ENGINE,
        5,
        2,
        {
            "teams": [[0, 1], [2, 3, 4]],
            "ancients_seat": 1,
            "target_score": 6,
            "pregame_reveal": False,
        },
    )
