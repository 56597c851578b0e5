"""War for the Crystals' hard AI (issue 32, ``engines.wildlands.war.hard``): the family's
look-ahead over the AI's best moves, each line played over whole team turns (§12)."""

from __future__ import annotations

from typing import Any

from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng
from engines.wildlands.actions import Move
from engines.wildlands.war.hard import TeamTurnLookAhead

from .builder import ENGINE, Position, four_leaders


class Ends(TeamTurnLookAhead):
    """Records where each line it judges ended: the turn number and the team to play."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ends: list[tuple[int, int, bool]] = []

    def judge(self, engine: Engine[Any, Any], world: Any, seat: SeatId, seats: int) -> float:
        self.ends.append((world.turn_number, world.active_team, engine.outcome(world) is None))
        return super().judge(engine, world, seat, seats)


def table() -> Position:
    return (
        four_leaders()
        .hand(0, "mages.01", "mages.02", "mages.03")
        .hand(1, "gnomads.01", "gnomads.02", "gnomads.03")
        .hand(2, "lawbringers.01", "lawbringers.02")
        .hand(3, "pit_fighters.01", "pit_fighters.02")
    )


def test_a_line_plays_the_team_turn_to_its_end() -> None:
    """Every line ends as the other team begins its turn: the seat's team turn played out."""
    s = table().state()
    hard = Ends(worlds=2, width=3)
    hard.choose(ENGINE, s, 0, Rng(1))
    assert len(hard.ends) == 2 * 3
    assert set(hard.ends) == {(s.turn_number + 1, 1 - s.active_team, True)}


def test_a_window_with_nothing_worth_doing_but_passing_plays_no_line() -> None:
    """Standing orders are the only other answers: the AI passes without a look-ahead."""
    s = table().state()
    s = ENGINE.apply(s, 0, Move(card="mages.01", figure="mages.1", to=11)).state
    assert {a.kind for a in ENGINE.legal_actions(s, 2)} == {"pass", "orders"}
    hard = Ends()
    assert hard.choose(ENGINE, s, 2, Rng(1)).kind == "pass" and hard.ends == []


def test_with_two_turns_a_line_plays_the_other_team_s_answer_too() -> None:
    """The line ends as the seat's team begins its next turn."""
    s = table().state()
    hard = Ends(turns=2, worlds=1, width=2)
    hard.choose(ENGINE, s, 0, Rng(1))
    assert set(hard.ends) == {(s.turn_number + 2, s.active_team, True)}


def test_a_line_from_the_other_team_s_window_counts_from_the_turn_under_way() -> None:
    """A seat deciding in a window of the other team's turn: its line ends as its own team
    begins its turn, the turn under way being the other team's."""
    s = table().hand(2, "lawbringers.01", "lawbringers.27").state()
    s = ENGINE.apply(s, 0, Move(card="mages.01", figure="mages.1", to=11)).state
    assert s.pending is not None and 2 in ENGINE.to_act(s)
    assert any(a.kind == "interrupt" for a in ENGINE.legal_actions(s, 2))
    hard = Ends(worlds=1, width=2)
    hard.choose(ENGINE, s, 2, Rng(1))
    assert set(hard.ends) == {(s.turn_number + 1, 1 - s.active_team, True)}
