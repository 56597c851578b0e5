"""The private hand pictures (issue 19, "A private view worth opening"): per game, a seeded
position's hand picture opens, is phone-sized, differs between seats, draws nothing another
seat keeps secret and cuts no text."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from engines import registry
from engines.core.hand_sheet import TEXT_LIMIT, HandCard, HandSheet, Secret, sheet_text
from engines.core.protocol import Seat, parse_options
from engines.core.render_kit import Trace, clear_caches, tracing
from tests.support.plain_english import problems
from tests.test_picture_text import cut_texts

# Game -> (seats, moves played by a seeded random playout before the hands are looked at).
POSITIONS: dict[str, tuple[int, int]] = {
    "att": (2, 30),
    "wildlands": (2, 12),
    "awoken": (2, 20),
    "wrath": (2, 12),
    "war": (4, 12),
    "root": (4, 40),
    "northgard": (2, 30),
    "arcadia": (2, 40),
}


def position(game: str) -> tuple[Any, Any, list[Seat]]:
    engine = registry.get(game)
    n, moves = POSITIONS[game]
    seats = [Seat(i, name) for i, name in enumerate(["ann", "bob", "cat", "dan"][:n])]
    state = engine.setup(seats, parse_options(engine, None), 5)
    pick = random.Random(5)
    for _ in range(moves):
        asked = sorted(engine.to_act(state))
        if not asked:
            break
        legal = list(engine.legal_actions(state, asked[0]))
        state = engine.apply(state, asked[0], pick.choice(legal)).state
    return engine, state, seats


def hand_of(game: str, view: Any) -> list[Any]:
    """The owner's hand as the view holds it (Northgard and Arcadia keep it in the seat's
    record)."""
    if game in ("northgard", "arcadia"):
        return next(p["hand"] for p in view.data["players"] if p["seat"] == view.viewer)
    return list(view.data["hand"])


def cut(traced: list[tuple[str, Any, Any]]) -> list[str]:
    return cut_texts(Trace(texts=traced))


def drawn(game: str, view: Any) -> tuple[bytes, list[tuple[str, Any, Any]]]:
    clear_caches()
    with tracing() as trace:
        files = registry.draw_hand(game, view)
    assert [name for name, _ in files] == ["hand.png"]
    return files[0][1], trace.texts


@pytest.mark.parametrize("game", list(POSITIONS))
def test_hand_picture_is_private_phone_sized_and_uncut(game: str) -> None:
    engine, state, seats = position(game)
    pictures: list[bytes] = []
    texts: dict[int, str] = {}
    for seat in seats:
        view = engine.view(state, seat.id)
        png, traced = drawn(game, view)
        picture = Image.open(io.BytesIO(png))
        assert 720 <= picture.width <= 900 and picture.height >= picture.width
        assert traced and cut(traced) == []
        pictures.append(png)
        texts[seat.id] = "\n".join(text for text, _, _ in traced)
    assert len(set(pictures)) == len(seats)
    sheet = registry.entry(game).hand
    assert sheet is not None
    names = {seat.id: {c.name for c in sheet(engine.view(state, seat.id)).cards} for seat in seats}
    for seat in seats:
        secret = engine.private_items(state, seat.id)
        for other in seats:
            if other.id == seat.id:
                continue
            leaked = [item for item in secret if item in texts[other.id]]
            assert leaked == [], f"{other.name}'s hand shows {seat.name}'s {leaked}"
            # Cards only this seat holds are not named on the other seat's picture.
            lines = set(texts[other.id].splitlines())
            shown = (names[seat.id] - names[other.id]) & lines
            assert shown == set(), f"{other.name}'s hand shows {seat.name}'s {sorted(shown)}"


@pytest.mark.parametrize("game", list(POSITIONS))
def test_hand_cards_say_what_they_do(game: str) -> None:
    engine, state, seats = position(game)
    sheet = registry.entry(game).hand
    assert sheet is not None
    drawn_cards = 0
    for seat in seats:
        view = engine.view(state, seat.id)
        cards = sheet(view).cards
        assert len(cards) == len(hand_of(game, view))
        drawn_cards += len(cards)
        assert all(card.name and card.text for card in cards)
        assert not any(card.name.startswith("card ") for card in cards)
    assert drawn_cards > 0


@pytest.mark.parametrize("game", list(POSITIONS))
def test_hand_text_is_a_short_private_summary(game: str) -> None:
    engine, state, seats = position(game)
    for seat in seats:
        view = engine.view(state, seat.id)
        text = registry.hand_text(game, view)
        assert text.startswith("Your ") and len(text) <= TEXT_LIMIT
        assert "```" not in text and text != view.text


def test_hidden_start_spaces_are_marked_for_their_owner_only() -> None:
    engine, state, seats = position("wildlands")
    for seat in seats:
        view = engine.view(state, seat.id)
        _, traced = drawn("wildlands", view)
        lines = [text for text, _, _ in traced]
        names = {f["id"]: f["name"] for f in view.data["figures"]}
        assert view.data["hidden_starts"]
        for start in view.data["hidden_starts"]:
            line = f"{names[start['figure']]} waits hidden in space {start['space']}"
            assert line in lines
        for other in seats:
            if other.id == seat.id:
                continue
            theirs = engine.view(state, other.id).data["hidden_starts"]
            for start in theirs:
                assert f"{names[start['figure']]} waits hidden" not in "\n".join(lines)


def test_the_alliance_alone_sees_its_supporters() -> None:
    engine, state, seats = position("root")
    shown = {}
    for seat in seats:
        sheet = registry.entry("root").hand
        assert sheet is not None
        shown[seat.id] = [s.heading for s in sheet(engine.view(state, seat.id)).secrets]
    assert sorted(shown.values()) == [[], [], [], ["Your supporters"]]


def test_a_game_without_a_hand_sheet_keeps_the_board_and_the_text() -> None:
    engine, state, _ = position("att")
    registry.register("att_no_hand", replace(registry.entry("att"), hand=None))
    try:
        view = engine.view(state, 0)
        board = registry.entry("att").render(view)
        assert registry.draw_hand("att_no_hand", view) == [("board.png", board)]
        assert registry.hand_text("att_no_hand", view) == f"```\n{view.text[:1800]}\n```"
    finally:
        registry.unregister("att_no_hand")


def test_the_secret_food_commitment_is_shown_to_its_owner_only() -> None:
    # Seed 1, move 16 of a seeded random Northgard game: seat 0 has committed 0 food to a
    # fight and seat 1 has not answered yet.
    engine = registry.get("northgard")
    seats = [Seat(0, "ann"), Seat(1, "bob")]
    state = engine.setup(seats, parse_options(engine, None), 1)
    pick = random.Random(1)
    for _ in range(16):
        asked = sorted(engine.to_act(state))
        legal = list(engine.legal_actions(state, asked[0]))
        state = engine.apply(state, asked[0], pick.choice(legal)).state
    assert engine.to_act(state) == frozenset({1})
    sheet = registry.entry("northgard").hand
    assert sheet is not None
    mine = {s.heading: s.lines for s in sheet(engine.view(state, 0)).secrets}
    assert mine["Your secret food commitment"] == ("0 food",)
    theirs = {s.heading for s in sheet(engine.view(state, 1)).secrets}
    assert "Your secret food commitment" not in theirs


def test_a_long_summary_is_cut_at_a_line_and_stays_under_the_limit() -> None:
    cards = tuple(HandCard(f"Card number {i} with a long name", "kind", "text") for i in range(40))
    secrets = tuple(Secret(f"Secret {i}", ("x" * 300,)) for i in range(10))
    text = sheet_text(HandSheet("Title", cards, secrets))
    assert len(text) <= TEXT_LIMIT
    assert text.startswith("Your hand (40): Card number 0")


def test_a_line_too_long_keeps_whole_items_and_says_how_many_more() -> None:
    """Issue 29: Arcadia's flaws line ended "Cursed Luck: Curs…", a word cut in two."""
    flaws = tuple(f"Flaw number {i}: Weakness, bonus 3 (exhausted)" for i in range(60))
    text = sheet_text(HandSheet("Title", (), (Secret("Your flaws", flaws),)))
    assert len(text) <= TEXT_LIMIT
    last = text.splitlines()[-1]
    assert last.startswith("Your flaws: Flaw number 0: Weakness, bonus 3 (exhausted); ")
    shown = last.count("(exhausted)")
    assert last.endswith(f"; … ({60 - shown} more on the picture)")
    assert problems(text) == []
