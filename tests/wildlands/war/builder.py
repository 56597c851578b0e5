"""A position builder for War rules tests: a real War setup, then a cleared board in the
middle of ``team``'s turn with figures, hands and shards where a test needs them.

Default four-player teams: team 1 = seats 0 (mages) + 1 (gnomads), team 2 = seats 2
(lawbringers) + 3 (pit_fighters).
"""

from __future__ import annotations

from typing import Any

from engines.core.clone import clone
from engines.core.conformance import seats_for
from engines.wildlands.state import Shard
from engines.wildlands.war.engine import WarEngine
from engines.wildlands.war.options import WarOptions
from engines.wildlands.war.state import WarState

ENGINE = WarEngine()


def set_up(seats: int, seed: int = 5, **options: Any) -> WarState:
    """A War game played through placing (everyone takes the default start cards)."""
    s = ENGINE.setup(seats_for(seats), WarOptions(**options), seed)
    while s.phase == "placing":
        seat = min(ENGINE.to_act(s))
        s = ENGINE.apply(s, seat, ENGINE.default_action(s, seat)).state
    return s


class Position:
    def __init__(self, seats: int = 4, team: int = 0, **options: Any) -> None:
        options.setdefault("pregame_reveal", False)
        s = clone(set_up(seats, **options))
        s.phase, s.stage = "turn", "play"
        s.active_team, s.active = team, s.teams[team][0]
        s.turn_number, s.own_turn = 5, 5
        s.to_reveal, s.done = (), ()
        s.shards = [sh for sh in s.shards if sh.id.startswith("spare.")]
        for player in s.seats:
            s.update_seat(player.seat, deck=player.hand + player.deck, hand=(), hidden_starts={})
        for fid in s.figures:
            s.update_figure(fid, space=None, revealed=False)
        self.s = s

    def place(self, figure_id: str, space: int, damage: int = 0) -> Position:
        self.s.update_figure(
            figure_id, space=space, start=space, revealed=True, damage=damage, ko=False
        )
        return self

    def knock_out(self, figure_id: str) -> Position:
        self.s.update_figure(figure_id, space=None, revealed=True, ko=True)
        return self

    def hand(self, seat: int, *cards: str) -> Position:
        player = self.s.seats[seat]
        pool = player.hand + player.deck + player.discard
        deck = tuple(c for c in pool if c not in cards)
        self.s.update_seat(seat, hand=tuple(cards), deck=deck, discard=())
        return self

    def shard(self, team: int, space: int) -> Position:
        k = len(self.s.shards) + 1
        colour = self.s.seats[self.s.teams[team][0]].colour
        self.s.shards.append(
            Shard(id=f"shard.t{team}.{k}", side=team, colour=colour, origin=space, space=space)
        )
        return self

    def quiet(self, *seats: int) -> Position:
        """These seats pass every window and never defend."""
        for x in seats:
            self.s.update_seat(x, auto_pass="always", auto_defend="never")
        return self

    def state(self) -> WarState:
        return clone(self.s)


def four_leaders() -> Position:
    """Four seats, each with one character out: the Mages in 10, the Gnomads in 20, the
    Lawbringers in 30, the Pit Fighters in 40."""
    return (
        Position()
        .place("mages.1", 10)
        .place("gnomads.1", 20)
        .place("lawbringers.1", 30)
        .place("pit_fighters.1", 40)
    )


def play(s: WarState, seat: int, action: Any) -> WarState:
    return ENGINE.apply(s, seat, action).state
