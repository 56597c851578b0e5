"""Conformance over Arcadia's modes and rulings (the default options run for every seat
count in tests/test_conformance.py): solo, two, three and five seats, epic play, chronicle
characters and the non-default rulings; random playouts end."""

from __future__ import annotations

import pytest

from engines.core.conformance import check_random_game

from .builder import ENGINE, winerdria

OTHER_RULINGS = {
    "allow_half_turn": False,
    "side_terrain": "all_sides",
    "border_faces": "ocean_or_border",
    "forced_placement": False,
    "unique_tie": "seat_order",
    "distinct_base_camps": False,
    "designation_excludes_base": False,
    "retreat_without_origin": "stay",
    "waylay_order_tie": "newest_first",
    "multi_waylay_stop_on_loss": True,
    "multi_step_stop_on_waylay": False,
    "partial_wins_persist": False,
    "bonuses_survive_reroll": False,
    "base_camp_rest": "any_one_only",
    "cvc_targets": "opponents_only",
    "solo_waylay_total": "at_most",
    "solo_draw_on": "forward_moves",
    "ogre_natural_six": False,
    "ocean_fail_blocks_rest": False,
    "collect_counts": "any_time",
    "quest_item_pickup": "any_time",
    "epic_progress_before_gate": False,
    "hidden_waylay_hand": False,
    "decline_on_timeout": False,
    "max_flaw_bonus": 4,
    "max_rounds": 30,
}


@pytest.mark.parametrize("seats", [1, 2, 3, 5])
def test_random_games_conform_at_every_mode(seats: int) -> None:
    for seed in range(2):
        check_random_game(ENGINE, seats, seed, {"max_rounds": 40})


def test_epic_games_conform() -> None:
    for seats in (1, 2):
        check_random_game(ENGINE, seats, 7, {"quests_each": 2, "max_rounds": 40})


def test_chronicle_characters_conform() -> None:
    chars = {"0": winerdria().model_dump(), "1": winerdria().model_dump()}
    check_random_game(ENGINE, 2, 3, {"characters": chars, "max_rounds": 40})


def test_other_rulings_conform() -> None:
    for seats in (1, 2, 3):
        check_random_game(ENGINE, seats, 11, OTHER_RULINGS)


def test_solo_game_whose_named_quest_site_is_in_play() -> None:
    # Seed 55: a solo Seek the Oracle's Advice with Sibylline Swamp laid, so the oracle
    # needs no designation (it once crashed the solo engine's site choice).
    result = check_random_game(ENGINE, 1, 55)
    names = [n for cell in result.state.cells.values() for n in cell.names]
    assert any(n.endswith(":oracle") for n in names)
