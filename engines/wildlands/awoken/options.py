"""Table options for The Awoken (wildlands.md §10, §15 "Awoken").

The shared Wildlands rulings come from ``WildlandsOptions``; this model adds the scenario
choice, the sheet side and every §15 Awoken ruling as a named field with its default. A
ruling the engine implements only one way is a one-value ``Literal``, so a table asking for
something else is refused with a clear message instead of a silent fallback.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from engines.wildlands.options import WildlandsOptions


class AwokenOptions(WildlandsOptions):
    """Options for one co-operative table; unknown names are refused."""

    scenarios: list[int] | None = Field(
        default=None,
        description="One scenario number (1-5) per player; default 1 solo, 1 and 2 in pairs.",
    )
    side: Literal["A", "B"] | None = Field(
        default=None, description="Scenario sheet side; default A for two players, B solo."
    )
    easy_treasure: bool = False
    difficulty: Literal["easy", "normal", "hard"] = Field(
        default="normal",
        description="Starting minions, Ancient health, track start and a starting treasure "
        "as assets/wildlands/awoken/difficulty.toml sets them.",
    )
    # Not in §15: a players' turn cap, so a game where nobody ever ends the turn (a bot
    # stuck in a loop) still ends; reaching it counts as a loss.
    max_rounds: int = Field(default=60, ge=5, le=500)

    scenario_pairing: Literal["listing_order"] = "listing_order"
    scenario_numbers: Literal["listing_order"] = "listing_order"
    coop_player_order: Literal["scenario_number"] = "scenario_number"
    summon_counter: Literal["random"] = "random"
    ancient_start: Literal["map_card"] = "map_card"
    automaton_damage: Literal["track_only"] = "track_only"
    team_turn_end: Literal["all_done_no_intervening"] = "all_done_no_intervening"
    minion_activation: Literal["fixed_roster"] = "fixed_roster"
    monster_step_tie: Literal["lowest_space"] = "lowest_space"
    haunt_steps: int = Field(default=2, ge=1, le=4)
    monster_blocking: Literal[False] = False
    minion_recycle: bool = True
    reaction_model: Literal["defence_icons"] = "defence_icons"
    reaction_window: Literal[False] = False
    ancient_summon: Literal["map_card"] = "map_card"
    object_reveal_opens_window: Literal[False] = False
    stasis_displacement_frees: Literal[True] = True
    crystal_transfer_decider: Literal["ko_owner"] = "ko_owner"
    awakening_every_turn: Literal[True] = True
    ethereal_still_reveals: Literal[True] = True
    coop_interrupts: Literal["each_player_once_per_window"] = "each_player_once_per_window"
    awoken_belt_trigger: Literal["ko_or_crystal"] = "ko_or_crystal"
    coop_decider: Literal["scenario_owner"] = "scenario_owner"
    unsummoned_counts_as_ko: Literal[False] = False
    treasure_is_card_play: Literal[False] = False

    @field_validator("scenarios")
    @classmethod
    def _known(cls, value: list[int] | None) -> list[int] | None:
        if value is None:
            return None
        if not 1 <= len(value) <= 2 or len(set(value)) != len(value):
            raise ValueError("choose one different scenario per player")
        if not all(1 <= n <= 5 for n in value):
            raise ValueError("scenarios are numbered 1 to 5")
        return sorted(value)
