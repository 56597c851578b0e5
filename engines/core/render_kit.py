"""Shared drawing helpers for every game's pictures (DESIGN.md "Pictures").

Phone-readable defaults: large type from the bundled DejaVu fonts (``assets/fonts``, with
their licence), the Okabe-Ito palette (distinct under the common colour-blindness types), a
title bar that says whose turn it is, and PNG encoding tuned for small files.
"""

from __future__ import annotations

import io
import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Generic, TypeVar

from PIL import Image, ImageDraw, ImageFont

from engines.core.content import assets_dir

V = TypeVar("V")

# Okabe & Ito (2008): colours that stay distinct for deuteranopia, protanopia, tritanopia.
PALETTE: dict[str, tuple[int, int, int]] = {
    "orange": (230, 159, 0),
    "sky": (86, 180, 233),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "purple": (204, 121, 167),
    "black": (0, 0, 0),
}
# Seat colours in seat order; never rely on hue alone: pair them with initials or numbers.
SEAT_COLOURS = [PALETTE[c] for c in ("blue", "orange", "green", "purple", "vermillion", "sky")]

INK = (30, 30, 34)
PAPER = (246, 242, 232)
MUTED = (120, 116, 110)
TITLE_BG = (40, 44, 52)
TITLE_FG = (250, 250, 250)


Box = tuple[float, float, float, float]


# What a player must read on a board without opening it (issue 35): Discord shows an
# attachment inline about 550 px wide, so these texts are drawn large enough to read there.
# "turn": whose move and the phase; "score": each seat's score, fame or points; "pieces": the
# counts and names of the pieces on the map; "last": what just happened.
READ_ROLES = ("turn", "score", "pieces", "last")
INLINE_WIDTH = 550
# A capital letter (or digit) this tall at the inline width reads like Discord's own small
# print; below it, names and numbers blur into marks.
MIN_GLYPH = 9


@dataclass(frozen=True)
class Read:
    """A text drawn for a player to read inline: its ``role`` (one of ``READ_ROLES``), its
    words and its type (``size`` in pixels, ``bold``)."""

    role: str
    text: str
    size: int
    bold: bool


@dataclass
class Trace:
    """What the pictures drew while tracing was on (``tracing``): every text with its box and
    the box of the panel it belongs to, every kind of marker drawn and every kind the legend
    explains, and the texts drawn to be read inline (``reads``). Tests read it to check that
    no text is cut, no marker goes unexplained and what matters is readable at Discord's
    inline size."""

    texts: list[tuple[str, Box, Box]] = field(default_factory=list)
    markers: set[str] = field(default_factory=set)
    legend: set[str] = field(default_factory=set)
    reads: list[Read] = field(default_factory=list)


# Off (None) unless a test turns it on; when off each drawing call pays one comparison.
_trace: Trace | None = None


@contextmanager
def tracing() -> Iterator[Trace]:
    """Record what is drawn inside the ``with`` block. Layers come from the caches when they
    can, and a cached layer is not drawn again: call ``clear_caches`` first to see it all."""
    global _trace
    previous, _trace = _trace, Trace()
    try:
        yield _trace
    finally:
        _trace = previous


def trace_marker(kind: str) -> None:
    """Note that a marker of ``kind`` was drawn (while tracing)."""
    if _trace is not None:
        _trace.markers.add(kind)


def trace_legend(kind: str) -> None:
    """Note that the legend explains markers of ``kind`` (while tracing)."""
    if _trace is not None:
        _trace.legend.add(kind)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(assets_dir() / "fonts" / name), size)


def canvas(width: int, height: int, colour: tuple[int, int, int] = PAPER) -> Image.Image:
    return Image.new("RGB", (width, height), colour)


def title_bar(img: Image.Image, text: str, height: int = 56) -> int:
    """Draw the title line across the top; returns the y where content may start."""
    draw_title(ImageDraw.Draw(img), img.width, text, height)
    return height


