"""The engine registry: game names to engines, renderers and AI policies.

``get(name)`` returns the engine, ``names()`` every registered game. Game packages are imported
on first use, so the bot starts fast and a broken game cannot stop the others from loading.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.core.ai import Policy, RandomPolicy
from engines.core.errors import UnknownGame
from engines.core.greedy import Gain, GreedyPolicy, public_score
from engines.core.hand_sheet import HandSheet, draw_sheet, sheet_text
from engines.core.levels import EASY, HARD, NORMAL, Slips
from engines.core.menus import MenuHints, QuickPrompt
from engines.core.protocol import Engine, Renderer, SeatId, View
from engines.core.records import CharacterRules, PersonalRecords


@dataclass(frozen=True)
class GameEntry:
    """One playable game: its engine, how to draw a view, and its AI policies by name.

    ``policies`` must hold an ``"ai"`` entry: the policy a table gets from ``/game addbot``;
    ``random`` and ``greedy`` are there for every game.
    ``extras`` draws further pictures posted with the board (a dice roll), as (filename, PNG).
    ``menus`` shapes long decisions into compact menus; ``quick_prompt`` tells when the
    decision is a short timed prompt (both in ``engines.core.menus``). ``hand`` reads the
    owner's view into a ``HandSheet``: the private picture and lines of ``draw_hand`` and
    ``hand_text`` (``engines.core.hand_sheet``). ``records`` is what the game keeps in a
    person's own record between games (``engines.core.records``: Arcadia's chronicle).
    ``opponent`` names, for a game the players play together against the game itself, that
    opponent as a rated participant: its rating key and name for the table's options (The
    Awoken's Ancients at the table's difficulty). ``gain`` is the game's notion of an
    immediate gain for the ``greedy`` baseline (``engines.core.greedy``; by default the
    seat's public score); a game may register its own ``greedy`` policy instead (ATT).
    ``easy_share`` is the share of an easy AI's decisions that are random slips
    (``engines.core.levels``). ``hard`` makes the hard AI (its own AI with more search,
    ``engines.core.ai.LookAhead``) for a game where it is measured stronger than the normal
    one (README "The AI seats against the obvious move"); None, the game has no hard level.
    ``must_ask(state, seat)`` says whether a seat's decision is put to its player even when
    it has only one answer: a timed or interrupt window, a reaction (a waylay, a defence),
    or any decision whose single answer, taken at once, would tell the table what the seat
    holds (a pass offered only to hide whether it holds a card). Every other single answer
    the table takes for the player and says so (``bot.tables.core``, issue 29). None, the
    default, asks every decision: Root takes its own single answers inside its engine.
    """

    engine: Engine[Any, Any]
    render: Renderer
    policies: dict[str, Callable[[], Policy]] = field(default_factory=dict)
    extras: Callable[[View], list[tuple[str, bytes]]] | None = None
    menus: MenuHints | None = None
    quick_prompt: Callable[[Any], QuickPrompt | None] | None = None
    hand: Callable[[View], HandSheet] | None = None
    records: PersonalRecords | None = None
    opponent: Callable[[Mapping[str, Any]], tuple[str, str]] | None = None
    gain: Gain | None = None
    easy_share: float = 0.35
    hard: Callable[[], Policy] | None = None
    must_ask: Callable[[Any, SeatId], bool] | None = None

    @property
    def levels(self) -> tuple[str, ...]:
        """The difficulties this game's AI plays at: easy and normal, and hard where the
        game has one."""
        return (EASY, NORMAL, HARD) if self.hard is not None else (EASY, NORMAL)

    def policy(self, name: str = "ai", difficulty: str = NORMAL) -> Policy:
        """The policy ``name`` at ``difficulty``; only the game's own AI has levels
        (``random`` and ``greedy`` are the baselines it is measured against)."""
        if difficulty not in self.levels:
            raise UnknownGame(
                f"The AI of {self.engine.title} plays at "
                + ", ".join(f"`{level}`" for level in self.levels[:-1])
                + f" or `{self.levels[-1]}`, not `{difficulty}`."
            )
        if name == "random":
            return RandomPolicy()
        if name == "greedy" and name not in self.policies:
            return GreedyPolicy(self.gain or public_score(self.engine))
        factory = self.policies.get(name)
        if factory is None:
            raise UnknownGame(f"{self.engine.title} has no AI called `{name}`.")
        if name == "ai" and difficulty == EASY:
            return Slips(factory(), self.easy_share)
        if name == "ai" and difficulty == HARD and self.hard is not None:
            return self.hard()
        return factory()


# Game name -> module exposing ``GAME: GameEntry``. Order is the order menus show.
_MODULES: dict[str, str] = {
    "att": "engines.att.game",
    "wildlands": "engines.wildlands.game",
    "awoken": "engines.wildlands.awoken.game",
    "wrath": "engines.wildlands.wrath.game",
    "war": "engines.wildlands.war.game",
    "arcadia": "engines.arcadia.game",
    "root": "engines.root.game",
    "northgard": "engines.northgard.game",
}
_extra: dict[str, GameEntry] = {}
_loaded: dict[str, GameEntry] = {}


def register(name: str, entry: GameEntry) -> None:
    """Add a game at run time (used by tests for their small fixture games)."""
    _extra[name] = entry


def unregister(name: str) -> None:
    _extra.pop(name, None)


def names() -> list[str]:
    return [*_MODULES, *_extra]


def is_extra(name: str) -> bool:
    """Whether ``name`` was added at run time (a test's fixture game), not shipped."""
    return name in _extra


def entry(name: str) -> GameEntry:
    if name in _extra:
        return _extra[name]
    if name not in _MODULES:
        known = ", ".join(names())
        raise UnknownGame(f"There is no game called `{name}`. Games: {known}.")
    if name not in _loaded:
        _loaded[name] = importlib.import_module(_MODULES[name]).GAME
    return _loaded[name]


def get(name: str) -> Engine[Any, Any]:
    return entry(name).engine


def records(game: str) -> PersonalRecords | None:
    """What ``game`` keeps in a person's own record, if anything."""
    return entry(game).records


def characters() -> CharacterRules:
    """The game whose players keep characters between games (``/character``)."""
    found = [e.records for e in map(entry, names()) if isinstance(e.records, CharacterRules)]
    if not found:
        raise UnknownGame("No game here keeps characters between games.")
    return found[0]


def draw(game: str, view: View) -> list[tuple[str, bytes]]:
    """Every picture posted for a view: the board, then the game's extras, as (file, PNG).

    A plain module-level function of plain data, so it can run in a worker process."""
    entry_ = entry(game)
    extras = entry_.extras(view) if entry_.extras else []
    return [("board.png", entry_.render(view)), *extras]


def draw_hand(game: str, view: View) -> list[tuple[str, bytes]]:
    """The owner's private picture: the hand drawn as cards with the seat's other secrets,
    or, for a game without a hand sheet, the board drawn for that viewer."""
    entry_ = entry(game)
    if entry_.hand is None:
        return [("board.png", entry_.render(view))]
    return [("hand.png", draw_sheet(entry_.hand(view)))]


def hand_text(game: str, view: View) -> str:
    """The few private lines sent with ``draw_hand`` (at most 1800 characters); a game
    without a hand sheet sends its view text as a code block, as before."""
    entry_ = entry(game)
    if entry_.hand is None:
        return f"```\n{view.text[:1800]}\n```"
    return sheet_text(entry_.hand(view))
