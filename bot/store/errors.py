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


class StoreFault(GameError):
    """The database could not be used just now: nothing of the change was stored (the
    transaction rolled back). The bot carries on; the next call tries the database again."""


class StoreBusy(StoreFault):
    """Another process held the database longer than the busy timeout."""

    def __init__(self) -> None:
        super().__init__(
            "The game records are busy right now; nothing was changed. "
            "Please try again in a moment."
        )


class StoreFull(StoreFault):
    """The disk (or the database's size limit) is full."""

    def __init__(self) -> None:
        super().__init__(
            "The game records are full (the bot's disk has no room left); nothing was "
            "changed. Tell the bot's operator."
        )


class StoreUnavailable(StoreFault):
    """The database cannot be reached or read: a server restarting, a dropped connection,
    a disk error."""

    def __init__(self) -> None:
        super().__init__(
            "The game records cannot be reached right now; nothing was changed. "
            "Please try again in a moment."
        )


class StoreInUse(GameError):
    """A store file a restore may not replace while a process has it open (or that a process
    may not open while a restore replaces it): ``bot.store.presence``."""


class CorruptReminder(CorruptRecord):
    """A reminder whose payload cannot be read; ``reminder_id`` lets the scheduler drop it."""

    def __init__(self, reminder_id: int) -> None:
        super().__init__(
            f"Reminder {reminder_id} is damaged and cannot be read; it will be skipped."
        )
        self.reminder_id = reminder_id
