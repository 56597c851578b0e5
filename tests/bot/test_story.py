"""The story of a finished game (issue 31): the moments the animation shows, the recap
lines per player, the animation within its upload limit, and the alt text of a picture."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image

from bot.tables.animation import boards, draw_now, fitted
from bot.tables.pictures import board_pictures, words
from bot.tables.story import MAX_FRAMES, Move, Story, Tape
from engines import registry
from engines.core.protocol import Seat, parse_options

GAME = "att"


def played(seed: int, stand_in_seat: int | None = None) -> Tape:
    """A random game of Ancient Terrible Things to its end, a move every 10 seconds; the
    moves of ``stand_in_seat`` are marked as a stand-in's."""
    engine = registry.get(GAME)
    seats = (Seat(0, "Ann", "human"), Seat(1, "Bob", "human"))
    state = engine.setup(seats, parse_options(engine, {}), seed)
    rng = random.Random(seed)
    moves = []
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        action = rng.choice(engine.legal_actions(state, seat))
        stand_in = seat == stand_in_seat
        moves.append(Move(seat, engine.encode_action(action), 10.0 * len(moves), True, stand_in))
        state = engine.apply(state, seat, action).state
    return Tape(GAME, seed, {}, seats, tuple(moves))


@pytest.fixture(scope="module")
def tape() -> Tape:
    return played(5, stand_in_seat=1)


def test_the_frames_run_from_the_deal_to_the_end_in_order(tape: Tape) -> None:
    story = Story.of(tape)
    frames = story.frames()
    assert frames[0] == 0 and frames[-1] == len(tape.moves)
    assert frames == sorted(set(frames)) and 2 <= len(frames) <= MAX_FRAMES
    # Each frame after the deal starts a new round (or a new player's turn).
    key = (lambda p: p.round) if story.by_round else (lambda p: p.to_act)
    for i in frames[1:-1]:
        assert key(story.points[i]) != key(story.points[i - 1])
    # Too many moments for the limit: sampled evenly, the deal and the end kept.
    few = story.frames(limit=3)
    assert few[0] == 0 and few[-1] == len(tape.moves) and len(few) == 3


def test_the_recap_counts_each_players_moves_and_names_their_best_turn(tape: Tape) -> None:
    story = Story.of(tape)
    ann, bob = story.recap()
    mine = sum(1 for m in tape.moves if m.seat == 0)
    assert ann.startswith(f"Ann: {mine} moves at a median of 10 seconds each")
    assert "stand-in" not in ann and "a stand-in played " in bob
    best = max(t.gained for t in story.turns() if t.seat == 0)
    if best > 0:
        assert f"biggest turn: +{best:g} point" in ann
    # Every move belongs to exactly one turn, turns alternate seats.
    turns = story.turns()
    assert sum(t.moves for t in turns) == len(tape.moves)
    assert all(a.seat != b.seat for a, b in itertools.pairwise(turns))


def test_the_animation_fits_the_limit_it_is_given(tape: Tape) -> None:
    story = Story.of(tape)
    packed = boards(GAME, story.frame_views(story.frames()))
    whole = fitted(packed, 10 * 1024 * 1024)
    assert whole is not None and whole.frames == len(packed) and whole.width == 550
    with Image.open(io.BytesIO(whole.gif)) as gif:
        assert gif.format == "GIF" and gif.n_frames == len(packed)
    # Half the bytes: fewer pictures, or narrower ones, but never over the limit.
    half = fitted(packed, len(whole.gif) // 2)
    assert half is not None and len(half.gif) <= len(whole.gif) // 2
    assert half.frames < whole.frames or half.width < whole.width
    assert fitted(packed, 1000) is None


def test_the_alt_text_says_the_position_the_picture_shows(tape: Tape) -> None:
    story = draw_now(tape, 10 * 1024 * 1024, 1024)
    assert story.animation is not None
    assert story.description.startswith(
        "The whole game of Ancient Terrible Things as an animation: "
    )
    assert len(story.description) <= 1024
    engine = registry.get(GAME)
    state = engine.setup(tape.seats, parse_options(engine, {}), tape.seed)
    view = engine.view(state, None)
    (board, *_) = board_pictures(GAME, view, 1024)
    assert board.description.startswith(view.title.rstrip(".")) and len(board.description) <= 1024


def test_alt_text_is_sentences_within_the_limit() -> None:
    lines = ["**Round 3**: Ann to act", "`Scores`: Ann 4, Bob 2", "-# small print", "x " * 600]
    said = words(lines, 100)
    assert said.startswith("Round 3: Ann to act. Scores: Ann 4, Bob 2. small print.")
    assert len(said) <= 100 and said.endswith("…")
    assert words(["one line"], 100) == "one line."
