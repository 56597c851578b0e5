"""Wildlands family pictures that cannot mislead (issue 29) and read inline (issue 35), over
the seeded positions of ``tests/test_picture_text.py`` for every game of the family:

- every piece, its damage tab and its tag lie inside their own space, no two of them
  overlap (nothing is hidden under a badge) and none is folded away;
- every piece label is drawn in type that reads at 550 px wide, inside its space, except in
  a space too crowded for it, drawn smaller;
- no two figures share a label (the Wayfarers' Pathfinder and Packbearer were both "WP");
- every War figure carries its team's number, and the panel names each team's members;
- a character holding a treasure in The Awoken wears a star and its treasures are named;
- nothing the pictures draw shows an engine word (a snake_case or dotted id).
"""

from __future__ import annotations

import re
from functools import partial

import pytest
from PIL import Image, ImageDraw

from engines import registry
from engines.core.protocol import View
from engines.core.render_kit import clear_caches, tracing
from engines.wildlands.awoken.render import legend as awoken_legend
from engines.wildlands.awoken.render import tokens as awoken_tokens
from engines.wildlands.board import Board, board_ids, load_board
from engines.wildlands.render import labels
from engines.wildlands.render import legend as base_legend
from engines.wildlands.render import tokens as base_tokens
from engines.wildlands.render_board.static import Geometry, features
from engines.wildlands.render_board.style import READ_SIZE, WIDTH, title_height
from engines.wildlands.render_board.tokens import (
    BADGE_GAP,
    COMPACT,
    FULL,
    Plan,
    Token,
    badge_width,
    draw_space_pieces,
    piece_width,
    plan_space,
    tokens_by_space,
)
from engines.wildlands.wrath.render import mode_legend, mode_tokens
from tests.test_picture_text import SEEDS, positions
from tests.wildlands.awoken.builder import ENGINE as AWOKEN
from tests.wildlands.awoken.builder import Table
from tests.wildlands.builder import ENGINE, Position

FAMILY = ("wildlands", "awoken", "wrath", "war")
Rect = tuple[float, float, float, float]


def board_tokens(game: str, view: View) -> list[Token]:
    data = dict(view.data)
    if game == "awoken":
        return awoken_tokens(data)
    return base_tokens(data) if game == "wildlands" else mode_tokens(data)


def rects(plan: Plan) -> list[Rect]:
    """The rectangle of every piece, tab and "+N" a plan puts in one space."""
    mode, out = plan.mode, []
    for token, x, top, badge in plan.placed:
        bottom = top + mode.row_h
        if token is None:
            out.append((x, top, x + badge_width(badge, mode.size), bottom))
            continue
        width = piece_width(token, mode.size, mode.height)
        out.append((x, top, x + width, bottom))
        if badge:
            left = x + width + BADGE_GAP
            out.append((left, top, left + badge_width(badge, mode.size), bottom))
    return out


def plans(game: str, view: View) -> dict[int, Plan]:
    board = load_board(view.data["board"])
    geometry = Geometry(board, title_height(view.title))
    by_space = tokens_by_space(board, board_tokens(game, view))
    return {s: plan_space(partial(geometry.rows, s), here) for s, here in by_space.items()}


def overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("game", FAMILY)
def test_every_piece_and_tab_is_inside_its_space_and_none_covers_another(game: str) -> None:
    for view in positions(game, SEEDS[game]):
        geometry = Geometry(load_board(view.data["board"]), title_height(view.title))
        for space, plan in plans(game, view).items():
            x0, y0, x1, y1 = geometry.box(space)
            drawn = rects(plan)
            assert drawn and plan.folded == 0, (view.title, space)
            for r in drawn:
                assert x0 <= r[0] and r[2] <= x1 and y0 <= r[1] and r[3] <= y1, (space, r)
            for i, a in enumerate(drawn):
                assert not any(overlap(a, b) for b in drawn[i + 1 :]), (view.title, space)


@pytest.mark.parametrize("game", FAMILY)
def test_every_label_drawn_in_a_space_stays_in_it_and_clear_of_the_others(game: str) -> None:
    """Through the drawing trace: each space's pieces drawn alone, every text (label, tag,
    damage, "+N") inside the space's box and over no other text of the space."""
    for view in positions(game, SEEDS[game]):
        geometry = Geometry(load_board(view.data["board"]), title_height(view.title))
        by_space = tokens_by_space(geometry.board, board_tokens(game, view))
        for space, plan in plans(game, view).items():
            box = geometry.box(space)
            img = Image.new("RGB", (WIDTH, 2000))
            with tracing() as trace:
                draw_space_pieces(ImageDraw.Draw(img), plan, box)
            texts = [(text, drawn) for text, drawn, _ in trace.texts]
            x0, y0, x1, y1 = box
            for text, (a0, b0, a1, b1) in texts:
                assert x0 <= a0 and a1 <= x1 and y0 <= b0 and b1 <= y1, (view.title, text)
            for i, (text, a) in enumerate(texts):
                for other, b in texts[i + 1 :]:
                    assert not overlap(a, b), (view.title, space, text, other)
            labels_drawn = {text for text, _ in texts}
            assert {t.label for t in by_space[space] if t.label} <= labels_drawn


