"""The Awoken game state (wildlands.md §10).

It extends the Wildlands state: characters of both players share side 0 and minions and
Ancients stand on side 1, so the base attack, rally and area rules apply unchanged. On top
come the scenario sheets (event tracks, minion and Ancient decks), the Awoken map deck,
object counters, treasures, carried crystals, the players' collective turn and the
Ancients' turn as a *program*: a list of steps run one by one, stopping wherever the
rulebook hands a choice to the players (``choice``, or the base ``pending``).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.core.trusted import replaced
from engines.wildlands.awoken.codes import MonsterAction, ScenarioEffectCode
from engines.wildlands.awoken.options import AwokenOptions
from engines.wildlands.cards import faction
from engines.wildlands.state import Figure, State

PLAYERS_SIDE = 0
MONSTER_SIDE = 1


class _Step(BaseModel):
    model_config = ConfigDict(frozen=True)


class DrawMinion(_Step):
    """Draw and resolve a minion card of ``scenario`` (§10.4)."""

    step: Literal["minion"] = "minion"
    scenario: int


class DrawAncient(_Step):
    """Draw and resolve an Ancient card; ``normal`` is the turn-sequence draw that
    Illusory skips (§10.4, §10.9)."""

    step: Literal["ancient"] = "ancient"
    scenario: int
    normal: bool = False


class Window(_Step):
    """The interrupt window after a card is revealed (§10.10): ``seat`` is asked next;
    each player answers in turn, after seeing the previous player's interrupting turn."""

    step: Literal["window"] = "window"
    seat: int = 0


class Activate(_Step):
    """Every minion of ``mtype`` takes ``actions``, lowest space first (§10.5)."""

    step: Literal["activate"] = "activate"
    scenario: int
    mtype: str
    actions: tuple[MonsterAction, ...]


class Order(_Step):
    """Several minions of one type share a space: the decider picks who acts next."""

    step: Literal["order"] = "order"
    scenario: int
    group: tuple[str, ...]
    actions: tuple[MonsterAction, ...]


class Act(_Step):
    """One monster resolves ``actions`` left to right (§10.6)."""

    step: Literal["act"] = "act"
    scenario: int
    figure: str
    actions: tuple[MonsterAction, ...]


class ScenarioEffect(_Step):
    """A minion card's or a track step's effect: adv, S:x, A, K or P (§10.7)."""

    step: Literal["effect"] = "effect"
    scenario: int
    effect: ScenarioEffectCode


class Discard(_Step):
    """Put a resolved minion or Ancient card on its discard pile."""

    step: Literal["discard"] = "discard"
    scenario: int
    deck: Literal["minion", "ancient"]
    card: str


class EndAncients(_Step):
    """The Ancients' turn is over: the players' turn begins."""

    step: Literal["end"] = "end"


ProgramStep = Annotated[
    DrawMinion
    | DrawAncient
    | Window
    | Activate
    | Order
    | Act
    | ScenarioEffect
    | Discard
    | EndAncients,
    Field(discriminator="step"),
]


class ObjectCounter(BaseModel):
    """An object counter on the board (§10.8); ``holder`` is the ensnared character of a
    revealed stasis trap. Frozen, so clones share it (``AwokenState.update_object``)."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: Literal["crystal", "treasure", "explosive", "pit", "stasis", "blank"]
    space: int | None
    face_up: bool = False
    holder: str | None = None


class Choice(BaseModel):
    """A "you choose" of §10.11 or another player decision outside the card plays.

    ``target``: which character in ``space`` the monster attacks with ``action``.
    ``order``: which minion of ``options`` acts next. ``crystal``: who takes the crystals of
    a knocked-out carrier. ``holder``: who gets an easy-variant treasure. ``peek``: keep or
    swap the two minion cards a Seeing Stone looked at.
    """

    model_config = ConfigDict(frozen=True)

    kind: Literal["target", "order", "crystal", "holder", "peek"]
    seat: int
    options: tuple[str, ...]
    prompt: str
    scenario: int = 0
    monster: str | None = None
    action: str | None = None
    space: int | None = None
    actions: tuple[MonsterAction, ...] = ()
    amount: int = 0
    treasure: str | None = None


@cache
def _character_ids_of(faction_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The characters of these factions, in id order (the order setup puts them in)."""
    return tuple(
        sorted(
            faction(f).character_id(c.number) for f in faction_ids for c in faction(f).characters
        )
    )