def draw_title(
    draw: ImageDraw.ImageDraw, width: int, text: str, height: int = 56, right: int = 0
) -> None:
    """The title line across the top of a picture ``width`` wide (rows 0 to ``height``),
    leaving ``right`` pixels free at its end. A long title is set smaller, then on two lines,
    never cut short."""
    draw.rectangle((0, 0, width, height), fill=TITLE_BG)
    bar: Box = (0, 0, width - right, height)
    room = width - right - 32
    size, lines = title_lines(text, room, height, readable_size(width, True))
    step = height / (len(lines) + 1)
    for i, line in enumerate(lines):
        write(draw, (16, step * (i + 1)), line, size, True, TITLE_FG, "lm", panel=bar, read="turn")


@lru_cache(maxsize=256)
def title_lines(
    text: str, room: float, height: int, smallest: int = 20
) -> tuple[int, tuple[str, ...]]:
    """The type size and lines of a title ``room`` pixels wide: one line from 28 points (or
    ``smallest`` if larger) down to ``smallest``, then lines of ``smallest`` or as large as
    two lines fit the bar's ``height``; never smaller than ``smallest``, the size that reads
    inline."""
    for size in range(max(28, smallest), smallest - 1, -2):
        if text_width(text, size, True) <= room:
            return size, (text,)
    size = max(smallest, min(20, height // 2 - 6))
    return size, tuple(wrap_lines(text, size, room, True))


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    f = font(size, bold)
    # FreeType boxes are whole pixels; Pillow's stubs type them as floats.
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def write(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool = False,
    fill: tuple[int, int, int] = INK,
    anchor: str = "la",
    panel: Box | None = None,
    read: str | None = None,
) -> None:
    """``draw.text`` through a cache of rendered glyph masks.

    Most labels repeat from one board to the next (names, headings, log lines moving up),
    and FreeType rasterising is most of a board's drawing time; a cached mask pasted with
    ``draw.bitmap`` gives the same pixels about five times faster. ``panel`` is the box the
    text belongs in (by default the layer it is drawn on), recorded while tracing; ``read``
    marks a text a player must read inline (a role of ``READ_ROLES``)."""
    mask, left, top = _text_mask(text, size, bold, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    draw.bitmap((x, y), mask, fill=fill)
    if _trace is not None:
        w, h = draw.im.size
        box = (x, y, x + mask.width, y + mask.height)
        _trace.texts.append((text, box, panel or (0, 0, w, h)))
        if read is not None:
            _trace.reads.append(Read(read, text, size, bold))


@lru_cache(maxsize=64)
def cap_height(size: int, bold: bool = False) -> int:
    """Pixel height of a capital letter at type ``size``: how tall a label reads."""
    top, bottom = font(size, bold).getbbox("H", anchor="ls")[1::2]
    return int(bottom - top)


@lru_cache(maxsize=64)
def readable_size(width: int, bold: bool = False) -> int:
    """The smallest type size that still reads on a picture ``width`` pixels wide shown
    ``INLINE_WIDTH`` wide: capitals at least ``MIN_GLYPH`` pixels tall there."""
    scale = min(1.0, INLINE_WIDTH / width)
    size = 8
    while cap_height(size, bold) * scale < MIN_GLYPH:
        size += 1
    return size


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """Pixel width of ``text`` (cached: the same labels are measured on every picture)."""
    return font(size, bold).getlength(text)


@lru_cache(maxsize=4096)
def fit_text(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """Shorten ``text`` with an ellipsis until it fits ``max_width`` pixels."""
    if text_width(text, size, bold) <= max_width:
        return text
    # The longest prefix that fits with the ellipsis, by binary search.
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid] + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


@lru_cache(maxsize=4096)
def fitting_size(
    text: str, max_width: float, largest: int, smallest: int, bold: bool = False
) -> int:
    """The largest type size from ``largest`` down to ``smallest`` at which ``text`` fits
    ``max_width`` pixels (``smallest`` when none does)."""
    for size in range(largest, smallest, -1):
        if text_width(text, size, bold) <= max_width:
            return size
    return smallest


def wrap_lines(text: str, size: int, max_width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap into as many lines as ``text`` needs, none wider than ``max_width``
    (a single word too wide for a line is set on its own line, and is the caller's to size)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size, bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def contrast_ink(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


Colour = tuple[int, int, int]
# Tints of text on its background: type is antialiased, so its edges blend the two.
_BLEND_STEPS = 6


def _blend(fg: Colour, bg: Colour, t: float) -> Colour:
    r, g, b = (round(f * t + k * (1 - t)) for f, k in zip(fg, bg, strict=True))
    return r, g, b


@lru_cache(maxsize=16)
def fixed_palette(colours: tuple[Colour, ...], inks: tuple[Colour, ...]) -> Image.Image:
    """A 256-colour palette for one game's pictures, fixed in advance so every layer of every
    picture shares it: layers drawn once can be pasted as palette indices and the board goes
    to the encoder without a per-picture colour reduction.

    ``colours`` (every fill the game uses) and ``inks`` (the text colours) are kept exactly;
    the rest of the palette is learned from the tints antialiased type makes between an ink
    and a fill."""
    exact = list(dict.fromkeys((*colours, *inks)))
    tints = [
        _blend(fg, bg, k / _BLEND_STEPS)
        for fg in inks
        for bg in exact
        if fg != bg
        for k in range(1, _BLEND_STEPS)
    ]
    swatch = Image.new("RGB", (len(tints), 1))
    swatch.putdata(tints)
    free = 256 - len(exact)
    if free < 1:
        raise ValueError(f"{len(exact)} exact colours leave no room for tints in 256.")
    learned = swatch.quantize(colors=free, method=Image.Quantize.FASTOCTREE).getpalette() or []
    flat = [v for c in exact for v in c] + learned[: 3 * free]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (768 - len(flat)))
    return palette


def exact_index(colours: tuple[Colour, ...], inks: tuple[Colour, ...], colour: Colour) -> int:
    """Where ``colour`` (one of the exact colours) sits in ``fixed_palette(colours, inks)``."""
    return list(dict.fromkeys((*colours, *inks))).index(colour)


def blank_page(palette: Image.Image, width: int, height: int, index: int) -> Image.Image:
    """A palette picture filled with the palette's entry ``index``: a memory fill, as cheap at
    any size, where drawing a blank canvas and indexing it costs a colour lookup per pixel."""
    page = Image.new("P", (width, height), index)
    page.putpalette(palette.getpalette() or [])
    return page


def indexed(img: Image.Image, palette: Image.Image) -> Image.Image:
    """``img`` mapped onto ``palette`` (nearest colour, no dithering: flat fills stay flat)."""
    return img.quantize(palette=palette, dither=Image.Dither.NONE)


def encode(img: Image.Image) -> bytes:
    """PNG bytes of a palette picture: the only per-picture cost a board cannot avoid."""
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def to_png(img: Image.Image) -> bytes:
    """PNG bytes in 128 colours, which keeps board pictures small for Discord.

    The palette is learned from a half-size copy (nearest-neighbour keeps every colour
    exact), then the whole picture is mapped onto it: about twice as fast as quantizing the
    full picture, and the palette still comes from this very picture, so no colour of it
    can go missing."""
    small = img.resize((max(1, img.width // 2), max(1, img.height // 2)), Image.Resampling.NEAREST)
    palette = small.quantize(colors=128, method=Image.Quantize.FASTOCTREE)
    buf = io.BytesIO()
    img.quantize(palette=palette, dither=Image.Dither.NONE).save(buf, "PNG", compress_level=3)
    return buf.getvalue()


class LayerCache(Generic[V]):
    """A bounded least-recently-used memo of drawn layers, keyed by everything they depend on.

    Boards are mostly the same from one move to the next: static parts (frames, legends,
    icons) never change and a panel changes only when its data does, so each is drawn once and
    pasted afterwards. ``budget`` bounds the sum of ``weigh`` over the entries (by default
    their count; ``pixels`` weighs a palette image by its bytes). Every cache registers
    itself, so ``clear_caches`` can empty them all (the uncached path the tests compare
    against)."""

    def __init__(self, budget: int, weigh: Callable[[V], int] = lambda _: 1) -> None:
        self.budget, self.weigh = budget, weigh
        self.used = 0
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        _CACHES.append(self)

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
            return found
        value = make()
        self._items[key] = value
        self.used += self.weigh(value)
        while self.used > self.budget and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self.used -= self.weigh(old)
        return value

    def clear(self) -> None:
        self._items.clear()
        self.used = 0


def pixels(img: Image.Image) -> int:
    """A layer's weight for ``LayerCache``: its pixel count (bytes, for a palette image)."""
    return img.width * img.height


_CACHES: list[LayerCache[Any]] = []


def clear_caches() -> None:
    """Empty every layer cache: the next picture is drawn from scratch."""
    for layer_cache in _CACHES:
        layer_cache.clear()


SectionDraw = Callable[[ImageDraw.ImageDraw], None]


class Sections:
    """One game's pictures as cached sections in one fixed palette (issue 20): each part of a
    picture (title, map, track, a player's panel) is drawn once per distinct content, indexed
    into the game's palette and pasted as palette indices afterwards, so a move redraws only
    the parts it changed and no picture needs a colour reduction before encoding.

    ``colours`` and ``inks`` make the palette (``fixed_palette``); ``budget`` bounds the
    cached sections by bytes."""

    def __init__(self, colours: tuple[Colour, ...], inks: tuple[Colour, ...], budget: int) -> None:
        self.colours, self.inks = colours, inks
        self._drawn: LayerCache[Image.Image] = LayerCache(budget, pixels)

    def palette(self) -> Image.Image:
        return fixed_palette(self.colours, self.inks)

    def indexed(self, img: Image.Image) -> Image.Image:
        return indexed(img, self.palette())

    def section(
        self, kind: str, key: Hashable, size: tuple[int, int], draw: SectionDraw
    ) -> Image.Image:
        """The section ``kind`` of ``size`` on the paper, from the cache while ``key``
        (everything it shows) is unchanged; ``draw`` draws it with its corner at the origin."""

        def make() -> Image.Image:
            img = canvas(*size)
            draw(ImageDraw.Draw(img))
            return self.indexed(img)

        return self._drawn.get((kind, size, key), make)

    def column(
        self,
        kind: str,
        key: Hashable,
        width: int,
        draw: Callable[[ImageDraw.ImageDraw], float],
        tallest: int = 3000,
    ) -> Image.Image:
        """A section ``width`` wide and as tall as its content, for text that wraps onto as
        many lines as it needs: ``draw`` returns the y under what it drew (at most
        ``tallest``)."""

        def make() -> Image.Image:
            img = canvas(width, tallest)
            bottom = draw(ImageDraw.Draw(img))
            return self.indexed(img.crop((0, 0, width, max(1, min(tallest, math.ceil(bottom))))))

        return self._drawn.get((kind, width, key), make)

    def layer(self, kind: str, key: Hashable, make: Callable[[], Image.Image]) -> Image.Image:
        """Any palette image ``make`` builds, cached under ``kind`` and ``key``."""
        return self._drawn.get((kind, key), make)

    def page(self, width: int, height: int) -> Image.Image:
        """A blank sheet of paper in the palette for the sections to be pasted on (a memory
        fill, as cheap at any height)."""
        return blank_page(
            self.palette(), width, height, exact_index(self.colours, self.inks, PAPER)
        )
