"""Rows as the store hands them out, and the JSON codec that guards every stored document.

A document that no longer parses raises ``CorruptRecord`` naming the game and row, never a
raw ``json`` error: a damaged row must be reportable, not crash the bot.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Json, ValidationError

from bot.store.errors import CorruptReminder
from engines.core.errors import CorruptRecord

OPEN_STATUSES = ("lobby", "active")
STATUSES = (*OPEN_STATUSES, "finished", "ended")

EXPORT_ADVICE = "export the game and report it"


def _plain(value: Any) -> Any:
    """Records (seats, settings) as JSON; ``json`` calls this only for what it cannot write."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    raise TypeError(f"cannot store a {type(value).__name__} as JSON")


def encode(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=_plain)


_UNREADABLE = object()


def _parse(text: Any, expect: type) -> Any:
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return _UNREADABLE
    return value if isinstance(value, expect) else _UNREADABLE


def decode(text: Any, what: str, expect: type, advice: str = EXPORT_ADVICE) -> Any:
    """Parse a stored document; ``what`` names it in the error ("Game 12's log row 7")."""
    value = _parse(text, expect)
    if value is _UNREADABLE:
        raise CorruptRecord(f"{what} is damaged and cannot be read; {advice}.")
    return value


@dataclass(frozen=True)
class LogEntry:
    """One action to append. ``state`` (the state right after it) is optional: inside a
    batch it lets the store checkpoint exactly on a multiple of ``SNAPSHOT_EVERY``."""

    seat: int | None
    user_id: int | None
    action: Mapping[str, Any]
    events: list[Mapping[str, Any]]
    state: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class LogRow:
    """One stored log row: ``kind`` is 'act', or 'undo' with ``action == {"undoes": seq}``."""

    seq: int
    seat: int | None
    user_id: int | None
    kind: str
    action: dict[str, Any]
    events: list[dict[str, Any]]
    at: float

    @property
    def mover(self) -> int:
        """The seat that made an 'act' row's move (only undo rows have no seat)."""
        if self.seat is None:
            raise CorruptRecord(f"Log row {self.seq} is a move without a seat; {EXPORT_ADVICE}.")
        return self.seat

    @classmethod
    def from_row(cls, game_id: int, row: sqlite3.Row) -> LogRow:
        what = f"Game {game_id}'s log row {row['seq']}"
        return cls(
            seq=row["seq"],
            seat=row["seat"],
            user_id=row["user_id"],
            kind=row["kind"],
            action=decode(row["action"], what, dict),
            events=decode(row["events"], what, list),
            at=row["at"],
        )


class SeatRecord(BaseModel):
    """One chair at a table: ``user_id`` is the Discord user who plays a human seat (None
    while unclaimed, e.g. after an import); ``policy`` names an AI seat's policy and
    ``difficulty`` its level (``engines.core.levels``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    name: str
    kind: Literal["human", "ai"]
    user_id: int | None = None
    policy: str | None = None
    difficulty: str = "normal"


UndoRule = Literal["mover", "table", "off"]


class TableRecord(BaseModel):
    """A table's own settings (``games.settings``): how many seats it waits for, its undo
    rule and the votes in progress; ``deadlines`` holds how it treats absent players, which
    ``bot.tables.settings.TableSettings`` validates; whether it is rated, and who conceded."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seats_wanted: int | None = None
    undo: UndoRule = "mover"
    undo_votes: tuple[int, ...] = ()
    deadlines: dict[str, Any] | None = None
    # target user id -> ("ai" or the newcomer's user id) -> the voters' user ids
    replace_votes: dict[str, dict[str, tuple[int, ...]]] = {}
    # Whether a finished game changes ratings (``/game new rated:False`` opens one that
    # does not), and who conceded a seat an AI then played on: seat -> user id (issue 31).
    rated: bool = True
    conceded: dict[str, int] = {}
    # The level of the AI seats added without one (``difficulty=easy``; issue 32).
    difficulty: str = "normal"


