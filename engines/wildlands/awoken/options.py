"""Table options for The Awoken (wildlands.md §10, §15 "Awoken").

The shared Wildlands rulings come from ``WildlandsOptions``; this model adds the scenario
choice, the sheet side and every §15 Awoken ruling with its default. A ruling the engine
implements only one way is listed in ``RULINGS`` (engines/core/rulings.py), never offered as
an option, so a table asking for something else is refused with a clear message instead of
a silent fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import Field, field_validator

from engines.wildlands.options import RULINGS as WILDLANDS_RULINGS
from engines.wildlands.options import WildlandsOptions

# §15 "Awoken" rulings the engine implements one way only, beside the shared ones.
RULINGS: dict[str, object] = {
    **WILDLANDS_RULINGS,
    "scenario_pairing": "listing_order",
    "scenario_numbers": "listing_order",
    "coop_player_order": "scenario_number",
    "summon_counter": "random",
    "ancient_start": "map_card",
    "automaton_damage": "track_only",
    "team_turn_end": "all_done_no_intervening",
    "minion_activation": "fixed_roster",
    "monster_step_tie": "lowest_space",
    "monster_blocking": False,
    "reaction_model": "defence_icons",
    "reaction_window": False,
    "ancient_summon": "map_card",
    "object_reveal_opens_window": False,
    "stasis_displacement_frees": True,
    "crystal_transfer_decider": "ko_owner",
    "awakening_every_turn": True,
    "ethereal_still_reveals": True,
    "coop_interrupts": "each_player_once_per_window",
    "awoken_belt_trigger": "ko_or_crystal",
    "coop_decider": "scenario_owner",
    "unsummoned_counts_as_ko": False,
    "treasure_is_card_play": False,
}


class AwokenOptions(WildlandsOptions):
    """Options for one co-operative table; unknown names are refused."""

    rulings: ClassVar[Mapping[str, object]] = RULINGS

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
        description="easy or hard changes the setup: easy starts with 2 fewer minions per "
        "sheet, weaker minions and Ancients and 2 treasures each; hard with more and tougher "
        "minions, tougher Ancients and the event tracks 2 steps on.",
    )
    # Not in §15: a players' turn cap, so a game where nobody ever ends the turn (a bot
    # stuck in a loop) still ends; reaching it counts as a loss.
    max_rounds: int = Field(default=60, ge=5, le=500)

    haunt_steps: int = Field(default=2, ge=1, le=4)
    minion_recycle: bool = True

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
