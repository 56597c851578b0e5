"""Pictures that explain themselves (issue 18 "Pictures", issue 10 "Narration a player can
read"): ten positions of a seeded game per game are drawn from scratch with the drawing
trace on, and the trace shows that no text was cut (no ellipsis, every text box inside the
box of its panel) and that every kind of marker drawn has an entry in the legend."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engines import registry
from engines.core.protocol import Seat, View, parse_options
from engines.core.render_kit import Trace, clear_caches, tracing
from engines.core.rng import Rng, seed_from

# Names as the bot gives them: the terminal's "Player 1" and the lobby's "AI 1", "AI 2".
NAMES = {
    "att": ["Player 1", "AI 1", "AI 2"],
    "wildlands": ["Player 1", "AI 1", "AI 2", "Anastasia Longname-Smith"],
    "awoken": ["Player 1", "AI 1"],
    "arcadia": ["Player 1", "AI 1", "AI 2"],
    "northgard": ["Player 1", "AI 1", "AI 2", "Anastasia Longname-Smith"],
    "wrath": ["Player 1", "AI 1", "AI 2", "AI 3"],
    "war": ["Player 1", "AI 1", "AI 2", "AI 3", "AI 4", "Anastasia Longname-Smith"],
    "root": ["Player 1", "AI 1", "AI 2", "Anastasia Longname-Smith"],
}
MOVES = 240
POSITIONS = 10
# Seeds whose games show every part of the pictures (seed 1 of The Awoken has an
# interrupting turn at its twentieth decision).
SEEDS = {
    "att": 11,
    "wildlands": 11,
    "awoken": 1,
    "arcadia": 11,
    "northgard": 11,
    "wrath": 11,
    "war": 11,
    "root": 11,
}
GAMES = list(SEEDS)
LARGE_MAP = 25
DRAWN_WITH_EXTRAS = {"arcadia"}


def playout(game: str, seed: int) -> Iterator[View]:
    """The channel's view after every decision of a seeded random game."""
    engine = registry.get(game)
    seats = [Seat(i, name) for i, name in enumerate(NAMES[game])]
    state = engine.setup(seats, parse_options(engine, None), seed)
    rng = Rng(seed_from(seed, "picture-text"))
    yield engine.view(state, None)
    for _ in range(MOVES):
        asked = sorted(engine.to_act(state))
        if not asked or engine.outcome(state) is not None:
            return
        seat = rng.choice(asked)
        state = engine.apply(state, seat, rng.choice(list(engine.legal_actions(state, seat)))).state
        yield engine.view(state, None)


