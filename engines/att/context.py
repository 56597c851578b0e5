"""What one ``apply`` produces besides the new state: events, and whether it revealed
anything (a roll, a draw, a shuffle), so the bot knows the step can never be undone."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from engines.att.state import AttState
from engines.core.protocol import Event
from engines.core.rng import Rng


@dataclass
class Ctx:
    events: list[Event] = field(default_factory=list)
    reveals: bool = False

    def say(self, text: str, to: int | None = None, kind: str = "log") -> None:
        self.events.append(Event(text, to, kind))

    @contextmanager
    def rng(self, s: AttState) -> Iterator[Rng]:
        """The state's generator; its new position is written back to the state."""
        rng = Rng(s.rng)
        self.reveals = True
        yield rng
        s.rng = rng.state
