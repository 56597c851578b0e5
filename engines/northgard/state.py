"""The game state (northgard.md §1-§4): map, pieces on it, players, piles, the year, and
the work still to do as a stack of tasks with at most one pending decision.

Placed tiles, creature miniatures, tasks, the pending decision, the buildings of a
territory and the piles of cards and tiles (tuples) are immutable: a copy of the state shares
them (``copied``), so rules code replaces one of them rather than changing it, and never
changes the ``data`` of a task or decision in place (issue 33). The players are shared too
until one copy changes one: the rules read ``s.players[seat]`` and change a player only
through ``State.player_to_change``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from engines.core.clone import clone
from engines.core.owned import Owned
from engines.core.trusted import SET_DICT, SET_EXTRA, SET_FIELDS_SET, SET_PRIVATE
from engines.northgard.options import NorthgardOptions

if TYPE_CHECKING:
    from engines.northgard.geometry import Map


class Placed(BaseModel):
    """A tile on the grid; its index in ``State.tiles`` is its placement order."""

    model_config = ConfigDict(frozen=True)
    tile: str
    x: int
    y: int
    rot: int = 0


class Player(BaseModel):
    name: str
    clan: str = ""
    food: int = 0
    wood: int = 0
    lore: int = 0
    fame: int = 0
    reserve: int = 14
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()  # index 0 is the top
    discard: tuple[str, ...] = ()
    active: tuple[str, ...] = ()
    upgrades: tuple[str, ...] = ()  # clan upgrade cards not yet bought
    achievements: tuple[str, ...] = ()
    passed: bool = False
    slain: int = 0  # creatures defeated this game (achievement AC5)
    recruited_this_year: bool = False
    scorched_used: bool = False

    def resources(self) -> int:
        return self.food + self.wood + self.lore


class Beast(BaseModel):
    """A creature miniature on the map (its card is in the line); moving it puts a new
    miniature in its place."""

    model_config = ConfigDict(frozen=True)
    card: str  # instance id, e.g. "CR2.1"
    at: str  # territory id


class Task(BaseModel):
    """A piece of rules work still to do; ``data`` holds JSON values only, read but never
    changed by the handler that runs it."""

    model_config = ConfigDict(frozen=True)
    kind: str
    seat: int = -1
    data: dict[str, Any] = Field(default_factory=dict)


class Pending(BaseModel):
    """A decision the game waits for: each seat in ``seats`` picks one of ``options``
    (codes) for the task ``kind``; ``answers`` holds simultaneous choices already made (an
    answer replaces the decision with one that holds it)."""

    model_config = ConfigDict(frozen=True)
    kind: str
    seats: tuple[int, ...]
    options: tuple[str, ...]
    labels: tuple[str, ...]
    data: dict[str, Any] = Field(default_factory=dict)
    answers: dict[str, str] = Field(default_factory=dict)


class State(BaseModel):
    options: NorthgardOptions
    rng: int
    players: list[Player]
    first: int = 0
    year: int = 1
    phase: str = "setup"
    tiles: list[Placed] = []
    units: dict[str, dict[str, int]] = {}  # territory -> seat (str) -> count
    buildings: dict[str, tuple[str, ...]] = {}  # territory -> building ids
    beasts: list[Beast] = []
    line: tuple[str, ...] = ()  # creature line, card instance ids
    creature_pile: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()  # Spectral Warriors waiting for the Graveyard, the Wyvern
    out_of_game: tuple[str, ...] = ()
    map_pile: tuple[str, ...] = ()
    dev_deck: tuple[str, ...] = ()
    market: tuple[str, ...] = ()
    achievements_aside: tuple[str, ...] = ()
    unrest_pile: tuple[str, ...] = ()  # the face-up Unrest pile
    building_supply: dict[str, int] = {}
    kaija: str = ""  # territory of the Bear clan's Kaija token, "" when off the map
    scorched: str = ""  # territory holding the Scorched Earth token this year
    moved: dict[str, int] = {}  # units that moved with the card being resolved, by territory
    tasks: list[Task] = []  # a stack: the last task runs next
    pending: Pending | None = None
    # Test injection (§0 "tests may inject die faces"): face indices used before the generator.
    dice_script: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    over: bool = False
    final_scores: tuple[int, ...] = ()
    # The map derived from ``tiles`` (board.gmap): the tiles list it was built from, that
    # list's length then, and the map. Tiles are only ever appended, so the two tell whether
    # it still holds; the engine's copy hands it on (``copied``).
    _map: tuple[list[Placed], int, Map] | None = PrivateAttr(default=None)
    # The seats whose player this state copied for itself (``player_to_change``); it may
    # share the others with the state it was copied from, or copies of it.
    _owned: Owned = PrivateAttr(default_factory=Owned)

    def n(self) -> int:
        return len(self.players)

    def player_to_change(self, seat: int) -> Player:
        """The player at ``seat``, to change: copies of a state share their players
        (``copied``) until one of them changes one, which it copies for itself first."""
        owned: Owned = self.__pydantic_private__["_owned"]  # type: ignore[index]
        if seat in owned:
            return self.players[seat]
        owned.add(seat)
        p = self.players[seat] = clone(self.players[seat])
        return p


def copied(s: State) -> State:
    """A copy of ``s`` for ``apply`` to change (issue 33): every part copied as
    ``engines.core.clone`` copies it, except the players, shared until changed
    (``State.player_to_change``): a move changes one of them, often none. The copy keeps the
    map ``s`` holds: their tiles are equal."""
    d = s.__dict__
    n = d.copy()
    # One statement a field (_FLAT's), as a loop over the names cost more than the copies.
    n["players"] = d["players"].copy()
    n["tiles"] = d["tiles"].copy()
    n["buildings"] = d["buildings"].copy()
    n["beasts"] = d["beasts"].copy()
    n["building_supply"] = d["building_supply"].copy()
    n["moved"] = d["moved"].copy()
    n["tasks"] = d["tasks"].copy()
    n["units"] = {terr: here.copy() for terr, here in d["units"].items()}
    new: State = object.__new__(State)
    SET_DICT(new, n)
    SET_FIELDS_SET(new, s.__pydantic_fields_set__.copy())
    SET_EXTRA(new, None)
    private = s.__pydantic_private__
    assert private is not None
    # From now on ``s`` shares every player it copied with the copy, so it owns none: were
    # it changed after all, it would copy the player first as well.
    private["_owned"].clear()
    held = private["_map"]
    if held is not None:
        # The map of the first held[1] tiles of s's list, which the copy's list holds too;
        # a map of another list (one s was given) is no use to it.
        held = (n["tiles"], held[1], held[2]) if held[0] is d["tiles"] else None
    SET_PRIVATE(new, {"_map": held, "_owned": Owned()})
    return new


# How ``copied`` copies the fields (tests/northgard/test_copy.py checks that it names each
# one): lists and dicts of immutable values copied flat, and the players' list (its players
# shared until changed), the units by territory; plain values, tuples and frozen parts shared.
_FLAT = ("players", "tiles", "buildings", "beasts", "building_supply", "moved", "tasks")
_SHARED = (
    *("options", "rng", "first", "year", "phase", "kaija", "scorched", "pending", "over"),
    *("line", "creature_pile", "set_aside", "out_of_game", "map_pile", "dev_deck", "market"),
    *("achievements_aside", "unrest_pile", "dice_script", "winners", "final_scores"),
)
