"""The War for the Crystals engine (wildlands.md §12): 4-6 players in two teams, the
Ancients on a team with 5 or 6 players (optionally with 4). The Wrath engine with the War
setup, team turns, team view and team outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from engines.core.context import Ctx
from engines.core.protocol import Outcome, Seat, SeatId, View
from engines.wildlands.actions import EndTurn
from engines.wildlands.cards import faction
from engines.wildlands.scoring import side_score
from engines.wildlands.war import rules
from engines.wildlands.war.menus import DONE_LABEL
from engines.wildlands.war.options import WarOptions
from engines.wildlands.war.setup import new_game
from engines.wildlands.war.state import WarState
from engines.wildlands.war.teams import TEAMS, team_rule, team_sizes
from engines.wildlands.war.view import build_view
from engines.wildlands.wrath.engine import WrathEngine


class WarEngine(WrathEngine):
    name: ClassVar[str] = "war"
    title: ClassVar[str] = "Wildlands: War for the Crystals"
    min_seats: ClassVar[int] = 4
    max_seats: ClassVar[int] = 6
    options_model: ClassVar[type[BaseModel]] = WarOptions
    state_model: ClassVar[type[BaseModel]] = WarState
    max_decisions: ClassVar[int] = 20_000

    team_count: ClassVar[int] = TEAMS

    def team_sizes(self, seats: int) -> tuple[int, ...]:
        """The seed's team sizes for ``seats`` players, smallest first, in either order."""
        return team_sizes(seats)

    def team_rule(self, seats: int) -> str:
        return team_rule(seats)

    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> WarState:
        return new_game(seats, options, seed)

    def legal_actions(self, s: Any, seat: SeatId) -> Sequence[Any]:
        return rules.legal_actions(s, seat)

    def resolve(self, s: Any, seat: SeatId, a: Any, ctx: Ctx) -> None:
        rules.resolve(s, seat, a, ctx)

    def refusal(self, s: Any, seat: SeatId, a: Any) -> str:
        if s.to_reveal and seat in s.to_reveal:
            return "Reveal a character before your team acts."
        return super().refusal(s, seat, a)

    def view(self, s: Any, viewer: SeatId | None) -> View:
        return s.memo(("view", viewer), lambda: build_view(s, viewer))

    def outcome(self, s: Any) -> Outcome | None:
        if s.phase != "over":
            return None
        # Each seat's score is its team's; the side names the team beside the faction, so
        # the result shows who was on which team ("AI 1 (team 2, Gnomads): 7").
        return Outcome(
            winners=frozenset(s.winners),
            scores={p.seat: float(side_score(s, p.side)) for p in s.seats},
            summary=s.summary,
            sides={p.seat: f"team {p.side + 1}, {faction(p.faction).name}" for p in s.seats},
        )

    def describe(self, a: Any, s: Any) -> str:
        if isinstance(a, EndTurn) and not s.discarding:
            return DONE_LABEL
        return super().describe(a, s)

    def default_action(self, s: Any, seat: SeatId) -> Any | None:
        legal = rules.legal_actions(s, seat)
        if not legal:
            return None
        return super().default_action(s, seat) if s.pending is not None else legal[0]
