"""A position builder for Wildlands rules tests: put figures, cards and shards exactly where
a test needs them, then play real actions through the engine."""

from __future__ import annotations

from typing import Any

from engines.core.clone import clone
from engines.core.conformance import seats_for
from engines.core.protocol import Step
from engines.wildlands.engine import WildlandsEngine
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.state import Shard, State

ENGINE = WildlandsEngine()


class Position:
    """Starts from a real setup, then clears the board: every character unrevealed, empty
    hands, no shards, ``active`` in the middle of its main turn with nothing pending."""

    def __init__(self, seats: int = 2, active: int = 0, seed: int = 7, **options: Any) -> None:
        options.setdefault("pregame_reveal", False)
        opts = WildlandsOptions(**options)
        s = ENGINE.setup(seats_for(seats), opts, seed)
        while s.phase == "placing":
            seat = min(ENGINE.to_act(s))
            s = ENGINE.apply(s, seat, ENGINE.default_action(s, seat)).state
        s = clone(s)
        s.phase = "turn"
        s.active = active
        s.turn_number = 1
        s.must_reveal = False
        s.shards = []
        for player in s.seats:
            s.update_seat(player.seat, deck=player.hand + player.deck, hand=())
        self.s = s

    def place(self, figure_id: str, space: int, damage: int = 0) -> Position:
        """Reveal ``figure_id`` straight onto ``space``."""
        f = self.s.figures[figure_id]
        assert f.owner is not None
        self.unhide(f.owner, figure_id)
        self.s.update_figure(
            figure_id, space=space, start=space, revealed=True, damage=damage, ko=False
        )
        return self

    def hidden(self, figure_id: str, space: int) -> Position:
        """Keep ``figure_id`` unrevealed with its hidden start on ``space``."""
        f = self.s.figures[figure_id]
        assert f.owner is not None
        self.s.update_figure(figure_id, space=None, revealed=False, start=None)
        starts = {**self.s.seats[f.owner].hidden_starts, figure_id: space}
        self.s.update_seat(f.owner, hidden_starts=starts)
        return self

    def knock_out(self, figure_id: str) -> Position:
        f = self.s.figures[figure_id]
        assert f.owner is not None
        self.unhide(f.owner, figure_id)
        self.s.update_figure(figure_id, space=None, revealed=True, ko=True, damage=0)
        return self

    def unhide(self, seat: int, figure_id: str) -> None:
        """Take ``figure_id`` out of its seat's hidden starts (seats are frozen values)."""
        starts = {k: v for k, v in self.s.seats[seat].hidden_starts.items() if k != figure_id}
        self.s.update_seat(seat, hidden_starts=starts)

    def hand(self, seat: int, *cards: str) -> Position:
        """Give ``seat`` exactly these cards (taken out of its deck and discard)."""
        player = self.s.seats[seat]
        pool = player.hand + player.deck + player.discard
        for c in cards:
            assert c in pool, f"{c} is not a card of seat {seat}"
        deck = tuple(c for c in pool if c not in cards)
        self.s.update_seat(seat, hand=tuple(cards), deck=deck, discard=())
        return self

    def shard(self, seat: int, space: int) -> Position:
        k = sum(1 for sh in self.s.shards if sh.side == seat) + 1
        self.s.shards.append(
            Shard(id=f"shard.{seat}.{k}", side=seat, colour=seat, origin=space, space=space)
        )
        return self

    def orders(self, seat: int, auto_pass: str = "off", auto_defend: str = "ask") -> Position:
        self.s.update_seat(seat, auto_pass=auto_pass, auto_defend=auto_defend)
        return self

    def state(self) -> State:
        """A fresh copy: engine answers are cached per state, so never reuse a mutated one."""
        return clone(self.s)


def play(s: State, seat: int, action: Any) -> State:
    return ENGINE.apply(s, seat, action).state


def step(s: State, seat: int, action: Any) -> Step[State]:
    return ENGINE.apply(s, seat, action)


def texts(step_: Step[State]) -> list[str]:
    return [e.text for e in step_.events if e.to is None]
