"""Table options for the competitive Wildlands game (wildlands.md §15).

Every ruling of §15 "Board and reveal", "Actions and combat", "Interrupts, turns and game
end" and the Foreign Lands rulings is a named field with its default. Where the engine
implements an alternative the field takes it (a number, a switch, a named choice); where it
implements only the ruling, the field is a one-value ``Literal`` so a table that asks for
something else gets a clear refusal instead of a silent fallback.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

BoardId = Literal["dungeon", "ruins", "abyssal_lake", "lost_factory"]
FactionId = Literal["mages", "gnomads", "lawbringers", "pit_fighters"]
AutoPass = Literal["off", "window", "turn", "always"]
AutoDefend = Literal["ask", "best", "never"]


class WildlandsOptions(BaseModel):
    """Options for one table; unknown names are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    board: BoardId = "dungeon"
    factions: list[FactionId] | None = Field(
        default=None, description="One faction per seat in seat order; default: listed order."
    )
    target_score: int = Field(default=5, ge=1, le=20)

    # Board and reveal.
    rng: Literal["seeded_single_stream"] = "seeded_single_stream"
    turn_scope: Literal["main_turn"] = "main_turn"
    interrupt_is_own_turn: Literal[True] = True
    zone_of_control: Literal[False] = False
    climb_rule: Literal["up_only"] = "up_only"
    distance: Literal["graph_all_edges"] = "graph_all_edges"
    los_own_space: Literal[True] = True
    board_cover: Literal[False] = False
    pregame_reveal: bool = True
    free_reveals: bool = True
    unrevealed_inert: Literal[True] = True
    unused_map_cards: Literal["box"] = "box"
    pending_model: Literal["single"] = "single"

    # Actions and combat.
    action_families: Literal["v1"] = "v1"
    dead_links: Literal["restricted"] = "restricted"
    move_icon_any_character: Literal[True] = True
    climb_cost: Literal["icon"] = "icon"
    heavy_damage: int = Field(default=1, ge=1, le=3)
    damage_per_hit: int = Field(default=1, ge=1, le=3)
    ranged_own_space: bool = True
    heavy_ranged_range: int = Field(default=2, ge=1, le=11)
    area_friendly_fire: bool = True
    area_needs_los: bool = False
    rally_rule: Literal["pull_adjacent"] = "pull_adjacent"
    claim_with_ko_cards: bool = True
    claim_colour: Literal["own", "team"] = "own"
    draw_icon_amount: int = Field(default=2, ge=1, le=7)
    defence_link: Literal["required"] = "required"
    defence_not_action: Literal[True] = True
    defence_matrix: Literal["v1"] = "v1"
    heavy_icons_parry: bool = True
    pit_defence: Literal["none"] = "none"
    ko_cleanup: Literal["v1"] = "v1"
    terrain_ko_scorer: Literal["trigger"] = "trigger"
    friendly_ko_scores: bool = False
    hit_order: Literal["space_char_minion_ancient"] = "space_char_minion_ancient"

    # Interrupts, turns and game end.
    window_after: Literal["completed_action"] = "completed_action"
    interrupt_turn: Literal["unlimited"] = "unlimited"
    nested_interrupts: Literal[False] = False
    interrupt_priority: Literal["seat_order_from_active_left"] = "seat_order_from_active_left"
    window_ignores_hands: Literal[True] = True
    auto_pass: AutoPass = "off"
    auto_defend: AutoDefend = "ask"
    timeout_defence: Literal["best", "never"] = "best"
    reshuffle_on_empty: bool = True
    elimination: Literal["end_game"] = "end_game"
    base_discard: Literal[False] = False
    idle_turn: Literal["draw"] = "draw"
    discard_pile: Literal["public"] = "public"
    # Not in §15: with no voluntary discard (base_discard=false) a hand of cards whose
    # characters are all knocked out can stay full forever, so a game could never end. The
    # game ends when this many full rounds pass in which nobody reveals or plays a card;
    # the highest score wins and ties share (as for elimination).
    stalemate_rounds: int = Field(default=3, ge=1, le=50)

    # Foreign Lands.
    slippery_count: Literal["move_climb_rally_special"] = "move_climb_rally_special"
    forced_entry_triggers_ice: bool = True
    belt_per_event: int = Field(default=1, ge=0, le=3)
    belt_end: Literal["stay"] = "stay"
    belt_moves_are_moves: Literal[False] = False
