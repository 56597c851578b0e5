"""Taking a move back (part of ``TableService``): only a move that revealed nothing, and
only as the table's undo rule allows (``mover``, ``table`` or ``off``). The board the undo
owes is stored with it (the outbox, issue 16).

A move the table took for a player because it was their only answer (issue 29) is never
taken back alone: that would leave them before the same single answer. It goes back with
the move that led to it, the last one anyone chose, and whose move that was decides whether
``mover`` lets the caller undo."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

from bot.store import GameRow, LogRow
from bot.tables.core import TableCore, only_answer
from bot.tables.updates import Loaded, NotYourTurn, Update, seats_from_row
from engines import registry
from engines.core.errors import GameError
from engines.core.protocol import Engine, parse_options


class Undo(TableCore):
    """Taking a move back (part of ``TableService``)."""

    def undo(self, channel_id: int, user_id: int) -> Update:
        """Take back the last action, if it revealed nothing and the table's rule allows."""
        with self.lock(channel_id):
            row = self._open_row(channel_id)
            policy = row.settings.undo
            if policy == "off" or row.status != "active":
                raise GameError("Undo is switched off at this table.")
            seat = row.seat_of(user_id)
            if seat is None:
                raise NotYourTurn("You are not playing in this game.")
            log = self.store.effective_actions(row.id)
            if not log:
                raise GameError("There is nothing to take back yet.")
            moves = taken_back(log)
            if moves is None:
                raise GameError(
                    "The moves since the last one anyone chose were the only ones on offer; "
                    "there is nothing to take back."
                )
            if policy == "mover" and moves[0].seat != seat.id:
                raise GameError(
                    "You can take back only your own last move, before anyone else acts."
                )
            engine = registry.get(row.game)
            # The state before each move taken back, the first (the one to go back to) first.
            states = [self._state_at(row, engine, len(log) - len(moves))]
            labels = []
            for move in moves:
                action = engine.decode_action(move.action)
                labels.append(engine.describe(action, states[-1]))
                step = engine.apply(states[-1], move.mover, action)
                if step.reveals:
                    raise GameError(
                        "That move revealed dice, cards or other hidden information, so it "
                        "cannot be taken back."
                        if move is moves[0]
                        else "The only move left after it, taken at once, revealed dice, cards "
                        "or other hidden information, so it cannot be taken back."
                    )
                states.append(step.state)
            if policy == "table":
                agreed = set(row.settings.undo_votes) | {user_id}
                humans = {s.user_id for s in row.seats if s.kind == "human"}
                if not humans <= agreed:
                    missing = [
                        s.name for s in row.seats if s.kind == "human" and s.user_id not in agreed
                    ]
                    self.store.update_game(
                        row.id,
                        expected_seq=row.seq,
                        now=self.clock(),
                        settings=row.settings.model_copy(
                            update={"undo_votes": tuple(sorted(agreed))}
                        ),
                    )
                    raise GameError(
                        "Undo needs every player's agreement; still waiting for "
                        + ", ".join(missing)
                        + " (they use /game undo too)."
                    )
            before = states[0]
            then = "".join(f', then "{label}" (the only move)' for label in labels[1:])
            lines = [f"{seat.name} takes back: {labels[0]}{then}."]
            # The board the undo owes is stored with it, in one transaction (issue 16): a
            # crash right after the undo still leaves the board to post at start-up.
            post = self.owed_post(lines, user_id)
            if row.settings.undo_votes:
                # The agreement is spent before the undo is stored: a crash between the two
                # writes then costs a new vote, never an undo nobody agreed to later.
                row = self.store.update_game(
                    row.id,
                    expected_seq=row.seq,
                    now=self.clock(),
                    settings=row.settings.model_copy(update={"undo_votes": ()}),
                )
            # Several moves go back latest first, in one transaction: never half of them (a
            # single move is its own).
            with self.store.atomic() if len(moves) > 1 else nullcontext():
                for move, state in reversed(list(zip(moves, states[:-1], strict=True))):
                    row = self.store.undo(
                        row.id,
                        expected_seq=row.seq,
                        undone_seq=move.seq,
                        state=engine.encode_state(state),
                        user_id=user_id,
                        now=self.clock(),
                        post=post if move is moves[0] else None,
                    )
            self._keep(row, before)
            update = self._update(Loaded(row, engine, before), lines, True)
            update.actor = user_id  # their own undo never pings them (issue 19)
            update.owed = post is not None
            return update

    def _state_at(self, row: GameRow, engine: Engine[Any, Any], n: int) -> Any:
        """The state after ``n`` effective actions: nearest checkpoint plus a short replay."""
        if n == 0:
            return engine.setup(seats_from_row(row), parse_options(engine, row.options), row.seed)
        k, snap = self.store.checkpoint(row.id, n)
        state = (
            engine.decode_state(snap)
            if k > 0
            else engine.setup(seats_from_row(row), parse_options(engine, row.options), row.seed)
        )
        for entry in self.store.effective_actions(row.id, after=k)[: n - k]:
            state = engine.apply(state, entry.mover, engine.decode_action(entry.action)).state
        return state


def taken_back(log: list[LogRow]) -> list[LogRow] | None:
    """The moves an undo takes back, oldest first: the latest one that a player, an AI seat
    or a stand-in chose, with every move after it that was a seat's only answer, taken for
    its player (issue 29); None when every standing move was such an answer."""
    n = len(log)
    while n > 0 and only_answer(log[n - 1].events):
        n -= 1
    return log[n - 1 :] if n > 0 else None
