"""Arcadia content records and their loader (reference §15.1 schemas, §15.2 counts).

Every record says where it came from (``source``) and which of its fields are our own
(``stand_in_fields``). Effects use the closed set of ops of §15.1; the engine implements the
ops the shipped content uses and the loader refuses any other.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from typing import Any, Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engines.core.content import Record, load_records

Attribute = Literal["Might", "Savvy", "Resolve"]
TestType = Literal["Might", "Savvy", "Resolve", "Combat"]
Terrain = Literal[
    "Bridge",
    "Castle",
    "Caves",
    "Ruins",
    "Road",
    "Town",
    "Fields",
    "Forest",
    "Hills",
    "Lake",
    "Border",
    "Marsh",
    "Mountains",
    "Ocean",
    "River",
]
TERRAINS: tuple[str, ...] = get_args(Terrain)
Court = Literal["Seelie", "Unseelie"]
Side = Literal["N", "E", "S", "W"]

# The ops of §15.1 the engine carries out; content using any other op is refused at load.
IMPLEMENTED_OPS = frozenset(
    {
        "add_score",
        "add_attribute",
        "reroll",
        "force_reroll",
        "change_test",
        "substitute_attribute",
        "extra_move",
        "skip_league",
        "ignore_trial",
        "auto_pass_trial",
        "move_character",
        "return_to_base",
        "waylay_budget_mod",
        "waylay_bonus",
        "recover_merits",
        "exhaust_merit",
        "lose_day",
        "roll_table",
        "custom",
    }
)


class When(BaseModel):
    """When an effect applies: test types (``Trial`` for trials), the waylay kind it is
    against, whether the tested side is winning or losing at the time, a court."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    tests: tuple[str, ...] = ()
    against: Literal["creature", "object", "circumstance"] | None = None
    state: Literal["winning", "losing"] | None = None
    court: Court | None = None
    tag: str | None = None


class Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    trigger: Literal["static", "exhaust", "opponent_exhaust", "on_event"]
    op: str
    when: When = When()
    params: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known_op(self) -> Effect:
        if self.op not in IMPLEMENTED_OPS:
            raise ValueError(f"effect op {self.op!r} is not one the engine carries out")
        return self


class Card(Record):
    id: str
    name: str
    url: str | None = None
    stand_in_fields: tuple[str, ...] = ()
    text: str = ""


