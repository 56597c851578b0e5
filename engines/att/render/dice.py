"""The dice picture: the active pool (or the last roll) as large faces (reference §7-§8).

Each die has its physical colour (Basic green, Luck yellow, Panic red, Feat blue) *and* its
kind written under it, so the kinds survive colour-blindness, then the number players use
to pick it. Dice already spent sit greyed in their groups, beside what they bought.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from engines.att.render.layers import Box, Layers, key
from engines.att.render.symbols import (
    DIE_COLOURS,
    LINE,
    SPENT_FILL,
    Draw,
    die,
    fit,
    panel,
    pawn,
    wrap_fit,
    write,
)
from engines.core.render_kit import (
    INK,
    MUTED,
    contrast_ink,
    draw_title,
    encode,
    text_width,
    trace_legend,
    trace_marker,
)

DIE = 110
STEP = DIE + 26
PER_ROW = 6
WIDTH = 24 + PER_ROW * STEP
SPENT_DIE = 60
POOL_ROW = DIE + 84
SPENT_ROW = SPENT_DIE + 52


def die_number(index: int) -> str:
    """The number a player picks a die by: pool position counted from 1."""
    return str(index + 1)


def _chip_h(size: int) -> int:
    return max(18, size // 5)


def _die_face(draw: Draw, size: int, kind: str, value: int | None, spent: bool) -> None:
    """A die at the origin and its kind in a colour chip underneath."""
    colour = DIE_COLOURS.get(kind, (255, 255, 255))
    die(draw, 0, 0, size, value, SPENT_FILL if spent else colour, MUTED if spent else INK)
    chip_h = _chip_h(size)
    chip = (0, size + 6, size, size + 6 + chip_h)
    fill = SPENT_FILL if spent else colour
    draw.rounded_rectangle(chip, 5, fill=fill, outline=MUTED if spent else INK, width=1)
    mid = (size / 2, chip[1] + chip_h / 2)
    write(draw, mid, kind.upper(), max(12, int(chip_h * 0.72)), True, contrast_ink(fill), "mm")


def _pick_number(draw: Draw, size: int, index: int, spent: bool, top: int) -> None:
    """The number a player picks the die by, centred under a die of ``size``."""
    ink = MUTED if spent else INK
    number = "#" + die_number(index)
    write(draw, (size / 2, top), number, max(18, size // 3), True, ink, "mt")


def _add_die(
    pic: Layers, x: int, y: int, size: int, row: int, d: Mapping[str, Any], spent: bool
) -> None:
    """A die, its kind in a chip and its pick number: the face is drawn once per size,
    kind, value and state, the number once per size, index and state."""
    kind, value, index = str(d["kind"]), d.get("value"), int(d["index"])
    face_bottom = y + size + 6 + _chip_h(size)
    face = (x, y, x + size, face_bottom)
    draw_face = partial(_die_face, size=size, kind=kind, value=value, spent=spent)
    pic.add("die", (size, kind, value, spent), face, lambda dr, _: draw_face(dr))
    number = (x, face_bottom + 1, x + size, y + row - 1)
    # The number's tile starts just under the chip; the number sits 4 px below the chip.
    draw_number = partial(_pick_number, size=size, index=index, spent=spent, top=3)
    pic.add("die-number", (size, index, spent), number, lambda dr, _: draw_number(dr))


def _pool_of(view_data: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """The dice to draw, normalised to the ``dice`` shape; None when there are none."""
    dice = view_data.get("dice")
    if dice and dice.get("pool"):
        return dict(dice), [dict(d) for d in dice["pool"]]
    last = view_data.get("last_roll")
    if last and last.get("values"):
        kinds = list(last.get("kinds") or ["basic"] * len(last["values"]))
        pool = [
            {"index": i, "kind": k, "value": v}
            for i, (k, v) in enumerate(zip(kinds, last["values"], strict=False))
        ]
        return {"owner": last.get("owner"), "last_label": last.get("label", "")}, pool
    return None


def _owner_name(data: Mapping[str, Any], owner: Any) -> str:
    for player in data.get("players", []):
        if player.get("seat") == owner:
            return str(player.get("name"))
    return "Someone"


def _status(info: Mapping[str, Any]) -> str:
    if "last_label" in info:
        return str(info["last_label"]) or "Last roll"
    if info.get("desperate"):
        return "Desperate Act made: dice can only buy Scenario resources"
    if not info.get("rolled"):
        return "Not rolled yet: build the pool, then roll"
    if info.get("spending"):
        return "Spending: no more re-rolls or card plays"
    left = int(info.get("rerolls_left", 0))
    return f"Rolling: {left} re-roll{'s' if left != 1 else ''} left"


def fresh_roll(view_data: Mapping[str, Any]) -> bool:
    """Whether the dice on the table were rolled since their picture was last posted: a
    rolled pool with nothing spent yet (rolls and re-rolls happen only then). While the pool
    is built, once spending starts and after the Encounter the dice picture would repeat one
    already posted (the text lines still show the dice left)."""
    dice = view_data.get("dice")
    return bool(dice and dice.get("rolled") and not dice.get("spending"))


def render_dice_png(data: Mapping[str, Any]) -> bytes | None:
    """The dice picture for a view's data, or None when there are no dice to show."""
    found = _pool_of(data)
    if found is None:
        return None
    info, pool = found
    spent_groups: Sequence[Mapping[str, Any]] = info.get("spent") or []
    spent_ids = {int(i) for group in spent_groups for i in group.get("dice", [])}
    live = [d for d in pool if int(d["index"]) not in spent_ids]
    by_index = {int(d["index"]): d for d in pool}
    pool_rows = max(1, -(-len(live) // PER_ROW))
    height = (
        56
        + 56
        + pool_rows * POOL_ROW
        + (44 + len(spent_groups) * SPENT_ROW if spent_groups else 0)
        + 12
    )
    pic = Layers(WIDTH, height)
    owner = _owner_name(data, info.get("owner"))
    title = "last roll" if "last_label" in info else "dice"
    heading = f"{owner}'s {title}"
    title_bar = partial(draw_title, width=WIDTH, text=heading)
    pic.add("dice-title", key(heading), (0, 0, WIDTH, 56), lambda d, _: title_bar(d))
    status = _status(info)
    pic.add("dice-status", key(status), (0, 57, WIDTH - 1, 111), partial(_status_line, status))
    y = 112
    if not live:
        pic.add("dice-none", (), (0, y, WIDTH - 1, y + 59), _none_left)
    for n, d in enumerate(live):
        x = 12 + (n % PER_ROW) * STEP + 13
        row_y = y + (n // PER_ROW) * POOL_ROW
        _add_die(pic, x, row_y, DIE, POOL_ROW, d, False)
    y += pool_rows * POOL_ROW
    if spent_groups:
        pic.add("dice-spent", (), (0, y - 2, WIDTH - 1, y + 43), _spent_heading)
        y += 44
    for group in spent_groups:
        ids = [int(i) for i in group.get("dice", [])]
        for n, index in enumerate(ids):
            d = by_index.get(index, {"index": index, "kind": "basic", "value": None})
            _add_die(pic, 16 + n * (SPENT_DIE + 12), y, SPENT_DIE, SPENT_ROW, d, True)
        tx = 16 + max(len(ids), 3) * (SPENT_DIE + 12) + 12
        size, lines = wrap_fit("→ " + str(group.get("label", "")), 20, WIDTH - tx - 16, 3, True)
        box = (tx, y, WIDTH - 1, y + SPENT_ROW - 1)
        pic.add("dice-bought", key(size, lines), box, partial(_bought, size, lines))
        y += SPENT_ROW
    return encode(pic.img)


def _status_line(text: str, draw: Draw, box: Box) -> None:
    size, line = fit(text, 22, WIDTH - 32, True)
    write(draw, (16, 27), line, size, True, INK, "lm")


def _none_left(draw: Draw, box: Box) -> None:
    write(draw, (16, 30), "Every die is spent.", 20, False, MUTED)


def _spent_heading(draw: Draw, box: Box) -> None:
    draw.line((12, 2, WIDTH - 12, 2), fill=LINE, width=2)
    write(draw, (16, 24), "Spent", 20, True, INK, "lm")


def _bought(size: int, lines: Sequence[str], draw: Draw, box: Box) -> None:
    for i, line in enumerate(lines):
        write(draw, (0, 8 + i * 26), line, size, True)


ROW_DIE = 54
ROW_STEP = 68
SPENT_W = 400


def dice_row(draw: Draw, box: Box, data: Mapping[str, Any], labels: Mapping[int, str]) -> None:
    """The current roll on the board during an Encounter (reference §7-§8): whose dice,
    what can be done with them now, each die live with its pick number, face and kind, and
    the dice already spent with what they bought."""
    info = data.get("dice") or {}
    x0, y0, x1, y1 = box
    panel(draw, box)
    owner = info.get("owner")
    if owner is not None:
        pawn(draw, x0 + 28, y0 + 28, 17, int(owner), labels.get(int(owner), "?"))
    head_w = 250
    name_size, names = wrap_fit(f"{_owner_name(data, owner)}'s dice", 18, head_w - 54, 2, True)
    for i, line in enumerate(names):
        cy = y0 + 28 + (i - (len(names) - 1) / 2) * (name_size + 3)
        write(draw, (x0 + 54, cy), line, name_size, True, INK, "lm")
    status_size, status = wrap_fit(_status(info), 14, head_w - 12, 3)
    for i, line in enumerate(status):
        write(draw, (x0 + 12, y0 + 52 + i * 18), line, status_size, False, MUTED)
    pool = [dict(d) for d in info.get("pool", [])]
    spent_groups: Sequence[Mapping[str, Any]] = info.get("spent") or []
    spent_ids = {int(i) for group in spent_groups for i in group.get("dice", [])}
    live = [d for d in pool if int(d["index"]) not in spent_ids]
    right = x1 - (SPENT_W if spent_groups else 12)
    x = x0 + head_w + 12
    step = min(ROW_STEP, (right - x) // max(1, len(live)))
    size = min(ROW_DIE, step - 8)
    for d in live:
        _row_die(draw, x, y0 + 8, size, d)
        x += step
    if spent_groups:
        # The spent groups take whatever the live dice leave, at least SPENT_W.
        left = min(x + 16, x1 - SPENT_W + 8)
        _spent_groups(draw, (left, y0 + 8, x1 - 12, y1 - 8), spent_groups, pool)


def _row_die(draw: Draw, x: float, y: float, size: int, d: Mapping[str, Any]) -> None:
    """One live die: its pick number above, the face, its kind written in a colour chip."""
    kind = str(d["kind"])
    # The chip names the kind, so the die's colour needs no legend of its own.
    trace_marker(f"die:{kind}")
    trace_legend(f"die:{kind}")
    colour = DIE_COLOURS.get(kind, (255, 255, 255))
    write(draw, (x + size / 2, y + 8), "#" + die_number(int(d["index"])), 14, True, INK, "mm")
    die(draw, x, y + 18, size, d.get("value"), colour, INK)
    chip = (x, y + 22 + size, x + size, y + 40 + size)
    draw.rounded_rectangle(chip, 4, fill=colour, outline=INK, width=1)
    chip_size, word = fit(kind.upper(), 12, size - 4, True)
    centre = (x + size / 2, (chip[1] + chip[3]) / 2)
    write(draw, centre, word, chip_size, True, contrast_ink(colour), "mm")


SPENT_CELL = 300
SPENT_STEP = 28


def _spent_groups(
    draw: Draw,
    box: Box,
    groups: Sequence[Mapping[str, Any]],
    pool: Sequence[Mapping[str, Any]],
) -> None:
    """The spent dice, greyed, each group with what it bought, in as many columns as the
    box holds; a last cell counts the groups that do not fit."""
    x0, y0, x1, y1 = box
    trace_marker("die:spent")
    trace_legend("die:spent")
    write(draw, (x0, y0), "Spent", 15, True, MUTED)
    values = {int(d["index"]): d.get("value") for d in pool}
    rows = max(1, (y1 - y0 - 20) // SPENT_STEP)
    # As many columns as the widest group (its dice and label) leaves room for.
    need = max(
        25 * len(g.get("dice", [])) + 18 + text_width("→ " + str(g.get("label", "")), 15)
        for g in groups
    )
    columns = max(1, min((x1 - x0) // max(SPENT_CELL, int(need)), -(-len(groups) // rows)))
    cell = (x1 - x0) // columns
    room = rows * columns
    for n, group in enumerate(groups):
        x = x0 + (n // rows) * cell
        y = y0 + 20 + (n % rows) * SPENT_STEP
        if n == room - 1 and len(groups) > room:
            write(draw, (x, y + 11), f"+{len(groups) - n} more spent", 15, False, MUTED, "lm")
            return
        right = x + cell - 10
        for index in group.get("dice", []):
            die(draw, x, y, 22, values.get(int(index)), SPENT_FILL, MUTED)
            x += 25
        size, label = fit("→ " + str(group.get("label", "")), 15, right - x - 4)
        write(draw, (x + 4, y + 11), label, size, False, INK, "lm")
