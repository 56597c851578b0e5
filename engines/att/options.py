"""Table options: every ``[ruling: opt=default]`` of the reference as a named field.

Reference §0-§14 and the option table of §12. Fields whose ruling names no alternative are
single-value literals: they document the decision and keep a stored game explicit about it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

LocationId = Literal["shrine", "gorge", "chateau", "chasm", "gunsloop", "ruin"]
RULEBOOK_SLOTS: tuple[LocationId, ...] = ("shrine", "gorge", "chateau", "chasm", "gunsloop", "ruin")
CHARACTER_IDS = ("captain", "heiress", "scholar", "hunter")


class AttOptions(BaseModel):
    """The rulings a table may switch. Defaults are the reference's defaults."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # §2 set-up and §14.1 characters.
    game_length: Literal["hourglass", "double_hourglass"] = "hourglass"
    characters: list[str] | None = None
    character_pick: Literal["seat_order"] = "seat_order"
    scenario: Literal["I", "II"] = "I"
    include_promo: bool = False
    old_stock_initial: Literal["empty"] = "empty"
    # §0 conventions.
    rng: Literal["seeded_single_stream"] = "seeded_single_stream"
    seat_order: Literal["clockwise_index"] = "clockwise_index"
    visibility: Literal["standard"] = "standard"
    # §1 components.
    finite_token_supply: bool = False
    model_modifiers: Literal[False] = False
    # §3 Expedition Track.
    tt_order: Literal["penalty_ascending", "value_ascending"] = "penalty_ascending"
    tt_public: Literal[True] = True
    tt_distribution: Literal["4x4"] = "4x4"
    # §4 turn order.
    first_player: Literal["holder_chooses", "holder_first"] = "holder_chooses"
    map_midround: Literal["next_round"] = "next_round"
    # §5.1 and §6 locations.
    partial_refill: Literal["fill_low_slots"] = "fill_low_slots"
    slot_order: Literal["rulebook_listing"] | list[LocationId] = "rulebook_listing"
    location_action_uses: Literal[1] = 1
    chateau_tokens: Literal[1] = 1
    chasm_uses: Literal[1] = 1
    # §5.4 and §7 dice.
    cards_after_first_spend: bool = False
    feat_windows: Literal["encounter_only"] = "encounter_only"
    added_die_rolled_immediately: bool = True
    dice_supply_limit: bool = True
    allow_no_effect_plays: bool = True
    focused_min_dice: int = Field(default=1, ge=0, le=1)
    unfocused_includes_feat: bool = True
    feat_bump_window: Literal["until_first_spend", "before_first_reroll"] = "until_first_spend"
    card_reroll_uses_track: bool = False
    die_bounds: Literal["clamp_no_effect"] = "clamp_no_effect"
    # §8 combinations.
    highset_exact: bool = True
    run_to_six_is_highset: bool = True
    scenario1_block_min: int = Field(default=1, ge=1, le=6)
    scenario1_run_min: int = Field(default=1, ge=1, le=4)
    reroll_tokens: Literal["not_a_resource"] = "not_a_resource"
    spend_enumeration: Literal["all_subsets"] = "all_subsets"
    example_reads_basic: Literal[True] = True
    # §5.6 Trading Post.
    free_replacements: int = Field(default=1, ge=0, le=3)
    slot_refill_timing: Literal["end_of_buying"] = "end_of_buying"
    paid_refresh_limit: int | None = Field(default=None, ge=0)
    old_stock_order: Literal["slot_ascending"] = "slot_ascending"
    old_stock_visibility: Literal["public_top_buyable"] = "public_top_buyable"
    swag_deck_empty: Literal["reshuffle_old_stock_below_top", "leave_empty"] = (
        "reshuffle_old_stock_below_top"
    )
    bought_swag_ready: bool = True
    # §5.7 Refresh.
    feat_hand_limit: None = None
    feat_both_empty: Literal["stop"] = "stop"
    # §10 achievements and §11 scoring.
    achievement_check: Literal["immediate_active_player", "end_of_turn"] = "immediate_active_player"
    dual_type_counts_both: bool = True
    end_on_empty_deck_at_round_end: bool = False
    tt_tiebreak: Literal["count"] = "count"
    final_tie: Literal["shared"] = "shared"
    # §14 content.
    standin_combo_max_dice: Literal[5] = 5

    @field_validator("slot_order")
    @classmethod
    def _permutation(
        cls, value: Literal["rulebook_listing"] | list[LocationId]
    ) -> Literal["rulebook_listing"] | list[LocationId]:
        if isinstance(value, list) and sorted(value) != sorted(RULEBOOK_SLOTS):
            raise ValueError("slot_order must list each of the six Locations exactly once")
        return value

    @field_validator("characters")
    @classmethod
    def _known_characters(cls, value: list[str] | None) -> list[str] | None:
        if value is None:
            return value
        unknown = [c for c in value if c not in CHARACTER_IDS]
        if unknown:
            raise ValueError(f"unknown characters {unknown}; choose from {list(CHARACTER_IDS)}")
        if len(set(value)) != len(value):
            raise ValueError("each character can be played by one seat only")
        return value

    def location_slots(self) -> tuple[LocationId, ...]:
        """Location ids in slot order 1..6 (reference §5.1)."""
        if self.slot_order == "rulebook_listing":
            return RULEBOOK_SLOTS
        return tuple(self.slot_order)
