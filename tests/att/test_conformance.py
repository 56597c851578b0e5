"""The shared conformance checks under non-default rulings (the default options run in
tests/test_conformance.py with every registered engine)."""

from __future__ import annotations

import pytest

from engines.core.conformance import check_random_game

from .builders import ENGINE


@pytest.mark.parametrize(
    "options",
    [
        {"game_length": "double_hourglass", "scenario": "II"},
        {"first_player": "holder_first", "finite_token_supply": True, "include_promo": True},
        {
            "cards_after_first_spend": True,
            "added_die_rolled_immediately": False,
            "allow_no_effect_plays": False,
            "focused_min_dice": 0,
            "achievement_check": "end_of_turn",
            "swag_deck_empty": "leave_empty",
            "tt_order": "value_ascending",
        },
    ],
)
def test_random_games_conform_under_other_rulings(options: dict) -> None:
    for seed in range(5):
        for n in (2, 4):
            check_random_game(ENGINE, n, seed, options)
