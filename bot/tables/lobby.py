"""Opening a table: seats, AI seats, leaving, and the deal (part of ``TableService``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store import GameRow, SeatRecord, TableRecord
from bot.tables.chronicle import record_book
from bot.tables.core import TableCore
from bot.tables.durations import format_duration
from bot.tables.options import RATED, table_difficulty, with_examples
from bot.tables.settings import AWAY_KEY, TableSettings
from bot.tables.teams import (
    choose_team,
    plan_of,
    start_teams,
    team_game,
    with_team,
    without_seat,
)
from bot.tables.updates import Loaded, Update, seats_from_row
from engines import registry
from engines.core.errors import BadOptions, GameError
from engines.core.protocol import parse_options


class Lobby(TableCore):
    """Opening and seating a table and dealing the game (part of ``TableService``)."""

    def new_table(
        self,
        channel_id: int,
        guild_id: int | None,
        user_id: int,
        user_name: str,
        game: str,
        options: Mapping[str, Any] | None = None,
        seats: int | None = None,
    ) -> GameRow:
        """Open a lobby with the creator in the first seat. ``rated=false`` among the
        options is the table's own setting, not the game's: its result changes no rating."""
        engine = registry.get(game)
        options = dict(options or {})
        rated = options.pop(RATED, True)
        if not isinstance(rated, bool):
            raise GameError(f"`{RATED}` is `true` or `false`, not `{rated}`.")
        try:
            difficulty = table_difficulty(game, options)
            parsed = parse_options(engine, options)
        except BadOptions as exc:
            raise with_examples(exc, game) from None
        if seats is not None and not engine.min_seats <= seats <= engine.max_seats:
            raise GameError(
                f"{engine.title} seats {engine.min_seats} to {engine.max_seats} players, "
                f"not {seats}."
            )
        settings = TableRecord(seats_wanted=seats, rated=rated, difficulty=difficulty)
        stored = parsed.model_dump(mode="json", exclude_defaults=True)
        teams = team_game(game)
        if teams is not None:
            stored = plan_of(teams, stored)
        with self.lock(channel_id):
            busy = self.store.open_game(channel_id)
            if busy is not None:
                raise GameError(
                    f"This channel already has a game of {registry.get(busy.game).title} "
                    "open. Finish it, or use /game end first."
                )
            return self.store.create_game(
                channel_id=channel_id,
                guild_id=guild_id,
                game=game,
                seed=0,
                options=stored,
                seats=[self._human(0, user_id, user_name)],
                state={},
                created_by=user_id,
                now=self.clock(),
                settings=settings,
            )

    @staticmethod
    def _human(seat: int, user_id: int, name: str) -> SeatRecord:
        return SeatRecord(id=seat, name=name, kind="human", user_id=user_id)

    def join(
        self, channel_id: int, user_id: int, user_name: str, team: int | None = None
    ) -> GameRow:
        """Take a seat in a lobby, or an unclaimed human seat of an imported game. In a game
        played in teams, ``team`` picks the seat's team; a seated player may switch team
        with it while the lobby is open."""
        with self.lock(channel_id):
            row = self._open_row(channel_id)
            seated = row.seat_of(user_id)
            if seated and (team is None or row.status != "lobby" or not team_game(row.game)):
                raise GameError("You already have a seat at this table.")
            if seated:
                return self._seat_team(row, seated.id, team)
            if row.status == "active":
                if team is not None:
                    raise GameError("The game has already started; teams are fixed now.")
                free = next(
                    (s for s in row.seats if s.kind == "human" and s.user_id is None),
                    None,
                )
                if free is None:
                    raise GameError("The game has already started; seats are fixed now.")
                seats = [
                    s.model_copy(update={"user_id": user_id}) if s is free else s for s in row.seats
                ]
                return self.store.update_game(
                    row.id, expected_seq=row.seq, now=self.clock(), seats=seats
                )
            self._check_room(row)
            seat = self._human(len(row.seats), user_id, user_name)
            return self._sit(row, seat, team)

    def _sit(self, row: GameRow, seat: SeatRecord, team: int | None) -> GameRow:
        """Add ``seat`` to the lobby, on a team in a game played in teams."""
        options = row.options
        teams = team_game(row.game)
        if teams is not None:
            options = with_team(options, seat.id, choose_team(teams, row, seat.id, team))
        elif team is not None:
            raise GameError(f"{registry.get(row.game).title} is not played in teams.")
        return self.store.update_game(
            row.id,
            expected_seq=row.seq,
            now=self.clock(),
            seats=[*row.seats, seat],
            options=options,
        )

    def _seat_team(self, row: GameRow, seat: int, team: int | None) -> GameRow:
        teams = team_game(row.game)
        assert teams is not None  # join only switches teams in a game played in teams
        options = with_team(row.options, seat, choose_team(teams, row, seat, team))
        return self.store.update_game(
            row.id, expected_seq=row.seq, now=self.clock(), options=options
        )

    def add_bot(
        self,
        channel_id: int,
        user_id: int,
        policy: str = "ai",
        team: int | None = None,
        difficulty: str | None = None,
    ) -> GameRow:
        """An AI seat playing ``policy`` at ``difficulty`` (default: the table's)."""
        with self.lock(channel_id):
            row = self._lobby(channel_id)
            if not row.seat_of(user_id):
                raise GameError("Only players at the table can add AI seats.")
            self._check_room(row)
            level = difficulty or row.settings.difficulty
            registry.entry(row.game).policy(policy, level)  # unknown names fail here
            n = sum(1 for s in row.seats if s.kind == "ai") + 1
            seat = SeatRecord(
                id=len(row.seats), name=f"AI {n}", kind="ai", policy=policy, difficulty=level
            )
            return self._sit(row, seat, team)

    def _lobby(self, channel_id: int) -> GameRow:
        row = self._open_row(channel_id)
        if row.status != "lobby":
            raise GameError("The game has already started; seats are fixed now.")
        return row

    def _check_room(self, row: GameRow) -> None:
        engine = registry.get(row.game)
        wanted = row.settings.seats_wanted or engine.max_seats
        if len(row.seats) >= wanted:
            raise GameError(f"The table is full ({wanted} seats).")

    def leave(
        self, channel_id: int, user_id: int, line: str | None = None, conceding: bool = False
    ) -> GameRow:
        """Leave a lobby, or hand a seat in a running game to an AI stand-in. In a running
        game the board the change owes (with ``line`` on it, if given) is stored with the
        seat change, in one transaction: a crash right after still posts it (issue 16).
        ``conceding``: the player gives the game up, and is kept as its loser (issue 31)."""
        with self.lock(channel_id):
            row = self._open_row(channel_id)
            seat = row.seat_of(user_id)
            if seat is None:
                raise GameError("You have no seat at this table.")
            if row.status == "lobby":
                if seat.id == 0:
                    raise GameError("You opened this table; use /game end to close it instead.")
                seats = [s for s in row.seats if s is not seat]
                seats = [s.model_copy(update={"id": i}) for i, s in enumerate(seats)]
                options = row.options
                if team_game(row.game) is not None:
                    options = without_seat(options, seat.id)
                return self.store.update_game(
                    row.id, expected_seq=row.seq, now=self.clock(), seats=seats, options=options
                )
            seats = [
                # The seat keeps its name: the rules and every replay know the seat by it.
                s.model_copy(update={"kind": "ai", "user_id": None, "policy": "ai"})
                if s is seat
                else s
                for s in row.seats
            ]
            post = self.owed_post([line] if line else [])
            settings = row.settings
            if conceding:
                conceded = {**settings.conceded, str(seat.id): user_id}
                settings = settings.model_copy(update={"conceded": conceded})
            return self.store.update_game(
                row.id,
                expected_seq=row.seq,
                now=self.clock(),
                seats=seats,
                settings=settings,
                post=post,
            )

    def _creator_absent(self, row: GameRow) -> bool:
        """The creator is away, or the table has waited for them for its deadline."""
        now = self.clock()
        away = self.store.get_user(row.created_by, AWAY_KEY)
        until = away.get("until") if isinstance(away, dict) else None
        if isinstance(until, int | float) and until > now:
            return True
        return now - row.created_at >= TableSettings.of(row.settings).deadline

    def start(self, channel_id: int, user_id: int) -> Update:
        with self.lock(channel_id):
            row = self._lobby(channel_id)
            if not row.seat_of(user_id):
                raise GameError("Only players at the table can start the game.")
            if user_id != row.created_by and not self._creator_absent(row):
                deadline = TableSettings.of(row.settings).deadline
                raise GameError(
                    "Only the player who opened the table starts the game (anyone seated may, "
                    f"once the table has waited {format_duration(deadline)}, its deadline, "
                    "or while its creator is away)."
                )
            engine = registry.get(row.game)
            if len(row.seats) < engine.min_seats:
                raise GameError(
                    f"{engine.title} needs at least {engine.min_seats} players; "
                    f"{len(row.seats)} seated. Invite someone with /game join or add an AI "
                    "with /game addbot."
                )
            book = record_book(self.store, self.clock, row.game)
            options = row.options if book is None else book.start_options(row)
            teams = team_game(row.game)
            if teams is not None:
                options = start_teams(teams, row, options)
            seed = self.seed_source()
            state = engine.setup(seats_from_row(row), parse_options(engine, options), seed)
            begins = f"{engine.title} begins."
            # The first board is owed with the deal itself (the outbox, issue 16): a crash
            # right after the start still leaves it to post.
            post = self.owed_post([begins])
            row = self.store.update_game(
                row.id,
                expected_seq=row.seq,
                now=self.clock(),
                status="active",
                options=options,
                seed=seed,
                state=engine.encode_state(state),
                post=post,
            )
            loaded = Loaded(row, engine, state)
            # AI seats that open the game owe their own post, after this one.
            update = self._advance(loaded, [], [] if post else [begins])
            if post is not None:
                update.lines = [begins, *update.lines]
                update.owed = True
            update.waiting_changed = True  # a new game always calls its first player
            return update
