"""The engine contract every game implements (DESIGN.md "The engine contract").

An engine is a pure, deterministic rules object. The bot, the terminal table, the AI
policies, the tests and the benchmarks talk to a game only through this protocol:

- ``setup`` builds the initial state from seats, validated options and a seed;
- ``to_act`` names every seat that must decide now (several at once for interrupt windows,
  defences, simultaneous choices); it is empty once the game is over;
- ``legal_actions`` lists exactly the decisions a seat may take now, in a stable order;
- ``apply`` returns a *new* state plus what happened; it raises ``IllegalAction`` and leaves
  the given state untouched when the action is not legal;
- ``view`` is what one seat (or the channel, ``viewer=None``) may see;
- ``private_items`` names the ids that only one seat may see, so the conformance suite can
  prove no other view leaks them.

States and actions round-trip through JSON via ``encode_*``/``decode_*``. Randomness lives
inside the state (``engines.core.rng.Rng``), never in module globals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import (
    Any,
    ClassVar,
    Generic,
    Literal,
    NamedTuple,
    Protocol,
    TypeVar,
    runtime_checkable,
)

from pydantic import BaseModel

SeatId = int

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class Seat:
    """One chair at the table. ``name`` is what logs and pictures call the player."""

    id: SeatId
    name: str
    kind: Literal["human", "ai"] = "human"


class Event(NamedTuple):
    """Something that happened while an action resolved.

    ``to`` is None for public narration; otherwise only that seat may read it (a card drawn,
    a secret revealed to its owner). A named tuple: immutable like a frozen dataclass, and
    made at a third of its cost, a few times in every move (issue 33).
    """

    text: str
    to: SeatId | None = None
    kind: str = "log"


class Step(NamedTuple, Generic[S]):
    """The result of ``apply``: the new state and its events.

    ``reveals`` is True when the action drew on randomness or uncovered hidden information;
    such an action can never be undone, because undoing it would let a player peek. A named
    tuple, made once a move: a frozen dataclass cost four times as much (issue 33).
    """

    state: S
    events: tuple[Event, ...] = ()
    reveals: bool = False


@dataclass(frozen=True)
class View:
    """What one viewer may know. ``data`` is JSON-able and drives pictures; ``text`` is the
    same information as plain lines for the terminal table and logs."""

    viewer: SeatId | None
    title: str
    data: Mapping[str, Any]
    text: str


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. Several winners means a shared win; none, a loss for all
    (a co-operative defeat). ``summary`` says it in words a player reads as the whole story:
    who won with what score, and the tie-break when one decided it. ``sides`` names what each
    seat played beside the player's name where the game has one ("Eyrie Dynasties", "team 2:
    the Ancients"), so a result never names only a faction or only a person."""

    winners: frozenset[SeatId]
    scores: Mapping[SeatId, float] = field(default_factory=dict)
    summary: str = ""
    sides: Mapping[SeatId, str] = field(default_factory=dict)


@runtime_checkable
class Engine(Protocol[S, A]):
    """One game system. Implementations keep no per-game state on ``self``."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    options_model: ClassVar[type[BaseModel]]
    # Upper bound on decisions in one game, used by playout tests and the AI-turn cap.
    max_decisions: ClassVar[int]

    def setup(self, seats: Sequence[Seat], options: BaseModel, seed: int) -> S: ...

    def to_act(self, s: S) -> frozenset[SeatId]: ...

    def legal_actions(self, s: S, seat: SeatId) -> Sequence[A]: ...

    def apply(self, s: S, seat: SeatId, a: A) -> Step[S]: ...

    def view(self, s: S, viewer: SeatId | None) -> View: ...

    def outcome(self, s: S) -> Outcome | None: ...

    def describe(self, a: A, s: S) -> str: ...

    def group(self, a: A, s: S) -> str:
        """A short heading that gathers related actions into one menu ("Move", "Spend")."""
        ...

    def default_action(self, s: S, seat: SeatId) -> A | None:
        """The rules' default when a seat times out (pass, or the canonical first option);
        None when the rules give no default."""
        ...

    def private_items(self, s: S, seat: SeatId) -> frozenset[str]:
        """Ids that only ``seat`` may see (cards in hand, a hidden start space)."""
        ...

    def determinize(self, s: S, seat: SeatId, rng_seed: int) -> S:
        """A state consistent with what ``seat`` knows, every hidden thing re-dealt at
        random. AI search plays on these so it never reads another seat's secrets."""
        ...

    def encode_state(self, s: S) -> dict[str, Any]: ...

    def decode_state(self, data: Mapping[str, Any]) -> S: ...

    def encode_action(self, a: A) -> dict[str, Any]: ...

    def decode_action(self, data: Mapping[str, Any]) -> A: ...


class Renderer(Protocol):
    """Draws a ``View`` as a PNG. Lives beside each engine in ``render.py``."""

    def __call__(self, view: View) -> bytes: ...


def parse_options(engine: Engine[Any, Any], raw: Mapping[str, Any] | None) -> BaseModel:
    """Validate table options against the engine's model, with player-facing errors."""
    from pydantic import ValidationError

    from engines.core.errors import BadOptions

    try:
        return engine.options_model.model_validate(dict(raw or {}))
    except ValidationError as exc:
        raise BadOptions(options_problems(engine.title, exc, engine.options_model)) from None


def options_problems(title: str, exc: Any, model: type[BaseModel] | None = None) -> str:
    """A pydantic ``ValidationError`` of table options as a sentence: each option by name as
    it is typed (between backticks) and what it takes (``engines.core.options_words``)."""
    from engines.core.options_words import problems

    return problems(title, exc, model)
