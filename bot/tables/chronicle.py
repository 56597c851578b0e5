"""Chronicle characters that belong to a person (Arcadia §13.1): the character book over the
per-user records, the lobby's line-up (who sits with which character, and who accepted it),
the snapshot a game takes at its start, and the XP written back when it ends.

A character is stored once, under its owner; a game works on the copy it took at the start
(the table option ``characters``), so an abandoned game never touches the stored record. The
write-back is guarded by the ``playing`` record (character name -> game id): a character is
awarded once, by the game it sat in, and ``/character spend`` is refused while that game is
still running. It is written in the transaction of the game's last move (``transaction``),
so a crash between the two can neither finish the game without the XP nor award it twice.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.store import GameRow, GameStore
from engines.arcadia.chronicle import (
    ChronicleCharacter,
    ChronicleError,
    GameResult,
    award,
    buy_off_flaw,
    create_character,
    fame,
    retire,
    spend_on_merit,
)
from engines.arcadia.engine import ArcadiaEngine
from engines.arcadia.state import ArcadiaState
from engines.core.errors import GameError

GAME = "arcadia"
CHARACTERS = "arcadia.characters"  # {name: character record}
PLAYING = "arcadia.playing"  # {name: game id} of the game that took the character
LINEUP = "arcadia.lineup"  # {game id: {"character": name, "accepted": line-up text}}
# The unfinished build of /character create: {"serial": n, "name": ..., and what the
# builder's menus chose so far}. One per user; it survives restarts until Create.
DRAFT = "arcadia.draft"

# One lock for every user's chronicle records: a read-change-write of one user's book must
# not interleave with another (a write-back and a spend in two threads).
_BOOK_LOCK = threading.RLock()


class CharacterBook:
    """Every chronicle change of one store, Discord-free."""

    def __init__(self, store: GameStore, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    # -- the book ------------------------------------------------------------------------

    def characters(self, user_id: int) -> dict[str, ChronicleCharacter]:
        raw: dict[str, Any] = self.store.get_user(user_id, CHARACTERS, {})
        return {name: ChronicleCharacter.model_validate(v) for name, v in raw.items()}

    def character(self, user_id: int, name: str) -> ChronicleCharacter:
        book = self.characters(user_id)
        found = book.get(name) or next(
            (c for n, c in book.items() if n.casefold() == name.casefold()), None
        )
        if found is None:
            raise GameError(f"You have no character called “{name}”. See /character list.")
        return found

    def _save(self, user_id: int, ch: ChronicleCharacter) -> None:
        raw: dict[str, Any] = dict(self.store.get_user(user_id, CHARACTERS, {}))
        raw[ch.name] = ch.model_dump(mode="json")
        self.store.set_user(user_id, CHARACTERS, raw, self.clock())

    def create(
        self,
        user_id: int,
        name: str,
        icon: str,
        merits: tuple[str, ...],
        flaws: tuple[str, ...] = (),
        court_choice: str | None = None,
        background: str = "",
    ) -> ChronicleCharacter:
        with _BOOK_LOCK:
            if name.strip().casefold() in {n.casefold() for n in self.characters(user_id)}:
                raise GameError(f"You already have a character called “{name.strip()}”.")
            try:
                ch = create_character(name, icon, merits, flaws, court_choice, background)
            except ChronicleError as e:
                raise GameError(str(e)) from e
            draft = self.draft(user_id)
            with self.store.atomic():  # the character and the end of its build, together
                self._save(user_id, ch)
                if draft is not None and str(draft.get("name", "")).casefold() == (
                    ch.name.casefold()
                ):
                    self.store.set_user(user_id, DRAFT, None, self.clock())
            return ch

    # -- the builder's unfinished build -----------------------------------------------

    def draft(self, user_id: int) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.store.get_user(user_id, DRAFT)
        return found

    def start_draft(self, user_id: int, name: str, background: str) -> tuple[dict[str, Any], bool]:
        """The build ``/character create`` opens: the user's unfinished one when it has this
        name (resumed, True), else a new one (with a new serial, so the menus of a build it
        replaces are refused; the replaced build is ``previous_name``)."""
        with _BOOK_LOCK:
            name = name.strip()
            if name.casefold() in {n.casefold() for n in self.characters(user_id)}:
                raise GameError(f"You already have a character called “{name}”.")
            old = self.draft(user_id)
            if old is not None and str(old.get("name", "")).casefold() == name.casefold():
                return old, True
            new = {"serial": int(old["serial"]) + 1 if old else 1, "name": name}
            new["background"] = background
            if old is not None:
                new["previous_name"] = old["name"]
            self.store.set_user(user_id, DRAFT, new, self.clock())
            return new, False

    def save_draft(self, user_id: int, draft: dict[str, Any]) -> None:
        """Store the build as its menus left it, unless a newer build has replaced it."""
        with _BOOK_LOCK:
            current = self.draft(user_id)
            if current is None or current.get("serial") != draft.get("serial"):
                raise GameError(
                    "That builder has been replaced or finished; open yours again with "
                    "/character create."
                )
            self.store.set_user(user_id, DRAFT, draft, self.clock())

    def running_game(self, user_id: int, name: str) -> GameRow | None:
        """The open game that took this character, if any."""
        playing: dict[str, int] = self.store.get_user(user_id, PLAYING, {})
        game_id = playing.get(name)
        if game_id is None:
            return None
        row = self.store.get_game(game_id)
        return row if row.status == "active" else None

    def spend(self, user_id: int, name: str, kind: str, item: str) -> ChronicleCharacter:
        """XP on a merit (``kind`` "merit") or buying off a flaw ("flaw"), between games."""
        with _BOOK_LOCK:
            ch = self.character(user_id, name)
            if self.running_game(user_id, ch.name) is not None:
                raise GameError(f"{ch.name} is in a running game; spend XP between games.")
            try:
                if kind == "merit":
                    new = spend_on_merit(ch, item)
                elif kind == "flaw":
                    new = buy_off_flaw(ch, item)
                else:
                    raise GameError(f"XP buys merits or buys off flaws, not `{kind}`.")
            except ChronicleError as e:
                raise GameError(str(e)) from e
            self._save(user_id, new)
            return new

    def retire(self, user_id: int, name: str) -> ChronicleCharacter:
        with _BOOK_LOCK:
            ch = self.character(user_id, name)
            if self.running_game(user_id, ch.name) is not None:
                raise GameError(f"{ch.name} is in a running game; retire them after it ends.")
            new = retire(ch)
            self._save(user_id, new)
            return new

    # -- the lobby's line-up -------------------------------------------------------------

    def _lineups(self, user_id: int) -> dict[str, dict[str, Any]]:
        return dict(self.store.get_user(user_id, LINEUP, {}))

    def use(self, user_id: int, row: GameRow, name: str) -> ChronicleCharacter:
        """Sit this character at the lobby's table for the user (acceptances start over)."""
        if row.game != GAME or row.status != "lobby":
            raise GameError("Characters sit at an Arcadia table before it starts.")
        if row.seat_of(user_id) is None:
            raise GameError("Join the table first, then pick your character.")
        with _BOOK_LOCK:
            ch = self.character(user_id, name)
            if ch.retired:
                raise GameError(f"{ch.name} has retired and no longer joins games.")
            if self.running_game(user_id, ch.name) is not None:
                raise GameError(f"{ch.name} is already in a running game.")
            lineups = self._lineups(user_id)
            lineups[str(row.id)] = {"character": ch.name, "accepted": None}
            self.store.set_user(user_id, LINEUP, lineups, self.clock())
            return ch

    def lineup(self, row: GameRow) -> list[tuple[int, str, ChronicleCharacter | None, bool]]:
        """(seat, player name, character or None, accepted) for every human seat."""
        text = self._lineup_text_raw(row)
        out: list[tuple[int, str, ChronicleCharacter | None, bool]] = []
        for seat in row.seats:
            if seat.user_id is None or seat.kind != "human":
                continue
            pick = self._lineups(seat.user_id).get(str(row.id))
            ch = None
            if pick is not None:
                ch = self.characters(seat.user_id).get(pick["character"])
            accepted = pick is not None and pick.get("accepted") == text
            out.append((seat.id, seat.name, ch, accepted))
        return out

    def _lineup_text_raw(self, row: GameRow) -> str:
        """The line-up as one text: an acceptance holds for exactly this line-up."""
        parts = []
        for seat in row.seats:
            if seat.user_id is None or seat.kind != "human":
                parts.append(f"{seat.id}:{seat.name}:ai")
                continue
            pick = self._lineups(seat.user_id).get(str(row.id))
            ch = None if pick is None else self.characters(seat.user_id).get(pick["character"])
            parts.append(
                f"{seat.id}:{seat.user_id}:"
                + ("-" if ch is None else f"{ch.name}:{ch.xp_earned_total}:{ch.xp_unspent}")
            )
        return "|".join(parts)

    def lineup_text(self, row: GameRow) -> str:
        """The line-up as a lobby shows it: each character with its XP totals."""
        lines = []
        for seat, player, ch, accepted in self.lineup(row):
            mark = "accepted" if accepted else "not accepted yet"
            if ch is None:
                lines.append(f"Seat {seat + 1}, {player}: no character yet ({mark})")
            else:
                lines.append(
                    f"Seat {seat + 1}, {player}: {ch.name}, XP {ch.xp_unspent} unspent / "
                    f"{ch.xp_earned_total} earned ({ch.xp_solo} solo), fame {fame(ch)} ({mark})"
                )
        return "\n".join(lines)

    def accept(self, user_id: int, row: GameRow) -> None:
        """The user accepts the line-up as it stands now."""
        with _BOOK_LOCK:
            lineups = self._lineups(user_id)
            pick = lineups.get(str(row.id))
            if pick is None:
                raise GameError("Pick your character first with /character use.")
            pick = {**pick, "accepted": self._lineup_text_raw(row)}
            lineups[str(row.id)] = pick
            self.store.set_user(user_id, LINEUP, lineups, self.clock())

    # -- start and end of a game ---------------------------------------------------------

    def start_options(self, row: GameRow) -> dict[str, Any]:
        """The table options with every seated character snapshotted, when each player has
        picked a character and accepted the line-up; a table where nobody picked one plays
        without characters. Marks each character as playing in this game."""
        if row.game != GAME:
            return row.options
        with _BOOK_LOCK:
            lineup = self.lineup(row)
            if all(ch is None for _, _, ch, _ in lineup):
                return row.options
            missing = [p for _, p, ch, ok in lineup if ch is None or not ok]
            if missing:
                raise GameError(
                    "Every player picks a character (/character use) and accepts the line-up "
                    f"before the game starts; waiting for {', '.join(missing)}."
                )
            snapshot: dict[str, Any] = {}
            for seat in row.seats:
                if seat.user_id is None or seat.kind != "human":
                    continue
                name = self._lineups(seat.user_id)[str(row.id)]["character"]
                ch = self.characters(seat.user_id)[name]
                if self.running_game(seat.user_id, name) is not None:
                    raise GameError(f"{ch.name} is already in a running game.")
                if ch.retired:
                    raise GameError(f"{ch.name} has retired; {seat.name} picks another.")
                snapshot[str(seat.id)] = ch.model_dump(mode="json")
            for seat in row.seats:
                if seat.user_id is not None and str(seat.id) in snapshot:
                    playing = dict(self.store.get_user(seat.user_id, PLAYING, {}))
                    playing[snapshot[str(seat.id)]["name"]] = row.id
                    self.store.set_user(seat.user_id, PLAYING, playing, self.clock())
                    # The pick has served: the game holds the snapshot from here on.
                    lineups = self._lineups(seat.user_id)
                    lineups.pop(str(row.id), None)
                    self.store.set_user(seat.user_id, LINEUP, lineups, self.clock())
            return {**row.options, "characters": snapshot}

    def game_over(self, row: GameRow, state: object, *, save: bool = True) -> list[str]:
        """Write back a finished Arcadia game's characters (nothing for other games); with
        ``save=False`` only the lines saying what each would earn, so they can go on the final
        board in the same transaction as the last move, before the write-back."""
        if row.game != GAME or not row.options.get("characters"):
            return []
        engine = ArcadiaEngine()
        if not isinstance(state, ArcadiaState):
            return []
        return self.write_back(row, engine.chronicle_results(state), save=save)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """The book's lock, then one store transaction that the store calls inside join: a
        game's last move and its write-back are stored together or not at all. The lock
        comes first, as in every other change of the book, so the two never wait on each
        other in opposite orders."""
        with _BOOK_LOCK, self.store.atomic():
            yield

    def write_back(
        self, row: GameRow, results: dict[int, GameResult], *, save: bool = True
    ) -> list[str]:
        """Award each seated character its result, once; lines saying what each earned."""
        characters: dict[str, Any] = row.options.get("characters", {})
        lines = []
        with _BOOK_LOCK:
            for seat in row.seats:
                taken = characters.get(str(seat.id))
                if seat.user_id is None or taken is None or seat.id not in results:
                    continue
                playing = dict(self.store.get_user(seat.user_id, PLAYING, {}))
                if playing.get(taken["name"]) != row.id:
                    continue  # already written back, or the character sat elsewhere since
                ch = self.characters(seat.user_id).get(taken["name"])
                if ch is not None:
                    ch = award(ch, results[seat.id])
                    if save:
                        self._save(seat.user_id, ch)
                    lines.append(
                        f"{ch.name} earns {results[seat.id].xp} XP "
                        f"({ch.xp_unspent} unspent, {ch.xp_earned_total} earned in all)."
                    )
                if save:
                    del playing[taken["name"]]
                    self.store.set_user(seat.user_id, PLAYING, playing, self.clock())
        return lines
