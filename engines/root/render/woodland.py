"""The Root map (root.md §17 "Maps", §16.3 barren trails): every clearing's suit, slots,
buildings, tokens and warriors by faction with counts; paths, barren trails, rivers and
forests, and their key. Suits are written out in each clearing; barren trails are dashed and
labelled.

Drawn in layers (issue 20): the ground (forests, rivers, paths and the key) once per map and
set of opened trails, then each clearing as a patch over its piece of the ground, drawn once
per content; a patch is pasted through the mask of the pixels it drew, so clearings whose
patches overlap leave each other as they are drawn in order.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from engines.core.render_kit import (
    INK,
    LayerCache,
    contrast_ink,
    pixels,
    text_width,
    trace_legend,
    trace_marker,
    wrap_lines,
    write,
)
from engines.root.render.geometry import (
    MAP_H,
    RIVERS,
    Box,
    Point,
    clearing_box,
    clearing_xy,
    forests_xy,
)
from engines.root.render.style import (
    BARREN,
    FACTION_COLOUR,
    FOREST,
    FOREST_INK,
    LETTER,
    LINE,
    NOTE,
    OPENED,
    PATH_GREY,
    READ,
    RGB,
    RIVER,
    RUIN_FILL,
    SECTIONS,
    SHORT,
    SUIT_FILL,
    TOKEN_SHORT,
    WHITE,
    W,
)

Patch = tuple[Image.Image, Image.Image, tuple[int, int]]
# The ground in RGB, to draw patches over (a map and its opened trails change once a turn).
_GROUNDS: LayerCache[Image.Image] = LayerCache(4)
# Patches of clearings (palette image, mask, corner): a board has twelve, most unchanged,
# weighing about 0.5 MB together: the last boards of some forty tables.
_PATCHES: LayerCache[Patch] = LayerCache(32 << 20, lambda p: 2 * pixels(p[0]))
PILL_H = READ + 8
SLOT_W = 64
KEY = (
    "In a clearing: Saw sawmill · Wk workshop · Rec recruiter · Ro roost · B base · "
    "wd wood · K keep · Sy sympathy · M×3 three Marquise warriors, E×2 two Eyrie, A×1 one "
    "Alliance · V the Vagabond · the coloured frame and the letter in the corner: who rules it."
)
KEY_H = 8 + 34 + 3 * LINE
# What the key's text explains (a ruin's box says "ruin" in full).
KEY_MARKERS = (
    "building:sawmill",
    "building:workshop",
    "building:recruiter",
    "building:roost",
    "building:base",
    "building:ruin",
    "token:wood",
    "token:keep",
    "token:sympathy",
    "warriors",
    "vagabond",
    "ruler",
)


def _dashed(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: RGB, width: int) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length // 16))
    for i in range(steps):
        if i % 2:
            continue
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        draw.line([p0, p1], fill=colour, width=width)


def _pill_width(text: str, size: int = READ) -> float:
    return text_width(text, size, True) + 14


def _pill(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    colour: RGB,
    panel: Box | None = None,
    size: int = READ,
) -> float:
    """A rounded label read as a piece; returns its width."""
    w, h = _pill_width(text, size), size + 8
    draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=colour, outline=INK)
    ink = contrast_ink(colour)
    write(draw, (x + w / 2, y + h / 2), text, size, True, ink, "mm", panel, "pieces")
    return w


def _ground(data: dict[str, Any]) -> Image.Image:
    """Forests, rivers, paths and the key, in RGB."""
    img = Image.new("RGB", (W, MAP_H + KEY_H), SECTIONS.colours[0])
    draw = ImageDraw.Draw(img, "RGBA")
    m = data["map"]
    pos = {c["id"]: clearing_xy(m, c["id"]) for c in data["clearings"]}
    for ring in data["forests"].values():
        draw.polygon([pos[c] for c in ring], fill=(*FOREST, 150))
    for name, at in forests_xy(data).items():
        write(draw, at, name, READ, True, FOREST_INK, "mm")
    for a, b in RIVERS[m]:
        trace_marker("river")
        _dashed(draw, pos[a], pos[b], RIVER, 6)
    opened = set(data["activated"])
    for a, b, kind in data["paths"]:
        if kind == "barren":
            is_open = f"{min(a, b)}-{max(a, b)}" in opened
            trace_marker("opened" if is_open else "barren")
            _dashed(draw, pos[a], pos[b], OPENED if is_open else BARREN, 12)
        else:
            trace_marker("path")
            draw.line([pos[a], pos[b]], fill=PATH_GREY, width=12)
    _draw_key(draw, data, MAP_H)
    return img


Paint = Callable[[ImageDraw.ImageDraw, int, int], None]


def _patch(ground: Image.Image, box: Box, paint: Paint) -> Patch:
    """``paint(draw, dx, dy)`` over ``box`` of the ground (moved by dx, dy to its corner):
    the patch in the palette, the mask of the pixels it changed, and its corner."""
    x0, y0 = max(0, box[0]), max(0, box[1])
    x1, y1 = min(ground.width, box[2]), min(ground.height, box[3])
    under = ground.crop((x0, y0, x1, y1))
    img = under.copy()
    paint(ImageDraw.Draw(img), -x0, -y0)
    bands = ImageChops.difference(img, under).split()
    changed = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    mask = changed.point(lambda v: 255 if v else 0)
    return SECTIONS.indexed(img), mask, (x0, y0)


def _clearing_patch(ground: Image.Image, c: dict[str, Any], box: Box, pawn: bool) -> Patch:
    def paint(draw: ImageDraw.ImageDraw, dx: int, dy: int) -> None:
        _draw_clearing(draw, c, (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy), pawn)

    return _patch(ground, box, paint)


def _forest_pawn_patch(ground: Image.Image, name: str, at: Point) -> Patch:
    """The Vagabond's pawn in a forest, beside the forest's name: the gaps between rows of
    clearings are wider than they are tall."""
    w = _pill_width("V")
    x, y = at[0] + text_width(name, READ, True) / 2 + 6, at[1] - PILL_H / 2
    box = (math.floor(x - 1), math.floor(y - 1), math.ceil(x + w + 1), math.ceil(y + PILL_H + 1))

    def paint(draw: ImageDraw.ImageDraw, dx: int, dy: int) -> None:
        trace_marker("vagabond")
        _pill(draw, x + dx, y + dy, "V", FACTION_COLOUR["vagabond"])

    return _patch(ground, box, paint)


def _pieces(c: dict[str, Any], pawn: bool) -> list[tuple[str, str, str]]:
    """The pills of a clearing, tokens then warriors: (marker kind, label, owner)."""
    out = []
    for t, k in Counter(c["tokens"]).items():
        owner = "alliance" if t == "sympathy" else "marquise"
        out.append(("token:" + t, TOKEN_SHORT[t] + (f"×{k}" if k > 1 else ""), owner))
    for f, n in sorted(c["warriors"].items()):
        if n:
            out.append(("warriors", f"{LETTER[f]}×{n}", f))
    if pawn:
        out.append(("vagabond", "V", "vagabond"))
    return out


def _draw_clearing(draw: ImageDraw.ImageDraw, c: dict[str, Any], box: Box, pawn: bool) -> None:
    """A clearing's box: its number and suit, who rules it, its building slots, then its
    tokens and warriors in rows; everything drawn inside the box."""
    x0, y0, x1, _ = box
    ruler = c["ruler"]
    frame = FACTION_COLOUR[ruler] if ruler else INK
    draw.rounded_rectangle(box, radius=14, fill=SUIT_FILL[c["suit"]], outline=frame, width=6)
    write(draw, (x0 + 14, y0 + 26), f"{c['id']} {c['suit']}", READ, True, INK, "lm", box)
    if ruler:
        trace_marker("ruler")
        w = _pill_width(LETTER[ruler])
        _pill(draw, x1 - 10 - w, y0 + 10, LETTER[ruler], FACTION_COLOUR[ruler], box)
    # Slots: one box each, filled with the building's short name; then the tokens and
    # warriors in rows, from the end of the slots on.
    for i in range(c["slots"]):
        bx, by = x0 + 12 + i * (SLOT_W + 6), y0 + 50
        slot = (bx, by, bx + SLOT_W, by + PILL_H)
        if i < len(c["buildings"]):
            b = c["buildings"][i]
            trace_marker("building:" + ("base" if b.startswith("base") else b))
            owner = {"roost": "eyrie", "ruin": ""}.get(
                b, "alliance" if b.startswith("base") else "marquise"
            )
            fill = FACTION_COLOUR.get(owner, RUIN_FILL)
            draw.rectangle(slot, fill=fill, outline=INK, width=2)
            ink = contrast_ink(fill)
            mid = (bx + SLOT_W / 2, by + PILL_H / 2)
            write(draw, mid, SHORT[b], READ, True, ink, "mm", box, "pieces")
        else:
            draw.rectangle(slot, fill=WHITE, outline=INK, width=2)
    # A crowded clearing sets its pills smaller rather than let them spill out of its box.
    for size in (READ, 20, 16):
        if (placed := _flow(c, pawn, box, size)) is not None:
            break
    for kind, label, owner, (x, y) in placed:
        trace_marker(kind)
        _pill(draw, x, y, label, FACTION_COLOUR[owner], box, size)


def _flow(
    c: dict[str, Any], pawn: bool, box: Box, size: int
) -> list[tuple[str, str, str, Point]] | None:
    """Where a clearing's pills go at type ``size``: after its slots, then in rows below;
    None when they do not all fit inside the box (the last size is placed anyway)."""
    x0, y0, x1, y1 = box
    height = size + 8
    x, y = x0 + 12 + c["slots"] * (SLOT_W + 6) + 4, y0 + 50
    out = []
    for kind, label, owner in _pieces(c, pawn):
        w = _pill_width(label, size)
        if x + w > x1 - 10:
            x, y = x0 + 12, y + height + 6
        out.append((kind, label, owner, (x, y)))
        x += w + 5
    return out if y + height <= y1 - 8 or size <= 16 else None


def _draw_key(draw: ImageDraw.ImageDraw, data: dict[str, Any], top: int) -> None:
    x, y = 14, top + 8
    samples: list[tuple[str, str, RGB, int]] = [
        ("path", "path", PATH_GREY, 0),
        ("barren", "barren trail", BARREN, 1),
        ("opened", "opened this turn", OPENED, 1),
    ]
    if RIVERS[data["map"]]:
        samples.append(("river", "river (no moves)", RIVER, 1))
    for kind, words, colour, dashed in samples:
        trace_legend(kind)
        if dashed:
            _dashed(draw, (x, y + 14), (x + 56, y + 14), colour, 10)
        else:
            draw.line([(x, y + 14), (x + 56, y + 14)], fill=colour, width=10)
        write(draw, (x + 64, y + 14), words, NOTE, False, INK, "lm")
        x += 64 + text_width(words, NOTE) + 30
    for kind in KEY_MARKERS:
        trace_legend(kind)
    for i, line in enumerate(wrap_lines(KEY, NOTE, W - 28)):
        write(draw, (14, y + 34 + i * LINE), line, NOTE)


def draw_map(page: Image.Image, data: dict[str, Any], top: int) -> int:
    """The map and its key pasted on ``page`` with its top edge at ``top``; returns the
    height drawn."""
    ground_key: Hashable = (
        data["map"],
        repr(data["forests"]),
        repr(data["paths"]),
        tuple(data["activated"]),
    )
    ground = _GROUNDS.get(ground_key, lambda: _ground(data))
    page.paste(SECTIONS.layer("ground", ground_key, lambda: SECTIONS.indexed(ground)), (0, top))
    vag = data.get("vagabond", {}).get("where", "")
    for c in data["clearings"]:
        pawn, box = vag == str(c["id"]), clearing_box(data["map"], c["id"])
        key = (ground_key, repr(c), pawn)
        _paste(page, top, _PATCHES.get(key, partial(_clearing_patch, ground, c, box, pawn)))
    if vag and not vag.isdigit():
        at = forests_xy(data)[vag]
        key = (ground_key, "forest", vag)
        _paste(page, top, _PATCHES.get(key, lambda: _forest_pawn_patch(ground, vag, at)))
    return ground.height


def map_height() -> int:
    """The height of the map with its key."""
    return MAP_H + KEY_H


def _paste(page: Image.Image, top: int, patch: Patch) -> None:
    img, mask, (x, y) = patch
    page.paste(img, (x, y + top), mask)
