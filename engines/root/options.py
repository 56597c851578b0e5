"""Table options (root.md §2). Every [ruling] with an alternative is a named field with the
reference's default; the rulings this engine implements one way only are listed in ``RULINGS``
with their value (engines/core/rulings.py): documented, never offered as options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import ConfigDict, Field, field_validator

from engines.core.rulings import RuledOptions

# root.md rulings the engine implements one way only.
RULINGS: dict[str, object] = {
    # §0 conventions and §1 engine model.
    "law_precedence": "seed_first",
    "rng": "seeded_single_stream",
    "decisions": "pending_queue",
    "seat_kind": "human",
    # §4 setup.
    "random_suits": False,
    # §8 battle.
    "after_roll_order": "attacker_then_defender",
    "scouting_party_blocks_ambush": True,
    # §10 scoring and dominance.
    "vp_floor": 0,
    # §11 the shared deck.
    "persistent_once_per_turn": True,
    # §13 Eyrie Dynasties.
    "eyrie_decree_uses_paid_moves": True,
    # §15 Vagabond.
    "vagabond_granted_costs": "items",
    "relationship_track": "1,1;2,2;3,2",
    # §16.2 WATER.
    "water_is_piece": False,
    "water_visibility": "public",
    "water_spent_to": "supply",
    # §16.3 barren trails.
    "activation_rule_check": "after_payment",
    "vagabond_activation_item": "any_undamaged",
    "allied_move_activation": "vagabond_pays",
    "barren_blocks_forest_crossing": False,
    # §16.5 the three 2-WATER actions.
    "water_action_timing": "between_actions",
    "water_actions_per_turn": "unlimited",
    "water_recruit_is_faction_recruit": False,
    # §16.6 Seizure.
    "seizure_mode": "every_3",
    "seizure_missed_if_empty": True,
    # §16.8 Despot Infamy.
    "bot_mode_keeps_despot_infamy": True,
    # §17 maps.
    "map_layout": "wastelands_standin_v1",
    "autumn_rivers": "none",
}


class RootOptions(RuledOptions):
    model_config = ConfigDict(frozen=True, extra="forbid")
    rulings: ClassVar[Mapping[str, object]] = RULINGS

    map: Literal["wastelands", "autumn"] = "wastelands"
    factions: list[Literal["marquise", "eyrie", "alliance", "vagabond"]] | None = Field(
        default=None,
        # Typed as the names joined by "+" (issue 29: no JSON list to type).
        examples=["eyrie+vagabond"],
        description="One faction per seat, in seat order; default: Marquise, Eyrie, Alliance, "
        "Vagabond (as many as seats), dealt to the seats at random.",
    )
    bot_mode: Literal["off", "w12"] = "off"
    # Our addition so every game ends: after this many rounds the highest score wins
    # (ties: earlier in turn order). Real games end long before it.
    round_limit: int = Field(
        default=20,
        ge=1,
        le=200,
        description="Our safeguard, not a rule of the Law: after this many rounds (1 to 200) "
        "the highest score wins.",
    )

    vagabond_infamy: Literal["despot", "official"] | None = Field(
        default=None, description="Default: despot on the Wastelands, official on Autumn."
    )
    water_take: Literal["offer", "auto"] = "offer"
    advance_battle_clearing: Literal["any", "destination"] = "any"
    ddd_requires_three: bool = True
    barren_activation_scope: Literal["turn", "move"] = "turn"
    activation_triggers_field_hospitals: bool = True
    surrender_when_cannot_score: bool = True
    coalitions: bool = Field(
        default=False,
        description="4 players only: the Vagabond may activate a dominance card to join the "
        "lowest-scoring player, stop scoring and win with them (L9.2.8).",
    )

    @field_validator("factions", mode="before")
    @classmethod
    def _names_joined(cls, value: object) -> object:
        """``eyrie+vagabond`` is the list of those two factions."""
        return value.split("+") if isinstance(value, str) else value

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
