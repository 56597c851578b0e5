"""Table options for War for the Crystals (wildlands.md §12, §15).

Teams are a table option: ``teams`` lists each team's seats, team 1 first, or ``team_of``
gives each seat's team number (1 or 2) in seat order, the form a one-line option text can
carry and the lobby can build from ``/game join team:``. Defaults by seat order:
4 players 0+1 against 2+3; 5 players 0+1+2 against 3+4 with the Ancients on seat 4;
6 players 0+1+2 against 3+4+5 with the sixth faction on seat 2 and the Ancients on seat 5.
``factions`` names the base factions of the remaining seats in seat order. Each team's
shard colour is that of one of its non-Ancients factions (``team_colours`` by seat;
default: its first such member). The WC rulings the engine implements one way only are
listed in ``RULINGS`` (engines/core/rulings.py) beside the Wrath and shared ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import Field

from engines.wildlands.wrath.options import RULINGS as WRATH_RULINGS
from engines.wildlands.wrath.options import WrathOptions

# §15 "Wrath, WC" rulings for War for the Crystals the engine implements one way only.
RULINGS: dict[str, object] = {
    **WRATH_RULINGS,
    # §12 4 or 6 players.
    "six_player_factions": "base4+ancients+one",
    # §12 setup, step 4.
    "shard_place_order": "team1_first",
    # §12 team turns.
    "team_turn_end": "all_done_no_intervening",
    # §12 game end.
    "double_elimination": "first_eliminated_loses",
}


class WarOptions(WrathOptions):
    rulings: ClassVar[Mapping[str, object]] = RULINGS

    target_score: int = Field(default=10, ge=1, le=30)
    claim_colour: Literal["own", "team"] = "team"
    teams: list[list[int]] | None = Field(
        default=None, description="Each team's seats, team 1 first; default by seat order."
    )
    team_of: list[int] | None = Field(
        default=None,
        description="Each seat's team, 1 or 2, in seat order (the flat form of teams); the "
        "lobby builds it from /game join team:, and a list given here seats those who pick none.",
    )
    team_colours: list[int] | None = Field(
        default=None, description="Per team, the seat whose colour its shards use."
    )
    ancients: bool = Field(
        default=False, description="Four players only: one seat plays the Ancients."
    )