class Grant(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    points: int
    merit_types: tuple[str, ...] = ()
    subtype: str | None = None


class Special(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    effects: tuple[Effect, ...] = ()


class Icon(Card):
    race: str
    gender: Literal["male", "female"]
    might: int = Field(ge=1, le=3)
    savvy: int = Field(ge=1, le=3)
    resolve: int = Field(ge=1, le=3)
    court_lock: Court | None = None
    special: Special
    build_grants: tuple[Grant, ...] = ()
    tags: tuple[str, ...] = ()

    def attribute(self, name: str) -> int:
        return {"Might": self.might, "Savvy": self.savvy, "Resolve": self.resolve}[name]


class Merit(Card):
    type: Literal["Ability", "Advantage", "Ally", "Art", "Treasure"]
    cost: int = Field(ge=1, le=5)
    attribute: Attribute | None = None
    court: Court | None = None
    subtype: str | None = None
    combat: int | None = None
    effects: tuple[Effect, ...] = ()
    tags: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _ability_fields(self) -> Merit:
        if self.type == "Ability" and (self.attribute is None or self.court is None):
            raise ValueError("an Ability needs an attribute and a court")
        if self.combat is not None and self.type != "Ally":
            raise ValueError("only Allies have a Combat value")
        return self


class Flaw(Card):
    type: Literal["Curse", "Enemy", "Weakness"]
    bonus: int = Field(ge=1, le=3)
    attribute: Attribute | None = None
    court: Court | None = None
    effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _weakness_fields(self) -> Flaw:
        if self.type == "Weakness" and (self.attribute is None or self.court is None):
            raise ValueError("a Weakness needs an attribute and a court")
        return self


class Trial(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    attribute: Attribute
    difficulty: int = Field(ge=4, le=7)
    key: str = "any"
    on_fail: tuple[Effect, ...] = ()
    auto_pass_races: tuple[str, ...] = ()


class RestOption(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    types: tuple[str, ...] = ("any",)
    except_types: tuple[str, ...] = ()
    count: int = Field(ge=1, le=3)
    requires_court: Court | None = None
    requires_tag: str | None = None
    requires_defeat_here: bool = False


class Rest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    options: tuple[RestOption, ...] = ()
    gate_trial: Trial | None = None
    # Flaws of the resting character its opponent may recover after the rest (§10).
    flaw_recovery: int = Field(default=0, ge=0, le=3)
    blocked_after_failed_trial: bool = False


class League(Card):
    title_source: Literal["seed", "public", "stand-in"]
    unique: bool = False
    terrains: tuple[Terrain, ...]
    sides: dict[Side, tuple[Terrain, ...]] | None = None
    enter_trials: tuple[Trial, ...] = ()
    leave_trials: tuple[Trial, ...] = ()
    rest: Rest = Rest()
    specials: tuple[Special, ...] = ()
    effects: tuple[Effect, ...] = ()
    cell: str | None = None


class Waylay(Card):
    rating: int = Field(ge=1, le=5)
    kind: Literal["creature", "object", "circumstance"]
    terrains: tuple[str, ...]
    tests: tuple[TestType, ...]
    attributes: dict[str, int]
    wins_required: int = 1
    stackable: bool = False
    no_retreat_after_loss: bool = False
    effects: tuple[Effect, ...] = ()
    tags: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _tests_listed(self) -> Waylay:
        if not set(self.attributes) <= set(get_args(TestType)):
            raise ValueError("attributes are Might, Savvy, Resolve or Combat")
        if not set(self.tests) <= set(self.attributes):
            raise ValueError("every printed test needs a value in attributes")
        if not set(self.terrains) <= {*TERRAINS, "ANY"}:
            raise ValueError("unknown terrain")
        return self


class Npc(Card):
    attributes: dict[str, int]
    tests: tuple[TestType, ...]
    wins_required: int = 1
    kind: Literal["creature", "object", "circumstance"] = "creature"


class GoalStep(BaseModel):
    """One step of a victory goal (§12 goal types)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: Literal["reach", "trial", "defeat_npc", "defeat_waylays", "visit", "collect", "deliver"]
    league: str | None = None
    attribute: Attribute | None = None
    difficulty: int | None = None
    npc: str | None = None
    count: int = 1
    count_roll: Literal["half_d6"] | None = None
    test: TestType | None = None
    terrain: Terrain | None = None
    distinct_leagues: bool = False
    item: str | None = None


class Designation(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    key: str
    default_name: str | None = None


class QuestItem(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    key: str
    count: int
    chosen_by: Literal["quester", "opponent"]
    placed_by: Literal["opponent"] = "opponent"
    pool: Literal["Treasure", "Ally"]


class Quest(Card):
    number: int
    waylay_rating: int
    treasure_rating: int
    xp: int = 1
    summary: str
    designations: tuple[Designation, ...] = ()
    items: tuple[QuestItem, ...] = ()
    waylay_gate: int = 0
    # Alternative sequences (any_of); a plain seq is a single branch.
    branches: tuple[tuple[GoalStep, ...], ...]


class Content(BaseModel):
    model_config = ConfigDict(frozen=True)
    icons: dict[str, Icon]
    merits: dict[str, Merit]
    flaws: dict[str, Flaw]
    leagues: dict[str, League]
    waylays: dict[str, Waylay]
    npcs: dict[str, Npc]
    quests: dict[str, Quest]


R = TypeVar("R")
T = TypeVar("T")


def per_record(derive: Callable[[R], T]) -> Callable[[R], T]:
    """``derive`` of a content record, worked out once per record object. Keyed by the
    object itself (it is kept alive with its answer, so its id is never reused): a record
    replaced under the same id, as tests do, is worked out afresh."""
    kept: dict[int, tuple[R, T]] = {}

    @wraps(derive)
    def derived(record: R) -> T:
        hit = kept.get(id(record))
        if hit is None or hit[0] is not record:
            hit = kept[id(record)] = (record, derive(record))
        return hit[1]

    return derived


def _by_id(records: tuple[Any, ...]) -> dict[str, Any]:
    return {r.id: r for r in records}


@cache
def content() -> Content:
    """Every shipped Arcadia record, validated once per process."""
    return Content(
        icons=_by_id(load_records("arcadia/icons.toml", "icon", Icon)),
        merits=_by_id(load_records("arcadia/merits.toml", "merit", Merit)),
        flaws=_by_id(load_records("arcadia/flaws.toml", "flaw", Flaw)),
        leagues=_by_id(load_records("arcadia/leagues.toml", "league", League)),
        waylays=_by_id(load_records("arcadia/waylays.toml", "waylay", Waylay)),
        npcs=_by_id(load_records("arcadia/quests.toml", "npc", Npc)),
        quests=_by_id(load_records("arcadia/quests.toml", "quest", Quest)),
    )
