"""Table options for the competitive Wildlands game (wildlands.md §15).

Every ruling of §15 "Board and reveal", "Actions and combat", "Interrupts, turns and game
end" and the Foreign Lands rulings is named here with its default. Where the engine
implements an alternative the ruling is an option field (a number, a switch, a named
choice); where it implements only the ruling, it is listed in ``RULINGS`` with the value it
takes (engines/core/rulings.py): never offered as an option, and a table that asks for
something else gets a clear refusal instead of a silent fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import ConfigDict, Field

from engines.core.rulings import RuledOptions

BoardId = Literal["dungeon", "ruins", "abyssal_lake", "lost_factory"]
FactionId = Literal["mages", "gnomads", "lawbringers", "pit_fighters"]
AutoPass = Literal["off", "window", "turn", "always"]
AutoDefend = Literal["ask", "best", "never"]


# §15 rulings the engine implements one way only.
RULINGS: dict[str, object] = {
    # Board and reveal.
    "rng": "seeded_single_stream",
    "turn_scope": "main_turn",
    "interrupt_is_own_turn": True,
    "zone_of_control": False,
    "climb_rule": "up_only",
    "distance": "graph_all_edges",
    "los_own_space": True,
    "board_cover": False,
    "unrevealed_inert": True,
    "unused_map_cards": "box",
    "pending_model": "single",
    # Actions and combat.
    "action_families": "v1",
    "dead_links": "restricted",
    "move_icon_any_character": True,
    "climb_cost": "icon",
    "rally_rule": "pull_adjacent",
    "defence_link": "required",
    "defence_not_action": True,
    "defence_matrix": "v1",
    "pit_defence": "none",
    "ko_cleanup": "v1",
    "terrain_ko_scorer": "trigger",
    "hit_order": "space_char_minion_ancient",
    # Interrupts, turns and game end.
    "window_after": "completed_action",
    "interrupt_turn": "unlimited",
    "nested_interrupts": False,
    "interrupt_priority": "seat_order_from_active_left",
    "window_ignores_hands": True,
    "elimination": "end_game",
    "base_discard": False,
    "idle_turn": "draw",
    "discard_pile": "public",
    # Foreign Lands.
    "slippery_count": "move_climb_rally_special",
    "belt_end": "stay",
    "belt_moves_are_moves": False,
}


class WildlandsOptions(RuledOptions):
    """Options for one table; unknown names are refused."""

    rulings: ClassVar[Mapping[str, object]] = RULINGS

    model_config = ConfigDict(frozen=True, extra="forbid")

    board: BoardId = "dungeon"
    factions: list[FactionId] | None = Field(
        default=None, description="One faction per seat in seat order; default: listed order."
    )
    target_score: int = Field(default=5, ge=1, le=20)

    # Board and reveal.
    pregame_reveal: bool = True
    free_reveals: bool = True

    # Actions and combat.
    heavy_damage: int = Field(default=1, ge=1, le=3)
    damage_per_hit: int = Field(default=1, ge=1, le=3)
    ranged_own_space: bool = True
    heavy_ranged_range: int = Field(default=2, ge=1, le=11)
    area_friendly_fire: bool = True
    area_needs_los: bool = False
    claim_with_ko_cards: bool = True
    claim_colour: Literal["own", "team"] = "own"
    draw_icon_amount: int = Field(default=2, ge=1, le=7)
    heavy_icons_parry: bool = True
    friendly_ko_scores: bool = False

    # Interrupts, turns and game end.
    auto_pass: AutoPass = "off"
    auto_defend: AutoDefend = "ask"
    timeout_defence: Literal["best", "never"] = "best"
    reshuffle_on_empty: bool = True
    # Not in §15: with no voluntary discard (base_discard=false) a hand of cards whose
    # characters are all knocked out can stay full forever, so a game could never end. The
    # game ends when this many full rounds pass in which nobody reveals or plays a card;
    # the highest score wins and ties share (as for elimination).
    stalemate_rounds: int = Field(default=3, ge=1, le=50)

    # Foreign Lands.
    forced_entry_triggers_ice: bool = True
    belt_per_event: int = Field(default=1, ge=0, le=3)
