"""Numbered schema migrations, applied in order on open and tracked in ``PRAGMA user_version``.

``MIGRATIONS[i]`` brings the file from version ``i`` to ``i + 1``. To change the schema,
append one function; never edit a migration that has shipped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlite_utils import Database

Migration = Callable[[Database], None]


def create_tables(db: Database) -> None:
    """Version 1: games, the action log, checkpoints, reminders and per-user records."""
    db.executescript(
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            channel_id INTEGER NOT NULL,
            guild_id INTEGER,
            game TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
            seed INTEGER NOT NULL,
            options TEXT NOT NULL,
            seats TEXT NOT NULL,
            settings TEXT NOT NULL DEFAULT '{}',
            seq INTEGER NOT NULL DEFAULT 0,
            effective INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL,
            result TEXT,
            board_message_id INTEGER,
            created_by INTEGER NOT NULL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        -- At most one lobby or running game per channel; finished and ended ones stay.
        CREATE UNIQUE INDEX games_one_open_per_channel
            ON games (channel_id) WHERE status IN ('lobby', 'active');
        CREATE INDEX games_by_channel ON games (channel_id, id);
        CREATE INDEX games_by_status ON games (status, guild_id);

        -- Append-only. 'position' is an act's index in the effective log when it was
        -- appended; only the latest standing act can be undone, so positions of standing
        -- acts stay 1..n in seq order. 'undoes' mirrors action.undoes for indexed lookups.
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL CHECK (seq >= 1),
            kind TEXT NOT NULL CHECK (kind IN ('act', 'undo')),
            position INTEGER,
            undoes INTEGER,
            seat INTEGER,
            user_id INTEGER,
            action TEXT NOT NULL,
            events TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID;
        CREATE INDEX actions_undone ON actions (game_id, undoes) WHERE undoes IS NOT NULL;

        -- 'n' is the number of effective actions applied; 'seq' the log length then.
        CREATE TABLE snapshots (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            n INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (game_id, n)
        );

        CREATE TABLE reminders (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            channel_id INTEGER NOT NULL,
            user_id INTEGER,
            kind TEXT NOT NULL,
            due_at REAL NOT NULL,
            payload TEXT NOT NULL,
            fired_at REAL
        );
        CREATE INDEX reminders_next_due ON reminders (fired_at, due_at);
        CREATE INDEX reminders_by_game ON reminders (game_id, kind);

        CREATE TABLE user_records (
            user_id INTEGER NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (user_id, key)
        );
        """
    )


def create_outbox(db: Database) -> None:
    """Version 2: the outbox (issue 16), the board posts a change owes the channel.

    A move and the post it owes are written in one transaction, so a crash or a Discord
    outage between them loses nothing: the sender delivers what is pending, in ``id``
    order, retrying at ``next_at``."""
    db.executescript(
        """
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            channel_id INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            payload TEXT NOT NULL,
            created_at REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_at REAL NOT NULL,
            error TEXT,
            sent_at REAL,
            message_id INTEGER
        );
        CREATE INDEX outbox_pending ON outbox (sent_at, game_id, id);
        """
    )


STANDINGS = """
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            participant TEXT NOT NULL,
            name TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (guild_id, game, participant)
        );
        CREATE TABLE results (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            participant TEXT NOT NULL,
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            place INTEGER NOT NULL,
            won INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            mu_before REAL,
            sigma_before REAL,
            mu_after REAL,
            sigma_after REAL,
            finished_at REAL NOT NULL,
            PRIMARY KEY (game_id, participant)
        );
        CREATE INDEX results_by_participant ON results (guild_id, participant, finished_at);
"""


def create_standings(db: Database) -> None:
    """Version 3: ratings and results (issue 31), the per-user record layer beside
    ``user_records``. ``ratings`` holds each participant's Weng-Lin rating per server
    (``guild_id`` 0 outside one) and game; ``results`` one row per participant of every
    finished game, written in the transaction of its last move, whose key makes a second
    write of the same game impossible."""
    db.executescript(STANDINGS)


MIGRATIONS: tuple[Migration, ...] = (create_tables, create_outbox, create_standings)


def user_version(db: Database) -> int:
    version: int = db.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(db: Database, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the file up to ``len(migrations)``; return the version it had before.

    Runs in one ``BEGIN IMMEDIATE`` transaction and re-reads the version under the lock,
    so two processes opening a fresh file migrate it once.
    """
    target = len(migrations)
    found = user_version(db)
    if found == target:
        return found
    db.execute("BEGIN IMMEDIATE")
    try:
        found = user_version(db)
        if found > target:
            raise RuntimeError(
                f"The database is at schema version {found}, newer than this bot knows "
                f"({target}); run a newer version of the bot."
            )
        for version in range(found, target):
            migrations[version](db)
            # PRAGMA takes no bound parameters; the value is an int we computed.
            db.execute(f"PRAGMA user_version = {version + 1}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return found
