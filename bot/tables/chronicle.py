"""What a person keeps between games, for any game that keeps it (``engines.core.records``;
Arcadia's chronicle characters, §13.1): the book of a person's items over the per-user
records, the lobby's line-up (who sits with which item, and who accepted it), the copy a
game takes at its start, and what it writes back when it ends.

An item is stored once, under its owner; a game works on the copy it took at the start (the
table option the game names), so an abandoned game never touches the stored record. The
write-back is guarded by the ``playing`` record (item name -> game id): an item is awarded
once, by the game it sat in, and changes between games (``/character spend``) are refused
while that game is still running. It is written in the transaction of the game's last move
(``transaction``), so a crash between the two can neither finish the game without the award
nor award it twice.

``RecordBook`` is the part every such game shares; ``CharacterBook`` adds what a game whose
items are characters does between games (``CharacterRules``: build, spend, retire).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from bot.store import GameRow, GameStore
from engines import registry
from engines.core.errors import GameError
from engines.core.records import Builder, CharacterRules, Item, PersonalRecords

# One lock for every user's records: a read-change-write of one user's book must not
# interleave with another (a write-back and a spend in two threads).
_BOOK_LOCK = threading.RLock()


def record_book(store: GameStore, clock: Callable[[], float], game: str) -> RecordBook | None:
    """The book of what ``game`` keeps in its players' records, if it keeps anything."""
    records = registry.records(game)
    return None if records is None else RecordBook(store, clock, records)


