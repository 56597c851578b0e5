"""The game state (root.md §1, §3): board, hands, faction boards, turn and pending decisions.

Owners of buildings and tokens follow from their kind (sawmill, workshop, recruiter, wood and
keep are the Marquise's; roosts the Eyrie's), so a clearing stores kinds only. Every decision
a player owes is either the active player's turn step or a ``Pending`` entry addressed to
one seat (decisions=pending_queue).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, PrivateAttr

from engines.core.clone import clone
from engines.core.owned import Owned
from engines.core.trusted import SET_DICT, SET_EXTRA, SET_FIELDS_SET, SET_PRIVATE, replaced
from engines.root.options import RootOptions

Faction = Literal["marquise", "eyrie", "alliance", "vagabond"]
FACTIONS: tuple[Faction, ...] = ("marquise", "eyrie", "alliance", "vagabond")
FACTION_NAMES = {
    "marquise": "Marquise de Cat",
    "eyrie": "Eyrie Dynasties",
    "alliance": "Woodland Alliance",
    "vagabond": "Vagabond",
}
OWNER: dict[str, Faction] = {
    "sawmill": "marquise",
    "workshop": "marquise",
    "recruiter": "marquise",
    "wood": "marquise",
    "keep": "marquise",
    "roost": "eyrie",
    "base_fox": "alliance",
    "base_rabbit": "alliance",
    "base_mouse": "alliance",
    "sympathy": "alliance",
}
TOKENS = ("wood", "keep", "sympathy")
SUPPLY = {"marquise": 25, "eyrie": 20, "alliance": 10, "vagabond": 0}


class Clearing(BaseModel):
    id: int
    warriors: dict[str, int] = {}
    buildings: list[str] = []
    tokens: list[str] = []


class Player(BaseModel):
    seat: int
    faction: Faction
    name: str = ""  # the seat's player, as the table names them ("AI 1")
    vp: int = 0
    hand: list[str] = []
    water: int = 0
    items: list[str] = []
    persistent: list[str] = []
    dominance: str = ""
    used: list[str] = []  # persistent windows used this turn


class Eyrie(BaseModel):
    leader: str = ""
    spent_leaders: list[str] = []
    decree: dict[str, list[str]] = {"recruit": [], "move": [], "battle": [], "build": []}


class Alliance(BaseModel):
    supporters: list[str] = []  # private to the Alliance (L8.2.3)
    officers: int = 0


class Item(BaseModel):
    """A Vagabond item: exhausted (face down), damaged, and on its track (tea, coin, sack
    face up and undamaged since gained) or in the Satchel / Damaged box (L9.2.5)."""

    kind: str
    exhausted: bool = False
    damaged: bool = False
    track: bool = False


class Vagabond(BaseModel):
    character: str = ""
    where: str = ""  # a clearing id ("5") or a forest name
    items: list[Item] = []
    relations: dict[str, str] = {}  # faction -> hostile | indifferent | 1 | 2 | allied
    aids: dict[str, int] = {}  # aids this turn toward the next step, per faction
    quests: list[str] = []
    quest_deck: list[str] = []  # order hidden
    done_quests: list[str] = []
    coalition: str = ""  # the faction he is in a coalition with (L9.2.8)

    def set_item(self, i: int, **changes: bool) -> None:
        """Change item ``i``: copies of a state share the items (``copied``), so a changed
        one is replaced, never changed in place."""
        self.items[i] = replaced(self.items[i], **changes)


class Battle(BaseModel):
    clearing: int
    attacker: int
    defender: int
    stage: str = "ambush"
    ambush: str = ""
    rolled: list[int] = []
    att_extra: int = 0
    def_extra: int = 0
    att_ignore: bool = False
    def_ignore: bool = False
    brutal: bool = False
    despot_scored: bool = False
    v_removed: list[str] = []  # factions the Vagabond removed from (not the trigger warrior)
    ally: str = ""  # the Allied faction fighting with the Vagabond
    ally_hits: int = 0
    item_hits: int = 0
    # W.4.2: the battle ends an Advance; Decree battle marks its card done.
    origin: str = "action"


# The windows a seat is asked whenever it holds cards, whatever the cards (L4.3.1 the ambush
# and the counter-ambush, L6.2.3 Field Hospitals): asked only when a card fits, the pause
# would tell the table that the hand holds one (battle.py, removal.py open them).
HAND_WINDOWS = frozenset({"ambush", "counter", "hospital"})


class Pending(BaseModel):
    seat: int
    kind: str
    clearing: int = 0
    count: int = 0
    other: int = -1
    card: str = ""
    pieces: list[str] = []


class Turn(BaseModel):
    active: int = 0
    round: int = 1
    phase: Literal["setup", "birdsong", "daylight", "evening"] = "setup"
    step: str = ""
    actions_left: int = 0
    recruited: bool = False
    crafted: dict[str, int] = {}  # clearing -> crafting pieces used this turn
    march_left: int = 0
    decree_col: int = 0
    decree_done: list[str] = []
    decree_added: list[str] = []
    spreading: bool = False  # the Alliance have begun Spread Sympathy (no more Revolts)
    ops_left: int = 0
    advance: str = ""  # W.4.2 sub-step: "move", "battle" or ""
    advance_dst: int = 0
    resume: str = ""  # the step a start-of-phase card window (Command Warren, Cobbler) returns to
    activated: list[str] = []  # barren trails opened this turn, "a-b" with a < b
    casualties: dict[str, int] = {}  # enemy seat -> pieces removed by the active player
    settled: dict[str, int] = {}  # enemy seat -> seizure thresholds already settled


class State(BaseModel):
    options: RootOptions
    seats: list[int]
    order: list[int]  # turn order of seats
    players: list[Player]
    clearings: list[Clearing]
    deck: list[str] = []
    discard: list[str] = []
    box: list[str] = []  # destroyed by W.4.3 (hidden)
    available: list[str] = []  # discarded dominance cards (L3.3.3)
    ruin_items: dict[str, str] = {}
    supply_items: dict[str, int] = {}
    supply_water: int = 0
    eyrie: Eyrie | None = None
    alliance: Alliance | None = None
    vagabond: Vagabond | None = None
    keep: int = 0
    turn: Turn = Turn()
    battle: Battle | None = None
    pending: list[Pending] = []
    winners: list[int] = []
    ended: str = ""
    rng: int = 1
    # The clearings this state copied for itself (``edit``); the others it may share.
    _owned: Owned = PrivateAttr(default_factory=Owned)

    def player(self, faction: str) -> Player | None:
        for p in self.players:
            if p.faction == faction:
                return p
        return None

    def clearing(self, cid: int) -> Clearing:
        """Clearing ``cid`` to read; ``edit`` gives the one to change."""
        return self.clearings[cid - 1]

    def edit(self, cid: int) -> Clearing:
        """Clearing ``cid`` to change: copies of a state share their clearings (``copied``)
        until one of them changes one, which it copies for itself first."""
        owned: Owned = self.__pydantic_private__["_owned"]  # type: ignore[index]
        if cid in owned:
            return self.clearings[cid - 1]
        owned.add(cid)
        c = self.clearings[cid - 1] = clone(self.clearings[cid - 1])
        return c


def copied(s: State) -> State:
    """A copy of ``s`` for ``apply`` to change (issue 33): every part copied as
    ``engines.core.clone`` copies it, except the clearings, shared until changed
    (``State.edit``): a move changes one or two of the twelve; and the Vagabond's items,
    replaced when changed (``Vagabond.set_item``)."""
    d = s.__dict__
    n = d.copy()
    for name in _FLAT:
        n[name] = d[name].copy()
    for name in _PARTS:
        part = d[name]
        if part is not None:
            n[name] = clone(part)
    if d["vagabond"] is not None:
        n["vagabond"] = _vagabond(d["vagabond"])
    n["players"] = [clone(p) for p in d["players"]]
    n["pending"] = [clone(pd) for pd in d["pending"]]
    new: State = object.__new__(State)
    SET_DICT(new, n)
    SET_FIELDS_SET(new, s.__pydantic_fields_set__.copy())
    SET_EXTRA(new, None)
    SET_PRIVATE(new, {"_owned": Owned()})
    return new


# How ``copied`` copies the fields (tests/root/test_copy.py checks that it names each one):
# lists and dicts of plain values (and the clearings' list) copied flat, the parts that are
# models cloned, and the players and pending decisions, each; the plain values and the frozen
# options are shared.
_FLAT: tuple[str, ...] = ("seats", "order", "clearings", "deck", "discard", "box", "available")
_FLAT += ("winners", "ruin_items", "supply_items")
_PARTS = ("eyrie", "alliance", "turn", "battle")


def _vagabond(v: Vagabond) -> Vagabond:
    """A copy of the Vagabond's board sharing his items (``Vagabond.set_item``)."""
    d = v.__dict__
    n = d.copy()
    for name in _VAGABOND_FLAT:
        n[name] = d[name].copy()
    new: Vagabond = object.__new__(Vagabond)
    SET_DICT(new, n)
    SET_FIELDS_SET(new, v.__pydantic_fields_set__.copy())
    SET_EXTRA(new, None)
    SET_PRIVATE(new, None)
    return new


_VAGABOND_FLAT = ("items", "relations", "aids", "quests", "quest_deck", "done_quests")
