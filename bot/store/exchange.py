"""A whole game as one JSON document (``gm-game/1``), readable by ``GameRecord.from_json``.

The export holds what replay needs (game, seed, seats, options, the standing actions) plus
``meta`` about where it came from. Discord user ids are left out: an export is shareable,
and on import players claim the human seats again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store.games import put_snapshot
from bot.store.log import GameLog
from bot.store.records import GameRow, SeatRecord, TableRecord, encode
from engines.core.replay import GameRecord


class GameExchange(GameLog):
    def export_game(self, game_id: int) -> dict[str, Any]:
        with self._read():
            game = self.get_game(game_id)
            actions = self.effective_actions(game_id)
        return {
            "format": "gm-game/1",
            "game": game.game,
            "seed": game.seed,
            "seats": [
                {"id": s.id, "name": s.name, "kind": s.kind, "policy": s.policy} for s in game.seats
            ],
            "options": game.options,
            "actions": [{"seat": a.seat, "action": a.action} for a in actions],
            "meta": {
                "game_id": game.id,
                "channel_id": game.channel_id,
                "status": game.status,
                "result": game.result,
                "seq": game.seq,
            },
        }

    def import_game(
        self,
        data: Mapping[str, Any],
        *,
        channel_id: int,
        guild_id: int | None,
        created_by: int,
        state: Mapping[str, Any],
        now: float,
        initial_state: Mapping[str, Any] | None = None,
    ) -> GameRow:
        """Open an active game in ``channel_id`` holding ``data``'s actions. The caller has
        replayed them: ``state`` is the result, ``initial_state`` (optional) the setup; without
        it the game cannot be rewound past the import (``checkpoint`` raises ``NoCheckpoint``).
        """
        record = GameRecord.from_json(data)  # CorruptRecord with a readable message
        policies = {int(s["id"]): s.get("policy") for s in data["seats"]}
        seats = [
            SeatRecord(id=s.id, name=s.name, kind=s.kind, policy=policies[s.id])
            for s in record.seats
        ]
        with self._write() as db:
            row = self._insert_game(
                db,
                channel_id=channel_id,
                guild_id=guild_id,
                game=record.game,
                seed=record.seed,
                options=record.options,
                seats=seats,
                state=state,
                created_by=created_by,
                now=now,
                status="active",
                settings=TableRecord(),
                seq=len(record.actions),
            )
            db.conn.executemany(
                """INSERT INTO actions (game_id, seq, kind, position, seat, action, events, at)
                   VALUES (?, ?, 'act', ?, ?, ?, '[]', ?)""",
                [
                    (row.id, i, i, seat, encode(action), now)
                    for i, (seat, action) in enumerate(record.actions, start=1)
                ],
            )
            if initial_state is not None and record.actions:
                put_snapshot(db, row.id, n=0, seq=0, state=encode(initial_state))
        return row
