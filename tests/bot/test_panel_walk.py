"""Every panel completes every pick it offers (issue 35, "A Northgard player stuck with
buttons"): seeded games of every title, at their fewest and most seats, are played out and
every seat's panel at every decision is walked as a player can walk it: every button, every
page of every menu, every item set a multi-select can tick, and every option of a drill-down
at every step and page. Each leaf must be exactly one legal move, and every legal move must be
reachable (a move that looks exactly like another, or that the game calls the same, through
its look-alike)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Iterator
from typing import Any

import pytest

from bot.discord.ui.layout import (
    BUTTONS_PER_ROW,
    MAX_ROWS,
    OPTIONS_PER_MENU,
    ButtonRow,
    MenuRow,
    PathRow,
    PickRow,
    group_choices,
    layout,
    path_row,
    picked,
)
from bot.tables.choices import distinct, every_choice, looks
from bot.tables.steps import drill, follow
from bot.tables.updates import Choice
from engines import registry
from engines.core.conformance import seats_for
from engines.core.menus import Path, PickSet
from engines.core.protocol import parse_options

# A long game's later decisions repeat the shapes of its first ones (interrupt windows, the
# same cards in hand): the first decisions of each game keep the walk within seconds.
DECISIONS = 200
# Walk every item set of a multi-select when there are at most this many; beyond, each
# move's own set (no two moves share one, so any other set is no move and gets a sentence).
ALL_SETS = 4096


def seat_counts(game: str) -> list[int]:
    engine = registry.get(game)
    return sorted({engine.min_seats, engine.max_seats})


CASES = [(game, n) for game in registry.names() for n in seat_counts(game)]


def panels(game: str, seats: int, seed: int) -> Iterator[tuple[list[Choice], list[Choice]]]:
    """(every legal move as a menu entry, the distinct choices the panel gets) for each
    seat to act at each decision of a seeded random game."""
    entry = registry.entry(game)
    engine = entry.engine
    state = engine.setup(seats_for(seats), parse_options(engine, {}), seed)
    rng = random.Random(seed)
    for seq in range(DECISIONS):
        to_act = sorted(engine.to_act(state))
        if not to_act:
            return
        for seat in to_act:
            legal = list(engine.legal_actions(state, seat))
            raw = every_choice(engine, entry.menus, state, legal, seq)
            yield raw, distinct(raw)
        seat = rng.choice(to_act)
        state = engine.apply(state, seat, rng.choice(list(engine.legal_actions(state, seat))))
        state = state.state


def pages_of(choices: list[Choice], group: int) -> Iterator[MenuRow]:
    page: int | None = 0
    while page is not None:
        rows = layout(choices, {group: page})
        (row,) = [r for r in rows if isinstance(r, MenuRow) and r.group_index == group]
        assert len(row.choices) + (row.next_page is not None) <= OPTIONS_PER_MENU
        assert len({c.label for c in row.choices}) == len(row.choices), row
        yield row
        page = row.next_page


def pick_leaves(choices: list[Choice], row: PickRow) -> Iterator[Choice]:
    """The moves a multi-select makes: from every set a player can tick (1 to
    ``max_values`` of its items), or from each move's own set when there are too many."""
    group = group_choices(choices, row.group_index)
    values = [v for v, _ in row.items]
    assert len(values) <= OPTIONS_PER_MENU and 1 <= row.max_values <= len(values)
    sizes = range(1, row.max_values + 1)
    if sum(len(list(itertools.combinations(values, k))) for k in sizes) <= ALL_SETS:
        ticked = [set(s) for k in sizes for s in itertools.combinations(values, k)]
    else:
        ticked = [{v for v, _ in c.pick.items} for c in group if c.pick is not None]
    for values_ticked in ticked:
        matches = [c for c in group if c.pick and {v for v, _ in c.pick.items} == values_ticked]
        assert len(matches) <= 1, (row.heading, values_ticked, [c.label for c in matches])
        move = picked(group, values_ticked)
        assert move is (matches[0] if matches else None)
        if move is not None:
            yield move
    for c in group:  # every move of the group is among them
        assert c.pick is not None and {v for v, _ in c.pick.items} <= set(values), c.label


def path_leaves(choices: list[Choice]) -> Iterator[Choice]:
    """Every move a drill-down reaches, walked as ``PathSelect`` walks it: each option of
    each page of each step, then ``drill`` on the steps taken."""
    start = follow(choices, ())
    assert start is not None and start.options
    steps = [start]
    while steps:
        at = steps.pop()
        page: int | None = 0
        while page is not None:
            row: PathRow = path_row(at, page)
            assert len(row.options) + (row.next_page is not None) <= OPTIONS_PER_MENU
            # Two options alike would leave the player guessing.
            assert len({label for _, label, _ in row.options}) == len(row.options), row
            for index, _, _ in row.options:
                after = drill(choices, (*at.prefix, index))
                assert after is not None, (at.taken, index)
                if after.complete is not None:
                    yield after.complete
                    continue
                # Not a move yet: the next step must offer something (no dead end).
                assert after.options, ("a step that offers nothing", after.taken)
                steps.append(after)
            page = row.next_page


