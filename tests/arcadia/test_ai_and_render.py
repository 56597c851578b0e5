"""The AI seat (plays every decision, beats random, never reads secrets) and the pictures."""

from __future__ import annotations

import io

from PIL import Image

from engines import registry
from engines.arcadia.ai import ArcadiaAI
from engines.core.ai import RandomPolicy
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng

from .builder import ENGINE


def play_out(seats: int, seed: int, ai_seats: set[int]):
    s = ENGINE.setup(seats_for(seats), parse_options(ENGINE, {}), seed)
    rng = Rng(seed)
    ai, rnd = ArcadiaAI(), RandomPolicy()
    while not ENGINE.is_over(s):
        (seat,) = ENGINE.to_act(s)
        policy = ai if seat in ai_seats else rnd
        s = ENGINE.apply(s, seat, policy.choose(ENGINE, s, seat, rng)).state
    return s


def test_ai_quester_beats_a_random_opponent() -> None:
    wins = sum(play_out(2, seed, {seed % 2}).winner == seed % 2 for seed in range(6))
    assert wins >= 5


def test_ai_plays_solo_and_multiplayer_games_to_the_end() -> None:
    assert play_out(1, 3, {0}).over
    s = play_out(3, 4, {0, 1, 2})
    assert s.over


def test_ai_choice_does_not_depend_on_the_opponents_hidden_waylays() -> None:
    s = ENGINE.setup(seats_for(2), parse_options(ENGINE, {}), 9)
    rng = Rng(2)
    ai = ArcadiaAI()
    while not (s.phase == "day" and ENGINE.to_act(s) == frozenset({0})):
        (seat,) = ENGINE.to_act(s)
        s = ENGINE.apply(s, seat, ai.choose(ENGINE, s, seat, rng)).state
    other = ENGINE.copy(s)
    other.players[1].hand = tuple(
        sorted(["spike_trap", "oathfriend", "giant_slug"])[: len(s.players[1].hand)]
    )
    assert ai.choose(ENGINE, s, 0, Rng(5)) == ai.choose(ENGINE, other, 0, Rng(5))


def test_map_fits_its_columns_and_sheets_render_at_phone_width() -> None:
    """The map is as wide as the columns laid need (each at least ``COLUMN`` wide), never
    narrower than ``NARROWEST``; the character sheets stay two to a row."""
    from engines.arcadia.render.league_map import COLUMN, NARROWEST

    game = registry.entry("arcadia")
    s = play_out(3, 5, {0, 1, 2})
    for viewer in (None, 0):
        view = ENGINE.view(s, viewer)
        png = game.render(view)
        img = Image.open(io.BytesIO(png))
        columns = len({c["x"] for c in view.data["cells"]})
        assert img.width >= max(NARROWEST, columns * COLUMN)
        assert img.width < max(NARROWEST, (columns + 1) * COLUMN)
        [(name, sheet)] = game.extras(view) if game.extras else []
        assert name == "characters.png"
        assert Image.open(io.BytesIO(sheet)).width >= 1400


def test_map_renders_before_any_league_is_laid() -> None:
    s = ENGINE.setup(seats_for(2), parse_options(ENGINE, {}), 1)
    png = registry.entry("arcadia").render(ENGINE.view(s, 0))
    assert png.startswith(b"\x89PNG")


def test_a_stored_chronicle_character_has_a_sheet() -> None:
    from engines.arcadia.content import content
    from engines.arcadia.render import chronicle_sheet
    from engines.core.render_kit import clear_caches, tracing

    from .builder import winerdria

    c = content()
    character = winerdria()
    clear_caches()
    with tracing() as trace:
        img = Image.open(io.BytesIO(chronicle_sheet(character)))
    assert img.width >= 680
    # The sheet grows to hold every merit and flaw, each drawn whole inside its panel.
    names = [c.merits[m].name for m in character.merits] + [
        c.flaws[f].name for f in character.flaws
    ]
    drawn = " ".join(text for text, _, _ in trace.texts)
    assert all(name in drawn for name in names)
    assert all(
        x0 >= p0 and y0 >= q0 and x1 <= p1 and y1 <= q1 and "…" not in text
        for text, (x0, y0, x1, y1), (p0, q0, p1, q1) in trace.texts
    )
