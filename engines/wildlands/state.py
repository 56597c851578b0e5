"""The game state of competitive Wildlands (wildlands.md §4, §5, §8).

Figures are any piece on the board. Characters belong to a seat; the same model carries the
minions and Ancients of the Ancients box later (``kind``, ``owner`` None, their own ``side``).
The resolution of an action is a queue of effects (hits, entries into a space, offers) that
``effects.settle`` works through; whenever the rules hand a choice to a player it stops at
the single ``pending`` step (§8, pending_model=single).

States are pydantic models so they serialize; engines copy them with the generic
``engines.core.clone``. Figures, shards, effects and pending steps are frozen, so copies share
them: a rule that changes a figure puts a changed copy in its place (``update_figure``), and
every ``apply`` copies a handful of lists instead of every piece on the board (issue 33).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_serializer

from engines.core.trusted import replaced
from engines.wildlands.cards import CHARACTERS_PER_FACTION
from engines.wildlands.options import AutoDefend, AutoPass, WildlandsOptions

T = TypeVar("T")

# The last three are damage sources of The Awoken (§7 below the defence table): explosive
# traps (shield only), pit traps (no defence) and Poisonous Fumes (cover only).
HitStyle = Literal[
    "melee",
    "heavy_melee",
    "ranged",
    "heavy_ranged",
    "area",
    "thin_ice",
    "explosive",
    "pit",
    "fumes",
]


class Figure(BaseModel):
    """A piece that can stand on the board, take damage and be knocked out. Frozen: a
    change is a new figure put in its place (``State.update_figure``)."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: Literal["character", "minion", "ancient"] = "character"
    name: str
    owner: int | None
    side: int
    faction: str
    health: int
    space: int | None = None
    damage: int = 0
    revealed: bool = False
    ko: bool = False
    # The start space, public once the figure is revealed (used to re-deal hidden cards).
    start: int | None = None
    # Move actions taken this main turn (Slippery Surface, §13).
    moves: int = 0
    # Points a knock-out of this figure scores (2 for an Ancient under Wrath, §11), and the
    # space it was knocked out in (where a Wrath carrier drops its shards).
    ko_points: int = 1
    ko_space: int | None = None


class Shard(BaseModel):
    """A crystal shard of one colour; ``origin`` is the map card that placed it. Frozen, so
    clones share shards; a rule that moves one replaces it."""

    model_config = ConfigDict(frozen=True)

    id: str
    side: int
    colour: int
    origin: int
    space: int | None
    claimed_by: int | None = None