def leaves(choices: list[Choice]) -> list[Choice]:
    """Every move the panel lets a player make, once per way of making it."""
    out: list[Choice] = []
    rows = layout(choices)
    assert len(rows) <= MAX_ROWS
    for row in rows:
        if isinstance(row, ButtonRow):
            assert len(row.choices) <= BUTTONS_PER_ROW
            out += row.choices
        elif isinstance(row, MenuRow):
            out += [c for page in pages_of(choices, row.group_index) for c in page.choices]
        elif isinstance(row, PickRow):
            out += pick_leaves(choices, row)
        else:
            out += path_leaves(choices)
    return out


def shape(choices: list[Choice]) -> Hashable:
    """What a panel is made of (two decisions offering the same shape walk the same)."""
    return tuple((c.label, c.group, c.pick, c.same, c.path, c.hint) for c in choices)


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_every_pick_of_every_panel_ends_in_one_legal_move(game: str, seats: int) -> None:
    walked: set[Hashable] = set()
    looked = 0
    for raw, choices in panels(game, seats, seed=3):
        looked += 1
        key = shape(choices)
        if key in walked:
            continue
        walked.add(key)
        made = leaves(choices)
        offered = {c.index: c for c in choices}
        assert all(c.index in offered and offered[c.index] == c for c in made)
        missing = [c.label for c in choices if c.index not in {m.index for m in made}]
        assert not missing, (game, seats, missing)
        # Each legal move is offered itself, or through a move that looks exactly like it
        # or that the game calls the same.
        kept_looks = {looks(c) for c in choices}
        kept_same = {c.same for c in choices if c.same is not None}
        for c in raw:
            assert looks(c) in kept_looks or c.same in kept_same, c.label
    assert looked > 20 and len(walked) > 5


def test_copies_of_one_move_are_one_pick() -> None:
    """The stuck Northgard panel (issue 35): two legal moves, copies of one market card,
    with one label and one path. The panel offered "Pass" and never completed it."""
    pass_path = Path("Your action", ("Pass", "Take Seer's Vision"))
    copies = [
        Choice(0, "pass and take Seer's Vision", "Pass", "7:0", path=pass_path),
        Choice(1, "pass and take Seer's Vision", "Pass", "7:1", path=pass_path),
        Choice(2, "play Hunt", "Play", "7:2", path=Path("Your action", ("Hunt", "Play"))),
    ]
    choices = distinct(copies)
    assert [c.index for c in choices] == [0, 2]
    at = drill(choices, (0,))
    assert at is not None and at.options == ("Take Seer's Vision",)
    assert drill(choices, (0, 0)) is not None and drill(choices, (0, 0)).complete == copies[0]
    assert {c.index for c in leaves(choices)} == {0, 2}


def test_moves_that_share_every_step_end_in_a_step_by_their_labels() -> None:
    """Moves that differ but share every step, or one ending where another goes on, are
    offered by their labels as a last step rather than a dead end."""
    step = Path("Your action", ("Pass",))
    moves = [
        Choice(0, "Pass and take the Axe", "Pass", "7:0", path=step),
        Choice(1, "Pass and take the Horn", "Pass", "7:1", path=step),
        Choice(2, "Pass", "Pass", "7:2", path=Path("Your action", ("Pass", "Take nothing"))),
    ]
    at = drill(moves, (0,))
    assert at is not None and at.complete is None
    assert at.options == ("Pass and take the Axe", "Pass and take the Horn", "Take nothing")
    assert [drill(moves, (0, i)).complete for i in (0, 1)] == moves[:2]
    assert drill(moves, (0, 2)).complete == moves[2]
    assert drill(moves, (0, 0, 0)) is None  # nothing follows a move
    assert {c.index for c in leaves(moves)} == {0, 1, 2}


def test_multi_selects_of_different_lists_stay_apart() -> None:
    """Two figures rallying with one card (Wildlands): each figure's list of whom it pulls
    is its own multi-select, or ticking "Gnomad Tinker" could not say who rallies."""
    tak = PickSet("Tak rallies: pick who comes", (("4", "Gnomad Tinker"),))
    elsie = PickSet("Elsie rallies: pick who comes", (("4", "Gnomad Tinker"), ("5", "Scout")))
    elsie_one = PickSet("Elsie rallies: pick who comes", (("5", "Scout"),))
    moves = [
        Choice(0, "Tak: rally Gnomad Tinker", "Move", "7:0", tak),
        Choice(1, "Elsie: rally Gnomad Tinker, Scout", "Move", "7:1", elsie),
        Choice(2, "Elsie: rally Scout", "Move", "7:2", elsie_one),
    ]
    rows = layout(moves)
    assert [r.heading for r in rows if isinstance(r, PickRow)] == [elsie.menu]
    assert [c.label for r in rows if isinstance(r, ButtonRow) for c in r.choices] == [
        "Tak: rally Gnomad Tinker"
    ]
    assert {c.index for c in leaves(moves)} == {0, 1, 2}


def test_a_crowded_panel_keeps_every_move() -> None:
    """More groups than five rows hold: the multi-selects that find no row join the shared
    menu as plain moves."""
    moves: list[Any] = []
    for g in range(7):
        items = ((f"{g}a", "A"), (f"{g}b", "B"))
        for k, pick in enumerate((items[:1], items[1:], items)):
            moves.append(
                Choice(len(moves), f"G{g} {k}", f"G{g}", f"7:{len(moves)}", PickSet(f"G{g}", pick))
            )
    moves.append(Choice(len(moves), "End turn", "End", f"7:{len(moves)}"))
    assert {c.index for c in leaves(moves)} == set(range(len(moves)))
