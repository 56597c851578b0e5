"""Errors the store raises that a player may read (engines.core.errors style)."""

from __future__ import annotations

from engines.core.errors import CorruptRecord, GameError


class TableBusy(GameError):
    """The channel already has an open (lobby or active) game."""

    def __init__(self, game: str) -> None:
        super().__init__(
            f"This channel already has a game of {game} in progress. "
            "Finish it or use /game end first."
        )
        self.game = game


class NoSuchGame(GameError):
    """No game row with that id."""


class StaleSequence(GameError):
    """The caller's sequence number is behind the stored one: someone else wrote first."""


class GameClosed(GameError):
    """A move arrived for a game that is already finished or ended."""


class CannotUndo(GameError):
    """Nothing to take back, or the action named is no longer the latest one."""


class NoCheckpoint(GameError):
    """No stored position at or before the one asked for (only imported games lack one)."""


class StoreBusy(GameError):
    """Another process held the database longer than the busy timeout."""


class CorruptReminder(CorruptRecord):
    """A reminder whose payload cannot be read; ``reminder_id`` lets the scheduler drop it."""

    def __init__(self, reminder_id: int) -> None:
        super().__init__(
            f"Reminder {reminder_id} is damaged and cannot be read; it will be skipped."
        )
        self.reminder_id = reminder_id
