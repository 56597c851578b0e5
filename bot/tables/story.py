"""The story of a finished game (issue 31 "the story of a game"): what the game-over message
and ``gm play`` tell beside the result, worked out from the stored log alone.

A ``Tape`` is the finished game as plain data (seed, seats, options and every standing move
with its time and who really made it), small enough to hand to the render process. ``Story``
replays it once through the engine and keeps, after every move, only what the story needs:
the round, whom the game waited for and the scores, all read from the channel's public view
(never a hidden card). From that it finds

- the turns (a run of moves by one seat) and what each scored for its seat;
- the moments the animation shows (``frames``): the deal, each new round, the end; a game
  that counts no rounds, or too few for an animation, shows each change of whom the game
  waits for instead; a long game is sampled evenly down to ``MAX_FRAMES``;
- a few lines per player (``recap``): moves made, the median time they took to move (the
  time since the move stored before theirs), the turns a stand-in played for them (moves
  stored with a "stand-in" event: a deadline passed or a quick prompt closed) and their
  biggest scoring turn, "biggest turn: +7 VP in round 6".

Only the views of the frames are built again (``frame_views``, a second replay), so a long
game never holds hundreds of views at once.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.store import GameStore
from bot.tables.core import only_answer
from bot.tables.durations import format_duration
from bot.tables.presenter import seat_label
from bot.tables.scores import score_key, view_scores
from bot.tables.updates import round_key, view_round
from engines import registry
from engines.core.protocol import Seat, SeatId, View, parse_options
from engines.core.words import count

# The most pictures an animation shows: a few seconds at a tenth of a second each.
MAX_FRAMES = 60
# Fewer rounds than this make a poor animation: each change of player is shown instead.
MIN_ROUND_FRAMES = 8

# How a score reads after its number, by the name the view keeps it under.
SCORE_WORDS = {"vp": ("VP", "VP"), "fame": ("fame", "fame")}
POINTS = ("point", "points")


@dataclass(frozen=True)
class Move:
    """One standing move of the log: ``by_person`` when the seat's player chose it,
    ``stand_in`` when a deadline or a closed quick prompt made it for them."""

    seat: SeatId
    action: Mapping[str, Any]
    at: float
    by_person: bool
    stand_in: bool


@dataclass(frozen=True)
class Tape:
    """A finished game as plain data: everything its story is made from."""

    game: str
    seed: int
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    moves: tuple[Move, ...]
    # What each seat played, as the result names it ("Eyrie Dynasties").
    sides: Mapping[SeatId, str] = field(default_factory=dict)

    @property
    def title(self) -> str:
        return registry.get(self.game).title


def read_tape(store: GameStore, game_id: int) -> Tape:
    """The stored game ``game_id`` as a tape (its standing moves: undone ones are left out)."""
    row = store.get_game(game_id)
    moves = tuple(
        Move(
            seat=entry.mover,
            action=entry.action,
            at=entry.at,
            # A move taken for a player as their only answer took them no time.
            by_person=entry.user_id is not None and not only_answer(entry.events),
            stand_in=any(e.get("kind") == "stand-in" for e in entry.events),
        )
        for entry in store.effective_actions(game_id)
    )
    result = row.result or {}
    sides = {int(k): str(v) for k, v in (result.get("sides") or {}).items()}
    seats = tuple(Seat(s.id, s.name, s.kind) for s in row.seats)
    return Tape(row.game, row.seed, dict(row.options), seats, moves, sides)


@dataclass(frozen=True)
class Point:
    """The game as the channel saw it after a move (point 0: the deal)."""

    round: int | None
    to_act: frozenset[SeatId]
    scores: Mapping[SeatId, float]


@dataclass(frozen=True)
class Turn:
    """A run of moves by one seat: ``first`` is the index of its first move, ``round``
    the round it was played in, ``gained`` what it scored for its seat."""

    seat: SeatId
    first: int
    moves: int
    round: int | None
    gained: float


def replay_states(tape: Tape) -> Iterator[Any]:
    """The state at the deal, then after every move of the tape."""
    engine = registry.get(tape.game)
    state = engine.setup(tape.seats, parse_options(engine, tape.options), tape.seed)
    yield state
    for move in tape.moves:
        state = engine.apply(state, move.seat, engine.decode_action(move.action)).state
        yield state


@dataclass(frozen=True)
class Story:
    tape: Tape
    points: tuple[Point, ...]
    # What the view calls a round ("round", "turn", "year") and a score ("vp"), if anything.
    round_word: str | None
    score_name: str | None

    @classmethod
    def of(cls, tape: Tape) -> Story:
        engine = registry.get(tape.game)
        points: list[Point] = []
        round_word = score_name = None
        for state in replay_states(tape):
            view = engine.view(state, None)
            round_word = round_word or round_key(view)
            score_name = score_name or score_key(view.data)
            points.append(Point(view_round(view), engine.to_act(state), view_scores(view.data)))
        return cls(tape, tuple(points), round_word, score_name)

    # ------------------------------------------------------------------ turns
    def turns(self) -> list[Turn]:
        turns: list[Turn] = []
        moves = self.tape.moves
        first = 0
        for i in range(1, len(moves) + 1):
            if i < len(moves) and moves[i].seat == moves[first].seat:
                continue
            seat = moves[first].seat
            before, after = self.points[first].scores, self.points[i].scores
            gained = after.get(seat, 0.0) - before.get(seat, 0.0)
            turns.append(Turn(seat, first, i - first, self.points[first].round, gained))
            first = i
        return turns

    # ------------------------------------------------------------------ frames
    @property
    def by_round(self) -> bool:
        """Whether the animation shows one picture per round (else one per change of player)."""
        return len(self._changes(lambda p: p.round)) >= MIN_ROUND_FRAMES

    def frames(self, limit: int = MAX_FRAMES) -> list[int]:
        """The points the animation shows, in order: the deal, each new round (or change of
        player), the end; sampled evenly when there are more than ``limit``."""
        marks = self._changes((lambda p: p.round) if self.by_round else (lambda p: p.to_act))
        if len(marks) <= limit:
            return marks
        last = len(marks) - 1
        picked = [marks[round(k * last / (limit - 1))] for k in range(limit)]
        return list(dict.fromkeys(picked))

    def _changes(self, key: Any) -> list[int]:
        points = self.points
        marks = [0] + [i for i in range(1, len(points)) if key(points[i]) != key(points[i - 1])]
        if marks[-1] != len(points) - 1:
            marks.append(len(points) - 1)
        return marks

    def frame_views(self, marks: list[int]) -> list[View]:
        """The channel's view at each of ``marks`` (a second replay: only these are built)."""
        engine = registry.get(self.tape.game)
        wanted = set(marks)
        return [
            engine.view(state, None)
            for i, state in enumerate(replay_states(self.tape))
            if i in wanted
        ]

    # ------------------------------------------------------------------ recap
    def recap(self) -> list[str]:
        """One line per seat, in seat order: "Ann (the Scholar): 12 moves at a median of 40
        seconds each; biggest turn: +7 points in round 3."; nothing for a game ended before
        any move."""
        if not self.tape.moves:
            return []
        names = {s.id: s.name for s in self.tape.seats}
        turns = self.turns()
        return [
            f"{seat_label(names, self.tape.sides, seat.id)}: {self._facts(seat, turns)}."
            for seat in self.tape.seats
        ]

    def _facts(self, seat: Seat, turns: list[Turn]) -> str:
        moves = self.tape.moves
        mine = [i for i, m in enumerate(moves) if m.seat == seat.id]
        if not mine:
            return "no moves"
        said = count(len(mine), "move")
        waits = [moves[i].at - moves[i - 1].at for i in mine if i > 0 and moves[i].by_person]
        if waits:
            said += f" at a median of {_duration(statistics.median(waits))} each"
        parts = [said]
        stood_in = sum(
            1
            for t in turns
            if t.seat == seat.id and any(m.stand_in for m in moves[t.first : t.first + t.moves])
        )
        if stood_in:
            parts.append(f"a stand-in played {count(stood_in, 'turn')}")
        best = self._biggest(seat.id, turns)
        if best is not None:
            parts.append(f"biggest turn: {best}")
        return "; ".join(parts)

    def _biggest(self, seat: SeatId, turns: list[Turn]) -> str | None:
        """The seat's best scoring turn in words ("+7 VP in round 6"); None when it never
        scored (or the game keeps no scores). The first of equal turns is named."""
        if self.score_name is None:
            return None
        scored = [t for t in turns if t.seat == seat and t.gained > 0]
        if not scored:
            return None
        best = max(scored, key=lambda t: t.gained)
        one, many = SCORE_WORDS.get(self.score_name, POINTS)
        said = f"+{best.gained:g} {one if best.gained == 1 else many}"
        if best.round is not None and self.round_word is not None:
            said += f" in {self.round_word} {best.round}"
        return said


def _duration(seconds: float) -> str:
    """ "40 seconds", "2 minutes 5 seconds"; "under a second" rather than "no time"."""
    return "under a second" if seconds < 1 else format_duration(seconds)
