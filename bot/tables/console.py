"""The terminal table: ``gm play <game>`` through the same service the Discord bot uses.

Shows the public view and your private view as text, numbered legal moves, and writes each
board picture to a folder. Games live in SQLite (``data/terminal.sqlite3`` by default), one
saved game per game name (each name is its own table), so ``gm play att`` resumes the ATT
game and ``gm play wildlands`` leaves it alone; ``--new`` starts afresh. Menus follow the
game's hints as the Discord panel does (``engines.core.menus``): moves the game calls the
same are listed once, a choice of a set (dice to re-roll) is one entry that asks for the
set, and standing orders come last in their own group. ``?rules`` and ``?card`` look a rule
or a card up (issue 18).
"""

from __future__ import annotations

import sys
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from bot.store import GameRow, Store
from bot.store import Result as Rated
from bot.tables.animation import draw_now
from bot.tables.choices import distinct, lone_answer_note
from bot.tables.history import export_table
from bot.tables.options import checked_options
from bot.tables.presenter import Result, board_lines
from bot.tables.ratings import change_lines
from bot.tables.service import TableService
from bot.tables.stats import leaderboard_lines, player_stats
from bot.tables.steps import Drill, follow
from bot.tables.story import read_tape
from bot.tables.updates import Choice, Update
from engines import registry
from engines.core import rules_book
from engines.core.errors import GameError
from engines.core.menus import PickSet

HELP = (
    "Type a number to move, ?N = what move N does, u = undo, l = log, h = hand and moves "
    "again, ?rules <topic>, ?card <name>, q = quit (the game is kept)."
)
# Groups of standing orders (auto-pass, auto-defend) are settings, not moves: listed last.
STANDING = "standing"
# The game-over animation is made as for Discord (its upload limit), so both show the same.
STORY_BYTES = 10 * 1024 * 1024


def channel_for(game: str) -> int:
    """The terminal's table for ``game``: one per game name, stable across versions."""
    return zlib.crc32(game.encode())


def parse_seats(spec: str) -> list[str]:
    seats = [s.strip().lower() for s in spec.split(",") if s.strip()]
    bad = [s for s in seats if s not in {"me", "ai", "greedy", "random"}]
    if bad or not seats:
        raise GameError(
            "Seats are a comma-separated list of `me`, `ai`, `greedy` or `random`, e.g. "
            "`--seats me,ai,ai`."
        )
    if "me" not in seats:
        raise GameError(
            f"--seats {spec} has no seat for you: the terminal table needs at least one 'me' "
            "(e.g. --seats me,ai; --seats me,me for two people at one keyboard)."
        )
    return seats


def move_number(answer: str, count: int) -> int | None:
    """The move number typed, if it is one from 1 to ``count`` (plain digits only: "²" is a
    digit to Python but not a number to ``int``, and a 100,000-digit number is refused
    before ``int`` reads it)."""
    if not (answer.isascii() and answer.isdecimal()) or len(answer) > len(str(count)):
        return None
    number = int(answer)
    return number if 1 <= number <= count else None


@dataclass(frozen=True)
class Entry:
    """One numbered line of the terminal's menu: a move, or a set to choose (``picks``)."""

    label: str
    group: str
    choice: Choice | None = None
    picks: tuple[Choice, ...] = ()
    steps: tuple[Choice, ...] = ()  # moves taken in steps that begin with this label


