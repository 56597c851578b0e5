"""The shared conformance checks for Wrath under other options (the defaults run at every
seat count in tests/test_conformance.py)."""

from __future__ import annotations

from engines.core.conformance import check_random_game

from .builder import ENGINE


def test_random_wrath_games_conform_under_other_options() -> None:
    options = [
        {"magus_count": "one_or_two", "ancients_seat": 0, "board": "ruins"},
        {"factions": ["pit_fighters", "gnomads"], "auto_defend": "best", "target_score": 3},
    ]
    for seed, extra in enumerate(options):
        check_random_game(ENGINE, 3, seed, extra)