class RecordBook:
    """A game's items in its players' records, from the lobby to the write-back."""

    def __init__(
        self, store: GameStore, clock: Callable[[], float], records: PersonalRecords
    ) -> None:
        self.store = store
        self.clock = clock
        self.records = records
        game = records.game
        self.key = records.key  # {name: item}
        self.playing_key = f"{game}.playing"  # {name: game id} of the game that took it
        self.lineup_key = f"{game}.lineup"  # {game id: {"character": name, "accepted": text}}

    # -- the book ------------------------------------------------------------------------

    def items(self, user_id: int) -> dict[str, Item]:
        found: dict[str, Item] = dict(self.store.get_user(user_id, self.key, {}))
        return found

    def item(self, user_id: int, name: str) -> Item:
        book = self.items(user_id)
        found = book.get(name) or next(
            (c for n, c in book.items() if n.casefold() == name.casefold()), None
        )
        if found is None:
            noun = self.records.noun
            raise GameError(f"You have no {noun} called “{name}”. See /{noun} list.")
        return found

    def _save(self, user_id: int, item: Item) -> None:
        raw = self.items(user_id)
        raw[str(item["name"])] = item
        self.store.set_user(user_id, self.key, raw, self.clock())

    def running_game(self, user_id: int, name: str) -> GameRow | None:
        """The open game that took this item, if any."""
        playing: dict[str, int] = self.store.get_user(user_id, self.playing_key, {})
        game_id = playing.get(name)
        if game_id is None:
            return None
        row = self.store.get_game(game_id)
        return row if row.status == "active" else None

    # -- the lobby's line-up -------------------------------------------------------------

    def _lineups(self, user_id: int) -> dict[str, dict[str, Any]]:
        return dict(self.store.get_user(user_id, self.lineup_key, {}))

    def use(self, user_id: int, row: GameRow, name: str) -> Item:
        """Sit this item at the lobby's table for the user (acceptances start over)."""
        noun = self.records.noun
        title = registry.get(self.records.game).title
        if row.game != self.records.game or row.status != "lobby":
            raise GameError(f"{noun.capitalize()}s sit at a table of {title} before it starts.")
        if row.seat_of(user_id) is None:
            raise GameError(f"Join the table first, then pick your {noun}.")
        with _BOOK_LOCK:
            item = self.item(user_id, name)
            refusal = self.records.refusal(item)
            if refusal is not None:
                raise GameError(refusal)
            if self.running_game(user_id, item["name"]) is not None:
                raise GameError(f"{item['name']} is already in a running game.")
            lineups = self._lineups(user_id)
            lineups[str(row.id)] = {"character": item["name"], "accepted": None}
            self.store.set_user(user_id, self.lineup_key, lineups, self.clock())
            return item

    def lineup(self, row: GameRow) -> list[tuple[int, str, Item | None, bool]]:
        """(seat, player name, item or None, accepted) for every human seat."""
        text = self._lineup_text_raw(row)
        out: list[tuple[int, str, Item | None, bool]] = []
        for seat in row.seats:
            if seat.user_id is None or seat.kind != "human":
                continue
            pick = self._lineups(seat.user_id).get(str(row.id))
            item = None
            if pick is not None:
                item = self.items(seat.user_id).get(pick["character"])
            accepted = pick is not None and pick.get("accepted") == text
            out.append((seat.id, seat.name, item, accepted))
        return out

    def _lineup_text_raw(self, row: GameRow) -> str:
        """The line-up as one text: an acceptance holds for exactly this line-up."""
        parts = []
        for seat in row.seats:
            if seat.user_id is None or seat.kind != "human":
                parts.append(f"{seat.id}:{seat.name}:ai")
                continue
            pick = self._lineups(seat.user_id).get(str(row.id))
            item = None if pick is None else self.items(seat.user_id).get(pick["character"])
            stamp = "-" if item is None else self.records.stamp(item)
            parts.append(f"{seat.id}:{seat.user_id}:{stamp}")
        return "|".join(parts)

    def lineup_text(self, row: GameRow) -> str:
        """The line-up as a lobby shows it: each item as the game labels it."""
        lines = []
        for seat, player, item, accepted in self.lineup(row):
            mark = "accepted" if accepted else "not accepted yet"
            if item is None:
                lines.append(f"Seat {seat + 1}, {player}: no {self.records.noun} yet ({mark})")
            else:
                lines.append(f"Seat {seat + 1}, {player}: {self.records.label(item)} ({mark})")
        return "\n".join(lines)

    def accept(self, user_id: int, row: GameRow) -> None:
        """The user accepts the line-up as it stands now."""
        with _BOOK_LOCK:
            lineups = self._lineups(user_id)
            pick = lineups.get(str(row.id))
            if pick is None:
                noun = self.records.noun
                raise GameError(f"Pick your {noun} first with /{noun} use.")
            pick = {**pick, "accepted": self._lineup_text_raw(row)}
            lineups[str(row.id)] = pick
            self.store.set_user(user_id, self.lineup_key, lineups, self.clock())

    # -- start and end of a game ---------------------------------------------------------

    def start_options(self, row: GameRow) -> dict[str, Any]:
        """The table options with every seated item copied in, when each player has picked
        one and accepted the line-up; a table where nobody picked one plays without. Marks
        each item as playing in this game."""
        noun = self.records.noun
        with _BOOK_LOCK:
            lineup = self.lineup(row)
            if all(item is None for _, _, item, _ in lineup):
                return row.options
            missing = [p for _, p, item, ok in lineup if item is None or not ok]
            if missing:
                raise GameError(
                    f"Every player picks a {noun} (/{noun} use) and accepts the line-up "
                    f"before the game starts; waiting for {', '.join(missing)}."
                )
            snapshot: dict[str, Any] = {}
            for seat in row.seats:
                if seat.user_id is None or seat.kind != "human":
                    continue
                name = self._lineups(seat.user_id)[str(row.id)]["character"]
                item = self.items(seat.user_id)[name]
                if self.running_game(seat.user_id, name) is not None:
                    raise GameError(f"{name} is already in a running game.")
                if self.records.refusal(item) is not None:
                    raise GameError(f"{name} has retired; {seat.name} picks another.")
                snapshot[str(seat.id)] = item
            for seat in row.seats:
                if seat.user_id is not None and str(seat.id) in snapshot:
                    playing = dict(self.store.get_user(seat.user_id, self.playing_key, {}))
                    playing[snapshot[str(seat.id)]["name"]] = row.id
                    self.store.set_user(seat.user_id, self.playing_key, playing, self.clock())
                    # The pick has served: the game holds the copy from here on.
                    lineups = self._lineups(seat.user_id)
                    lineups.pop(str(row.id), None)
                    self.store.set_user(seat.user_id, self.lineup_key, lineups, self.clock())
            return {**row.options, self.records.option: snapshot}

    def game_over(self, row: GameRow, state: object, *, save: bool = True) -> list[str]:
        """Write back a finished game's items; with ``save=False`` only the lines saying
        what each would earn, so they can go on the final board in the same transaction as
        the last move, before the write-back."""
        if not row.options.get(self.records.option):
            return []
        return self.write_back(row, self.records.results(state), save=save)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """The book's lock, then one store transaction that the store calls inside join: a
        game's last move and its write-back are stored together or not at all. The lock
        comes first, as in every other change of the book, so the two never wait on each
        other in opposite orders."""
        with _BOOK_LOCK, self.store.atomic():
            yield

    def write_back(
        self, row: GameRow, results: Mapping[int, Any], *, save: bool = True
    ) -> list[str]:
        """Award each seated item its result, once; lines saying what each earned."""
        taken_all: dict[str, Any] = row.options.get(self.records.option, {})
        lines = []
        with _BOOK_LOCK:
            for seat in row.seats:
                taken = taken_all.get(str(seat.id))
                if seat.user_id is None or taken is None or seat.id not in results:
                    continue
                playing = dict(self.store.get_user(seat.user_id, self.playing_key, {}))
                if playing.get(taken["name"]) != row.id:
                    continue  # already written back, or the item sat elsewhere since
                item = self.items(seat.user_id).get(taken["name"])
                if item is not None:
                    item, line = self.records.award(item, results[seat.id])
                    if save:
                        self._save(seat.user_id, item)
                    lines.append(line)
                if save:
                    del playing[taken["name"]]
                    self.store.set_user(seat.user_id, self.playing_key, playing, self.clock())
        return lines