def menu(choices: list[Choice]) -> list[Entry]:
    """The moves as the terminal lists them: moves alike (``bot.tables.choices``) once, each
    group of set picks as one entry, moves taken in steps by their first step (the rest is
    asked after), groups in the game's order with standing orders last."""
    groups: dict[str, list[Entry]] = {}
    sets: dict[tuple[str, str], list[Choice]] = {}
    paths: dict[tuple[str, str], list[Choice]] = {}
    for c in distinct(choices):
        if c.path is not None and c.path.steps:
            key = (c.path.heading, c.path.steps[0])
            if key not in paths:
                paths[key] = []
                groups.setdefault(c.path.heading, []).append(Entry(key[1], key[0]))
            paths[key].append(c)
            continue
        entries = groups.setdefault(c.group, [])
        if c.pick is not None:
            key = (c.group, c.pick.menu)
            if key not in sets:
                sets[key] = []
                entries.append(Entry(f"{c.pick.menu} (choose a set)", c.group))
            sets[key].append(c)
            continue
        entries.append(Entry(c.label, c.group, choice=c))
    out: list[Entry] = []
    ordered = sorted(groups, key=lambda g: STANDING in g.casefold())
    for group in ordered:
        for e in groups[group]:
            if (group, e.label) in paths:
                steps = paths[(group, e.label)]
                out.append(Entry(e.label, group, choice=steps[0] if len(steps) == 1 else None))
                if len(steps) > 1:
                    out[-1] = Entry(e.label, group, steps=tuple(steps))
                continue
            if e.choice is None:
                menu_name = e.label.removesuffix(" (choose a set)")
                picks = sets[(group, menu_name)]
                if len(picks) == 1:  # a set with one way to choose it is a plain move
                    out.append(Entry(picks[0].label, group, choice=picks[0]))
                    continue
                e = Entry(e.label, group, picks=tuple(picks))
            out.append(e)
    return out


def entry_hint(entry: Entry) -> str:
    """What a numbered move does, as the Discord menus say it under the option: the move's
    hint, or the note every move taken in steps from this entry shares (a card's text)."""
    if entry.choice is not None:
        return entry.choice.hint or f"{entry.label}: no note on this one; ?rules has the rules."
    if entry.steps:
        notes = {c.path.notes[0] if c.path and c.path.notes else None for c in entry.steps}
        if len(notes) == 1 and (note := notes.pop()):
            return note
    hints = {c.hint for c in entry.steps + entry.picks}
    if len(hints) == 1 and (hint := hints.pop()):
        return hint
    return f"{entry.label}: choose it to see the options."


def pick_items(picks: tuple[Choice, ...]) -> list[tuple[str, str]]:
    """Every item any of the set choices picks, in first-seen order."""
    items: dict[str, str] = {}
    for c in picks:
        assert c.pick is not None
        for value, label in c.pick.items:
            items.setdefault(value, label)
    return list(items.items())


