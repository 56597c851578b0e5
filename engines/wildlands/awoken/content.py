"""The Awoken content as data (wildlands.md §1 Awoken counts, §14.3-§14.6).

Scenario sheets with their minion counters, the 36 minion cards, the 26 Ancient cards and
the 16 treasure cards live in ``assets/wildlands/awoken/*.toml``. The loaders check the
seed's counts (36 minion cards split 10/8/6/6/6, 55 counters split 10/15/10/10/10, 26 Ancient
cards split 5/5/5/6/5, 16 treasures, no sheet asking for more objects than the 25-counter
pool holds) so a transcription of the real cards cannot silently drift.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field, field_validator, model_validator

from engines.core.content import Record, load_records
from engines.core.errors import CorruptRecord
from engines.wildlands.awoken.codes import (
    HAUNT_STEP,
    MonsterAction,
    NoEffect,
    ScenarioEffectCode,
    SummonAncient,
)

SCENARIOS_FILE = "wildlands/awoken/scenarios.toml"
MINION_CARDS_FILE = "wildlands/awoken/minion_cards.toml"
ANCIENT_CARDS_FILE = "wildlands/awoken/ancient_cards.toml"
TREASURES_FILE = "wildlands/awoken/treasures.toml"
DIFFICULTY_FILE = "wildlands/awoken/difficulty.toml"

TRACK_STEPS = 9  # the steps after the start space; the tenth is the end (§14.3)
ObjectKind = Literal["crystal", "treasure", "explosive", "pit", "stasis", "blank"]
OBJECTS_FILE = "wildlands/awoken/objects.toml"
OBJECT_COUNTERS = 25
Reaction = Literal["none", "parry", "shield", "cover", "all"]
SpecialRule = Literal["illusory", "unpredictable", "awakening", "ethereal_form"]


def _printed(actions: tuple[MonsterAction, ...]) -> tuple[MonsterAction, ...]:
    """Haunt's single steps are the engine's own, never printed on a card."""
    if HAUNT_STEP in actions:
        raise ValueError("unknown monster action 'haunt_step'")
    return actions


class ObjectCounterKind(Record):
    """One kind of object counter and how many the box holds (seed: Components)."""

    kind: ObjectKind
    name: str
    count: int


@cache
def object_pool() -> dict[str, int]:
    """Object kind -> counters in the box; 25 in all."""
    pool = {
        o.kind: o.count for o in load_records(OBJECTS_FILE, "object_counter", ObjectCounterKind)
    }
    if sum(pool.values()) != OBJECT_COUNTERS:
        raise CorruptRecord(f"{OBJECTS_FILE} must hold {OBJECT_COUNTERS} object counters.")
    return pool


class MinionType(Record):
    """One minion type and the printed health of each of its counters."""

    id: str
    name: str
    healths: tuple[int, ...]


class Scenario(Record):
    """One double-sided scenario sheet (§14.3). Health 0 means never knocked out."""

    number: int
    ancient: str
    ancient_name: str
    minion_types: tuple[str, str]
    health_a: int
    health_b: int
    start_a: dict[str, int]
    start_b: dict[str, int]
    objects: dict[ObjectKind, int]
    special_rules: tuple[SpecialRule, ...]
    keyword: str
    keyword_name: str
    keyword_text: str
    track: tuple[ScenarioEffectCode, ...]

    @model_validator(mode="after")
    def _sane(self) -> Scenario:
        if len(self.track) != TRACK_STEPS:
            raise ValueError(f"scenario {self.number} needs {TRACK_STEPS} track steps")
        pool = object_pool()
        for kind, n in self.objects.items():
            if n > pool[kind]:
                raise ValueError(f"scenario {self.number} asks for {n} {kind} counters")
        if self.objects.get("stasis", 0) == 1:
            raise ValueError(f"scenario {self.number}: one stasis trap could never act")
        return self

    def health(self, side: str) -> int:
        return self.health_a if side == "A" else self.health_b

    def start(self, side: str) -> dict[str, int]:
        return self.start_a if side == "A" else self.start_b

    @property
    def knockable(self) -> bool:
        """The Automaton is never knocked out (§10.2)."""
        return self.health_a > 0


class MinionCard(Record):
    """A minion card: two activations, a scenario effect and a reaction (§14.4)."""

    id: str
    scenario: int
    top: str
    top_actions: tuple[MonsterAction, ...]
    bottom: str
    bottom_actions: tuple[MonsterAction, ...]
    effect: ScenarioEffectCode
    reaction: Reaction

    _actions = field_validator("top_actions", "bottom_actions")(_printed)

    @field_validator("effect")
    @classmethod
    def _effect(cls, value: ScenarioEffectCode) -> ScenarioEffectCode:
        if isinstance(value, SummonAncient | NoEffect):
            raise ValueError(f"a minion card cannot have the scenario effect {value.code!r}")
        return value


class AncientCard(Record):
    """An Ancient card: actions top to bottom, left to right, and a reaction (§14.5)."""

    id: str
    scenario: int
    actions: tuple[MonsterAction, ...]
    reaction: Reaction

    _actions = field_validator("actions")(_printed)


class Treasure(Record):
    """A treasure card (§14.6): ``once`` (×1) or ``lasting`` (∞)."""

    id: str
    name: str
    use: Literal["once", "lasting"]
    text: str


class Difficulty(Record):
    """A difficulty level: changes to stand-in values at setup, never to a rule (§15)."""

    id: Literal["easy", "normal", "hard"]
    name: str
    start_minions: dict[int, int]
    minion_health: dict[int, int]  # per scenario number, like start_minions
    ancient_health: dict[int, int]
    # Per scenario number: added to the health of the characters of the player who owns
    # that scenario (never below 1).
    character_health: dict[int, int] = Field(default_factory=dict)
    treasures: int


MINION_DECK_SIZES = {1: 10, 2: 8, 3: 6, 4: 6, 5: 6}
COUNTERS_PER_PAIR = {1: 10, 2: 15, 3: 10, 4: 10, 5: 10}
ANCIENT_DECK_SIZES = {1: 5, 2: 5, 3: 5, 4: 6, 5: 5}
TREASURE_COUNT = 16


@cache
def scenarios() -> dict[int, Scenario]:
    out = {s.number: s for s in load_records(SCENARIOS_FILE, "scenario", Scenario)}
    if sorted(out) != [1, 2, 3, 4, 5]:
        raise CorruptRecord(f"{SCENARIOS_FILE} must hold scenarios 1 to 5.")
    types = minion_types()
    for s in out.values():
        if sum(len(types[t].healths) for t in s.minion_types) != COUNTERS_PER_PAIR[s.number]:
            raise CorruptRecord(f"Scenario {s.number} has the wrong number of minion counters.")
    return out


@cache
def minion_types() -> dict[str, MinionType]:
    return {t.id: t for t in load_records(SCENARIOS_FILE, "minion_type", MinionType)}


@cache
def minion_cards() -> dict[str, MinionCard]:
    out = {c.id: c for c in load_records(MINION_CARDS_FILE, "minion_card", MinionCard)}
    _check_split(out.values(), MINION_DECK_SIZES, MINION_CARDS_FILE)
    return out


@cache
def ancient_cards() -> dict[str, AncientCard]:
    out = {c.id: c for c in load_records(ANCIENT_CARDS_FILE, "ancient_card", AncientCard)}
    _check_split(out.values(), ANCIENT_DECK_SIZES, ANCIENT_CARDS_FILE)
    return out


@cache
def treasures() -> dict[str, Treasure]:
    out = {t.id: t for t in load_records(TREASURES_FILE, "treasure", Treasure)}
    if len(out) != TREASURE_COUNT:
        raise CorruptRecord(f"{TREASURES_FILE} must hold {TREASURE_COUNT} treasure cards.")
    return out


@cache
def difficulties() -> dict[str, Difficulty]:
    out = {d.id: d for d in load_records(DIFFICULTY_FILE, "difficulty", Difficulty)}
    if sorted(out) != ["easy", "hard", "normal"]:
        raise CorruptRecord(f"{DIFFICULTY_FILE} must hold easy, normal and hard.")
    return out


def _check_split(records: object, sizes: dict[int, int], where: str) -> None:
    counts: dict[int, int] = {}
    for r in records:  # type: ignore[attr-defined]
        counts[r.scenario] = counts.get(r.scenario, 0) + 1
    if counts != sizes:
        raise CorruptRecord(f"{where} has decks of {counts}, not {sizes}.")


def deck_ids(kind: Literal["minion", "ancient"], scenario: int) -> list[str]:
    table = minion_cards() if kind == "minion" else ancient_cards()
    return sorted(c.id for c in table.values() if c.scenario == scenario)
