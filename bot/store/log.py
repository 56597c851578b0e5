"""The append-only action log, undo, and the checkpoints that keep rewinding short.

Every write checks the game's ``seq`` inside one ``BEGIN IMMEDIATE`` transaction, so of two
clicks on the same board (in one process or two) exactly one is applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.errors import CannotUndo, NoCheckpoint
from bot.store.games import GameTables, check_playable, put_snapshot
from bot.store.outbox import owe
from bot.store.records import GameRow, LogEntry, LogRow, decode, encode

SNAPSHOT_EVERY = 50

_COLUMNS = "seq, seat, user_id, kind, action, events, at"

# Act rows still standing: not named by any undo row of the same game.
_STANDING = """a.kind = 'act' AND NOT EXISTS (
    SELECT 1 FROM actions AS u WHERE u.game_id = a.game_id AND u.undoes = a.seq)"""


class GameLog(GameTables):
    def append(
        self,
        game_id: int,
        *,
        expected_seq: int,
        entries: Sequence[LogEntry],
        state: Mapping[str, Any],
        now: float,
        status: str | None = None,
        result: Mapping[str, Any] | None = None,
        post: Mapping[str, Any] | None = None,
    ) -> GameRow:
        """Append ``entries`` and the state after the last one, if the log is still at
        ``expected_seq``; otherwise raise ``StaleSequence`` and change nothing. With
        ``post``, the board post this change owes goes into the outbox in the same
        transaction (``bot.store.outbox``)."""
        final_state = encode(state)
        with self._write() as db:
            game = self._game(db, game_id)
            check_playable(game, expected_seq)
            seq, position = game["seq"], game["effective"]
            rows, snapshots = [], []
            owed = False  # a checkpoint fell inside the batch on an entry without a state
            for i, entry in enumerate(entries):
                seq += 1
                position += 1
                rows.append(
                    (
                        game_id,
                        seq,
                        position,
                        entry.seat,
                        entry.user_id,
                        encode(entry.action),
                        encode(entry.events),
                        now,
                    )
                )
                if position % SNAPSHOT_EVERY == 0:
                    if entry.state is not None:
                        snapshots.append((position, seq, encode(entry.state)))
                    elif i == len(entries) - 1:
                        snapshots.append((position, seq, final_state))
                    else:
                        owed = True
            if owed:
                # Checkpoint at the end of the batch instead: rewinding then replays at
                # most SNAPSHOT_EVERY plus the batch length.
                snapshots.append((position, seq, final_state))
            db.conn.executemany(
                """INSERT INTO actions (game_id, seq, kind, position, seat, user_id, action,
                       events, at) VALUES (?, ?, 'act', ?, ?, ?, ?, ?, ?)""",
                rows,
            )
            for n, at_seq, snapshot in snapshots:
                put_snapshot(db, game_id, n=n, seq=at_seq, state=snapshot)
            row = db.execute(
                """UPDATE games SET seq = ?, effective = ?, state = ?, updated_at = ?,
                       status = coalesce(?, status), result = coalesce(?, result)
                   WHERE id = ? RETURNING *""",
                (
                    seq,
                    position,
                    final_state,
                    now,
                    status,
                    None if result is None else encode(result),
                    game_id,
                ),
            ).fetchone()
            if post is not None:
                owe(
                    db,
                    game_id=game_id,
                    channel_id=game["channel_id"],
                    seq=seq,
                    payload=post,
                    now=now,
                )
        return GameRow.from_row(row)

    def undo(
        self,
        game_id: int,
        *,
        expected_seq: int,
        undone_seq: int,
        state: Mapping[str, Any],
        user_id: int | None,
        now: float,
        post: Mapping[str, Any] | None = None,
    ) -> GameRow:
        """Take back the latest standing act ``undone_seq``: append an 'undo' row, store
        ``state`` (the state before that act) and drop checkpoints past it. With ``post``,
        the board post the undo owes goes into the outbox in the same transaction, as a
        move's does (``append``)."""
        with self._write() as db:
            game = self._game(db, game_id)
            check_playable(game, expected_seq)
            latest = db.execute(
                f"""SELECT seq, position, seat FROM actions AS a
                    WHERE a.game_id = ? AND {_STANDING} ORDER BY a.seq DESC LIMIT 1""",
                (game_id,),
            ).fetchone()
            if latest is None:
                raise CannotUndo("There is nothing to take back yet.")
            if latest["seq"] != undone_seq:
                raise CannotUndo(
                    f"Only the latest move can be taken back, and move {undone_seq} "
                    "is not the latest any more."
                )
            seq, position = game["seq"] + 1, latest["position"] - 1
            db.execute(
                """INSERT INTO actions (game_id, seq, kind, undoes, seat, user_id, action,
                       events, at) VALUES (?, ?, 'undo', ?, ?, ?, ?, '[]', ?)""",
                (
                    game_id,
                    seq,
                    undone_seq,
                    latest["seat"],
                    user_id,
                    encode({"undoes": undone_seq}),
                    now,
                ),
            )
            db.execute("DELETE FROM snapshots WHERE game_id = ? AND n > ?", (game_id, position))
            row = db.execute(
                """UPDATE games SET seq = ?, effective = ?, state = ?, updated_at = ?
                   WHERE id = ? RETURNING *""",
                (seq, position, encode(state), now, game_id),
            ).fetchone()
            if post is not None:
                owe(
                    db,
                    game_id=game_id,
                    channel_id=game["channel_id"],
                    seq=seq,
                    payload=post,
                    now=now,
                )
        return GameRow.from_row(row)

    def effective_actions(self, game_id: int, after: int = 0) -> list[LogRow]:
        """The standing acts in order, starting after the first ``after`` of them."""
        with self._read() as db:
            rows = db.execute(
                f"""SELECT {_COLUMNS} FROM actions AS a
                    WHERE a.game_id = ? AND a.position > ? AND {_STANDING} ORDER BY a.seq""",
                (game_id, after),
            ).fetchall()
        return [LogRow.from_row(game_id, r) for r in rows]

    def log(self, game_id: int, limit: int = 20) -> list[LogRow]:
        """The latest ``limit`` rows, acts and undos alike, oldest first."""
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
                (game_id, limit),
            ).fetchall()
        return [LogRow.from_row(game_id, r) for r in reversed(rows)]

    def checkpoint(self, game_id: int, upto: int) -> tuple[int, dict[str, Any]]:
        """``(n, state after n standing acts)`` for the latest checkpoint with ``n <= upto``."""
        with self._read() as db:
            row = db.execute(
                """SELECT n, state FROM snapshots WHERE game_id = ? AND n <= ?
                   ORDER BY n DESC LIMIT 1""",
                (game_id, upto),
            ).fetchone()
            if row is None:
                self._game(db, game_id)  # NoSuchGame first, if that is the reason
                raise NoCheckpoint(
                    "This game was imported and cannot be rewound past the point where it "
                    "was imported."
                )
        return row["n"], decode(row["state"], f"Game {game_id}'s checkpoint {row['n']}", dict)
