"""What one ``apply`` produces besides the new state (DESIGN.md "The engine contract").

A ``Ctx`` travels through the rule functions of one move and collects its events and whether
the move revealed anything (a roll, a draw, a shuffle), so transient output never lands in a
saved state. ``PydanticEngine.apply`` turns it into the ``Step`` the bot sees.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol

from engines.core.protocol import Event, SeatId
from engines.core.rng import Rng


class HasRng(Protocol):
    """A state that keeps its generator's position in an ``rng`` field."""

    rng: int


@dataclass
class Ctx:
    events: list[Event] = field(default_factory=list)
    reveals: bool = False

    def say(self, text: str, to: SeatId | None = None, kind: str = "log") -> None:
        """Narrate: public when ``to`` is None, otherwise only for that seat."""
        self.events.append(Event(text, to, kind))

    def reveal(self) -> None:
        """Mark the move as uncovering hidden information (it can never be undone)."""
        self.reveals = True

    @contextmanager
    def rng(self, s: HasRng) -> Iterator[Rng]:
        """The state's generator; drawing marks the move as revealing, and the generator's
        new position is written back to the state."""
        rng = Rng(s.rng)
        self.reveals = True
        yield rng
        s.rng = rng.state
