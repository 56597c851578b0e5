"""The map picture can't mislead (issue 29, "Pictures that can't mislead"; issue 35, boards
for the inline view): over seeded positions of games of every seat count, where every
label and piece is drawn (``render.style.placements``) shows that each lies inside its own
league card, that nothing on a card covers anything else, that the cards sit in their grid
places without touching, and that the characters' panels and the legend placed in the
grid's empty parts cover no league."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from engines import registry
from engines.arcadia.render.style import Box, Placement, placements
from engines.core.protocol import Seat, View, parse_options
from engines.core.render_kit import clear_caches
from engines.core.rng import Rng, seed_from
from tests.test_inline_size import MAX_EMPTY, empty_share
from tests.test_picture_text import SEEDS, positions

from .builder import ENGINE

# Seat counts and seeds whose maps are compact (3 seats, the shared seed) and sprawling
# (4 and 5 seats: maps up to 8 columns, with many empty cells).
GAMES = [(1, 3), (2, 2), (4, 1), (5, 3)]
EVERY = 45


def spread(seats: int, seed: int) -> Iterator[View]:
    """The channel's view every ``EVERY`` decisions of a seeded random game, and the last."""
    names = ["Player 1"] + [f"AI {i}" for i in range(1, seats)]
    state = ENGINE.setup([Seat(i, n) for i, n in enumerate(names)], parse_options(ENGINE, {}), seed)
    rng = Rng(seed_from(seed, "board-picture"))
    step = 0
    while ENGINE.to_act(state) and step < 600:
        seat = min(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, rng.choice(list(ENGINE.legal_actions(state, seat)))).state
        step += 1
        if step % EVERY == 0:
            yield ENGINE.view(state, None)
    yield ENGINE.view(state, None)


def views() -> list[View]:
    out = positions("arcadia", SEEDS["arcadia"])
    for seats, seed in GAMES:
        out += list(spread(seats, seed))
    return out


# The picture's share of bare background at the inline size (``tests/test_inline_size.py``).
PICTURES: list[float] = []


def laid_out(view: View) -> list[Placement]:
    clear_caches()
    with placements() as found:
        png = registry.entry("arcadia").render(view)
    PICTURES.append(empty_share(Image.open(io.BytesIO(png))))
    return list(found)


def inside(box: Box, outer: Box) -> bool:
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] and box[3] <= outer[3]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def misplaced(view: View, found: list[Placement]) -> list[str]:
    """Everything drawn where it does not belong, in words."""
    out = []
    cards = {p.cell: p.box for p in found if p.kind == "card"}
    aside = [p for p in found if p.kind in ("panels", "legend")]
    on_cards = [p for p in found if p.cell and p.kind != "card"]
    for p in on_cards:
        if not inside(p.box, p.card):
            out.append(f"{p.kind} at {p.box} runs out of the league at {p.cell} {p.card}")
    for cell in cards:
        mine = [p for p in on_cards if p.cell == cell]
        for i, a in enumerate(mine):
            out += [
                f"{a.kind} and {b.kind} overlap on the league at {cell}"
                for b in mine[i + 1 :]
                if overlap(a.box, b.box)
            ]
    xy = {c["cell"]: (c["x"], c["y"]) for c in view.data["cells"]}
    for a, box_a in cards.items():
        for b, box_b in cards.items():
            if a >= b:
                continue
            if overlap(box_a, box_b):
                out.append(f"the leagues at {a} and {b} overlap")
            (ax, ay), (bx, by) = xy[a], xy[b]
            west, east = (box_a, box_b) if ax < bx else (box_b, box_a)
            if ax != bx and west[2] > east[0]:
                out.append(f"the leagues at {a} and {b} are out of their columns")
            north, south = (box_a, box_b) if ay > by else (box_b, box_a)
            if ay != by and north[3] > south[1]:
                out.append(f"the leagues at {a} and {b} are out of their rows")
    for part in aside:
        out += [
            f"the {part.kind} cover the league at {cell}"
            for cell, box in cards.items()
            if overlap(part.box, box)
        ]
    return out


@pytest.fixture(scope="module")
def drawn() -> list[tuple[View, list[Placement]]]:
    return [(view, laid_out(view)) for view in views()]


def test_every_label_and_piece_lies_inside_its_own_league(
    drawn: list[tuple[View, list[Placement]]],
) -> None:
    for view, found in drawn:
        assert misplaced(view, found) == [], view.title


def test_every_league_character_and_base_camp_is_drawn(
    drawn: list[tuple[View, list[Placement]]],
) -> None:
    """The record holds every league, and every character and base camp on the map."""
    for view, found in drawn:
        data = view.data
        assert {p.cell for p in found if p.kind == "card"} == {c["cell"] for c in data["cells"]}
        for kind, key in (("character", "pos"), ("base", "base")):
            want = sorted(p[key] for p in data["players"] if p[key])
            assert sorted(p.cell for p in found if p.kind == kind and p.cell) == want


def test_the_sample_holds_large_maps_and_panels_in_the_grid(
    drawn: list[tuple[View, list[Placement]]],
) -> None:
    """The check sees sprawling maps, and panels placed in their empty parts."""
    assert max(len({c["x"] for c in v.data["cells"]}) for v, _ in drawn) >= 7
    assert any(
        p.kind == "panels" and any(q.kind == "card" and q.box[1] >= p.box[1] for q in found)
        for _, found in drawn
        for p in found
    )


def test_sprawling_maps_leave_at_most_a_quarter_bare(
    drawn: list[tuple[View, list[Placement]]],
) -> None:
    """Issue 35: the inline-size check's limit holds on maps of every seat count, not only
    on the shared seed's: the panels fill the empty parts of a map that snakes."""
    assert len(PICTURES) == len(drawn)
    assert max(PICTURES) <= MAX_EMPTY


def test_a_card_drawn_out_of_place_is_found() -> None:
    """The check itself: a piece moved off its card, and two cards on one place."""
    card = (0.0, 0.0, 100.0, 100.0)
    view = View(None, "t", {"cells": [{"cell": "0,0", "x": 0, "y": 0}]}, "")
    off = [Placement("0,0", "card", card, card), Placement("0,0", "base", (90, 90, 120, 120), card)]
    assert misplaced(view, off) == [
        f"base at {(90, 90, 120, 120)} runs out of the league at 0,0 {card}"
    ]
    cells = {"cells": [{"cell": "0,0", "x": 0, "y": 0}, {"cell": "1,0", "x": 1, "y": 0}]}
    two = [Placement("0,0", "card", card, card), Placement("1,0", "card", card, card)]
    assert len(misplaced(View(None, "t", cells, ""), two)) == 2
