"""The seed's team rules for War for the Crystals (wildlands.md §12; seed WC "Four-Player
and Six-Player Setup" step 2, "Five-Player Setup" steps 2-3): two teams, equal with four or
six players, two and three with five, the team of two including the Ancients. The lobby
reads them through ``WarEngine.team_sizes`` and ``team_rule`` to seat players by team.
"""

from __future__ import annotations

TEAMS = 2
# Seat count -> the team sizes, smallest first, in either team order.
TEAM_SIZES: dict[int, tuple[int, int]] = {4: (2, 2), 5: (2, 3), 6: (3, 3)}
_RULE: dict[int, str] = {
    4: "two teams of two",
    5: "a team of two (one of them plays the Ancients) against a team of three",
    6: "two teams of three",
}


def team_sizes(seats: int) -> tuple[int, int]:
    return TEAM_SIZES[seats]


def team_rule(seats: int) -> str:
    """Why the sizes are what they are, as a sentence for a refusal."""
    return f"War for the Crystals with {seats} players is {_RULE[seats]}"
