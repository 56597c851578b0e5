"""Ancient Terrible Things pictures: they open, have the expected size, follow the state,
keep the hand private, and stay small enough for Discord (DESIGN.md "Pictures", "Tests")."""

from __future__ import annotations

import copy
import io
from collections.abc import Iterator
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engines.att.engine import AttEngine
from engines.att.options import AttOptions
from engines.att.render.board import GAP, MARGIN, WIDTH, board_height, render, render_dice
from engines.att.render.players import hand_height
from engines.core.protocol import Seat, View
from engines.core.rng import Rng
from tests.att import view_samples as samples

MAX_PNG = 400 * 1024


def _open(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def _with(view: View, **changes: object) -> View:
    data = copy.deepcopy(dict(view.data))
    data.update(changes)
    return replace(view, data=data)


SAMPLES = {
    "two_players": samples.two_players,
    "four_players": samples.four_players,
    "mid_encounter": samples.mid_encounter,
    "empty_locations": samples.empty_locations,
    "game_over": samples.game_over,
    "last_roll": samples.last_roll_only,
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_board_opens_at_the_expected_size(name: str) -> None:
    view = SAMPLES[name]()
    png = render(view)
    assert png.startswith(b"\x89PNG")
    assert len(png) < MAX_PNG
    img = _open(png)
    assert img.size == (WIDTH, board_height(view.data))
    assert 1000 <= img.height <= 1400


def test_game_over_adds_the_outcome_banner() -> None:
    playing, over = samples.four_players(), samples.game_over()
    assert board_height(over.data) > board_height(playing.data)


def test_board_changes_when_a_token_count_changes() -> None:
    view = samples.four_players()
    data = copy.deepcopy(dict(view.data))
    data["players"][1]["tokens"]["courage"] += 1
    assert render(view) != render(replace(view, data=data))


def test_board_changes_when_a_location_changes() -> None:
    view = samples.four_players()
    data = copy.deepcopy(dict(view.data))
    data["locations"][2]["encounter"] = None
    assert render(view) != render(replace(view, data=data))


def test_board_changes_when_the_track_loses_a_token() -> None:
    view = samples.four_players()
    assert render(view) != render(_with(view, track=view.data["track"][1:]))


def test_owner_view_differs_only_by_the_hand_strip() -> None:
    channel, owner = samples.mid_encounter(), samples.mid_encounter(viewer=0)
    assert "hand" not in channel.data
    board, private = _open(render(channel)), _open(render(owner))
    height = board_height(channel.data)
    assert board.size == (WIDTH, height)
    strip = GAP + hand_height(len(owner.data["hand"]), WIDTH - 2 * MARGIN) + MARGIN
    assert private.size == (WIDTH, height + strip)
    assert ImageChops.difference(board, private.crop((0, 0, WIDTH, height))).getbbox() is None
    # The strip itself is not blank: the cards are drawn there.
    cards = private.crop((0, height, WIDTH, private.height))
    assert len(cards.getcolors(maxcolors=4096) or range(4097)) > 8


def test_a_large_hand_wraps_onto_more_rows() -> None:
    owner = samples.mid_encounter(viewer=0)
    big = _with(owner, hand=owner.data["hand"] * 4)
    assert _open(render(big)).height > _open(render(owner)).height


def test_crowded_state_still_renders() -> None:
    """Long names, a 13-space track, lots of Swag and a shared initial still draw."""
    view = samples.four_players()
    data = copy.deepcopy(dict(view.data))
    data["track"], data["track_size"] = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3], 13
    data["players"][1]["name"] = "Annabel with a very long display name indeed"
    data["players"][0]["swag"] = [dict(s, exhausted=False) for s in samples.SWAG] * 2
    data["players"][2]["terrible_things"] = [0, 1, 2, 3, 3, 2]
    data["locations"][0]["pawns"] = [0, 1, 2, 3]
    data["locations"][0]["encounter"]["name"] = "An Encounter Whose Name Runs On And On Forever"
    png = render(replace(view, data=data))
    assert _open(png).size == (WIDTH, board_height(data))


def test_render_dice_is_none_without_dice() -> None:
    view = samples.four_players()
    assert view.data["dice"] is None and view.data["last_roll"] is None
    assert render_dice(view) is None


def test_render_dice_draws_the_pool() -> None:
    view = samples.mid_encounter()
    png = render_dice(view)
    assert png is not None and len(png) < MAX_PNG
    img = _open(png)
    assert img.width >= 800 and img.height >= 300
    changed = copy.deepcopy(dict(view.data))
    changed["dice"]["pool"][1]["value"] = 2
    assert render_dice(replace(view, data=changed)) != png


def test_render_dice_falls_back_to_the_last_roll() -> None:
    view = samples.last_roll_only()
    png = render_dice(view)
    assert png is not None
    assert _open(png).width >= 800


def test_render_dice_before_the_roll_and_with_every_die_spent() -> None:
    view = samples.mid_encounter()
    data = copy.deepcopy(dict(view.data))
    unrolled = copy.deepcopy(data)
    unrolled["dice"].update(rolled=False, spending=False, spent=[])
    for die in unrolled["dice"]["pool"]:
        die["value"] = None
    assert render_dice(replace(view, data=unrolled)) is not None
    data["dice"]["spent"] = [{"dice": list(range(8)), "label": "Everything spent"}]
    assert render_dice(replace(view, data=data)) is not None


def _random_playout(seats: int, seed: int) -> Iterator[View]:
    """Channel views after each random legal action of a seeded game, to its end."""
    engine = AttEngine()
    names = ["Ann", "Bo", "Cyd", "Dee"][:seats]
    state = engine.setup([Seat(i, n) for i, n in enumerate(names)], AttOptions(), seed)
    rng = Rng(seed)
    yield engine.view(state, None)
    for _ in range(engine.max_decisions):
        if engine.outcome(state) is not None:
            return
        seat = min(engine.to_act(state))
        actions = engine.legal_actions(state, seat)
        state = engine.apply(state, seat, actions[rng.below(len(actions))]).state
        yield engine.view(state, None)
        if state.dice is not None and state.dice.rolled:
            # The roller's own view: the same board plus their hand.
            yield engine.view(state, state.dice.owner)


@pytest.mark.parametrize(("seats", "seed"), [(2, 3), (4, 11)])
def test_real_engine_views_render(seats: int, seed: int) -> None:
    views = list(_random_playout(seats, seed))
    channel_views = [v for v in views if v.viewer is None]
    first, last = channel_views[0], channel_views[-1]
    assert last.data["outcome"] is not None
    for view in (first, channel_views[5], last):
        img = _open(render(view))
        assert img.size == (WIDTH, board_height(view.data))

    rolled = next(v for v in channel_views if (v.data["dice"] or {}).get("rolled"))
    dice_png = render_dice(rolled)
    assert dice_png is not None and len(dice_png) < MAX_PNG

    owner = next(v for v in views if v.viewer is not None)
    channel = views[views.index(owner) - 1]
    assert channel.viewer is None and "hand" not in channel.data and "hand" in owner.data
    board, private = _open(render(channel)), _open(render(owner))
    assert private.height > board.height
    assert ImageChops.difference(board, private.crop((0, 0, WIDTH, board.height))).getbbox() is None


def test_pawn_labels_are_distinct_so_colour_is_never_the_only_cue() -> None:
    from engines.att.render.symbols import seat_labels

    same = seat_labels([{"seat": i, "name": f"Player {i + 1}"} for i in range(4)])
    assert same == {0: "P1", 1: "P2", 2: "P3", 3: "P4"}
    mixed = seat_labels(
        [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Amy"}, {"seat": 2, "name": "Bob"}]
    )
    assert mixed == {0: "An", 1: "Am", 2: "B"}


def test_ai_seats_are_labelled_by_their_own_number() -> None:
    """A three-player terminal game seats "Player 1", "AI 1", "AI 2": AI 1 is "A1", never
    "A2" (issue 18); labels that only differ by look-alike letters ("Al", "AI") never
    stand for two seats."""
    from engines.att.render.symbols import seat_labels

    def labels(*names: str) -> dict[int, str]:
        return seat_labels([{"seat": i, "name": n} for i, n in enumerate(names)])

    assert labels("Player 1", "AI 1", "AI 2") == {0: "P", 1: "A1", 2: "A2"}
    alice = labels("Alice", "AI 1", "Al")
    folded = {v.lower().translate(str.maketrans("lI1", "iii")) for v in alice.values()}
    assert len(folded) == 3, alice
    assert alice[1] == "A1"


def test_the_current_roll_is_drawn_on_the_board_during_an_encounter() -> None:
    from engines.core.render_kit import clear_caches, tracing

    view = samples.mid_encounter()
    without = _with(view, dice=None)
    assert board_height(view.data) > board_height(without.data)
    clear_caches()
    with tracing() as trace:
        img = _open(render(view))
    assert img.height == board_height(view.data)
    texts = [text for text, _, _ in trace.texts]
    assert "Ann's dice" in texts and "Spent" in texts
    # The five live dice by their pick numbers and kinds; the spent group by what it bought.
    assert {"#2", "#5", "#6", "#7", "#8"} <= set(texts) and "#1" not in texts
    assert {"BASIC", "LUCK", "PANIC", "FEAT"} <= set(texts)
    assert "→ Run 3-4-5 overcomes The Bad Egg" in texts
    assert {"die:basic", "die:luck", "die:panic", "die:feat", "die:spent"} <= trace.markers


def test_long_location_text_is_whole() -> None:
    """Sinister Chateau's action is three lines, not cut with an ellipsis (issue 18)."""
    from engines.core.render_kit import clear_caches, tracing

    view = samples.two_players()
    data = copy.deepcopy(dict(view.data))
    action = "Swap one of your tokens for a different one of another player's"
    data["locations"][2]["action"] = action
    clear_caches()
    with tracing() as trace:
        render(replace(view, data=data))
    texts = [text for text, _, _ in trace.texts]
    assert not any("…" in t for t in texts)
    start = next(i for i, t in enumerate(texts) if action.startswith(t + " "))
    assert " ".join(texts[start : start + 3]) == action


def test_a_dice_picture_is_posted_only_after_a_roll() -> None:
    """A seeded game: every roll that leaves the Encounter open posts a dice picture; a
    spend, building the pool and every move outside an Encounter post none."""
    from engines.att.actions import FocusedReroll, Roll, Spend, UnfocusedReroll
    from engines.att.game import dice_pictures
    from engines.core.conformance import seats_for

    engine = AttEngine()
    s = engine.setup(seats_for(3), AttOptions(), 11)
    rng = Rng(11)
    posted = {"roll": 0, "spend": 0, "other": 0}
    moves = 0
    while engine.outcome(s) is None and moves < 400:
        seat = rng.choice(sorted(engine.to_act(s)))
        action = rng.choice(list(engine.legal_actions(s, seat)))
        s = engine.apply(s, seat, action).state
        moves += 1
        view = engine.view(s, None)
        pictures = dice_pictures(view)
        if isinstance(action, Roll | FocusedReroll | UnfocusedReroll):
            kind = "roll"
            assert pictures or view.data["dice"] is None  # None: the roll ended the Encounter
        else:
            kind = "spend" if isinstance(action, Spend) else "other"
        posted[kind] += bool(pictures)
    assert posted["roll"] >= 5 and posted["spend"] == 0
    assert sum(posted.values()) < moves / 3
