"""How a player's legal actions become Discord components (no Discord imports here).

Discord allows five rows per message: a row holds up to five buttons or one select menu of up
to 25 options. Actions come grouped by the engine (``Engine.group``). Groups with a single
action become buttons; larger groups become a select menu each; a group too large for one
menu is paged ("More…"). When the groups do not fit in five rows, everything goes into one
paged menu, so every legal action is always reachable without typing.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import Choice

MAX_ROWS = 5
BUTTONS_PER_ROW = 5
OPTIONS_PER_MENU = 25
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


Row = ButtonRow | MenuRow


def groups_of(choices: list[Choice]) -> list[tuple[str, list[Choice]]]:
    """Choices grouped by heading, in the order the engine listed them."""
    out: dict[str, list[Choice]] = {}
    for c in choices:
        out.setdefault(c.group, []).append(c)
    return list(out.items())


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
    singles = [items[0] for _, items in groups if len(items) == 1]
    menus = [(i, h, items) for i, (h, items) in enumerate(groups) if len(items) > 1]
    button_rows = [
        ButtonRow(tuple(singles[i : i + BUTTONS_PER_ROW]))
        for i in range(0, len(singles), BUTTONS_PER_ROW)
    ]
    if len(button_rows) + len(menus) <= MAX_ROWS:
        rows: list[Row] = [menu_page(i, h, items, pages.get(i, 0)) for i, h, items in menus]
        return rows + button_rows
    # Too many groups for five rows: one menu with everything, paged.
    return [menu_page(-1, "Choose your move", choices, pages.get(-1, 0))]
