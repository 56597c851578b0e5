"""The Northgard picture (northgard.md §2; issues 29 and 35): over seeded positions, every
territory's label rows and its pieces' marks lie in that territory, never in a neighbour's
(issue 29 saw one territory's Altar of Kings and Valkyrie drawn in the next one's band);
the tile being placed shows where it may go, named as the moves name it; Kaija and
Scorched Earth are marked where they lie."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engines.core.render_kit import PAPER, clear_caches, tracing
from engines.northgard.render import extent, map_box
from engines.northgard.render.frame import Frame
from engines.northgard.render.labels import inside, shape_of
from engines.northgard.render.map_tiles import draw_map
from tests.test_picture_text import SEEDS, positions


def _layout(d: dict[str, Any]) -> dict[str, Any]:
    """The map drawn in the box the picture draws it in."""
    width, height = map_box(d)
    frame = Frame(extent(d), 0, 0, width, height)
    img = Image.new("RGB", (width, int(frame.bottom) + 11), PAPER)
    return draw_map(ImageDraw.Draw(img), d, frame)


def test_every_label_and_mark_lies_in_its_own_territory() -> None:
    """Units, buildings, creatures, Kaija, Scorched Earth and the pieces' own marks: the
    middle of each in its territory; the name rows almost always."""
    outside = []
    tags = tags_in = 0
    for view in positions("northgard", SEEDS["northgard"]):
        names = {t["id"]: t["name"] for t in view.data["territories"]}
        for terr, (shape, marks) in _layout(view.data).items():
            for kind, box in marks:
                middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                if kind != "tag" and not inside(middle, shape):
                    outside.append((view.title, names[terr], kind, box))
                if kind == "tag":
                    tags += 1
                    tags_in += inside(middle, shape)
    assert outside == []
    # A name keeps to its territory too, but for a lone corner piece on a crowded map.
    assert tags_in >= 0.9 * tags  # 152 of 163 on these positions


def test_a_label_in_a_neighbours_band_is_found() -> None:
    """The measure itself: a point in the middle band of a D tile is not in its corner."""
    corner = shape_of([[(50.0, 0.0), (100.0, 0.0), (100.0, 50.0)]])
    assert inside((90.0, 10.0), corner)
    assert not inside((50.0, 50.0), corner)


def test_the_tile_being_placed_shows_its_places_and_turns() -> None:
    views = [v for v in positions("northgard", SEEDS["northgard"]) if v.data["placing"]]
    assert views
    from engines import registry

    for view in views:
        clear_caches()  # a section drawn before is pasted from the cache, untraced
        with tracing() as trace:
            registry.entry("northgard").render(view)
        texts = {text for text, _, _ in trace.texts}
        placing = view.data["placing"]
        assert f"Placing {placing['name']}" in texts
        for x, y, turns in placing["cells"]:
            assert f"({x},{y})" in texts
            assert all(f"{t * 90}°" in texts for t in turns)
        assert "place" in trace.markers


def test_the_raven_sees_its_two_tiles_and_no_one_else_does() -> None:
    from engines import registry
    from tests.northgard.builder import go, table, task

    s = table(2, [("M11", 0, 0, 0)])
    s.players[0].clan = "RAVEN"
    s.map_pile = ("M05", "E01", "M07")
    go(s, task("explore", 0))
    assert s.pending is not None and s.pending.kind == "raven_pick"
    entry = registry.entry("northgard")
    clear_caches()  # a section drawn before is pasted from the cache, untraced
    with tracing() as trace:
        entry.render(entry.engine.view(s, 0))
    texts = {text for text, _, _ in trace.texts}
    assert {"Keep one tile to place", "Elkhorn", "Great Lake"} <= texts
    assert entry.engine.view(s, 1).data["placing"] == {}


def test_kaija_and_scorched_earth_are_marked_where_they_lie() -> None:
    from engines import registry
    from engines.northgard.board import gmap
    from tests.northgard.builder import table, units

    s = table(2, [("M11", 0, 0, 0), ("M05", 1, 0, 1), ("E01", 0, 1, 0), ("M20", 1, 1, 2)])
    first, second = gmap(s).order()[:2]
    s.players[0].clan, s.players[1].clan = "BEAR", "SNAKE"
    units(s, first, 0, 3)
    s.kaija, s.scorched = first, second
    entry = registry.entry("northgard")
    view = entry.engine.view(s, None)
    layout = _layout(view.data)
    for terr in (first, second):
        shape, marks = layout[terr]
        tokens = [box for kind, box in marks if kind == "token"]
        assert len(tokens) == 1
        box = tokens[0]
        assert inside(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), shape)
    clear_caches()  # a section drawn before is pasted from the cache, untraced
    with tracing() as trace:
        entry.render(view)
    texts = {text for text, _, _ in trace.texts}
    assert {"Kaija +2", "Scorched"} <= texts
    assert "token" in trace.markers and "token" in trace.legend
