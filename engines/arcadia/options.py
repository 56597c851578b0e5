"""Table options: every ruling of the reference that can take more than one value (§13.5),
with the reference's default, plus the epic quest count and chronicle characters per seat.

Rulings that admit one value only in this engine are documented in the reference and in the
module that applies them (for example ``roll_tie=reroll_lowest`` in ``selection.py``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.arcadia.chronicle import ChronicleCharacter


class ArcadiaOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # Epic play (§13.4): quests each player takes; 1 is the ordinary game.
    quests_each: int = Field(default=1, ge=1, le=3)
    # Chronicle characters brought to the table, by seat number as text ("0", "1", ...). A
    # seat without one builds a new character at the table (§2).
    characters: dict[str, ChronicleCharacter] = Field(default_factory=dict)

    decline_on_timeout: bool = True
    hidden_waylay_hand: bool = True
    max_copies: int = Field(default=1, ge=1, le=3)
    max_flaw_bonus: int | None = Field(default=None, ge=0)
    allow_half_turn: bool = True
    side_terrain: Literal["derived_unless_authored", "all_sides"] = "derived_unless_authored"
    must_touch: bool = True
    border_faces: Literal["ocean_only", "ocean_or_border"] = "ocean_only"
    forced_placement: bool = True
    unique_tie: Literal["turn_order", "seat_order"] = "turn_order"
    distinct_base_camps: bool = True
    designation_excludes_base: bool = True
    retreat_without_origin: Literal["any", "stay"] = "any"
    waylay_order_tie: Literal["oldest_first", "newest_first"] = "oldest_first"
    multi_waylay_stop_on_loss: bool = False
    multi_step_stop_on_waylay: bool = True
    partial_wins_persist: bool = True
    bonuses_survive_reroll: bool = True
    base_camp_rest: Literal["best_of", "any_one_only"] = "best_of"
    cvc_targets: Literal["any", "opponents_only"] = "any"
    max_rounds: int = Field(default=100, ge=5, le=500)
    solo_waylay_total: Literal["exact_else_min_over", "at_most"] = "exact_else_min_over"
    solo_draw_on: Literal["every_entry", "forward_moves"] = "every_entry"
    ogre_natural_six: bool = True
    ocean_fail_blocks_rest: bool = True
    collect_counts: Literal["active_step", "any_time"] = "active_step"
    quest_item_pickup: Literal["active_step_only", "any_time"] = "active_step_only"
    epic_progress_before_gate: bool = True
