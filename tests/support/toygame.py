"""A tiny card game used to test the platform (store, service, bot) without a real game.

High Card: a 12-card deck numbered 1-12; each seat holds a hidden hand. On your turn you play
a card (its number scores for you, then you draw) or pass (at most twice a game, and it
reveals nothing, so it can be undone). When every hand is empty the highest total wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from engines.core.errors import CorruptRecord, IllegalAction
from engines.core.protocol import Event, Outcome, Seat, SeatId, Step, View
from engines.core.render_kit import canvas, title_bar, to_png
from engines.core.rng import Rng


class ToyOptions(BaseModel):
    hand_size: int = Field(default=2, ge=1, le=4)


class Play(BaseModel, frozen=True):
    kind: Literal["play"] = "play"
    card: str


class Pass(BaseModel, frozen=True):
    kind: Literal["pass"] = "pass"


ToyAction = Play | Pass
_ACTION = TypeAdapter(ToyAction)


class ToyState(BaseModel):
    names: list[str]
    hands: list[list[str]]
    deck: list[str]
    scores: list[int]
    passes: list[int]
    turn: int = 0
    rng: int = 0


def _value(card: str) -> int:
    return int(card[1:])


class ToyEngine:
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "High Card"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 3
    options_model: ClassVar[type[BaseModel]] = ToyOptions
    max_decisions: ClassVar[int] = 60

    def setup(self, seats: Sequence[Seat], options: BaseModel, seed: int) -> ToyState:
        assert isinstance(options, ToyOptions)
        rng = Rng(seed)
        deck = rng.shuffled([f"c{i}" for i in range(1, 13)])
        hands = [[deck.pop() for _ in range(options.hand_size)] for _ in seats]
        return ToyState(
            names=[s.name for s in seats],
            hands=hands,
            deck=deck,
            scores=[0] * len(seats),
            passes=[0] * len(seats),
            rng=rng.state,
        )

    def to_act(self, s: ToyState) -> frozenset[SeatId]:
        return frozenset() if self.outcome(s) else frozenset({s.turn})

    def legal_actions(self, s: ToyState, seat: SeatId) -> Sequence[ToyAction]:
        if seat not in self.to_act(s):
            return []
        acts: list[ToyAction] = [Play(card=c) for c in sorted(s.hands[seat], key=_value)]
        if s.passes[seat] < 2:
            acts.append(Pass())
        return acts

    def apply(self, s: ToyState, seat: SeatId, a: ToyAction) -> Step[ToyState]:
        if a not in self.legal_actions(s, seat):
            who = s.names[seat] if 0 <= seat < len(s.names) else f"Seat {seat}"
            raise IllegalAction(f"{who} cannot {self.describe(a, s).lower()} now.")
        s = s.model_copy(deep=True)
        n = len(s.names)
        if isinstance(a, Pass):
            s.passes[seat] += 1
            s.turn = self._next(s, seat)
            return Step(s, (Event(f"{s.names[seat]} passes."),))
        s.hands[seat].remove(a.card)
        s.scores[seat] += _value(a.card)
        events = [Event(f"{s.names[seat]} plays {_value(a.card)}.")]
        if s.deck:
            drawn = s.deck.pop()
            s.hands[seat].append(drawn)
            events.append(Event(f"You draw {_value(drawn)}.", to=seat))
        s.turn = self._next(s, seat) if any(s.hands) else (seat + 1) % n
        return Step(s, tuple(events), reveals=True)

    def _next(self, s: ToyState, seat: SeatId) -> SeatId:
        n = len(s.names)
        for k in range(1, n + 1):
            if s.hands[(seat + k) % n]:
                return (seat + k) % n
        return seat

    def view(self, s: ToyState, viewer: SeatId | None) -> View:
        data: dict[str, Any] = {
            "scores": list(s.scores),
            "hand_counts": [len(h) for h in s.hands],
            "deck": len(s.deck),
            "turn": s.turn,
        }
        if viewer is not None:
            data["hand"] = list(s.hands[viewer])
        over = self.outcome(s)
        title = "Game over" if over else f"{s.names[s.turn]} to play"
        lines = [title] + [f"{name}: {sc}" for name, sc in zip(s.names, s.scores, strict=True)]
        if viewer is not None:
            lines.append("Your hand: " + ", ".join(str(_value(c)) for c in s.hands[viewer]))
        return View(viewer, title, data, "\n".join(lines))

    def outcome(self, s: ToyState) -> Outcome | None:
        if any(s.hands):
            return None
        best = max(s.scores)
        winners = frozenset(i for i, sc in enumerate(s.scores) if sc == best)
        return Outcome(winners, dict(enumerate(s.scores)), f"Top score {best}.")

    def describe(self, a: ToyAction, s: ToyState) -> str:
        return "Pass" if isinstance(a, Pass) else f"Play {_value(a.card)}"

    def group(self, a: ToyAction, s: ToyState) -> str:
        return "Pass" if isinstance(a, Pass) else "Play"

    def default_action(self, s: ToyState, seat: SeatId) -> ToyAction | None:
        legal = self.legal_actions(s, seat)
        return legal[0] if legal else None

    def private_items(self, s: ToyState, seat: SeatId) -> frozenset[str]:
        return frozenset(s.hands[seat])

    def determinize(self, s: ToyState, seat: SeatId, rng_seed: int) -> ToyState:
        world = s.model_copy(deep=True)
        # Sorted first: the re-deal depends only on which cards are unseen, not where.
        unseen = sorted([c for i, h in enumerate(world.hands) if i != seat for c in h] + world.deck)
        Rng(rng_seed).shuffle(unseen)
        for i, h in enumerate(world.hands):
            if i != seat:
                world.hands[i] = [unseen.pop() for _ in h]
        world.deck = unseen
        return world

    def encode_state(self, s: ToyState) -> dict[str, Any]:
        return s.model_dump(mode="json")

    def decode_state(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState.model_validate(data)

    def encode_action(self, a: ToyAction) -> dict[str, Any]:
        return a.model_dump(mode="json")

    def decode_action(self, data: Mapping[str, Any]) -> ToyAction:
        try:
            return _ACTION.validate_python(dict(data))
        except ValidationError:
            raise CorruptRecord(f"That is not a High Card action: {dict(data)!r}.") from None


def render_toy(view: View) -> bytes:
    img = canvas(400, 200)
    title_bar(img, view.title)
    return to_png(img)
