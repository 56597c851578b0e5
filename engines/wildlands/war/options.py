"""Table options for War for the Crystals (wildlands.md §12, §15).

Teams are a table option: ``teams`` lists each team's seats, team 1 first, or ``team_of``
gives each seat's team number (1 or 2) in seat order, the form a one-line option text can
carry and the lobby can build from ``/game join team:``. Defaults by seat order:
4 players 0+1 against 2+3; 5 players 0+1+2 against 3+4 with the Ancients on seat 4;
6 players 0+1+2 against 3+4+5 with the sixth faction on seat 2 and the Ancients on seat 5.
``factions`` names the base factions of the remaining seats in seat order. Each team's
shard colour is that of one of its non-Ancients factions (``team_colours`` by seat;
default: its first such member).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engines.wildlands.wrath.options import WrathOptions


class WarOptions(WrathOptions):
    target_score: int = Field(default=10, ge=1, le=30)
    claim_colour: Literal["own", "team"] = "team"
    teams: list[list[int]] | None = Field(
        default=None, description="Each team's seats, team 1 first; default by seat order."
    )
    team_of: list[int] | None = Field(
        default=None,
        description="Each seat's team, 1 or 2, in seat order (the flat form of teams).",
    )
    team_colours: list[int] | None = Field(
        default=None, description="Per team, the seat whose colour its shards use."
    )
    ancients: bool = Field(
        default=False, description="Four players only: one seat plays the Ancients."
    )
    six_player_factions: Literal["base4+ancients+one"] = "base4+ancients+one"
    shard_place_order: Literal["team1_first"] = "team1_first"
    team_turn_end: Literal["all_done_no_intervening"] = "all_done_no_intervening"
    double_elimination: Literal["first_eliminated_loses"] = "first_eliminated_loses"
