"""What a game keeps in a person's own record between games (issue 31, "One per-user record
layer"; Arcadia §13.1 chronicle characters are the first).

The table layer runs these records without knowing the game. A game that keeps them gives
its registry entry a ``PersonalRecords`` (``GameEntry.records``):

- under each person the store keeps one record, ``key``: the person's items by name (JSON
  documents the game alone reads);
- at the lobby each player picks one item for the table; ``refusal`` says why an item may
  not sit, ``label`` how the line-up shows it, and ``stamp`` what an acceptance of the
  line-up binds to (an item that changes asks everyone again);
- when the game starts, the table option ``option`` holds a copy of each seat's item
  (``{"0": {...}}``), so a game never touches the stored record while it runs;
- when it ends, ``results`` says what the game gave each seat and ``award`` writes that into
  the item, once, in the transaction of the game's last move.

A game whose items are characters a person builds and grows between games gives a
``CharacterRules`` (``/character`` and the terminal): a ``Builder`` for a new character, what
XP can buy, retiring one, its sheet. Items travel as plain JSON documents, so ``bot/`` needs
no game's models.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engines.core.protocol import SeatId

Item = dict[str, Any]


@runtime_checkable
class PersonalRecords(Protocol):
    """The start and the end of a game, as far as a person's own record goes."""

    game: str  # the registry name of the game that keeps the record
    noun: str  # what a player calls one item ("character")
    option: str  # the table option that carries each seat's copy

    @property
    def key(self) -> str:
        """The user record holding a person's items by name."""
        ...

    def refusal(self, item: Item) -> str | None:
        """Why ``item`` may not sit at a table now (a retired character), or None."""
        ...

    def label(self, item: Item) -> str:
        """The item as the lobby's line-up shows it."""
        ...

    def stamp(self, item: Item) -> str:
        """What an acceptance of the line-up binds to: a change here asks everyone again."""
        ...

    def results(self, state: Any) -> Mapping[SeatId, Any]:
        """What the finished game gave each seat's item (the game's own result records)."""
        ...

    def award(self, item: Item, result: Any) -> tuple[Item, str]:
        """``item`` after the game, and the line that says what it earned."""
        ...


@dataclass(frozen=True)
class Option:
    """One entry of a builder's menu."""

    label: str
    value: str
    description: str = ""
    chosen: bool = False


@dataclass(frozen=True)
class Menu:
    """A builder menu: ``part`` names it in ``Builder.choose``; ``many`` lets a player pick
    any number of its options (none included), else exactly one."""

    part: str
    placeholder: str
    options: tuple[Option, ...]
    many: bool = False


@dataclass(frozen=True)
class Button:
    """A builder button other than Create (a court to choose on a tie)."""

    part: str
    label: str
    chosen: bool = False


class Builder(Protocol):
    """A character being built, as its owner's stored draft (``record``) says it stands."""

    name: str
    serial: int  # which build of its owner this is; a replaced one's menus are refused

    def summary(self) -> str:
        """The build in words: what is chosen, the budget, what still blocks it."""
        ...

    def menus(self) -> list[Menu]: ...

    def buttons(self) -> list[Button]: ...

    def choose(self, part: str, values: list[str]) -> None:
        """One menu's or button's choice; a part or value the build does not know is
        ignored (a forged or outdated component changes nothing)."""
        ...

    def problems(self) -> list[str]:
        """What keeps the build from being created, as sentences; empty when ready."""
        ...

    def record(self) -> Item:
        """The draft as the store keeps it between two choices."""
        ...


@runtime_checkable
class CharacterRules(PersonalRecords, Protocol):
    """Characters a person builds, grows and retires between games."""

    def builder(self, draft: Mapping[str, Any]) -> Builder:
        """The build a stored draft holds (``{"serial", "name", "background", ...}``)."""
        ...

    def create(self, build: Builder) -> Item:
        """The new character, or ``GameError`` with every problem as sentences."""
        ...

    def line(self, item: Item) -> str:
        """The character in one line: what it is, its XP, fame and quests."""
        ...

    def sheet(self, item: Item) -> bytes:
        """The character sheet as a PNG."""
        ...

    def sheet_text(self, item: Item) -> str:
        """The sheet in words (its alt text)."""
        ...

    def spend_options(self, item: Item) -> list[tuple[str, str]]:
        """(value, label) of everything the unspent XP buys now."""
        ...

    def spend(self, item: Item, value: str) -> Item:
        """The character after buying ``value`` (one of ``spend_options``), or
        ``GameError``."""
        ...

    def retire(self, item: Item) -> Item: ...
