"""The game-over animation (issue 31 "the story of a game"): the whole game as a GIF that
Discord plays inline, a picture of the channel's board for each moment the story picks
(``Story.frames``: the deal, each new round, the end), with alt text and the recap.

Everything is drawn in the render process, from the public view only, in small jobs so the
boards of other channels are drawn between them (``draw``): one job replays the game and
keeps the views of its moments (``plan``), a job per ``CHUNK`` pictures draws those boards
with the game's own renderer and scales them to ``WIDTH`` (what Discord shows inline;
``boards``), a last one makes the GIF (``fitted``). A long game plays in about ``TARGET_MS``,
each picture between ``FRAME_MS`` bounds, and the last is held for ``HOLD_MS`` so the end can
be read. The file always fits the upload limit it is given: when it would not, it is made
again with every other picture dropped, then narrower, until it fits (or, at ``MIN_WIDTH``
and two pictures, there is no animation). ``draw_now`` does the same in one call (the
terminal).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

from bot.store import GameStore
from bot.tables import workers
from bot.tables.pictures import view_lines, words
from bot.tables.story import Story, Tape, read_tape
from engines import registry
from engines.core.protocol import View
from engines.core.words import count

WIDTH = 550
MIN_WIDTH = 220
# Each narrower try is this much of the width before.
NARROWER = 0.8
TARGET_MS = 6000
FRAME_MS = (100, 250)
HOLD_MS = 2500
# Pictures drawn per job in the render process: other channels' boards wait at most this.
CHUNK = 8
BACKGROUND = (255, 255, 255)


@dataclass(frozen=True)
class Plan:
    """What one replay of a finished game gives the animation: the views of its moments
    (``moments`` of them were due before sampling), how they were picked, and the recap."""

    game: str
    title: str
    views: tuple[View, ...]
    moments: int
    steps: str
    recap: tuple[str, ...]


@dataclass(frozen=True)
class Animation:
    """The GIF and what it shows: ``frames`` pictures, ``seconds`` long."""

    gif: bytes
    frames: int
    seconds: float
    width: int


@dataclass(frozen=True)
class StoryPictures:
    """A finished game's story: its animation (None when the game had too few moments to
    animate, or no size fits) with its alt text, and the recap lines."""

    animation: Animation | None
    description: str
    recap: tuple[str, ...]


def plan(tape: Tape) -> Plan:
    """Replay ``tape`` once: the views of the moments to draw, and the recap."""
    story = Story.of(tape)
    marks = story.frames()
    word = story.round_word
    steps = f"{word} by {word}" if story.by_round and word else "turn by turn"
    moments = len(story.frames(len(story.points)))
    views = tuple(story.frame_views(marks)) if len(marks) >= 2 else ()
    return Plan(tape.game, tape.title, views, moments, steps, tuple(story.recap()))


def durations(frames: int) -> list[int]:
    """Milliseconds per picture (whole hundredths: GIF counts time in them): the game in
    about ``TARGET_MS``, the last one held."""
    low, high = FRAME_MS
    each = max(low, min(high, TARGET_MS // max(1, frames - 1))) // 10 * 10
    return [each] * (frames - 1) + [HOLD_MS]


def scaled(picture: Image.Image, width: int) -> Image.Image:
    rgb = picture.convert("RGB")
    height = max(1, round(rgb.height * width / rgb.width))
    return rgb.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=2.0)


def boards(game: str, views: tuple[View, ...] | list[View], width: int = WIDTH) -> list[bytes]:
    """The board of each view, scaled to ``width``, as quickly packed PNGs (a render job)."""
    render = registry.entry(game).render
    packed = []
    for view in views:
        buf = io.BytesIO()
        scaled(Image.open(io.BytesIO(render(view))), width).save(buf, "PNG", compress_level=1)
        packed.append(buf.getvalue())
    return packed


def encode(pictures: list[Image.Image]) -> bytes:
    """One looping GIF of ``pictures`` on a canvas as tall as the tallest (boards change
    height as a game grows), each in its own 256-colour palette (octree keeps a board's few
    exact colours, where median cut greys out the small ones)."""
    width = max(p.width for p in pictures)
    height = max(p.height for p in pictures)
    frames = []
    for picture in pictures:
        canvas = Image.new("RGB", (width, height), BACKGROUND)
        canvas.paste(picture, (0, 0))
        frames.append(canvas.quantize(colors=256, method=Image.Quantize.FASTOCTREE))
    buf = io.BytesIO()
    frames[0].save(
        buf,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations(len(frames)),
        loop=0,
        disposal=1,
    )
    return buf.getvalue()


def fitted(packed: list[bytes], max_bytes: int) -> Animation | None:
    """The animation of ``packed`` (the ``boards``) within ``max_bytes``: every picture if
    that fits, else every other one dropped (the first and last kept), then narrower."""
    if len(packed) < 2:
        return None
    drawn = [Image.open(io.BytesIO(png)).convert("RGB") for png in packed]
    width = drawn[0].width
    while width >= MIN_WIDTH:
        pictures = [p if p.width == width else scaled(p, width) for p in drawn]
        while len(pictures) >= 2:
            gif = encode(pictures)
            if len(gif) <= max_bytes:
                seconds = sum(durations(len(pictures))) / 1000
                return Animation(gif, len(pictures), seconds, width)
            if len(pictures) == 2:
                break
            pictures = [*pictures[:-1:2], pictures[-1]]
        width = int(width * NARROWER)
    return None


def describe(story: Plan, animation: Animation | None, limit: int) -> str:
    """The animation's alt text: what it shows, in how many pictures and how long, then the
    position its last picture holds, in the words of that view (``view_lines``)."""
    if animation is None:
        return ""
    steps = story.steps if animation.frames >= story.moments else "at even steps through it"
    head = (
        f"The whole game of {story.title} as an animation: "
        f"{count(animation.frames, 'picture')} of the board from the deal to the end, {steps}, "
        f"about {count(round(animation.seconds), 'second')} long. The last picture"
    )
    last = story.views[-1]
    return words([f"{head}: {last.title}", *view_lines(last)[1:]], limit)


async def draw(store: GameStore, game_id: int, max_bytes: int, limit: int) -> StoryPictures:
    """The story of the finished game ``game_id``, drawn in the render process a few
    pictures per job (the store is read in a rules thread)."""
    tape = await workers.rules(read_tape, store, game_id)
    story = await workers.render(plan, tape)
    packed: list[bytes] = []
    for start in range(0, len(story.views), CHUNK):
        chunk = story.views[start : start + CHUNK]
        packed += await workers.render(boards, story.game, chunk)
    animation = await workers.render(fitted, packed, max_bytes) if packed else None
    return StoryPictures(animation, describe(story, animation, limit), story.recap)


def draw_now(tape: Tape, max_bytes: int, limit: int) -> StoryPictures:
    """``draw`` in one call, here (the terminal draws its pictures itself)."""
    story = plan(tape)
    animation = fitted(boards(story.game, story.views), max_bytes)
    return StoryPictures(animation, describe(story, animation, limit), story.recap)
