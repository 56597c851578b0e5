"""A seat's legal actions as the choices a player reads (docs/architecture.md "From a click to
a board", step 3): each labelled and hinted by the game (``engines.core.menus``), and each
move a player can tell apart offered once (issue 35).

An engine may list two legal actions a player cannot tell apart: two copies of one market
card, or moves the game marks with one ``same`` key. Offered twice, such a pair makes a
drill-down that never ends in one move (the stuck Northgard panel of issue 35), and ``/play``
lists the move twice and cannot match it by name. So the panel, ``/play`` and the terminal
all read ``distinct`` choices: the first of each set the game calls the same, and the first
of each set that looks the same (label, menu heading, steps and picked items).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from bot.tables.updates import Choice, choice_ref
from engines.core.menus import MenuHints
from engines.core.protocol import Engine, SeatId


def menu_choices(
    engine: Engine[Any, Any],
    hints: MenuHints | None,
    state: Any,
    seat: SeatId,
    seq: int,
) -> tuple[list[Any], list[Choice]]:
    """``seat``'s legal actions at move ``seq`` and the distinct choices that offer them
    (a choice's ``index`` is its action's place among the legal actions)."""
    legal = list(engine.legal_actions(state, seat))
    return legal, distinct(every_choice(engine, hints, state, legal, seq))


def every_choice(
    engine: Engine[Any, Any], hints: MenuHints | None, state: Any, legal: list[Any], seq: int
) -> list[Choice]:
    """Each legal action as a menu entry, look-alikes included."""
    return [
        Choice(
            i,
            engine.describe(a, state),
            engine.group(a, state),
            choice_ref(seq, i),
            hints.pick_set(a, state) if hints else None,
            hints.same(a, state) if hints else None,
            hints.path(a, state) if hints else None,
            hints.hint(a, state) if hints else None,
        )
        for i, a in enumerate(legal)
    ]


def looks(choice: Choice) -> Hashable:
    """What a player sees of a move: two moves alike in all of it are one move to them."""
    return (choice.label, choice.group, choice.path, choice.pick)


def lone_answer_note(choices: list[Choice]) -> str | None:
    """The note of a decision's only answer. A decision asked although it has one answer (a
    reaction window opened whatever the hand holds, a secret choice) says why, where a menu
    of several shows each answer's note beside it."""
    answers = distinct(choices)
    return answers[0].hint if len(answers) == 1 else None


def distinct(choices: list[Choice]) -> list[Choice]:
    """The first of each set of moves the game calls the same (``same``) or that look the
    same, in the engine's order."""
    seen: set[Hashable] = set()
    out = []
    for c in choices:
        keys = [("looks", looks(c))] + ([("same", c.same)] if c.same is not None else [])
        if any(k in seen for k in keys):
            continue
        seen.update(keys)
        out.append(c)
    return out