def test_a_crowded_space_is_drawn_compact_then_folds_and_still_fits() -> None:
    """Seven hurt figures on one space are all drawn, smaller; sixteen fold into "+N". Every
    rectangle stays inside the space and none covers another."""
    geometry = Geometry(load_board("dungeon"))
    x0, y0, x1, y1 = geometry.box(30)
    for n, folds in ((7, False), (16, True)):
        crowd = [Token(30, f"C{i}", (0, 114, 178), damage=1, health=3) for i in range(n)]
        plan = plan_space(partial(geometry.rows, 30), crowd)
        assert plan.mode == COMPACT and (plan.folded > 0) == folds
        if folds:
            assert plan.placed[-1][0] is None and plan.placed[-1][3] == f"+{plan.folded}"
        drawn = rects(plan)
        assert all(x0 <= r[0] and r[2] <= x1 and y0 <= r[1] and r[3] <= y1 for r in drawn)
        assert not any(overlap(a, b) for i, a in enumerate(drawn) for b in drawn[i + 1 :])


@pytest.mark.parametrize("game", FAMILY)
def test_piece_labels_read_inline_and_are_told_apart(game: str) -> None:
    for view in positions(game, SEEDS[game]):
        clear_caches()
        with tracing() as trace:
            registry.entry(game).render(view)
        pieces = [r for r in trace.reads if r.role == "pieces"]
        assert pieces and all(r.size >= READ_SIZE for r in pieces), view.title
        drawn = {r.text for r in pieces}
        full = {s for s, plan in plans(game, view).items() if plan.mode == FULL}
        for token in board_tokens(game, view):
            if token.label and token.space in full:
                assert token.label in drawn, (view.title, token.label)
        figures = [t for t in board_tokens(game, view) if t.shape in ("figure", "ancient")]
        shown = [t.label.split("+")[0] for t in figures]
        assert len(shown) == len(set(shown)), (view.title, sorted(shown))


def test_the_wayfarers_are_told_apart() -> None:
    names = {
        "wayfarers.1": "Wayfarer Pathfinder",
        "wayfarers.2": "Wayfarer Packbearer",
        "wayfarers.3": "Wayfarer Wardkeeper",
        "mages.5": "Lunk",
    }
    assert labels(names.items()) == {
        "wayfarers.1": "Pt",
        "wayfarers.2": "Pc",
        "wayfarers.3": "WW",
        "mages.5": "Lu",
    }


def test_every_war_figure_carries_its_team_and_the_teams_are_named() -> None:
    for view in positions("war", SEEDS["war"]):
        data = dict(view.data)
        team_of = {seat: t["team"] for t in data["teams"] for seat in t["seats"]}
        on_board = [f for f in data["figures"] if f["space"] is not None]
        tags = sorted(t.tag for t in mode_tokens(data) if t.shape != "shard")
        assert tags == sorted(str(team_of[f["owner"]]) for f in on_board), view.title
        teams = [e for e in mode_legend(data) if e.text.startswith("Team ")]
        names = {seat["seat"]: seat["name"] for seat in data["seats"]}
        for entry, team in zip(teams, data["teams"], strict=True):
            assert all(names[x] in entry.text for x in team["seats"]), entry.text
            assert entry.score.endswith("of 10 points")


def test_a_treasure_holder_wears_a_star_and_its_treasures_are_named() -> None:
    """A lasting treasure changes its holder's fights (Tower Shield, Stout Armour): the
    holder is starred where it stands and the panel names what it holds."""
    t = Table(players=1, scenarios=[1]).place("mages.1", 10).place("mages.5", 12)
    t.s.treasures = {"mages.1": ["treasure.tower_shield", "treasure.stout_armour"]}
    data = dict(AWOKEN.view(t.state(), None).data)
    assert {t.space for t in awoken_tokens(data) if t.star} == {10}
    named = [e.text for e in awoken_legend(data) if e.text.startswith("Treasures")]
    assert named == ["Treasures: Stout Armour and Tower Shield"]


ENGINE_WORD = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[a-z0-9_]+\b")


@pytest.mark.parametrize("game", FAMILY)
def test_no_picture_shows_an_engine_word(game: str) -> None:
    for view in positions(game, SEEDS[game]):
        clear_caches()
        with tracing() as trace:
            registry.entry(game).render(view)
        words = sorted({m for text, _, _ in trace.texts for m in ENGINE_WORD.findall(text)})
        assert words == [], view.title


def sight_by_the_key(board: Board, a: int) -> set[int]:
    """What the key's line-of-sight rule says ``a`` sees: along its row and column up to a
    wall (a missing path), high ground between blocking unless either end is high."""
    at = {pos: s for s, pos in board.layout.items()}
    c, r = board.layout[a]
    seen = {a}
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        between: list[int] = []
        prev, x, y = a, c + dc, r + dr
        while (x, y) in at and at[(x, y)] in board.neighbours(prev):
            b = at[(x, y)]
            if not any(s in board.high for s in between) or board.high & {a, b}:
                seen.add(b)
            between.append(b)
            prev, x, y = b, x + dc, y + dr
    return seen


@pytest.mark.parametrize("board_id", board_ids())
def test_the_keys_line_of_sight_rule_is_the_boards(board_id: str) -> None:
    """Ranged attacks need line of sight; the picture cannot draw every sight line, so its
    key states the rule, and the rule must give exactly the board's table."""
    board = load_board(board_id)
    assert any(kind == "sight" for kind, _ in features(board))
    for a in board.spaces():
        assert sight_by_the_key(board, a) == {b for b in board.spaces() if board.sees(a, b)}


def test_the_panel_names_the_winner_when_the_game_is_over() -> None:
    s = Position(seats=3).place("mages.1", 4).state()
    s.phase, s.winners = "over", [1]
    entries = base_legend(dict(ENGINE.view(s, None).data))
    marked = [e.text.split("\n")[1].startswith("Winner · ") for e in entries]
    assert marked == [False, True, False]