def choice_for(picks: tuple[Choice, ...], chosen: set[str]) -> Choice | None:
    """The set choice that picks exactly ``chosen``."""
    for c in picks:
        pick: PickSet | None = c.pick
        if pick is not None and {v for v, _ in pick.items} == chosen:
            return c
    return None


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
        self.channel = 0
        self.game = ""
        self.shown_lines: set[str] = set()

    def say(self, text: str = "") -> None:
        print(text, file=self.write)

    def saved(self, game: str) -> GameRow | None:
        row = self.service.store.open_game(channel_for(game))
        return row if row is not None and row.status == "active" else None

    def open(
        self,
        game: str,
        seats: list[str] | None,
        options: Mapping[str, object] | None,
        *,
        seed: int | None = None,
        new: bool = False,
    ) -> Update:
        """Resume ``game``'s saved table, or seat a new one. Arguments that contradict the
        saved game are refused (``--new`` starts afresh with them)."""
        self.game, self.channel = game, channel_for(game)
        row = self.service.store.open_game(self.channel)
        if row is not None and row.status == "active" and not new:
            self.check_resume(row, seats, options, seed)
            self.say(f"Resuming your {registry.get(game).title} game at move {row.seq}.")
            return self.service.current_update(self.channel)
        kinds = seats or ["me", "ai"]
        # Check the new game's arguments before the saved game ends for it.
        checked_options(game, options or {})
        engine = registry.get(game)
        if not engine.min_seats <= len(kinds) <= engine.max_seats:
            raise GameError(
                f"{engine.title} seats {engine.min_seats} to {engine.max_seats} players, "
                f"not {len(kinds)}."
            )
        if row is not None:
            self.service.end(self.channel, row.created_by, is_manager=True)
        humans = [i + 1 for i, s in enumerate(kinds) if s == "me"]
        first = humans[0]
        service = self.service
        service.new_table(
            self.channel, None, first, f"Player {first}", game, dict(options or {}), len(kinds)
        )
        for i, kind in enumerate(kinds, start=1):
            if i == first:
                continue
            if kind == "me":
                service.join(self.channel, i, f"Player {i}")
            else:
                service.add_bot(self.channel, first, kind)
        return service.start(self.channel, first)

    def check_resume(
        self,
        row: GameRow,
        seats: list[str] | None,
        options: Mapping[str, object] | None,
        seed: int | None,
    ) -> None:
        problems = []
        if seats is not None:
            saved = ["me" if s.kind == "human" else s.policy or "ai" for s in row.seats]
            if saved != seats:
                problems.append(f"its seats are {','.join(saved)}")
        if options:
            differ = {k: v for k, v in options.items() if row.options.get(k) != v}
            if differ:
                problems.append(
                    "its options are "
                    + (" ".join(f"{k}={v}" for k, v in row.options.items()) or "the defaults")
                )
        if seed is not None and seed != row.seed:
            problems.append(f"its seed is {row.seed}")
        if problems:
            raise GameError(
                f"A game of {registry.get(row.game).title} is saved at move {row.seq}, and "
                + "; ".join(problems)
                + ". Leave those arguments out to resume it, or add --new to start a fresh "
                "game with them (the saved one ends)."
            )

    def picture(self, update: Update) -> Path:
        assert update.view is not None
        folder = self.out_dir / f"{update.game}-{update.game_id}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{update.seq:04d}.png"
        path.write_bytes(registry.entry(update.game).render(update.view))
        return path

    def show(self, update: Update) -> None:
        lines = board_lines(update)
        self.shown_lines = {line.strip() for line in lines}
        for line in lines:
            self.say(f"  {line}")
        if update.view is not None:
            self.say(f"[board picture: {self.picture(update)}]")

    def lookup(self, answer: str) -> None:
        """``?rules <topic>`` and ``?card <name>``."""
        word, _, text = answer[1:].partition(" ")
        if word not in {"rules", "card"}:
            self.say(HELP)
            return
        if word == "rules":
            if not text.strip():
                names = ", ".join(t.title for t in rules_book.topics(self.game))
                self.say(f"Rules topics: {names}.")
                return
            options = self.service.table(self.channel).options
            self.say(rules_book.answer(self.game, text.strip(), options).replace("**", ""))
            return
        if not text.strip():
            self.say("Type ?card and part of a card's name, e.g. ?card feat")
            return
        self.say(rules_book.card_text(self.game, text.strip()).replace("**", ""))

    def loop(self, update: Update) -> None:
        self.say(HELP)
        self.show(update)
        shown: tuple[int, int | None] | None = None
        last_user: int | None = None
        humans = {s.user_id for s in self.service.table(self.channel).seats if s.kind == "human"}
        entries: list[Entry] = []
        while update.status == "active":
            waiting = [w for w in update.waiting if w.user_id is not None]
            if not waiting:
                self.say("Nobody at this terminal is asked to move; stopping.")
                return
            user = waiting[0].user_id
            assert user is not None
            if len(humans) > 1 and last_user is not None and user != last_user:
                # Hot seat: the next player's hand must not appear under the last one's eyes.
                self.read(f"Pass the keyboard to {waiting[0].name}, then press Enter. ")
                shown = None
            last_user = user
            choices = self.service.choices(self.channel, user)
            entries = menu(choices)
            # Show the table and the moves again only when something changed (or on "h").
            if shown != (update.seq, user):
                shown = (update.seq, user)
                _, mine = self.service.seat_view(self.channel, user)
                # The view repeats the latest events, already printed above: once is enough.
                text = [ln for ln in mine.text.splitlines() if ln.strip() not in self.shown_lines]
                self.say("\n" + "\n".join(text))
                group = None
                for number, e in enumerate(entries, start=1):
                    if e.group != group:
                        group = e.group
                        self.say(f" {group}:")
                    self.say(f"  {number:>3}. {e.label}")
                if note := lone_answer_note(choices):
                    self.say(f"       {note}")
            answer = self.read(f"{waiting[0].name}> ").strip()
            try:
                if answer.lower() == "q":
                    self.say("Game kept; run the same command to resume.")
                    return
                if answer.lower() in {"help"} or answer == "?":
                    self.say(HELP)
                    continue
                if answer.startswith("?"):
                    asked = move_number(answer[1:].strip(), len(entries))
                    if asked is not None:
                        self.say(f"  {asked}. {entry_hint(entries[asked - 1])}")
                    else:
                        self.lookup(answer)
                    continue
                if answer.lower() == "h":
                    shown = None
                    continue
                if answer.lower() == "l":
                    self.say("\n".join(self.service.recent_log(self.channel)))
                    continue
                if answer.lower() == "u":
                    update = self.service.undo(self.channel, user)
                elif (picked := move_number(answer, len(entries))) is not None:
                    chosen = self.resolve(entries[picked - 1])
                    if chosen is None:
                        continue
                    update = self.service.act(self.channel, user, chosen.ref)
                else:
                    self.say(f"Please type a move number from 1 to {len(entries)}. " + HELP)
                    continue
            except GameError as exc:
                self.say(f"! {exc}")
                continue
            self.show(update)
            for line in update.private.get(user, []):
                self.shown_lines.add(line.strip())
                self.say(f"  (private) {line}")
        if update.outcome is not None:
            self.say_result(Result.of(update.outcome, update.seat_names), update.results)
            self.tell_story(update)

    def say_result(self, result: Result, results: Sequence[Rated] = ()) -> None:
        """The result, once, as the Discord board's embed says it, and what it did to the
        ratings (``gm stats`` shows them)."""
        self.say(f"\nGame over. {result.verdict}")
        if result.summary:
            self.say(result.summary)
        if result.scores:
            self.say("Final scores: " + ", ".join(result.score_lines()) + ".")
        ratings = change_lines(results)
        if ratings:
            self.say("Ratings: " + "; ".join(ratings) + ".")

    def tell_story(self, update: Update) -> None:
        """The story of the finished game, as the game-over message has it: a few lines per
        player and the whole game as an animation beside the board pictures."""
        story = draw_now(read_tape(self.service.store, update.game_id), STORY_BYTES, 1024)
        for line in story.recap:
            self.say(f"  {line}")
        if story.animation is not None:
            # Beside the board pictures, numbered as the last of them: the game up to there.
            path = self.out_dir / f"{update.game}-{update.game_id}" / f"{update.seq:04d}.gif"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(story.animation.gif)
            self.say(f"[the whole game as an animation: {path}]")

    def resolve(self, entry: Entry) -> Choice | None:
        """The move an entry stands for; a set entry asks which items (None: asked again)."""
        if entry.choice is not None:
            return entry.choice
        if entry.steps:
            return self.walk(entry.steps)
        items = pick_items(entry.picks)
        for number, (_, label) in enumerate(items, start=1):
            self.say(f"    {number}. {label}")
        heading = entry.label.removesuffix(" (choose a set)")
        answer = self.read(f"{heading}: numbers separated by spaces (Enter for none): ").split()
        numbers = [move_number(a, len(items)) for a in answer]
        if any(n is None for n in numbers):
            self.say(f"Please type numbers from 1 to {len(items)}.")
            return None
        chosen = {items[n - 1][0] for n in numbers if n is not None}
        found = choice_for(entry.picks, chosen)
        if found is None:
            self.say("That set is not one you may choose now; pick again.")
        return found

    def walk(self, candidates: tuple[Choice, ...]) -> Choice | None:
        """A move taken in steps, from its first step: ask each next step until one move is
        left (the same drill-down as the Discord panel's, ``bot.tables.steps``), naming the
        steps taken so far ("Card 6: climb › Elsie: move: choose the next step")."""
        prefix: tuple[int, ...] = (0,)
        while (at := follow(list(candidates), prefix)) is not None and at.complete is None:
            for number, label in enumerate(at.options, start=1):
                self.say(f"    {number}. {label}")
            while True:
                answer = self.read(
                    f"{' › '.join(at.taken)}: choose the next step "
                    "(?N: what N does; Enter: back to the moves) "
                ).strip()
                if not answer:
                    return None
                asked = move_number(answer[1:].strip(), len(at.options))
                if answer.startswith("?") and asked is not None:
                    self.say(f"    {asked}. {step_hint(at, asked - 1)}")
                    continue
                picked = move_number(answer, len(at.options))
                if picked is not None:
                    break
                self.say(f"Please type a number from 1 to {len(at.options)}, ?N, or Enter.")
            prefix = (*prefix, picked - 1)
        return None if at is None else at.complete