class AwokenState(State):
    """Everything about one Awoken game; JSON round-trips exactly."""

    options: AwokenOptions
    side_letter: Literal["A", "B"] = "B"
    scenarios: list[int] = Field(default_factory=list)
    tracks: dict[int, int] = Field(default_factory=dict)
    # Scenario -> its card ids, last drawn first. Tuples, so a state copy shares them (the
    # decks change a few times a round, a state is copied at every decision): a rule that
    # draws or discards puts a new tuple in place.
    minion_decks: dict[int, tuple[str, ...]] = Field(default_factory=dict)
    minion_discards: dict[int, tuple[str, ...]] = Field(default_factory=dict)
    ancient_decks: dict[int, tuple[str, ...]] = Field(default_factory=dict)
    ancient_discards: dict[int, tuple[str, ...]] = Field(default_factory=dict)
    map_deck: list[int] = Field(default_factory=list)
    map_discard: list[int] = Field(default_factory=list)
    objects: list[ObjectCounter] = Field(default_factory=list)
    treasure_deck: list[str] = Field(default_factory=list)
    treasure_discard: list[str] = Field(default_factory=list)
    # Figure id -> treasure card ids next to that character.
    treasures: dict[str, list[str]] = Field(default_factory=dict)
    # Figure id -> crystals on that character card.
    crystals: dict[str, int] = Field(default_factory=dict)
    ancients_turn: bool = False
    round: int = 1
    done: list[int] = Field(default_factory=list)
    program: list[ProgramStep] = Field(default_factory=list)
    choice: Choice | None = None
    # The card on view while it resolves, for pictures and logs.
    revealed_card: str | None = None
    # Main turn in which the Phantasm last took damage (Ethereal Form) and in which each
    # once-per-turn treasure was used.
    ethereal_turn: int = -1
    used_this_turn: list[str] = Field(default_factory=list)
    loss_reason: str = ""

    def asked(self) -> frozenset[int]:
        """Who decides now: a pending step's or a choice's seat, the interrupter, else
        every player who has not declared the collective turn done (§10.3)."""
        if self.phase == "over":
            return frozenset()
        if self.pending is not None:
            return frozenset(self.pending.seats)
        if self.choice is not None:
            return frozenset({self.choice.seat})
        if self.interrupter is not None:
            return frozenset({self.interrupter})
        if self.ancients_turn or self.program or self.queue:
            return frozenset()
        return frozenset(p.seat for p in self.seats if p.seat not in self.done)

    def owner_of_scenario(self, scenario: int) -> int:
        """The coop_decider for a scenario's cards and keywords (§10.11)."""
        return self.scenarios.index(scenario) if scenario in self.scenarios else 0

    def ancient_id(self, scenario: int) -> str:
        return f"ancient.{scenario}"

    def ancient_on_board(self, scenario: int) -> bool:
        return self.figures[self.ancient_id(scenario)].space is not None

    def find_character_ids(self) -> tuple[str, ...]:
        """Every character of the players' factions stands on the board from setup on
        (§10.1) and every other figure is a monster: the ids are read off the factions,
        not looked for among the thirty-odd figures of every new state (issue 33)."""
        return _character_ids_of(tuple(p.faction for p in self.seats))

    def characters(self) -> list[Figure]:
        """Characters on the board, in id order."""
        figures = self.figures
        return [f for f in map(figures.__getitem__, self.character_ids()) if f.space is not None]

    def update_object(self, object_id: str, **changes: Any) -> ObjectCounter:
        """Put a copy of the counter with ``changes`` in its place; returns the new one."""
        i = next(i for i, o in enumerate(self.objects) if o.id == object_id)
        o = self.objects[i] = replaced(self.objects[i], **changes)
        return o

    def ensnared(self, figure_id: str) -> bool:
        return any(o.holder == figure_id for o in self.objects)
