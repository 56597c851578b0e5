"""The game store: every table of the bot in one SQLite file, or on a PostgreSQL server that
several bot processes share (``open_store``; docs/architecture.md "Storage").

Tables, all keyed by channel through ``games``:

- ``games``: one row per table, with the latest state, so loading never replays. A partial
  unique index allows one lobby or running game per channel; finished ones are kept.
- ``actions``: the append-only log. ``seq`` numbers rows and is what buttons carry. Undo
  never deletes: it appends a row of kind 'undo', and the *effective* log is the act rows
  minus the undone ones. Only the latest standing act can be undone (later actions depend
  on it), which keeps effective positions a simple stack.
- ``snapshots``: checkpoints of the state after ``n`` effective actions, at ``n = 0`` and
  every ``SNAPSHOT_EVERY`` (50), so rewinding to any point replays at most 49 actions.
  A full state per action would cost megabytes per long game (a state is several KB);
  a checkpoint every 50 costs about one state per 50 log rows.
- ``outbox``: board posts a change owes its channel, written with the change (issue 16).
- ``reminders``: what the scheduler fires, claimed with a compare-and-set.
- ``user_records``: per-user JSON values (chronicle characters, preferences, away status).
- ``ratings`` and ``results``: each participant's rating per server and game, and one row
  per participant of every finished game (issue 31; ``bot.store.standings``). With
  ``user_records`` they are the per-user record layer.

Every write is one ``BEGIN IMMEDIATE`` transaction that first checks the caller's
``expected_seq``: of two writers holding the same board, in one process or two, exactly one
succeeds and the other gets ``StaleSequence``. The store never reads the clock; callers pass
``now``. Schema changes are numbered migrations (``bot.store.schema``).
"""

from bot.store.errors import (
    CannotUndo,
    CorruptReminder,
    GameClosed,
    NoCheckpoint,
    NoSuchGame,
    StaleSequence,
    StoreBusy,
    StoreFault,
    StoreFull,
    StoreInUse,
    StoreUnavailable,
    TableBusy,
)
from bot.store.factory import open_store
from bot.store.interface import GameStore
from bot.store.log import SNAPSHOT_EVERY
from bot.store.records import GameRow, LogEntry, LogRow, Post, Reminder, SeatRecord, TableRecord
from bot.store.sqlite import Store
from bot.store.standings import Rating, Result

__all__ = [
    "SNAPSHOT_EVERY",
    "CannotUndo",
    "CorruptReminder",
    "GameClosed",
    "GameRow",
    "GameStore",
    "LogEntry",
    "LogRow",
    "NoCheckpoint",
    "NoSuchGame",
    "Post",
    "Rating",
    "Reminder",
    "Result",
    "SeatRecord",
    "StaleSequence",
    "Store",
    "StoreBusy",
    "StoreFault",
    "StoreFull",
    "StoreInUse",
    "StoreUnavailable",
    "TableBusy",
    "TableRecord",
    "open_store",
]
