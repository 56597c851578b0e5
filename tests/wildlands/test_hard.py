"""The Wildlands family's hard AI (issue 32, ``engines.wildlands.hard``): the game's own AI
with a look-ahead over its best-scored moves, judged by its side."""

from __future__ import annotations

from typing import Any

from engines import registry
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.wildlands.ai import WildlandsAI, _Reading
from engines.wildlands.hard import TopLookAhead

from .builder import ENGINE, Position


class Tried(TopLookAhead):
    """Records the moves whose lines it plays."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(WildlandsAI(), **kwargs)
        self.tried: list[Any] = []

    def _line(
        self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int, move: Any, rng: Rng
    ) -> float:
        self.tried.append(move)
        return super()._line(engine, world, seat, seats, move, rng)


def test_it_tries_the_ai_s_own_move_and_its_next_best() -> None:
    p = Position().place("mages.1", 4).place("gnomads.4", 6, damage=1).place("gnomads.3", 5)
    s = p.hand(0, "mages.01", "mages.03", "mages.04").state()
    hard = Tried(worlds=1, width=3)
    hard.choose(ENGINE, s, 0, Rng(1))
    base = WildlandsAI()
    reading = _Reading(dict(ENGINE.view(s, 0).data), 0)
    ranked = sorted(ENGINE.legal_actions(s, 0), key=lambda a: -base.score(a, reading))
    assert hard.tried[0] == base.choose(ENGINE, s, 0, Rng(1))
    assert len(hard.tried) == 3 and len(ranked) > 3
    assert set(hard.tried) == set(ranked[:3])


def test_a_cut_line_is_judged_by_the_side_s_gain() -> None:
    """A line cut short at once: the move that deals damage is the better line."""
    p = Position().place("mages.1", 4).place("gnomads.4", 4, damage=1).place("gnomads.3", 9)
    s = p.hand(0, "mages.03").state()
    attack = next(a for a in ENGINE.legal_actions(s, 0) if a.kind == "attack")
    end = next(a for a in ENGINE.legal_actions(s, 0) if a.kind == "end_turn")
    hard = TopLookAhead(WildlandsAI(), depth=0)
    hit = hard._line(ENGINE, s, 0, 2, attack, Rng(1))
    assert hit > hard._line(ENGINE, s, 0, 2, end, Rng(1))


def test_the_wildlands_hard_ai_is_its_own_ai_looking_ahead() -> None:
    entry = registry.entry("wildlands")
    hard = entry.policy("ai", "hard")
    assert isinstance(hard, TopLookAhead) and type(hard.base) is WildlandsAI
