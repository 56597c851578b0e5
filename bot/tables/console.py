"""The terminal table: ``gm play <game>`` through the same service the Discord bot uses.

Shows the public view and your private view as text, numbered legal moves, and writes each
board picture to a folder. Games live in SQLite (``data/terminal.sqlite3`` by default), so an
interrupted game resumes where it stopped.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.store import Store
from bot.tables.service import TableService
from bot.tables.updates import Update
from engines import registry
from engines.core.errors import GameError

CHANNEL = 0  # the terminal is one table
HELP = "Type a number to move, u = undo, l = log, h = hand again, q = quit (the game is kept)."


def parse_seats(spec: str) -> list[str]:
    seats = [s.strip().lower() for s in spec.split(",") if s.strip()]
    bad = [s for s in seats if s not in {"me", "ai", "random"}]
    if bad or not seats:
        raise GameError("Seats are a comma list of me, ai or random, e.g. --seats me,ai,ai")
    return seats


def move_number(answer: str, count: int) -> int | None:
    """The move number typed, if it is one from 1 to ``count`` (plain digits only: "²" is a
    digit to Python but not a number to ``int``, and a 100,000-digit number is refused
    before ``int`` reads it)."""
    if not (answer.isascii() and answer.isdecimal()) or len(answer) > len(str(count)):
        return None
    number = int(answer)
    return number if 1 <= number <= count else None


class TerminalTable:
    def __init__(
        self,
        service: TableService,
        out_dir: Path,
        write: TextIO = sys.stdout,
        read: Callable[[str], str] = input,
    ) -> None:
        self.service = service
        self.out_dir = out_dir
        self.write = write
        self.read = read

    def say(self, text: str = "") -> None:
        print(text, file=self.write)

    def open(self, game: str, seats: list[str], options: dict[str, object]) -> Update:
        """Resume this game if one is open in the database, else seat a new one."""
        row = self.service.store.open_game(CHANNEL)
        if row is not None and row.game == game and row.status == "active":
            self.say(f"Resuming game {row.id} at move {row.seq}.")
            return self.service.current_update(CHANNEL)
        if row is not None:
            self.service.end(CHANNEL, row.created_by, is_manager=True)
        humans = [i + 1 for i, s in enumerate(seats) if s == "me"]
        first = humans[0] if humans else 1
        self.service.new_table(CHANNEL, None, first, f"Player {first}", game, options, len(seats))
        for i, kind in enumerate(seats[1:], start=2):
            if kind == "me":
                self.service.join(CHANNEL, i, f"Player {i}")
            else:
                self.service.add_bot(CHANNEL, first, kind)
        return self.service.start(CHANNEL, first)

    def picture(self, update: Update) -> Path:
        assert update.view is not None
        folder = self.out_dir / f"{update.game}-{update.game_id}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{update.seq:04d}.png"
        path.write_bytes(registry.entry(update.game).render(update.view))
        return path

    def show(self, update: Update) -> None:
        for line in update.lines:
            self.say(f"  {line}")
        if update.view is not None:
            self.say(f"[board picture: {self.picture(update)}]")

    def loop(self, update: Update) -> None:
        self.show(update)
        shown: tuple[int, int | None] | None = None
        while update.status == "active":
            waiting = [w for w in update.waiting if w.user_id is not None]
            if not waiting:
                self.say("Nobody at this terminal is asked to move; stopping.")
                return
            user = waiting[0].user_id
            assert user is not None
            choices = self.service.choices(CHANNEL, user)
            # Show the table and the moves again only when something changed (or on "h").
            if shown != (update.seq, user):
                shown = (update.seq, user)
                _, mine = self.service.seat_view(CHANNEL, user)
                self.say("\n" + mine.text)
                group = None
                for c in choices:
                    if c.group != group:
                        group = c.group
                        self.say(f" {group}:")
                    self.say(f"  {c.index + 1:>3}. {c.label}")
            answer = self.read(f"{waiting[0].name}> ").strip().lower()
            try:
                if answer == "q":
                    self.say("Game kept; run the same command to resume.")
                    return
                if answer in {"?", "help"}:
                    self.say(HELP)
                    continue
                if answer == "h":
                    shown = None
                    continue
                if answer == "l":
                    self.say("\n".join(self.service.recent_log(CHANNEL)))
                    continue
                if answer == "u":
                    update = self.service.undo(CHANNEL, user)
                elif (number := move_number(answer, len(choices))) is not None:
                    update = self.service.act(CHANNEL, user, choices[number - 1].ref)
                else:
                    self.say(f"Please type a move number from 1 to {len(choices)}. " + HELP)
                    continue
            except GameError as exc:
                self.say(f"! {exc}")
                continue
            self.show(update)
            for line in update.private.get(user, []):
                self.say(f"  (private) {line}")
        if update.outcome is not None:
            self.say(f"Game over. {update.outcome.summary}")


def play(
    game: str, seats: str, seed: int | None, db: Path, out_dir: Path, options: dict[str, object]
) -> int:
    registry.entry(game)  # a clear error for an unknown game before anything else
    store = Store(db)
    service = TableService(store)
    if seed is not None:
        service.seed_source = lambda: seed
    table = TerminalTable(service, out_dir)
    try:
        table.loop(table.open(game, parse_seats(seats), options))
    except (EOFError, KeyboardInterrupt):
        table.say("\nGame kept; run the same command to resume.")
    finally:
        store.close()
    return 0
