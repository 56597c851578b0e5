"""One way to build an engine (DESIGN.md "The engine contract").

``PydanticEngine[S, A]`` implements the protocol's plumbing once, so a game's engine class is
its metadata plus its rules:

- options are checked against ``options_model`` and the seat count against the limits;
- ``apply`` refuses moves after the end, out of turn, or not on offer with a sentence, copies
  the state (``engines.core.clone``), runs ``resolve`` with a fresh ``Ctx`` and returns the
  ``Step``; the given state is never touched. A move that is one of the very objects
  ``legal_actions`` just returned for the same state and seat is on offer by construction,
  so it is not worked out a second time, and neither are the game's end and the seats
  asked (``legal_actions`` lists moves only for a seat asked in an unfinished game, which
  the conformance suite checks): every caller (the table, the AI, a playout) asks for the
  moves, then applies one of them;
- states and actions round-trip through JSON, damaged records answered with ``CorruptRecord``.

A subclass sets the class variables and implements ``new_game``, ``to_act``,
``legal_actions``, ``resolve``, ``view``, ``outcome`` and ``describe``; ``group``,
``default_action``, ``private_items`` and ``determinize`` have defaults for games without
hidden information or with no natural timeout move, and the refusal sentences
(``not_asked``, ``refusal``) have generic defaults a game may make more precise.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ValidationError

from engines.core.clone import clone
from engines.core.codec import ActionCodec
from engines.core.context import Ctx
from engines.core.errors import BadOptions, CorruptRecord, IllegalAction
from engines.core.protocol import Outcome, Seat, SeatId, Step, View, options_problems
from engines.core.words import joined

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A", bound=BaseModel)

# A named tuple made directly, without its Python ``__new__`` (``Step``, once a move).
_new_tuple = tuple.__new__


# The moves ``legal_actions`` last returned, with the state object and seat they were
# offered for. One tuple for every thread, replaced whole by one store: a reader sees one
# answer entire, and any thread's answer is true for any other (engines are pure), so a
# thread whose own answer another replaced only checks its move the long way. Holding the
# state keeps its identity from being reused by a later object. (A thread-local record
# cost twice the store and six times the read, on every move.)
_offered: tuple[object, SeatId | None, Sequence[Any]] = (None, None, ())


def _remembering(
    legal_actions: Callable[[Any, Any, SeatId], Sequence[Any]],
) -> Callable[[Any, Any, SeatId], Sequence[Any]]:
    """``legal_actions`` that remembers its latest answer in ``_offered``."""

    @wraps(legal_actions)
    def remembered(self: Any, s: Any, seat: SeatId) -> Sequence[Any]:
        global _offered
        moves = legal_actions(self, s, seat)
        _offered = (s, seat, moves)
        return moves

    remembered.__dict__["remembers"] = True
    return remembered


def _on_offer(moves: Sequence[Any], a: Any) -> bool:
    """Whether ``a`` is one of ``moves``: the very object, or a move of the same class with
    the same fields. pydantic's ``==`` says so in Python steps, some twenty times slower,
    and a search applies moves listed for one state to its re-deals, where they are equal
    but not the same objects; ``==`` stays the last word on a move the quick test missed
    (a refusal, mostly)."""
    kind, fields = a.__class__, getattr(a, "__dict__", None)
    for move in moves:
        if move is a or (move.__class__ is kind and move.__dict__ == fields):
            return True
    return a in moves


class PydanticEngine(ABC, Generic[S, A]):
    """Base for engines whose state is a pydantic model and whose actions are frozen pydantic
    models with a ``kind`` discriminator. Keeps no per-game state on ``self``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("legal_actions")
        if own is not None and not getattr(own, "remembers", False):
            cls.legal_actions = _remembering(own)  # type: ignore[method-assign, assignment]

    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    options_model: ClassVar[type[BaseModel]]
    max_decisions: ClassVar[int]
    state_model: ClassVar[type[BaseModel]]
    codec: ClassVar[ActionCodec]

    # -- what each game writes -------------------------------------------------------------

    @abstractmethod
    def new_game(self, seats: Sequence[Seat], options: Any, seed: int) -> S: ...

    @abstractmethod
    def to_act(self, s: S) -> frozenset[SeatId]: ...

    @abstractmethod
    def legal_actions(self, s: S, seat: SeatId) -> Sequence[A]: ...

    @abstractmethod
    def resolve(self, s: S, seat: SeatId, a: A, ctx: Ctx) -> None:
        """Carry out a legal move on ``s`` (a private copy), narrating through ``ctx``."""

    @abstractmethod
    def view(self, s: S, viewer: SeatId | None) -> View: ...

    @abstractmethod
    def outcome(self, s: S) -> Outcome | None: ...

    @abstractmethod
    def describe(self, a: A, s: S) -> str: ...

    # -- defaults a game may override ------------------------------------------------------

    def group(self, a: A, s: S) -> str:
        return "Moves"

    def default_action(self, s: S, seat: SeatId) -> A | None:
        """The first move on offer: engines list their pass or safest move first."""
        legal = self.legal_actions(s, seat)
        return legal[0] if legal else None

    def private_items(self, s: S, seat: SeatId) -> frozenset[str]:
        return frozenset()

    def determinize(self, s: S, seat: SeatId, rng_seed: int) -> S:
        """Games with no hidden information are their own determinization."""
        return s

    def copy(self, s: S) -> S:
        return clone(s)

    def is_over(self, s: S) -> bool:
        return self.outcome(s) is not None

    def waiting_words(self, s: S, seats: frozenset[SeatId]) -> str:
        """How the refusal of an out-of-turn move names the seats the game waits for."""
        return joined([f"seat {k + 1}" for k in sorted(seats)])

    def not_asked(self, s: S, seat: SeatId, asked: frozenset[SeatId]) -> str:
        """The sentence refusing a move from a seat the game is not waiting for."""
        return f"It is not your move: the game is waiting for {self.waiting_words(s, asked)}."

    def refusal(self, s: S, seat: SeatId, a: A) -> str:
        """The sentence refusing a move that is not on offer; games explain the rule broken.
        A stale move may name what is gone (a discarded card's slot), so its label may not
        be there to say: the refusal is a sentence all the same."""
        try:
            label = self.describe(a, s)
        except LookupError:
            return "You can't do that now: pick one of the moves on offer."
        return f'You can\'t do that now ("{label}"): pick one of the moves on offer.'

    # -- the plumbing, written once --------------------------------------------------------

    def setup(self, seats: Sequence[Seat], options: BaseModel, seed: int) -> S:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise BadOptions(
                f"{self.title} is played by {self.min_seats} to {self.max_seats} players."
                if self.min_seats != self.max_seats
                else f"{self.title} is played by {self.min_seats} players."
            )
        if not isinstance(options, self.options_model):
            try:
                options = self.options_model.model_validate(options.model_dump())
            except ValidationError as exc:
                raise BadOptions(options_problems(self.title, exc, self.options_model)) from None
        return self.new_game(seats, options, seed)

    def apply(self, s: S, seat: SeatId, a: A) -> Step[S]:
        # Is ``a`` one of the very move objects just offered to ``seat`` in ``s``? Compared
        # by identity (equal pydantic models compare field by field), in a plain loop: a
        # call, ``any`` over a ``map`` or a generator cost more than the loop.
        offered_state, offered_seat, moves = _offered
        for move in moves if offered_state is s and offered_seat == seat else ():
            if move is a:
                break
        else:
            self._check_move(s, seat, a)
        t = self.copy(s)
        ctx = Ctx()
        self.resolve(t, seat, a, ctx)
        return _new_tuple(Step, (t, tuple(ctx.events), ctx.reveals))

    def _check_move(self, s: S, seat: SeatId, a: A) -> None:
        """Refuse, with a sentence, a move made after the end, out of turn or not on offer
        (``apply``'s check of a move it was not just offered)."""
        if self.is_over(s):
            raise IllegalAction("The game is over, so no more moves can be made.")
        asked = self.to_act(s)
        if seat not in asked:
            raise IllegalAction(self.not_asked(s, seat, asked))
        if not _on_offer(self.legal_actions(s, seat), a):
            raise IllegalAction(self.refusal(s, seat, a))

    def encode_state(self, s: S) -> dict[str, Any]:
        return s.model_dump(mode="json")

    def decode_state(self, data: Mapping[str, Any]) -> S:
        try:
            return cast(S, self.state_model.model_validate(dict(data)))
        except ValidationError as exc:
            problem = exc.errors()[0]
            where = ".".join(str(p) for p in problem["loc"]) or "state"
            raise CorruptRecord(
                f"The stored {self.title} game could not be read ({where}: {problem['msg']})."
            ) from None

    def encode_action(self, a: A) -> dict[str, Any]:
        return self.codec.encode(a)

    def decode_action(self, data: Mapping[str, Any]) -> A:
        decoded: A = self.codec.decode(dict(data))
        return decoded
