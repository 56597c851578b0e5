"""What Wildlands says to players, in words (issue 18): the board's name, damage, card icons
and the interrupt event; copies of a card face listed once in menus."""

from __future__ import annotations

from engines.wildlands.actions import Interrupt, Move
from engines.wildlands.board import load_board
from engines.wildlands.menus import WildlandsMenus

from .builder import ENGINE, Position, play, step, texts
from .test_interrupts import after_move, table


def test_the_view_names_the_board_and_explains_damage_and_cards() -> None:
    p = table().place("mages.2", 9, damage=1)
    s = p.state()
    text = ENGINE.view(s, 0).text
    assert f"Board: {load_board(s.board).name}." in text and s.board not in text.split("\n")[0]
    health = s.figures["mages.2"].health
    left = f"{health - 1} of {health} health left"
    assert f"{s.figures['mages.2'].name} in space 9 ({left})" in text
    assert "Hand: card 27, interrupt, draw and move (any character)" in text
    assert "/" not in text and "+" not in text


def test_the_interrupt_event_reads_as_words() -> None:
    s = after_move(table())
    s = play(s, 2, Interrupt(card="lawbringers.27"))
    events = texts(step(s, 1, Interrupt(card="gnomads.26")))
    line = next(t for t in events if "interrupts" in t)
    assert line.endswith("interrupts with card 26 (interrupt, draw and move).")
    assert "((" not in line and "+" not in line


def test_the_same_move_with_two_identical_cards_is_listed_once() -> None:
    p = Position().place("mages.1", 4).hand(0, "mages.27", "mages.28", "mages.01")
    s = p.state()
    menus = WildlandsMenus()
    moves = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, Move)]
    by_card: dict[str, set[str | None]] = {}
    for a in moves:
        by_card.setdefault(a.card, set()).add(menus.same(a, s))
    assert by_card["mages.27"] == by_card["mages.28"]
    assert not by_card["mages.27"] & by_card.get("mages.01", set())
    same27 = next(a for a in moves if a.card == "mages.27")
    twin = next(a for a in moves if a.card == "mages.28" and a.to == same27.to)
    assert menus.same(same27, s) == menus.same(twin, s) is not None


def test_moves_are_narrated_without_nested_brackets() -> None:
    s = table().state()
    line = next(
        t
        for t in texts(step(s, 0, Move(card="mages.01", figure="mages.1", to=11)))
        if "space 11" in t
    )
    assert line == "Owl-Sage moves from space 4 to space 11 with card 1 (ranged)."
