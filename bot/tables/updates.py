"""What the table service hands back, and the errors it raises for the table to read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.store import GameRow, Result
from engines.core.errors import GameError
from engines.core.menus import Path, PickSet
from engines.core.protocol import Engine, Outcome, Seat, SeatId, View


class NotYourTurn(GameError):
    """The caller holds no seat that must decide now."""


class NoGameHere(GameError):
    """The channel has no open game."""


class BadSettings(GameError):
    """Table settings or a duration that the bot cannot accept."""


@dataclass(frozen=True)
class Waiting:
    seat: SeatId
    name: str
    user_id: int | None


@dataclass(frozen=True)
class Choice:
    """One legal action as a menu entry. ``ref`` is what a button or autocomplete carries;
    ``pick``, ``same``, ``path`` and ``hint`` are the game's menu hints (``engines.core.menus``):
    ``hint`` says what the move does, under its label in a menu."""

    index: int
    label: str
    group: str
    ref: str
    pick: PickSet | None = None
    same: str | None = None
    path: Path | None = None
    hint: str | None = None


@dataclass
class Update:
    """What the Discord layer (or the terminal) should show after a change."""

    game_id: int
    channel_id: int
    game: str
    seq: int
    status: str
    lines: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    view: View | None = None
    waiting: list[Waiting] = field(default_factory=list)
    waiting_changed: bool = False
    outcome: Outcome | None = None
    # True when the board post this update needs is already in the store's outbox, written
    # with the change itself (issue 16); the Discord layer then only delivers it.
    owed: bool = False
    # Post a new board message even if the same seats still decide (a board asked for
    # again, a game dealt); otherwise such a change edits the live board (issue 19).
    fresh: bool = False
    # The move the caller made, in words (what menus call it), to confirm it to them.
    chosen: str | None = None
    # Who made the change: never pinged by its own board (after a move or an undo).
    actor: int | None = None
    # Lines the board always shows first, never trimmed (who really moved: a stand-in).
    header: list[str] = field(default_factory=list)
    # A quick timed prompt (an interrupt window) that closes within the table's window:
    # nobody is pinged for it. ``solo``: one human seat, so no reminder notes.
    quiet: bool = False
    solo: bool = False
    # Seat names by seat id (for a game-over summary: winners and scores by name).
    seat_names: dict[int, str] = field(default_factory=dict)
    # A finished game's results, with each rating before and after (issue 31).
    results: list[Result] = field(default_factory=list)

    def post_payload(self) -> dict[str, Any]:
        """What the outbox keeps to post this board later: the rest is in the stored game."""
        return {
            "lines": list(self.lines),
            "waiting_changed": self.waiting_changed,
            "fresh": self.fresh,
            "actor": self.actor,
            "header": list(self.header),
            "round": None if self.view is None else view_round(self.view),
        }


@dataclass
class Loaded:
    """A game as the service works on it: its row, its engine and its decoded state."""

    row: GameRow
    engine: Engine[Any, Any]
    state: Any


# Where a game's public view keeps its round: every game names it one of these.
ROUND_KEYS = ("round", "turn", "year")


def view_round(view: View) -> int | None:
    """The round (turn, year) a public view shows, if the game counts them."""
    key = round_key(view)
    return None if key is None else int(view.data[key])


def round_key(view: View) -> str | None:
    """What the game calls its round ("round", "turn" or "year"), if its view counts them."""
    for key in ROUND_KEYS:
        value = view.data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return key
    return None


def seats_from_row(row: GameRow) -> list[Seat]:
    return [Seat(s.id, s.name, s.kind) for s in row.seats]


def choice_ref(seq: int, index: int) -> str:
    return f"{seq}:{index}"
