"""Table options (northgard.md §12): the modules and every [ruling] with an alternative."""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator

from engines.northgard.content import content

WILDERNESS = ("jotunn", "eldthurs", "hvedrung", "spectral", "wyvern")
ENVIRONMENT = (
    "E01",
    "E02",
    "E03",
    "E04",
    "E05",
    "E06",
    "E07",
    "E08",
    "E09",
    "E10",
    "E11",
)


class NorthgardOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    years: Literal[7, 10] = 7
    creatures: bool = Field(True, validation_alias=AliasChoices("creatures", "creatures_module"))
    wilderness: tuple[Literal["jotunn", "eldthurs", "hvedrung", "spectral", "wyvern"], ...] = Field(
        WILDERNESS, validation_alias=AliasChoices("wilderness", "wilderness_creatures")
    )
    environment: tuple[
        Literal["E01", "E02", "E03", "E04", "E05", "E06", "E07", "E08", "E09", "E10", "E11"], ...
    ] = Field(ENVIRONMENT, validation_alias=AliasChoices("environment", "environment_tiles"))
    # Face = axes, plus 10 for a skull: [0,1,1,2,1S,2S].
    combat_die_faces: tuple[int, int, int, int, int, int] = (0, 1, 1, 2, 11, 12)
    food_commit: Literal["simultaneous_uncapped", "attacker_first"] = "simultaneous_uncapped"
    building_bonus_side: Literal["controller", "defender_only"] = "controller"
    casualty_timing: Literal["after_compare", "before_compare"] = "after_compare"
    retreat_attacker_origin: bool = True
    rough_border: Literal["stop", "extra_step"] = "stop"
    swamp_loss: Literal["per_group", "per_unit"] = "per_group"
    winter_upkeep: Literal["per_territory", "per_unit", "per_2_units"] = "per_territory"
    winter_shortfall: Literal["one_card", "per_food"] = "one_card"
    harvest_fame: Literal["closed_0_1_2", "any_0_1_2"] = "closed_0_1_2"
    close_fame: Literal["1_2_3", "1_1_2"] = "1_2_3"
    creature_phase_position: Literal["after_actions", "start_of_year"] = "after_actions"
    creature_pathing: Literal["bfs_nearest_units", "random_adjacent"] = "bfs_nearest_units"
    defeated_creature: Literal["reward_and_reshuffle", "reward_and_trophy"] = "reward_and_reshuffle"
    jotunn_must_pay: bool = True
    improve_cost: Literal[2, 3] = 3
    improve_to: Literal["deck_top", "hand"] = "deck_top"
    market_pick_to: Literal["deck_top", "discard"] = "deck_top"
    explore_anchor: Literal["controlled_then_any", "any"] = "controlled_then_any"
    explore_follow_up: Literal["one_step", "none"] = "one_step"
    merge_conflict: Literal["forbid", "combat_explorer_attacks"] = "forbid"
    starting_rounds: Literal[1, 2] = 1
    starting_resources: tuple[int, int, int] = (2, 2, 1)
    clan_assignment: Literal["random", "choose_in_reverse_order"] = "random"
    more_creatures: bool = False
    attack_sharing_creature: bool = True
    # sharing_defaults: the cards' own flags (Eldthurs, Hvedrung and Spectral Warrior share)
    # unless set here per creature, by name, e.g. {"Eldthurs": false} (§12 "per card"); kept
    # by card id so a renamed card keeps the table's setting.
    sharing_per_card: dict[str, bool] = Field(default_factory=dict)

    @field_validator("sharing_per_card")
    @classmethod
    def _creature_ids(cls, value: dict[str, bool]) -> dict[str, bool]:
        creatures = content().creatures
        by_name = {c.name.casefold(): cid for cid, c in creatures.items()}
        ids: dict[str, bool] = {}
        unknown = []
        for key, shares in value.items():
            cid = key if key in creatures else by_name.get(key.casefold())
            if cid is None:
                unknown.append(key)
            else:
                ids[cid] = shares
        if unknown:
            names = ", ".join(c.name for c in creatures.values())
            raise ValueError(f"no creature called {', '.join(unknown)} (the creatures: {names})")
        return ids

    def die_face(self, index: int) -> tuple[int, bool]:
        """(axes, skull) of a die face."""
        code = self.combat_die_faces[index]
        return code % 10, code >= 10
