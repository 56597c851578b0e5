"""Table options: every ``[ruling: opt=default]`` of the reference as a named field.

Reference §0-§14 and the option table of §12. Rulings that name no alternative are listed in
``RULINGS`` with the value the engine implements (engines/core/rulings.py): they document the
decision without being offered as options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import ConfigDict, Field, field_validator

from engines.core.rulings import RuledOptions

LocationId = Literal["shrine", "gorge", "chateau", "chasm", "gunsloop", "ruin"]
RULEBOOK_SLOTS: tuple[LocationId, ...] = ("shrine", "gorge", "chateau", "chasm", "gunsloop", "ruin")
CharacterId = Literal["captain", "heiress", "scholar", "hunter"]


# Reference rulings the engine implements one way only.
RULINGS: dict[str, object] = {
    # §2 set-up.
    "old_stock_initial": "empty",
    # §0 conventions.
    "rng": "seeded_single_stream",
    "seat_order": "clockwise_index",
    "visibility": "standard",
    # §1 components.
    "model_modifiers": False,
    # §3 Expedition Track.
    "tt_public": True,
    "tt_distribution": "4x4",
    # §4 turn order.
    "map_midround": "next_round",
    # §5.1 and §6 locations.
    "partial_refill": "fill_low_slots",
    "location_action_uses": 1,
    "chateau_tokens": 1,
    "chasm_uses": 1,
    # §5.4 and §7 dice.
    "feat_windows": "encounter_only",
    "die_bounds": "clamp_no_effect",
    # §8 combinations.
    "reroll_tokens": "not_a_resource",
    "spend_enumeration": "all_subsets",
    "example_reads_basic": True,
    # §5.6 Trading Post.
    "slot_refill_timing": "end_of_buying",
    "old_stock_order": "slot_ascending",
    "old_stock_visibility": "public_top_buyable",
    # §5.7 Refresh.
    "feat_hand_limit": None,
    "feat_both_empty": "stop",
    # §10 achievements and §11 scoring.
    "tt_tiebreak": "count",
    "final_tie": "shared",
    # §14 content.
    "standin_combo_max_dice": 5,
}


class AttOptions(RuledOptions):
    """The rulings a table may switch. Defaults are the reference's defaults."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    rulings: ClassVar[Mapping[str, object]] = RULINGS

    # §2 set-up and §14.1 characters.
    game_length: Literal["hourglass", "double_hourglass"] = "hourglass"
    # "seat_order": each player chooses in turn from seat 0 (the seed); "random": dealt at
    # random. A ``characters`` list fixes them, one per seat, and overrides both.
    character_pick: Literal["seat_order", "random"] = "seat_order"
    characters: list[CharacterId] | None = None
    scenario: Literal["I", "II"] = "I"
    include_promo: bool = False
    # §0 conventions.
    # §1 components.
    finite_token_supply: bool = False
    # §3 Expedition Track.
    tt_order: Literal["penalty_ascending", "value_ascending"] = "penalty_ascending"
    # §4 turn order.
    first_player: Literal["holder_chooses", "holder_first"] = "holder_chooses"
    # §5.1 and §6 locations.
    slot_order: Literal["rulebook_listing"] | list[LocationId] = "rulebook_listing"
    # §5.4 and §7 dice.
    cards_after_first_spend: bool = False
    added_die_rolled_immediately: bool = True
    dice_supply_limit: bool = True
    allow_no_effect_plays: bool = True
    focused_min_dice: int = Field(default=1, ge=0, le=1)
    unfocused_includes_feat: bool = True
    feat_bump_window: Literal["until_first_spend", "before_first_reroll"] = "until_first_spend"
    card_reroll_uses_track: bool = False
    # §8 combinations.
    highset_exact: bool = True
    run_to_six_is_highset: bool = True
    scenario1_block_min: int = Field(default=1, ge=1, le=6)
    scenario1_run_min: int = Field(default=1, ge=1, le=4)
    # §5.6 Trading Post.
    free_replacements: int = Field(default=1, ge=0, le=3)
    paid_refresh_limit: int | None = Field(default=None, ge=0)
    swag_deck_empty: Literal["reshuffle_old_stock_below_top", "leave_empty"] = (
        "reshuffle_old_stock_below_top"
    )
    bought_swag_ready: bool = True
    # §5.7 Refresh.
    # §10 achievements and §11 scoring.
    achievement_check: Literal["immediate_active_player", "end_of_turn"] = "immediate_active_player"
    dual_type_counts_both: bool = True
    end_on_empty_deck_at_round_end: bool = False
    # §14 content.

    @field_validator("slot_order")
    @classmethod
    def _permutation(
        cls, value: Literal["rulebook_listing"] | list[LocationId]
    ) -> Literal["rulebook_listing"] | list[LocationId]:
        if isinstance(value, list) and sorted(value) != sorted(RULEBOOK_SLOTS):
            raise ValueError("must list each of the six Locations exactly once")
        return value

    @field_validator("characters")
    @classmethod
    def _distinct_characters(cls, value: list[CharacterId] | None) -> list[CharacterId] | None:
        if value is not None and len(set(value)) != len(value):
            raise ValueError("each character can be played by one seat only")
        return value

    def location_slots(self) -> tuple[LocationId, ...]:
        """Location ids in slot order 1..6 (reference §5.1)."""
        if self.slot_order == "rulebook_listing":
            return RULEBOOK_SLOTS
        return tuple(self.slot_order)