def step_hint(at: Drill, index: int) -> str:
    """What one option of a step does: the note its moves share at that step (a character's
    action), else the hint of the one move it leads to or that all its moves share."""
    return at.hints[index] or f"{at.options[index]}: choose it to see the options."


def play(
    game: str,
    seats: str | None,
    seed: int | None,
    db: Path,
    out_dir: Path,
    options: dict[str, object],
    new: bool = False,
) -> int:
    registry.entry(game)  # a clear error for an unknown game before anything else
    kinds = None if seats is None else parse_seats(seats)
    store = Store(db)
    service = TableService(store)
    if seed is not None:
        service.seed_source = lambda: seed
    table = TerminalTable(service, out_dir)
    try:
        table.loop(table.open(game, kinds, options, seed=seed, new=new))
    except (EOFError, KeyboardInterrupt):
        table.say("\nGame kept; run the same command to resume.")
    finally:
        store.close()
    return 0


def saved_games(db: Path) -> list[str]:
    """``gm games``: every saved terminal game, one line each."""
    store = Store(db)
    try:
        lines = []
        for name in registry.names():
            row = store.open_game(channel_for(name))
            if row is None or row.status != "active":
                continue
            seats = ", ".join(s.name + (" (AI)" if s.kind == "ai" else "") for s in row.seats)
            lines.append(f"{name}: {registry.get(name).title}, move {row.seq}; seats {seats}")
        return lines
    finally:
        store.close()


def _date(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(at))


def terminal_stats(db: Path, game: str | None, player: int = 1) -> list[str]:
    """``gm stats``: a terminal player's record and ratings ("Player 1" unless ``player``
    says otherwise), or with ``game`` that game's leaderboard, from the terminal's own
    games (no server: ``guild_id`` 0)."""
    store = Store(db)
    try:
        if game is not None:
            registry.entry(game)  # a sentence for an unknown game
            return [f"Leaderboard: {registry.get(game).title}", *leaderboard_lines(store, 0, game)]
        stats = player_stats(store, 0, player, f"Player {player}")
        return [f"Stats of {stats.name}", *stats.lines(_date, "in this terminal")]
    finally:
        store.close()


def export_saved(db: Path, game: str, full: bool) -> tuple[dict[str, Any], str]:
    """``gm export``: the file ``/game export`` gives for the saved game (or the latest
    finished one) of ``game``: redacted while it runs, unless ``full``."""
    registry.entry(game)
    store = Store(db)
    try:
        export = export_table(TableService(store), channel_for(game), full)
        return export.data, export.note
    finally:
        store.close()