class _Documents(BaseModel):
    """The JSON columns of a ``games`` row, decoded in one validation."""

    options: Json[dict[str, Any]]
    seats: Json[tuple[SeatRecord, ...]]
    settings: Json[TableRecord]
    result: Json[dict[str, Any]] | None


@dataclass(frozen=True)
class GameRow:
    """One table. ``seq`` counts log rows (the number buttons carry); ``effective`` counts
    the actions that still stand after undos. ``state`` is decoded on first access, so
    listings of many games do not parse states nobody reads."""

    id: int
    channel_id: int
    guild_id: int | None
    game: str
    status: str
    seed: int
    options: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    settings: TableRecord
    seq: int
    effective: int
    result: dict[str, Any] | None
    board_message_id: int | None
    created_by: int
    created_at: float
    updated_at: float
    state_json: str = field(repr=False)

    @cached_property
    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = decode(self.state_json, f"Game {self.id}'s saved state", dict)
        return state

    def seat(self, seat_id: int) -> SeatRecord | None:
        return next((s for s in self.seats if s.id == seat_id), None)

    def seat_of(self, user_id: int) -> SeatRecord | None:
        """The seat ``user_id`` plays, if any."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    @classmethod
    def from_row(cls, row: sqlite3.Row | Mapping[str, Any]) -> GameRow:
        try:
            docs = _Documents.model_validate(
                {k: row[k] for k in ("options", "seats", "settings", "result")}
            )
        except ValidationError:
            raise CorruptRecord(
                f"Game {row['id']}'s table record is damaged and cannot be read; {EXPORT_ADVICE}."
            ) from None
        return cls(
            id=row["id"],
            channel_id=row["channel_id"],
            guild_id=row["guild_id"],
            game=row["game"],
            status=row["status"],
            seed=row["seed"],
            options=docs.options,
            seats=docs.seats,
            settings=docs.settings,
            seq=row["seq"],
            effective=row["effective"],
            result=docs.result,
            board_message_id=row["board_message_id"],
            created_by=row["created_by"],
            # float(): RETURNING hands back 1.0 stored in a REAL column as the integer 1.
            created_at=float(row["created_at"]),
            updated_at=float(row["updated_at"]),
            state_json=row["state"],
        )


@dataclass(frozen=True)
class Reminder:
    """A scheduled nudge or deadline; ``fired_at`` is None until the scheduler sends it."""

    id: int
    game_id: int
    channel_id: int
    user_id: int | None
    kind: str
    due_at: float
    payload: dict[str, Any]
    fired_at: float | None

    @classmethod
    def from_row(cls, row: sqlite3.Row | Mapping[str, Any]) -> Reminder:
        payload = _parse(row["payload"], dict)
        if payload is _UNREADABLE:
            raise CorruptReminder(row["id"])
        return cls(
            id=row["id"],
            game_id=row["game_id"],
            channel_id=row["channel_id"],
            user_id=row["user_id"],
            kind=row["kind"],
            due_at=row["due_at"],
            payload=payload,
            fired_at=row["fired_at"],
        )


@dataclass(frozen=True)
class Post:
    """A board post a change owes its channel (``bot.store.outbox``). ``payload`` holds what
    the stored game cannot tell again: the change's public lines and whether whom the game
    waits for changed."""

    id: int
    game_id: int
    channel_id: int
    seq: int
    payload: dict[str, Any]
    attempts: int
    next_at: float

    @classmethod
    def from_row(cls, row: sqlite3.Row | Mapping[str, Any]) -> Post:
        payload = decode(row["payload"], f"Outbox post {row['id']}", dict)
        return cls(
            id=row["id"],
            game_id=row["game_id"],
            channel_id=row["channel_id"],
            seq=row["seq"],
            payload=payload,
            attempts=row["attempts"],
            next_at=float(row["next_at"]),
        )