def positions(game: str, seed: int) -> list[View]:
    """Ten positions spread over the game, the last one included; for ATT half of them
    with dice on the table and for The Awoken one in the players' interrupting turn when the
    game has one, so those parts of the pictures are measured too."""
    views = list(playout(game, seed))
    special: list[View] = []
    if game == "att":
        special = [v for v in views if v.data.get("dice")][::7][: POSITIONS // 2]
    if game == "awoken":
        special = [v for v in views if v.data.get("interrupter") is not None][:1]
    if game == "arcadia":
        special = [v for v in views if any(c["waylays"] for c in v.data["cells"])][:1]
        special += [max(views, key=most_merits)]
    if game == "northgard":
        special = [v for v in views if v.data["pending"]["kind"] == "commit"][:1]
        special += [northgard_large_map()]
    rest = POSITIONS - len(special)
    step = max(1, (len(views) - 1) // max(1, rest - 1))
    spread = views[::step][: rest - 1] + views[-1:]
    return special + spread


def northgard_large_map() -> View:
    """A late Northgard position with a large explored map: seeded AI seats that play their
    exploring cards first, until 25 tiles lie on the table."""
    from engines.northgard.ai import NorthgardAI

    engine = registry.get("northgard")
    seats = [Seat(i, name) for i, name in enumerate(NAMES["northgard"])]
    state = engine.setup(seats, parse_options(engine, None), SEEDS["northgard"])
    rng, ai = Rng(seed_from(SEEDS["northgard"], "large-map")), NorthgardAI()
    while engine.to_act(state) and len(state.tiles) < LARGE_MAP:
        seat = min(engine.to_act(state))
        legal = list(engine.legal_actions(state, seat))
        explore = [a for a in legal if a.code.startswith(("play:ST1", "play:E1", "play:A1"))]
        action = explore[0] if explore else ai.choose(engine, state, seat, rng)
        state = engine.apply(state, seat, action).state
    return engine.view(state, None)


def most_merits(view: View) -> int:
    """The most merits any Arcadia character holds in ``view``."""
    return max(len(p["merits"]) for p in view.data["players"])


def trace_of(game: str, view: View) -> Trace:
    """Everything the board picture of ``view`` draws, drawn from empty caches."""
    clear_caches()
    entry = registry.entry(game)
    with tracing() as trace:
        entry.render(view)
        # Arcadia's character sheets are posted with every board: measured with it.
        if game in DRAWN_WITH_EXTRAS and entry.extras is not None:
            entry.extras(view)
    return trace


def cut_texts(trace: Trace) -> list[str]:
    """Texts shortened with an ellipsis, or drawn past the edge of their panel."""
    cut = []
    for text, (x0, y0, x1, y1), (p0, q0, p1, q1) in trace.texts:
        if "…" in text:
            cut.append(f"{text!r} ends in an ellipsis")
        elif x0 < p0 or y0 < q0 or x1 > p1 or y1 > q1:
            cut.append(f"{text!r} at {(x0, y0, x1, y1)} runs out of {(p0, q0, p1, q1)}")
    return cut


@pytest.mark.parametrize("game", GAMES)
def test_no_text_is_cut_and_every_marker_is_explained(game: str) -> None:
    views = positions(game, SEEDS[game])
    assert len(views) == POSITIONS
    for view in views:
        trace = trace_of(game, view)
        assert trace.texts, view.title
        assert cut_texts(trace) == [], view.title
        unexplained = trace.markers - trace.legend
        assert unexplained == set(), f"{view.title}: no legend for {sorted(unexplained)}"


def test_tracing_is_off_unless_asked() -> None:
    view = next(playout("att", 3))
    clear_caches()
    registry.entry("att").render(view)
    with tracing() as trace:
        pass
    assert trace.texts == [] and trace.markers == set()


def test_the_awoken_board_says_who_is_awaited_in_the_interrupting_turn() -> None:
    view = next(v for v in playout("awoken", 1) if v.data.get("interrupter") is not None)
    interrupter = view.data["seats"][view.data["interrupter"]]["name"]
    texts = " ".join(text for text, _, _ in trace_of("awoken", view).texts)
    assert f"Waiting for {view.data['waiting_for']}" in texts
    assert f"{interrupter} ▶ interrupting" in texts


def test_the_northgard_positions_include_a_fight_and_a_large_map() -> None:
    views = positions("northgard", SEEDS["northgard"])
    assert any(v.data["pending"]["kind"] == "commit" for v in views)
    assert max(len(v.data["tiles"]) for v in views) >= LARGE_MAP


def test_the_arcadia_positions_include_a_waylay_and_many_merits() -> None:
    views = positions("arcadia", SEEDS["arcadia"])
    assert any(c["waylays"] for v in views for c in v.data["cells"])
    assert max(most_merits(v) for v in views) >= 12


def test_the_arcadia_pictures_draw_every_league_and_merit_whole() -> None:
    """Through the drawing trace: names on several lines count, shortened ones do not."""
    for view in positions("arcadia", SEEDS["arcadia"]):
        trace = trace_of("arcadia", view)
        words = {word for text, _, _ in trace.texts for word in text.split()}
        names = [c["league"] for c in view.data["cells"]]
        names += [m[0] for p in view.data["players"] for m in p["merits"]]
        missing = [name for name in names if not set(name.split()) <= words]
        assert missing == [], view.title
        assert "side_terrain" in trace.markers or not view.data["cells"]


def test_the_northgard_map_names_every_territory_and_whose_units_are_where() -> None:
    """Units are told apart by seat number, not colour alone: "2:5" is five of player 2's."""
    for view in positions("northgard", SEEDS["northgard"]):
        trace = trace_of("northgard", view)
        texts = {text for text, _, _ in trace.texts}
        for ter in view.data["territories"]:
            # Named as the text names it (issue 29), the compass part on a line of its own.
            first = ter["name"].rpartition(" ")[0] or ter["name"]
            assert ter["name"] in texts or first in texts, (view.title, ter["name"])
            for seat, n in ter["units"].items():
                assert f"{int(seat) + 1}:{n}" in texts, (view.title, ter["id"])
        assert "border:regular" in trace.markers or not view.data["tiles"]
