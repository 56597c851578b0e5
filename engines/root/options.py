"""Table options (root.md §2). Every [ruling] is a named field with the reference's default;
rulings this engine implements in one way only are one-value ``Literal`` fields."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class RootOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    map: Literal["wastelands", "autumn"] = "wastelands"
    factions: list[Literal["marquise", "eyrie", "alliance", "vagabond"]] | None = Field(
        default=None,
        description="One faction per seat, in seat order; default: Marquise, Eyrie, Alliance, "
        "Vagabond (as many as seats), dealt to the seats at random.",
    )
    bot_mode: Literal["off", "w12"] = "off"
    # Our addition so every game ends: after this many rounds the highest score wins
    # (ties: earlier in turn order). Real games end long before it.
    round_limit: int = Field(default=20, ge=1, le=200)

    rng: Literal["seeded_single_stream"] = "seeded_single_stream"
    decisions: Literal["pending_queue"] = "pending_queue"
    seat_kind: Literal["human"] = "human"
    law_precedence: Literal["seed_first"] = "seed_first"
    vagabond_infamy: Literal["despot", "official"] | None = Field(
        default=None, description="Default: despot on the Wastelands, official on Autumn."
    )
    bot_mode_keeps_despot_infamy: Literal[True] = True
    vagabond_granted_costs: Literal["items"] = "items"
    vagabond_activation_item: Literal["any_undamaged"] = "any_undamaged"
    allied_move_activation: Literal["vagabond_pays"] = "vagabond_pays"
    barren_blocks_forest_crossing: Literal[False] = False
    relationship_track: Literal["1,1;2,2;3,2"] = "1,1;2,2;3,2"
    coalitions: Literal[False] = False
    vp_floor: Literal[0] = 0
    after_roll_order: Literal["attacker_then_defender"] = "attacker_then_defender"
    persistent_once_per_turn: Literal[True] = True
    scouting_party_blocks_ambush: Literal[True] = True
    random_suits: Literal[False] = False
    water_is_piece: Literal[False] = False
    water_visibility: Literal["public"] = "public"
    water_spent_to: Literal["supply"] = "supply"
    water_take: Literal["offer", "auto"] = "offer"
    water_action_timing: Literal["between_actions"] = "between_actions"
    water_actions_per_turn: Literal["unlimited"] = "unlimited"
    water_recruit_is_faction_recruit: Literal[False] = False
    advance_battle_clearing: Literal["any", "destination"] = "any"
    ddd_requires_three: bool = True
    barren_activation_scope: Literal["turn", "move"] = "turn"
    activation_rule_check: Literal["after_payment"] = "after_payment"
    activation_triggers_field_hospitals: bool = True
    eyrie_decree_uses_paid_moves: Literal[True] = True
    seizure_mode: Literal["every_3"] = "every_3"
    seizure_missed_if_empty: Literal[True] = True
    surrender_when_cannot_score: bool = True
    map_layout: Literal["wastelands_standin_v1"] = "wastelands_standin_v1"
    autumn_rivers: Literal["none"] = "none"

    @property
    def infamy(self) -> str:
        """W.11.1: Despot Infamy on the Wastelands (also in bot mode), official on Autumn."""
        if self.vagabond_infamy is not None:
            return self.vagabond_infamy
        return "despot" if self.map == "wastelands" else "official"

    @property
    def economy(self) -> bool:
        """W.12: the water economy runs only on the Wastelands without bot mode."""
        return self.map == "wastelands" and self.bot_mode != "w12"
