"""Moves taken in steps (``engines.core.menus.Path``): where a drill-down stands after the
steps a player took, read the same by the Discord panel and the terminal.

Every option a step offers leads to exactly one move (issue 35): the steps the moves share,
then, where moves differ but share every step (or one ends where others go on), the moves
themselves by their labels as a last step. A step is named by its index among the options,
so a panel's custom id carries the steps taken as a few numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.tables.updates import Choice
from engines.core.menus import Path


@dataclass(frozen=True)
class Drill:
    """Where a drill-down stands: the steps taken, the next step's options, and the move once
    the steps name exactly one. ``hints`` holds, per option, the note every move under it
    shares (a card's text under "Card 6: climb"), or None where they differ; ``leaves``,
    per option, the move it is when it is a move by its label rather than a step."""

    heading: str
    prefix: tuple[int, ...]
    taken: tuple[str, ...]
    options: tuple[str, ...]
    complete: Choice | None
    hints: tuple[str | None, ...] = ()
    leaves: tuple[Choice | None, ...] = ()

    def move_at(self, index: int) -> Choice | None:
        """The move option ``index`` is by itself, if it is one."""
        return self.leaves[index] if 0 <= index < len(self.leaves) else None


def drill(choices: list[Choice], prefix: tuple[int, ...]) -> Drill | None:
    """``follow``, then past any step that offers a single option but does not finish a move
    (no menu of one)."""
    state = follow(choices, prefix)
    while (
        state is not None
        and state.complete is None
        and len(state.options) == 1
        and state.move_at(0) is None
        and (ahead := follow(choices, (*state.prefix, 0))) is not None
        and ahead.complete is None
    ):
        state = ahead
    return state


def follow(choices: list[Choice], prefix: tuple[int, ...]) -> Drill | None:
    """Follow ``prefix`` through the moves that have paths among ``choices`` (distinct, as
    the service hands them out: ``bot.tables.choices``); None if the prefix no longer fits
    (the moves changed since the menu was drawn). A prefix whose last index picks a move by
    its label is complete with that move."""
    candidates = [(c, c.path) for c in choices if c.path is not None]
    if not candidates:
        return None
    heading = candidates[0][1].heading
    taken: list[str] = []
    for n, index in enumerate(prefix):
        options = _options(candidates, len(taken))
        ended = len(options) == 1 and isinstance(options[0], Choice)
        if ended or not 0 <= index < len(options):
            return None
        option = options[index]
        if isinstance(option, Choice):
            if n < len(prefix) - 1:
                return None  # a move ends the drill-down: nothing follows it
            return Drill(heading, prefix, tuple(taken), (), option)
        label, candidates = option
        taken.append(label)
    depth = len(taken)
    options = _options(candidates, depth)
    if len(options) == 1 and isinstance(options[0], Choice):
        return Drill(heading, prefix, tuple(taken), (), options[0])
    return Drill(
        heading,
        prefix,
        tuple(taken),
        tuple(o.label if isinstance(o, Choice) else o[0] for o in options),
        None,
        tuple(o.hint if isinstance(o, Choice) else _shared_note(o[1], depth) for o in options),
        tuple(o if isinstance(o, Choice) else None for o in options),
    )


# One option of a step: a move by its label, or a step and the moves under it.
Option = Choice | tuple[str, list[tuple[Choice, Path]]]


def _options(candidates: list[tuple[Choice, Path]], depth: int) -> list[Option]:
    """The options after ``depth`` shared steps, in the engine's order: each next step
    once, and each move that ends here by its label (a lone move that ends here is the
    drill-down's end, not an option)."""
    options: list[Option] = []
    under: dict[str, list[tuple[Choice, Path]]] = {}
    for c, p in candidates:
        if len(p.steps) == depth:
            options.append(c)
            continue
        label = p.steps[depth]
        if label not in under:
            under[label] = []
            options.append((label, under[label]))
        under[label].append((c, p))
    return options


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
