"""How a player's legal actions become Discord components (no Discord imports here).

Discord allows five rows per message: a row holds up to five buttons or one select menu of up
to 25 options. Actions come grouped by the engine (``Engine.group``). Moves with the same
``same`` key are shown once. A group whose actions each pick a subset of items (``pick``)
becomes one multi-select of those items; other groups with a single action become buttons,
larger ones a select menu each, paged ("More…") past 25. When that does not fit in five rows,
the non-pick moves go into one paged menu, so every legal move stays reachable without typing.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.discord import limits
from bot.tables.updates import Choice
from engines.core.menus import Path

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


@dataclass(frozen=True)
class Drill:
    """Where a drill-down stands: the steps taken, the next step's options, and the move once
    the steps name exactly one. ``hints`` holds, per option, the hint every move under it
    shares (a card's text under "Card 6: climb"), or None where they differ."""

    heading: str
    prefix: tuple[int, ...]
    taken: tuple[str, ...]
    options: tuple[str, ...]
    complete: Choice | None
    hints: tuple[str | None, ...] = ()


Row = ButtonRow | MenuRow | PickRow | PathRow


def _distinct(labels: list[str]) -> list[str]:
    return list(dict.fromkeys(labels))


def drill(choices: list[Choice], prefix: tuple[int, ...]) -> Drill | None:
    """Follow ``prefix`` through the moves that have paths, then past any step that offers a
    single option but does not finish a move (no menu of one); None if the prefix no longer
    fits (the moves changed since the menu was drawn)."""
    state = _follow(choices, prefix)
    while (
        state is not None
        and state.complete is None
        and len(state.options) == 1
        and (ahead := _follow(choices, (*state.prefix, 0))) is not None
        and ahead.complete is None
    ):
        state = ahead
    return state


def _follow(choices: list[Choice], prefix: tuple[int, ...]) -> Drill | None:
    candidates = [(c, c.path) for c in unique(choices) if c.path is not None]
    if not candidates:
        return None
    taken: list[str] = []
    for index in prefix:
        depth = len(taken)
        options = _distinct([p.steps[depth] for _, p in candidates if len(p.steps) > depth])
        if not 0 <= index < len(options):
            return None
        taken.append(options[index])
        candidates = [(c, p) for c, p in candidates if p.steps[: len(taken)] == tuple(taken)]
    depth = len(taken)
    deeper = [p for _, p in candidates if len(p.steps) > depth]
    ended = [c for c, p in candidates if len(p.steps) == depth]
    complete = ended[0] if len(ended) == 1 and not deeper else None
    options = _distinct([p.steps[depth] for p in deeper])
    heading = candidates[0][1].heading
    hints = tuple(
        _shared_note(
            [(c, p) for c, p in candidates if len(p.steps) > depth and p.steps[depth] == o], depth
        )
        for o in options
    )
    return Drill(heading, prefix, tuple(taken), tuple(options), complete, hints)


def _shared_note(candidates: list[tuple[Choice, Path]], depth: int) -> str | None:
    """What the option at ``depth`` means: the step's note, or the move's hint where the step
    is the last; shown only when every move under the option agrees."""
    notes = {
        p.notes[depth]
        if len(p.notes) > depth and p.notes[depth]
        else (c.hint if len(p.steps) == depth + 1 else None)
        for c, p in candidates
    }
    return notes.pop() if len(notes) == 1 else None


def path_row(state: Drill, page: int = 0) -> PathRow:
    hints = state.hints or (None,) * len(state.options)
    indexed = [(i, label, hints[i]) for i, label in enumerate(state.options)]
    if len(indexed) <= OPTIONS_PER_MENU:
        return PathRow(state.heading, state.prefix, tuple(indexed), 0, None)
    start = page * PAGE
    more = page + 1 if start + PAGE < len(indexed) else None
    return PathRow(state.heading, state.prefix, tuple(indexed[start : start + PAGE]), page, more)


def unique(choices: list[Choice]) -> list[Choice]:
    """The first of each set of moves the game calls the same."""
    seen: set[str] = set()
    out = []
    for c in choices:
        if c.same is not None:
            if c.same in seen:
                continue
            seen.add(c.same)
        out.append(c)
    return out


def groups_of(choices: list[Choice]) -> list[tuple[str, list[Choice]]]:
    """Choices grouped by heading, in the order the engine listed them (duplicates dropped);
    within a heading, moves that pick items form a group of their own. Moves with a path are
    reached through the drill-down instead."""
    out: dict[tuple[str, bool], list[Choice]] = {}
    for c in unique(choices):
        if c.path is not None:
            continue
        out.setdefault((c.group, c.pick is not None), []).append(c)
    return [(heading, items) for (heading, _), items in out.items()]


def is_pick_group(items: list[Choice]) -> bool:
    return len(items) > 1 and all(c.pick is not None for c in items)


def pick_row(group_index: int, items: list[Choice]) -> PickRow:
    union: dict[str, str] = {}
    for c in items:
        assert c.pick is not None
        union.update(c.pick.items)
    first = items[0].pick
    assert first is not None
    largest = max(len(c.pick.items) for c in items if c.pick is not None)
    return PickRow(
        group_index,
        first.menu,
        tuple(union.items())[:OPTIONS_PER_MENU],
        min(largest, OPTIONS_PER_MENU),
    )


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
    groups = groups_of(choices)
    start = _follow(choices, ())
    paths: list[Row] = [path_row(start)] if start is not None else []
    picks: list[Row] = paths + [
        pick_row(i, items) for i, (_, items) in enumerate(groups) if is_pick_group(items)
    ]
    rest = [(i, h, items) for i, (h, items) in enumerate(groups) if not is_pick_group(items)]
    singles = [items[0] for _, _, items in rest if len(items) == 1]
    menus = [(i, h, items) for i, h, items in rest if len(items) > 1]
    button_rows: list[Row] = [
        ButtonRow(tuple(singles[i : i + BUTTONS_PER_ROW]))
        for i in range(0, len(singles), BUTTONS_PER_ROW)
    ]
    if len(picks) + len(button_rows) + len(menus) <= MAX_ROWS:
        rows = [menu_page(i, h, items, pages.get(i, 0)) for i, h, items in menus]
        return picks + rows + button_rows
    # Too many groups for five rows: the other moves share one paged menu.
    others = [c for _, _, items in rest for c in items]
    return [*picks[: MAX_ROWS - 1], menu_page(-1, "Choose your move", others, pages.get(-1, 0))]


def group_choices(choices: list[Choice], group_index: int) -> list[Choice]:
    """The moves one menu row stands for (``-1``: every move outside pick groups)."""
    groups = groups_of(choices)
    if group_index < 0:
        return [c for _, items in groups if not is_pick_group(items) for c in items]
    return groups[group_index][1] if 0 <= group_index < len(groups) else []