class SeatState(BaseModel):
    """One player: faction, cards, hidden start spaces, score and standing orders.

    Frozen, so copies of the state share it: a change is a new seat put in its place
    (``State.update_seat``), with new tuples, and a new ``hidden_starts`` dict (the dict is
    shared too, so it is never changed in place)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    name: str
    faction: str
    side: int
    colour: int
    hand: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    # Figure id -> map card number, for characters not yet revealed (private to the seat).
    hidden_starts: dict[str, int] = {}
    # Map cards dealt and not yet placed on a character, during setup (private to the seat).
    dealt: tuple[int, ...] = ()
    score: int = 0
    eliminated: bool = False
    auto_pass: AutoPass = "off"
    auto_defend: AutoDefend = "ask"


class Hit(BaseModel):
    """One hit on one figure, waiting to be defended or to deal damage (§7)."""

    model_config = ConfigDict(frozen=True)

    fx: Literal["hit"] = "hit"
    target: str
    style: HitStyle
    scorer: int | None
    attacker: str | None = None


class Enter(BaseModel):
    """A character has just entered its space: thin ice and Slippery Surface (§13)."""

    model_config = ConfigDict(frozen=True)

    fx: Literal["enter"] = "enter"
    figure: str
    counted: bool
    trigger: int


class Relocate(BaseModel):
    """Put a figure into ``to`` as one step of a larger action (a rally pull), then treat
    it as entering that space."""

    model_config = ConfigDict(frozen=True)

    fx: Literal["relocate"] = "relocate"
    figure: str
    to: int
    counted: bool
    trigger: int


class Slip(BaseModel):
    """Offer the Slippery Surface push to the controller of ``figure`` (§13)."""

    model_config = ConfigDict(frozen=True)

    fx: Literal["slip"] = "slip"
    figure: str


class BeltOffer(BaseModel):
    """Offer one conveyor-belt activation to ``seat`` after it scored (§13)."""

    model_config = ConfigDict(frozen=True)

    fx: Literal["belt"] = "belt"
    seat: int


Effect = Annotated[Hit | Enter | Relocate | Slip | BeltOffer, Field(discriminator="fx")]


class Pending(BaseModel):
    """The decision the game waits for, other than a turn (§8).

    ``window``: ``seats`` still to answer, ``answers`` seat -> interrupt card ("" = pass),
    hidden until the window closes. ``defence``: ``hit`` awaits its target's controller.
    ``push``: ``figure`` entered a slippery space. ``belt``: the scorer may run a belt.
    """

    model_config = ConfigDict(frozen=True)

    kind: Literal["window", "defence", "push", "belt"]
    seats: tuple[int, ...]
    answers: dict[int, str] = {}
    hit: Hit | None = None
    figure: str | None = None


class State(BaseModel):
    """Everything about one game; JSON round-trips exactly."""

    version: Literal[1] = 1
    options: WildlandsOptions
    board: str
    seats: list[SeatState]
    figures: dict[str, Figure]
    shards: list[Shard]
    phase: Literal["placing", "pregame", "turn", "over"] = "placing"
    active: int = 0
    first_player: int = 0
    turn_number: int = 0
    must_reveal: bool = False
    # Reveals and card plays this main turn, and main turns in a row without any.
    turn_actions: int = 0
    idle_turns: int = 0
    interrupter: int | None = None
    # Whether the action now resolving opens an interrupt window once complete (§8.1).
    opens_window: bool = False
    queue: list[Effect] = []
    pending: Pending | None = None
    winners: list[int] = []
    summary: str = ""
    rng: int = 0
    # Answers computed from this state (legal actions, views). A state handed out by the
    # engine is a value and never changes again; rules only ever mutate a fresh clone.
    _memo: dict[Any, Any] = PrivateAttr(default_factory=dict)

    # Defaults are filled in again on loading; leaving them out of options and figures
    # keeps every saved snapshot small.
    @field_serializer("options")
    def _only_changed_options(self, options: WildlandsOptions) -> dict[str, Any]:
        return options.model_dump(mode="json", exclude_defaults=True)

    @field_serializer("figures")
    def _figures_without_defaults(self, figures: dict[str, Figure]) -> dict[str, Any]:
        return {k: f.model_dump(mode="json", exclude_defaults=True) for k, f in figures.items()}

    def memo(self, key: Any, compute: Callable[..., T], *args: Any) -> T:
        """``compute(*args)`` once per state and key (the arguments given rather than a
        closure made for every query: the move lists ask once per decision)."""
        # Read straight from pydantic's private store: ``self._memo`` goes through the
        # model's ``__getattr__`` (about 10 µs a time, and this runs on every query).
        memo: dict[Any, Any] = self.__pydantic_private__["_memo"]  # type: ignore[index]
        try:
            found: T = memo[key]
        except KeyError:
            found = memo[key] = compute(*args)
        return found

    def update_figure(self, figure_id: str, **changes: Any) -> Figure:
        """Put a copy of the figure with ``changes`` in its place; returns the new figure
        (any figure object read before is the old one)."""
        f = self.figures[figure_id] = replaced(self.figures[figure_id], **changes)
        return f

    def update_seat(self, seat: int, **changes: Any) -> SeatState:
        """Put a copy of the seat with ``changes`` in its place; returns the new seat
        (any seat object read before is the old one)."""
        p = self.seats[seat] = replaced(self.seats[seat], **changes)
        return p

    def reset_moves(self) -> None:
        """A new main turn: no figure has moved yet (Slippery Surface counts, §13)."""
        for figure_id in [f.id for f in self.figures.values() if f.moves]:
            self.update_figure(figure_id, moves=0)

    # Queries used across the rules.

    def asked(self) -> frozenset[int]:
        """The seats that must decide now (§8): a pending step's, else the turn's."""
        if self.phase == "over":
            return frozenset()
        if self.phase == "placing":
            # Every player chooses start cards at the same time (§4 step 3).
            return frozenset(
                p.seat for p in self.seats if len(p.hidden_starts) < CHARACTERS_PER_FACTION
            )
        if self.pending is not None:
            return frozenset(self.pending.seats)
        if self.interrupter is not None:
            return frozenset({self.interrupter})
        return frozenset({self.active})

    def asked_now(self) -> frozenset[int]:
        """``asked()`` worked out once per state: the engine, the move list and the table
        all ask it of the same state (only for a state the engine handed out)."""
        # The memo read inline: every decision asks this three times (the table or the
        # playout, ``apply`` and the move list).
        memo: dict[Any, Any] = self.__pydantic_private__["_memo"]  # type: ignore[index]
        asked: frozenset[int] | None = memo.get("asked")
        if asked is None:
            asked = memo["asked"] = self.asked()
        return asked

    def interrupt_priority(self) -> list[int] | None:
        """The order in which interrupters are chosen when a mode sets its own (War's
        team-member order, §12); None: from the active player's left (§8.1)."""
        return None

    def waiting_reason(self) -> str | None:
        """What the asked seats decide when a variant adds its own step to a main turn (a
        special action, a discard), as words after their names; None: the base reasons."""
        return None

    def figures_at(self, space: int) -> list[Figure]:
        """Figures standing in ``space``, in hit order (ascending id, §7)."""
        return [f for f in self.figures.values() if f.space == space]

    def character_ids(self) -> tuple[str, ...]:
        """The ids of every character, in id order. Which figures are characters never
        changes, so this is kept per state: the rules ask for characters at nearly every
        step, and the Awoken's figures are mostly minions."""
        # The memo read inline: the Awoken's rules ask this three times a decision.
        memo: dict[Any, Any] = self.__pydantic_private__["_memo"]  # type: ignore[index]
        ids: tuple[str, ...] | None = memo.get("character ids")
        if ids is None:
            ids = memo["character ids"] = self.find_character_ids()
        return ids

    def find_character_ids(self) -> tuple[str, ...]:
        """``character_ids`` worked out: the figures of kind character, in id order."""
        return tuple(f.id for f in self.figures.values() if f.kind == "character")

    def characters_of(self, seat: int) -> list[Figure]:
        figures = self.figures
        return [f for f in map(figures.__getitem__, self.character_ids()) if f.owner == seat]

    def on_board_of(self, seat: int) -> list[Figure]:
        return [f for f in self.figures.values() if f.owner == seat and f.space is not None]
