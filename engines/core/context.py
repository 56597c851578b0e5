"""What one ``apply`` produces besides the new state (DESIGN.md "The engine contract").

A ``Ctx`` travels through the rule functions of one move and collects its events and whether
the move revealed anything (a roll, a draw, a shuffle), so transient output never lands in a
saved state. ``PydanticEngine.apply`` turns it into the ``Step`` the bot sees.
"""

from __future__ import annotations

from typing import Protocol

from engines.core.protocol import Event, SeatId
from engines.core.rng import Rng

_new_tuple = tuple.__new__


class HasRng(Protocol):
    """A state that keeps its generator's position in an ``rng`` field."""

    rng: int


class Ctx:
    """One move's events and whether it revealed anything. A plain class with slots: made
    once a move and written several times in it, it cost less than a dataclass."""

    __slots__ = ("events", "reveals")

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.reveals = False

    def say(self, text: str, to: SeatId | None = None, kind: str = "log") -> None:
        """Narrate: public when ``to`` is None, otherwise only for that seat."""
        # The tuple made directly: ``Event(...)`` runs the named tuple's Python ``__new__``.
        self.events.append(_new_tuple(Event, (text, to, kind)))

    def reveal(self) -> None:
        """Mark the move as uncovering hidden information (it can never be undone)."""
        self.reveals = True

    def rng(self, s: HasRng) -> Drawing:
        """The state's generator (``with ctx.rng(s) as rng:``); drawing marks the move as
        revealing, and the generator's new position is written back to the state."""
        self.reveals = True
        return Drawing(s)


class Drawing:
    """``Ctx.rng``'s context: a plain class, as a generator-based context manager cost more
    than most draws it wraps (issue 33)."""

    __slots__ = ("rng", "state")

    def __init__(self, state: HasRng) -> None:
        self.state = state
        self.rng = Rng(state.rng)

    def __enter__(self) -> Rng:
        return self.rng

    def __exit__(self, *exc: object) -> None:
        # Written back only when the block finishes: a move that fails is refused whole.
        if exc[0] is None:
            self.state.rng = self.rng.state
