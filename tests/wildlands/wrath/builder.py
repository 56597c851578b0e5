"""A position builder for Wrath rules tests: a real Wrath setup, then a cleared board with
figures, hands, shards and carried shards exactly where a test needs them.

Default table: seat 0 Guild of Mages, seat 1 the Ancients (ancients.1 Magus, .2 Automaton,
.3 Phantasm, .4 Lizardman, .5 Tyrant). Ancient cards linked to the Magus: ancients.01-05.
"""

from __future__ import annotations

from typing import Any

from engines.core.clone import clone
from engines.core.conformance import seats_for
from engines.core.protocol import Step
from engines.wildlands.state import Shard
from engines.wildlands.wrath.engine import WrathEngine
from engines.wildlands.wrath.options import WrathOptions
from engines.wildlands.wrath.state import WrathState
from tests.wildlands.builder import texts as texts  # public narration, any engine

ENGINE = WrathEngine()


class Position:
    def __init__(self, seats: int = 2, active: int = 0, seed: int = 7, **options: Any) -> None:
        options.setdefault("pregame_reveal", False)
        s = ENGINE.setup(seats_for(seats), WrathOptions(**options), seed)
        while s.phase == "placing":
            seat = min(ENGINE.to_act(s))
            s = ENGINE.apply(s, seat, ENGINE.default_action(s, seat)).state
        s = clone(s)
        s.phase = "turn"
        s.active = active
        s.turn_number = 5
        s.own_turn = 5 if active == s.ancients else 4
        s.must_reveal = False
        s.shards = []
        for player in s.seats:
            s.update_seat(player.seat, deck=player.hand + player.deck, hand=(), hidden_starts={})
        for f in list(s.figures.values()):
            s.update_figure(f.id, space=None, revealed=False)
        self.s = s

    def place(self, figure_id: str, space: int, damage: int = 0) -> Position:
        self.s.update_figure(
            figure_id, space=space, start=space, revealed=True, damage=damage, ko=False
        )
        return self

    def hand(self, seat: int, *cards: str) -> Position:
        player = self.s.seats[seat]
        pool = player.hand + player.deck + player.discard
        for c in cards:
            assert c in pool, f"{c} is not a card of seat {seat}"
        deck = tuple(c for c in pool if c not in cards)
        self.s.update_seat(seat, hand=tuple(cards), deck=deck, discard=())
        return self

    def shard(self, colour: int, space: int) -> Position:
        k = len(self.s.shards) + 1
        self.s.shards.append(
            Shard(id=f"shard.{colour}.{k}", side=colour, colour=colour, origin=space, space=space)
        )
        return self

    def carried(self, figure_id: str, colour: int = 0, claimed_on: int = 1) -> Position:
        """Give ``figure_id`` a shard claimed on main turn ``claimed_on``."""
        k = len(self.s.shards) + 1
        shard_id = f"shard.{colour}.{k}"
        self.s.shards.append(
            Shard(
                id=shard_id,
                side=colour,
                colour=colour,
                origin=k,
                space=None,
                claimed_by=self.s.ancients,
            )
        )
        self.s.carried[shard_id] = figure_id
        self.s.claimed_on[shard_id] = claimed_on
        return self

    def orders(self, seat: int, auto_pass: str = "off", auto_defend: str = "ask") -> Position:
        self.s.update_seat(
            seat,
            auto_pass="off" if auto_pass == "off" else "always",
            auto_defend="never" if auto_defend == "never" else "ask",
        )
        return self

    def state(self) -> WrathState:
        return clone(self.s)


def play(s: WrathState, seat: int, action: Any) -> WrathState:
    return ENGINE.apply(s, seat, action).state


def step(s: WrathState, seat: int, action: Any) -> Step[WrathState]:
    return ENGINE.apply(s, seat, action)
