"""Conformance over module combinations and the ruling alternatives of northgard.md §12:
random games end, replay, round-trip and keep hands private at 2-5 seats."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core.conformance import check_random_game
from engines.northgard.engine import NorthgardEngine

ENGINE = NorthgardEngine()
MODULES: list[dict[str, Any]] = [
    {},
    {"creatures": False},
    {"creatures": False, "environment": []},
    {"wilderness": [], "environment": []},
    {"wilderness": ["jotunn", "eldthurs", "hvedrung"], "environment": []},
    {"environment": ["E01", "E06", "E07", "E08", "E09"], "wilderness": []},
    {"creatures": True, "wilderness": ["spectral", "wyvern"]},
]
ALTERNATIVES: dict[str, Any] = {
    "years": 10,
    "food_commit": "attacker_first",
    "building_bonus_side": "defender_only",
    "casualty_timing": "before_compare",
    "retreat_attacker_origin": False,
    "rough_border": "extra_step",
    "swamp_loss": "per_unit",
    "winter_upkeep": "per_2_units",
    "winter_shortfall": "per_food",
    "harvest_fame": "any_0_1_2",
    "close_fame": "1_1_2",
    "creature_phase_position": "start_of_year",
    "creature_pathing": "random_adjacent",
    "defeated_creature": "reward_and_trophy",
    "jotunn_must_pay": False,
    "improve_cost": 2,
    "improve_to": "hand",
    "market_pick_to": "discard",
    "explore_anchor": "any",
    "explore_follow_up": "none",
    "merge_conflict": "combat_explorer_attacks",
    "starting_rounds": 2,
    "starting_resources": [3, 3, 3],
    "clan_assignment": "choose_in_reverse_order",
    "more_creatures": True,
    "attack_sharing_creature": False,
    "combat_die_faces": [0, 0, 1, 1, 2, 13],
    "sharing_per_card": {"CR6": False, "CR1": True},
}


@pytest.mark.parametrize("modules", range(len(MODULES)))
def test_module_combinations_conform(modules: int) -> None:
    # Every module set, at a seat count that cycles through 2-5.
    check_random_game(ENGINE, 2 + modules % 4, 100 + modules, MODULES[modules])


@pytest.mark.parametrize("seats", [2, 4])
def test_every_alternative_at_once_conforms(seats: int) -> None:
    for seed in range(2):
        check_random_game(ENGINE, seats, seed, ALTERNATIVES)


@pytest.mark.parametrize("part", range(5))
def test_each_alternative_conforms(part: int) -> None:
    names = sorted(ALTERNATIVES)[part::5]
    check_random_game(ENGINE, 2 + part % 4, 7 + part, {k: ALTERNATIVES[k] for k in names})
