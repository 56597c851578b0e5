"""A position builder for Awoken rules tests: a real setup, then a cleared board on which a
test puts exactly the characters, minions, Ancients, objects and cards it needs, and plays
real actions through the engine."""

from __future__ import annotations

from typing import Any

from engines.core.clone import clone
from engines.core.conformance import seats_for
from engines.core.context import Ctx
from engines.core.protocol import Step, parse_options
from engines.wildlands.awoken.engine import AwokenEngine
from engines.wildlands.awoken.flow import advance
from engines.wildlands.awoken.state import Act, AwokenState, ObjectCounter, ProgramStep

ENGINE = AwokenEngine()


class Table:
    """Every figure off the board (none knocked out), no objects, empty hands, round 1 of
    the players' turn with nothing pending. Defaults: solo Magus (B side), Guild of Mages,
    defences declined automatically unless ``auto_defend`` says otherwise."""

    def __init__(self, players: int = 1, seed: int = 5, **options: Any) -> None:
        options.setdefault("auto_defend", "never")
        options.setdefault("auto_pass", "always")
        s = ENGINE.setup(seats_for(players), parse_options(ENGINE, options), seed)
        s = clone(s)
        for fid in s.figures:
            s.update_figure(fid, space=None, damage=0, ko=False)
        s.objects, s.choice, s.pending, s.program, s.queue = [], None, None, [], []
        for p in s.seats:
            s.update_seat(p.seat, deck=tuple(sorted(p.hand + p.deck)), hand=())
        self.s = s

    def place(self, figure_id: str, space: int, damage: int = 0) -> Table:
        self.s.update_figure(figure_id, space=space, damage=damage)
        return self

    def minion(self, mtype: str, space: int, health: int | None = None, damage: int = 0) -> str:
        """Put a supply counter of ``mtype`` (with that printed health) on ``space``."""
        f = next(
            f
            for f in self.s.figures.values()
            if f.kind == "minion"
            and f.faction == mtype
            and f.space is None
            and (health is None or f.health == health)
        )
        self.s.update_figure(f.id, space=space, damage=damage)
        return f.id

    def obj(self, kind: str, space: int, face_up: bool = False) -> str:
        oid = f"object.{len(self.s.objects) + 1:02d}"
        self.s.objects.append(ObjectCounter(id=oid, kind=kind, space=space, face_up=face_up))  # type: ignore[arg-type]
        return oid

    def hand(self, seat: int, *cards: str) -> Table:
        player = self.s.seats[seat]
        pool = player.hand + player.deck + player.discard
        deck = tuple(c for c in pool if c not in cards)
        self.s.update_seat(seat, hand=tuple(cards), deck=deck, discard=())
        return self

    def top(self, deck: str, scenario: int, *cards: str) -> Table:
        """Put ``cards`` on top of a minion or Ancient deck, the first drawn first."""
        decks = self.s.minion_decks if deck == "minion" else self.s.ancient_decks
        rest = tuple(c for c in decks[scenario] if c not in cards)
        decks[scenario] = (*rest, *reversed(cards))
        return self

    def state(self) -> AwokenState:
        return clone(self.s)


def run_step(s: AwokenState, *steps: ProgramStep) -> Step[AwokenState]:
    """Run program steps as the Ancients' turn would, up to the first player decision."""
    n = clone(s)
    n.program = [*steps, *n.program]
    ctx = Ctx()
    advance(n, ctx)
    return Step(n, tuple(ctx.events), ctx.reveals)


def run(s: AwokenState, *steps: ProgramStep) -> AwokenState:
    return run_step(s, *steps).state


def act_step(s: AwokenState, figure: str, *actions: str, scenario: int = 1) -> Step[AwokenState]:
    return run_step(s, Act(scenario=scenario, figure=figure, actions=actions))


def act(s: AwokenState, figure: str, *actions: str, scenario: int = 1) -> AwokenState:
    return act_step(s, figure, *actions, scenario=scenario).state


def play(s: AwokenState, seat: int, action: Any) -> AwokenState:
    return ENGINE.apply(s, seat, action).state


def step(s: AwokenState, seat: int, action: Any) -> Step[AwokenState]:
    return ENGINE.apply(s, seat, action)


def texts(step_: Step[AwokenState]) -> list[str]:
    return [e.text for e in step_.events if e.to is None]
