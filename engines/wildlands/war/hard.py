"""The hard AI of War for the Crystals (issue 32 "difficulty for every game"; wildlands.md §12
"Team turns"): the Wildlands family's look-ahead over the AI's own best moves
(``engines.wildlands.hard.TopLookAhead``), its lines played over whole team turns.

A War team turn is some seventeen decisions (every member acts and declares done, the other
team's interrupts and defences between), so the family's lines of twelve decisions end in
the middle of one, judged by a position half played. Here a line runs until ``turns`` new
team turns have begun: with ``turns=1`` (the default) the team turn under way is played to
its end, with ``turns=2`` the other team's whole answer to it too, and the line is judged on
the quiet board at the start of a turn by the side's greedy gain, the team's points against
the other team's (§12). ``depth`` caps a line that never reaches that point.

Lines of whole turns cost ten to thirty decisions each, so they are played only where the
AI sees more than one move worth making: moves it scores at ``NEVER`` or below (standing
orders, which are for people) are not tried, and a window where passing is all it would do
(a third of its decisions) is answered at once.

Measured against the normal AI (README "The AI seats against the obvious move"), where
normal against itself wins half: a team of two hard seats against a team of normal seats
(a table whose ``difficulty`` is hard sets every AI seat) won 63.3% of 150 games (seeds
1000-1149, 95% interval 55-71%, decision p99 0.34 s; ``bench.ai_bench --only war
--difficulty hard --vs normal --team``). One hard seat with a normal team-mate moves its
team's result little: 51.3% of the same 150 games with one-turn lines (43-59%), 53.3% with
two-turn lines (45-61%, p99 1.1 s); its team-mate's play and the other team's dilute it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.wildlands.hard import TopLookAhead
from engines.wildlands.wrath.ai import SidesAI, _SideReading

NEVER = -50.0  # the AI's score for standing orders: a move it never takes


class TeamTurnLookAhead(TopLookAhead):
    """The family's look-ahead with lines ended by team turns, not by a decision count."""

    def __init__(
        self,
        turns: int = 1,
        worlds: int = 4,
        width: int = 4,
        depth: int = 120,
        scale: float = 100.0,
        margin: float = 0.05,
    ) -> None:
        super().__init__(SidesAI(), _SideReading, worlds, width, depth, scale, margin)
        self.turns = turns

    def looks_ahead(self, engine: Engine[Any, Any], state: Any, seat: SeatId) -> bool:
        """Only where the AI sees more than one move worth making; else its own move."""
        return len(self._worth(engine, state, seat, engine.legal_actions(state, seat))) > 1

    def candidates(
        self,
        engine: Engine[Any, Any],
        state: Any,
        seat: SeatId,
        legal: Sequence[Any],
        own: Any,
        rng: Rng,
    ) -> list[Any]:
        """The family's candidates among the moves worth making."""
        worth = self._worth(engine, state, seat, legal)
        return super().candidates(engine, state, seat, worth, own, rng)

    def _worth(
        self, engine: Engine[Any, Any], state: Any, seat: SeatId, legal: Sequence[Any]
    ) -> list[Any]:
        """The legal moves the AI scores above ``NEVER``."""
        reading = self.read(dict(engine.view(state, seat).data), seat)
        return [a for a in legal if self.scorer.score(a, reading) > NEVER]

    def line_over(self, start: Any, world: Any) -> bool:
        """A line ends once ``turns`` team turns have begun since the decision."""
        return bool(world.turn_number >= start.turn_number + self.turns)
