"""How a player's legal actions become Discord components (no Discord imports here).

Discord allows five rows per message: a row holds up to five buttons or one select menu of up
to 25 options. Actions come grouped by the engine (``Engine.group``). Moves the game calls the
same, or that look the same, are shown once (``bot.tables.choices``). A group whose actions
each pick a subset of items (``pick``) becomes one multi-select of those items; other groups
with a single action become buttons, larger ones a select menu each, paged ("More…") past 25.
When that does not fit in five rows, the non-pick moves go into one paged menu, so every legal
move stays reachable without typing. Moves taken in steps are one drill-down
(``bot.tables.steps``), its first step a menu here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.discord import limits
from bot.tables.choices import distinct
from bot.tables.steps import Drill, follow
from bot.tables.updates import Choice

MAX_ROWS = 5
BUTTONS_PER_ROW = 5
OPTIONS_PER_MENU = limits.OPTIONS
# A paged menu keeps one option free for "More…".
PAGE = OPTIONS_PER_MENU - 1


@dataclass(frozen=True)
class ButtonRow:
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class MenuRow:
    """One select menu: a page of a group. ``next_page`` is set when more options follow."""

    group_index: int
    heading: str
    page: int
    choices: tuple[Choice, ...]
    next_page: int | None


@dataclass(frozen=True)
class PickRow:
    """One multi-select: tick the items to pick; the move is the action picking exactly those."""

    group_index: int
    heading: str
    items: tuple[tuple[str, str], ...]
    max_values: int


@dataclass(frozen=True)
class PathRow:
    """One step of a drill-down: a menu of the next step's options after ``prefix`` (the
    indices of the steps taken so far). ``options`` are (index at this step, label, hint)."""

    heading: str
    prefix: tuple[int, ...]
    options: tuple[tuple[int, str, str | None], ...]
    page: int
    next_page: int | None


Row = ButtonRow | MenuRow | PickRow | PathRow


def path_row(state: Drill, page: int = 0) -> PathRow:
    hints = state.hints or (None,) * len(state.options)
    indexed = [(i, label, hints[i]) for i, label in enumerate(state.options)]
    if len(indexed) <= OPTIONS_PER_MENU:
        return PathRow(state.heading, state.prefix, tuple(indexed), 0, None)
    start = page * PAGE
    more = page + 1 if start + PAGE < len(indexed) else None
    return PathRow(state.heading, state.prefix, tuple(indexed[start : start + PAGE]), page, more)


def groups_of(choices: list[Choice]) -> list[tuple[str, list[Choice]]]:
    """Choices grouped by heading, in the order the engine listed them (duplicates dropped);
    within a heading, the moves that pick items from one list (one ``PickSet.menu``: "Tak
    rallies …") form a group of their own. Moves with a path are reached through the
    drill-down instead."""
    out: dict[tuple[str, str | None], list[Choice]] = {}
    for c in distinct(choices):
        if c.path is not None:
            continue
        out.setdefault((c.group, c.pick.menu if c.pick else None), []).append(c)
    return [(heading, items) for (heading, _), items in out.items()]


def _picks(c: Choice) -> frozenset[str]:
    return frozenset(v for v, _ in c.pick.items) if c.pick else frozenset()


def is_pick_group(items: list[Choice]) -> bool:
    """Whether one multi-select offers these moves, each by exactly the items it ticks: at
    least one item each (Discord asks for one), no two alike, all items in one menu."""
    sets = [_picks(c) for c in items]
    return (
        len(items) > 1
        and all(c.pick is not None for c in items)
        and all(sets)
        and len(set(sets)) == len(sets)
        and len(frozenset().union(*sets)) <= OPTIONS_PER_MENU
    )


def pick_row(group_index: int, items: list[Choice]) -> PickRow:
    union: dict[str, str] = {}
    for c in items:
        assert c.pick is not None
        union.update(c.pick.items)
    first = items[0].pick
    assert first is not None
    return PickRow(group_index, first.menu, tuple(union.items()), max(map(len, map(_picks, items))))


def picked(items: list[Choice], values: set[str]) -> Choice | None:
    """The move that picks exactly ``values``, if there is one."""
    return next((c for c in items if c.pick and {v for v, _ in c.pick.items} == values), None)


def menu_page(group_index: int, heading: str, items: list[Choice], page: int) -> MenuRow:
    if len(items) <= OPTIONS_PER_MENU:
        return MenuRow(group_index, heading, 0, tuple(items), None)
    start = page * PAGE
    chunk = items[start : start + PAGE]
    more = page + 1 if start + PAGE < len(items) else None
    return MenuRow(group_index, heading, page, tuple(chunk), more)


def layout(choices: list[Choice], pages: dict[int, int] | None = None) -> list[Row]:
    """Rows for a panel; ``pages`` maps a group index to the page shown (default 0)."""
    pages = pages or {}
    choices = distinct(choices)
    groups = groups_of(choices)
    start = follow(choices, ())
    paths: list[Row] = [path_row(start)] if start is not None else []
    picks = [i for i, (_, items) in enumerate(groups) if is_pick_group(items)]
    rest = [(i, h, items) for i, (h, items) in enumerate(groups) if i not in picks]
    singles = [items[0] for _, _, items in rest if len(items) == 1]
    menus = [(i, h, items) for i, h, items in rest if len(items) > 1]
    button_rows: list[Row] = [
        ButtonRow(tuple(singles[i : i + BUTTONS_PER_ROW]))
        for i in range(0, len(singles), BUTTONS_PER_ROW)
    ]
    if len(paths) + len(picks) + len(button_rows) + len(menus) <= MAX_ROWS:
        rows = [menu_page(i, h, items, pages.get(i, 0)) for i, h, items in menus]
        return paths + [pick_row(i, groups[i][1]) for i in picks] + rows + button_rows
    # Too many groups for five rows: the other moves share one paged menu, and so do the
    # moves of the multi-selects that find no row (each by its label).
    kept = _kept_picks(groups, len(paths))
    others = group_choices(choices, -1)
    shared = menu_page(-1, "Choose your move", others, pages.get(-1, 0))
    return [*paths, *(pick_row(i, groups[i][1]) for i in kept), shared]


def _kept_picks(groups: list[tuple[str, list[Choice]]], paths: int) -> list[int]:
    """The multi-selects a crowded panel keeps: as many as leave a row for the shared menu."""
    picks = [i for i, (_, items) in enumerate(groups) if is_pick_group(items)]
    return picks[: MAX_ROWS - paths - 1]


def group_choices(choices: list[Choice], group_index: int) -> list[Choice]:
    """The moves one menu row stands for (``-1``: a crowded panel's shared menu, every move
    outside the multi-selects it keeps)."""
    groups = groups_of(choices)
    if group_index < 0:
        paths = 1 if follow(choices, ()) is not None else 0
        kept = _kept_picks(groups, paths)
        return [c for i, (_, items) in enumerate(groups) if i not in kept for c in items]
    return groups[group_index][1] if 0 <= group_index < len(groups) else []
