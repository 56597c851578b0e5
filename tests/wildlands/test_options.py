"""Every §15 ruling of the base game and Foreign Lands is a named option or a fixed ruling
with its default; fixed rulings are never offered as options."""

from __future__ import annotations

import pytest

from engines.core.errors import BadOptions
from engines.core.protocol import parse_options
from engines.wildlands.options import RULINGS, WildlandsOptions

from .builder import ENGINE

# wildlands.md §15, copied name = default.
BOARD_AND_REVEAL = {
    "rng": "seeded_single_stream",
    "turn_scope": "main_turn",
    "interrupt_is_own_turn": True,
    "zone_of_control": False,
    "climb_rule": "up_only",
    "distance": "graph_all_edges",
    "los_own_space": True,
    "board_cover": False,
    "pregame_reveal": True,
    "free_reveals": True,
    "unrevealed_inert": True,
    "unused_map_cards": "box",
    "pending_model": "single",
}
ACTIONS_AND_COMBAT = {
    "action_families": "v1",
    "dead_links": "restricted",
    "move_icon_any_character": True,
    "climb_cost": "icon",
    "heavy_damage": 1,
    "damage_per_hit": 1,
    "ranged_own_space": True,
    "heavy_ranged_range": 2,
    "area_friendly_fire": True,
    "area_needs_los": False,
    "rally_rule": "pull_adjacent",
    "claim_with_ko_cards": True,
    "claim_colour": "own",
    "draw_icon_amount": 2,
    "defence_link": "required",
    "defence_not_action": True,
    "defence_matrix": "v1",
    "heavy_icons_parry": True,
    "pit_defence": "none",
    "ko_cleanup": "v1",
    "terrain_ko_scorer": "trigger",
    "friendly_ko_scores": False,
    "hit_order": "space_char_minion_ancient",
}
INTERRUPTS_TURNS_END = {
    "window_after": "completed_action",
    "interrupt_turn": "unlimited",
    "nested_interrupts": False,
    "interrupt_priority": "seat_order_from_active_left",
    "window_ignores_hands": True,
    "auto_pass": "off",
    "auto_defend": "ask",
    "timeout_defence": "best",
    "reshuffle_on_empty": True,
    "elimination": "end_game",
    "base_discard": False,
    "idle_turn": "draw",
    "discard_pile": "public",
}
FOREIGN_LANDS = {
    "slippery_count": "move_climb_rally_special",
    "forced_entry_triggers_ice": True,
    "belt_per_event": 1,
    "belt_end": "stay",
    "belt_moves_are_moves": False,
}


@pytest.mark.parametrize(
    "table", [BOARD_AND_REVEAL, ACTIONS_AND_COMBAT, INTERRUPTS_TURNS_END, FOREIGN_LANDS]
)
def test_every_ruling_is_an_option_or_a_fixed_ruling_with_its_default(
    table: dict[str, object],
) -> None:
    defaults = WildlandsOptions()
    for name, value in table.items():
        if name in RULINGS:
            assert RULINGS[name] == value and name not in WildlandsOptions.model_fields, name
        else:
            assert getattr(defaults, name) == value, name


def test_options_are_the_rulings_a_table_can_change() -> None:
    assert "climb_rule" not in WildlandsOptions.model_fields
    assert parse_options(ENGINE, {"climb_rule": "up_only", "board": "ruins"}).board == "ruins"


def test_table_options() -> None:
    o = WildlandsOptions()
    assert (o.board, o.factions, o.target_score) == ("dungeon", None, 5)


def test_unimplemented_alternatives_are_refused_in_a_sentence() -> None:
    with pytest.raises(BadOptions, match="climb_rule"):
        parse_options(ENGINE, {"climb_rule": "free"})
    with pytest.raises(BadOptions, match="board"):
        parse_options(ENGINE, {"board": "moon"})
    with pytest.raises(BadOptions, match="nonsense"):
        parse_options(ENGINE, {"nonsense": 1})


def test_faction_list_must_fit_the_table() -> None:
    from engines.core.conformance import seats_for

    with pytest.raises(BadOptions, match="one faction per player"):
        ENGINE.setup(seats_for(3), WildlandsOptions(factions=["mages", "gnomads"]), 1)
    with pytest.raises(BadOptions, match="different faction"):
        ENGINE.setup(seats_for(2), WildlandsOptions(factions=["mages", "mages"]), 1)
