"""The table service: every change to a game goes through here (docs/architecture.md "From a
click to a board").

``TableService`` is synchronous and thread-safe; the Discord layer calls it from worker
threads, the terminal table calls it directly. Each call takes the channel's lock, loads the
game (memory cache, else SQLite), checks that the caller holds a seat that must act and that
the action's sequence number is current, applies, lets AI seats play until a human must
decide, and writes every step to the store in one transaction. It returns an ``Update``: what
to post in the channel, what to tell each player privately, and whom the game waits for.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from bot.store import GameRow, Post, StaleSequence, StoreFault
from bot.tables.choices import menu_choices
from bot.tables.lobby import Lobby
from bot.tables.ratings import rate_game
from bot.tables.undo import Undo
from bot.tables.updates import (
    Choice,
    Loaded,
    NoGameHere,
    NotYourTurn,
    Update,
    Waiting,
)
from engines import registry
from engines.core.errors import GameError, IllegalAction
from engines.core.protocol import SeatId, View, parse_options
from engines.core.replay import GameRecord, replay

# A choice reference's numbers are a move count and an index: longer ones are not ours.
MAX_DIGITS = 12


class TableService(Lobby, Undo):
    """The whole table: plumbing and the play loop (``TableCore``), the lobby, undo, play,
    leaving and reading."""

    # ----------------------------------------------------------------- play
    def choices(self, channel_id: int, user_id: int) -> list[Choice]:
        """The caller's legal actions now, labelled for menus."""
        return self._choices(self._open_row(channel_id), user_id)

    def panel(self, channel_id: int, user_id: int) -> tuple[GameRow, list[Choice], list[Waiting]]:
        """What a private panel shows, read at one time: the table, the caller's choices
        on it, and whom the game waits for when the caller has none."""
        row = self._open_row(channel_id)
        choices = self._choices(row, user_id)
        if choices or row.status != "active":
            return row, choices, []
        loaded = self._load(row)
        return row, choices, self._waiting(loaded, loaded.state)

    def play(
        self, channel_id: int, user_id: int, ref: str, game_id: int | None = None
    ) -> tuple[Update, list[Choice]]:
        """``act``, then the caller's choices once the move is made (what their panel
        offers next), in one call."""
        update = self.act(channel_id, user_id, ref, game_id)
        # Read again rather than raise: the move is stored, and a game ended meanwhile (or
        # by this move), or a store gone since, simply offers nothing more for now.
        try:
            row = self.store.open_game(channel_id)
            return update, [] if row is None else self._choices(row, user_id)
        except StoreFault:
            return update, []

    def _choices(self, row: GameRow, user_id: int) -> list[Choice]:
        if row.status != "active":
            return []
        seat = row.seat_of(user_id)
        if seat is None:
            return []
        return list(self._menu(self._load(row), seat.id)[1])

    def _menu(self, loaded: Loaded, seat: SeatId) -> tuple[list[Any], list[Choice]]:
        """A seat's legal actions and their distinct menu entries, worked out once per state
        and seat: the panel that offers them and the click that picks one read the same."""
        row, engine, state = loaded.row, loaded.engine, loaded.state
        hot = self._hot(loaded)
        menu = hot.menus.get(seat)
        if menu is None:
            menu = menu_choices(engine, registry.entry(row.game).menus, state, seat, row.seq)
            hot.menus[seat] = menu
        return menu

    def act(self, channel_id: int, user_id: int, ref: str, game_id: int | None = None) -> Update:
        """Apply the caller's choice ``ref`` ("seq:index" from a menu, or a label).

        ``game_id`` comes from a button: a click on a board of an earlier game is refused.
        """
        with self.lock(channel_id):
            row = self._open_row(channel_id)
            if game_id is not None and game_id != row.id:
                raise IllegalAction("That board belongs to an earlier game in this channel.")
            if row.status != "active":
                raise GameError("The game has not started yet. Use /game start.")
            seat = row.seat_of(user_id)
            if seat is None:
                raise NotYourTurn("You are not playing in this game.")
            loaded = self._load(row)
            engine, state = loaded.engine, loaded.state
            if seat.id not in engine.to_act(state):
                names = ", ".join(w.name for w in self._waiting(loaded, state))
                raise NotYourTurn(f"It is not your turn to decide; waiting for {names}.")
            legal, choices = self._menu(loaded, seat.id)
            action = self._resolve_ref(ref, row.seq, legal, choices)
            chosen = engine.describe(action, state)
            update = self._advance(loaded, [(seat.id, user_id, action)], [])
            update.chosen = chosen
            return update

    @staticmethod
    def _resolve_ref(ref: str, seq: int, legal: list[Any], choices: list[Choice]) -> Any:
        """The action a menu's "seq:index" names, or the one choice a typed label names
        (moves that look alike are one choice, so a typed copy of them is not ambiguous)."""
        ref = ref.strip()
        head, sep, tail = ref.partition(":")
        if sep and head.isascii() and tail.isascii() and head.isdigit() and tail.isdigit():
            if len(head) > MAX_DIGITS or len(tail) > MAX_DIGITS:
                raise IllegalAction("That choice is not one I offered; pick from the menu.")
            if int(head) != seq:
                raise IllegalAction(
                    "That choice belongs to an older board; the game has moved on. "
                    "Pick again from the latest board."
                )
            index = int(tail)
            if not 0 <= index < len(legal):
                raise IllegalAction("That choice is not on offer any more.")
            return legal[index]
        wanted = ref.casefold()
        exact = [c for c in choices if c.label.casefold() == wanted]
        if len(exact) == 1:
            return legal[exact[0].index]
        starts = [c for c in choices if c.label.casefold().startswith(wanted)]
        if len(starts) == 1:
            return legal[starts[0].index]
        raise IllegalAction(
            f"I could not match `{ref}` to one of your legal moves. Use the menu "
            "(start typing in /play to see them)."
        )

    def resume_ai(self, channel_id: int) -> Update:
        """Let AI seats act if the game waits on them (after a player hands over a seat)."""
        with self.lock(channel_id):
            loaded = self._load(self._open_row(channel_id))
            return self._advance(loaded, [], [])

    def current_update(self, channel_id: int) -> Update:
        """The board as it stands, for re-posting."""
        row = self._open_row(channel_id)
        if row.status != "active":
            raise GameError("The game has not started yet. Use /game start.")
        update = self._advance(self._load(row), [], [])
        update.fresh = True
        return update

    def submit_for(
        self,
        channel_id: int,
        seat_id: SeatId,
        action: Any,
        note: str,
        expected_seq: int | None = None,
    ) -> Update:
        """Apply an action on a seat's behalf (deadline policies). ``note`` is posted and
        stored with the action as a public event of kind "stand-in", so the log shows who
        really chose it. With ``expected_seq``, refuse (``StaleSequence``) if the game moved
        on since the caller chose the action."""
        with self.lock(channel_id):
            row = self._open_row(channel_id)
            if expected_seq is not None and row.seq != expected_seq:
                raise StaleSequence(
                    "The game moved on before the stand-in move was made; nothing was changed."
                )
            loaded = self._load(row)
            return self._advance(loaded, [(seat_id, None, action)], [], note=note)

    # ----------------------------------------------------------------- leaving the game
    def concede(self, channel_id: int, user_id: int) -> Update:
        """Give up: a loss in the ratings. With one opponent left, they win; otherwise an AI
        takes the seat and the game goes on, the conceding player rated last when it ends."""
        with self.lock(channel_id):
            row = self._open_row(channel_id)
            seat = row.seat_of(user_id)
            if seat is None or row.status != "active":
                raise GameError("You are not playing in a running game here.")
            others = [s for s in row.seats if s is not seat]
            if len(others) == 1 or not any(s.kind == "human" for s in others):
                winners = [s.id for s in others] if len(others) == 1 else []
                summary = f"{seat.name} conceded."
                result = {"winners": winners, "scores": {}, "summary": summary}
                # Who wins is said by the result (the board's embed), once.
                lines = [f"{seat.name} concedes."]
                # The last board (the result, no buttons) is owed with the concession itself.
                post = self.owed_post(lines, user_id)
                loaded = self._load(row)
                conceded = {**row.settings.conceded, str(seat.id): user_id}
                # The concession, its board and its ratings (a concession is a loss): one
                # transaction.
                with self.store.atomic():
                    row = self.store.update_game(
                        row.id,
                        expected_seq=row.seq,
                        now=self.clock(),
                        status="finished",
                        result=result,
                        settings=row.settings.model_copy(update={"conceded": conceded}),
                        post=post,
                    )
                    rate_game(self.store, row, self.clock())
                update = self._update(Loaded(row, loaded.engine, loaded.state), lines, True)
                update.owed, update.actor = post is not None, user_id
                return update
        self.leave(channel_id, user_id, conceding=True)
        with self.lock(channel_id):
            loaded = self._load(self._open_row(channel_id))
            return self._advance(loaded, [], [f"{seat.name} concedes; an AI takes the seat."])

    def end(self, channel_id: int, user_id: int, is_manager: bool) -> GameRow:
        with self.lock(channel_id):
            row = self._open_row(channel_id)
            if user_id != row.created_by and not is_manager:
                raise GameError(
                    "Only the player who opened the table or someone with Manage Channel "
                    "can end it."
                )
            return self.store.update_game(
                row.id, expected_seq=row.seq, now=self.clock(), status="ended"
            )

    def set_board_message(self, game_id: int, message_id: int) -> None:
        """Remember the game's live board message (jump links, and which board the next
        one retires). Whatever moves were made meanwhile: the outbox sends boards in
        order, so the message it posted last is the live one."""
        channel_id = self.store.get_game(game_id).channel_id
        with self.lock(channel_id), contextlib.suppress(GameError):
            row = self.store.get_game(game_id)
            self.store.update_game(
                game_id, expected_seq=row.seq, now=self.clock(), board_message_id=message_id
            )

    # ----------------------------------------------------------------- the outbox
    def owe_board(self, update: Update) -> None:
        """Put the board post ``update`` needs into the outbox, unless its change already
        did (a move owes its post in its own transaction; see ``TableCore._advance``)."""
        if update.owed or update.view is None:
            return
        self.store.owe_post(
            game_id=update.game_id,
            channel_id=update.channel_id,
            seq=update.seq,
            payload=update.post_payload(),
            now=self.clock(),
        )
        update.owed = True

    def pending_board(self, game_id: int) -> tuple[list[Post], Update | None]:
        """The game's undelivered posts, oldest first, and the board that delivers them
        (None when nothing is pending): the outbox sender's first look, in one call."""
        posts = self.store.pending_posts(game_id)
        if not posts:
            return posts, None
        return posts, self.board_update(game_id, [p.payload for p in posts])

    def turn_board(
        self, game_id: int, posts: list[Post], continues: bool
    ) -> tuple[int | None, Update | None]:
        """The game's live board message and, when ``posts`` continue the turn it shows
        (``continues``: the same seats still decide and the message can be edited), the
        board of the whole turn so far: the posts it already showed, then these."""
        previous = self.store.get_game(game_id).board_message_id
        if previous is None or not continues:
            return previous, None
        earlier = self.store.board_posts(game_id, previous)
        if not earlier:
            return previous, None
        return previous, self.board_update(game_id, [p.payload for p in [*earlier, *posts]])

    def board_update(self, game_id: int, payloads: list[dict[str, Any]]) -> Update:
        """The board to post now for a game's pending posts: the game as it stands, with the
        lines of every pending change in order, so a late board still tells what happened."""
        row = self.store.get_game(game_id)
        # A new turn's board opens with what the turn before it did (``TableCore._board_post``).
        recap: list[Any] = next((p["recap"] for p in payloads if p.get("recap")), [])
        lines = [str(line) for line in recap]
        lines += [str(line) for p in payloads for line in p.get("lines", [])]
        changed = any(bool(p.get("waiting_changed")) for p in payloads)
        update = self._update(self._load(row), lines, changed)
        update.header = list(dict.fromkeys(str(h) for p in payloads for h in p.get("header", [])))
        actor = payloads[-1].get("actor") if payloads else None
        update.actor = actor if isinstance(actor, int) else None
        return update

    # ----------------------------------------------------------------- reading
    def table(self, channel_id: int) -> GameRow:
        return self._open_row(channel_id)

    def public_view(self, channel_id: int) -> tuple[GameRow, View]:
        row = self._open_row(channel_id)
        if row.status != "active":
            raise GameError("The game has not started yet. Use /game start.")
        loaded = self._load(row)
        return row, loaded.engine.view(loaded.state, None)

    def seat_view(self, channel_id: int, user_id: int) -> tuple[GameRow, View]:
        row = self._open_row(channel_id)
        seat = row.seat_of(user_id)
        if seat is None:
            raise NotYourTurn("You are not playing in this game, so you have no hand here.")
        if row.status != "active":
            raise GameError("The game has not started yet. Use /game start.")
        loaded = self._load(row)
        return row, loaded.engine.view(loaded.state, seat.id)

    def waiting(self, channel_id: int) -> list[Waiting]:
        row = self._open_row(channel_id)
        if row.status != "active":
            return []
        loaded = self._load(row)
        return self._waiting(loaded, loaded.state)

    def recent_log(self, channel_id: int, limit: int = 15) -> list[str]:
        row = self._open_row(channel_id)
        lines: list[str] = []
        for entry in self.store.log(row.id, limit):
            if entry.kind == "undo":
                lines.append(f"#{entry.seq} (undo of #{entry.action.get('undoes')})")
                continue
            public = [e["text"] for e in entry.events if e.get("to") is None]
            lines.append(f"#{entry.seq} " + " ".join(public))
        return lines

    def export(self, channel_id: int) -> dict[str, Any]:
        """The channel's open game, or else its latest finished one (bug reports come late)."""
        row = self.store.open_game(channel_id)
        if row is None:
            done = self.store.finished_games(channel_id, limit=1)
            if not done:
                raise NoGameHere("There is no game in this channel to export.")
            row = done[0]
        return self.store.export_game(row.id)

    def import_game(
        self, channel_id: int, guild_id: int | None, user_id: int, data: Mapping[str, Any]
    ) -> Update:
        record = GameRecord.from_json(data)
        engine = registry.get(record.game)
        initial = engine.setup(record.seats, parse_options(engine, record.options), record.seed)
        state = replay(
            engine,
            record.seats,
            record.options,
            record.seed,
            ((seat, engine.decode_action(a)) for seat, a in record.actions),
        )
        with self.lock(channel_id):
            row = self.store.import_game(
                dict(data),
                channel_id=channel_id,
                guild_id=guild_id,
                created_by=user_id,
                state=engine.encode_state(state),
                now=self.clock(),
                initial_state=engine.encode_state(initial),
            )
            self._keep(row, state)
            return self._update(
                Loaded(row, engine, state), [f"Imported a game of {engine.title}."], True
            )