class CharacterBook(RecordBook):
    """Characters a person builds, grows and retires between games (``/character``)."""

    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], float],
        rules: CharacterRules | None = None,
    ) -> None:
        self.rules = rules or registry.characters()
        super().__init__(store, clock, self.rules)
        # The unfinished build of /character create: {"serial": n, "name": ..., and what
        # the builder's menus chose so far}. One per user; it survives restarts until
        # Create.
        self.draft_key = f"{self.rules.game}.draft"

    def create(self, user_id: int, build: Builder) -> Item:
        """Store the character ``build`` makes, and end that build."""
        with _BOOK_LOCK:
            name = build.name.strip()
            if name.casefold() in {n.casefold() for n in self.items(user_id)}:
                raise GameError(f"You already have a character called “{name}”.")
            item = self.rules.create(build)
            draft = self.draft(user_id)
            with self.store.atomic():  # the character and the end of its build, together
                self._save(user_id, item)
                if draft is not None and str(draft.get("name", "")).casefold() == (name.casefold()):
                    self.store.set_user(user_id, self.draft_key, None, self.clock())
            return item

    # -- the builder's unfinished build -----------------------------------------------

    def draft(self, user_id: int) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.store.get_user(user_id, self.draft_key)
        return found

    def start_draft(self, user_id: int, name: str, background: str) -> tuple[dict[str, Any], bool]:
        """The build ``/character create`` opens: the user's unfinished one when it has this
        name (resumed, True), else a new one (with a new serial, so the menus of a build it
        replaces are refused; the replaced build is ``previous_name``)."""
        with _BOOK_LOCK:
            name = name.strip()
            if name.casefold() in {n.casefold() for n in self.items(user_id)}:
                raise GameError(f"You already have a character called “{name}”.")
            old = self.draft(user_id)
            if old is not None and str(old.get("name", "")).casefold() == name.casefold():
                return old, True
            new = {"serial": int(old["serial"]) + 1 if old else 1, "name": name}
            new["background"] = background
            if old is not None:
                new["previous_name"] = old["name"]
            self.store.set_user(user_id, self.draft_key, new, self.clock())
            return new, False

    def build(self, user_id: int, serial: int) -> Builder:
        """The user's stored build ``serial``, refused once replaced or finished."""
        record = self.draft(user_id)
        if record is None or int(record.get("serial", -1)) != serial:
            raise GameError(
                "That builder has been replaced or finished; open yours again with "
                "/character create."
            )
        return self.rules.builder(record)

    def change(self, user_id: int, serial: int, part: str, values: list[str]) -> Builder:
        """One choice of the builder's menus, stored at once."""
        with _BOOK_LOCK:
            build = self.build(user_id, serial)
            build.choose(part, values)
            self.save_draft(user_id, build.record())
            return build

    def save_draft(self, user_id: int, draft: dict[str, Any]) -> None:
        """Store the build as its menus left it, unless a newer build has replaced it."""
        with _BOOK_LOCK:
            current = self.draft(user_id)
            if current is None or current.get("serial") != draft.get("serial"):
                raise GameError(
                    "That builder has been replaced or finished; open yours again with "
                    "/character create."
                )
            self.store.set_user(user_id, self.draft_key, draft, self.clock())

    # -- between games -----------------------------------------------------------------

    def spend(self, user_id: int, name: str, value: str) -> Item:
        """XP on one of the character's ``spend_options``, between games."""
        with _BOOK_LOCK:
            item = self.item(user_id, name)
            if self.running_game(user_id, item["name"]) is not None:
                raise GameError(f"{item['name']} is in a running game; spend XP between games.")
            new = self.rules.spend(item, value)
            self._save(user_id, new)
            return new

    def retire(self, user_id: int, name: str) -> Item:
        with _BOOK_LOCK:
            item = self.item(user_id, name)
            if self.running_game(user_id, item["name"]) is not None:
                raise GameError(f"{item['name']} is in a running game; retire them after it ends.")
            new = self.rules.retire(item)
            self._save(user_id, new)
            return new
