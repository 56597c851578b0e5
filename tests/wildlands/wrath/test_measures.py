"""Desperate Measures (§11): before the end-of-turn draw the active player may discard any
number of cards, whoever they are, in a game with the Ancients."""

from __future__ import annotations

from engines.wildlands.actions import EndTurn
from engines.wildlands.wrath.actions import Discard

from .builder import ENGINE, Position, play


def test_any_player_discards_before_drawing() -> None:
    p = Position(active=0).place("mages.1", 5).hand(0, "mages.01", "mages.02", "mages.03")
    s = play(p.state(), 0, EndTurn())
    assert s.discarding == (0,) and s.active == 0
    assert ENGINE.legal_actions(s, 0)[0] == EndTurn()
    s = play(s, 0, Discard(card="mages.02"))
    s = play(s, 0, Discard(card="mages.03"))
    assert s.seats[0].discard == ("mages.02", "mages.03")
    turn = s.turn_number
    s = play(s, 0, EndTurn())
    assert s.turn_number == turn + 1 and s.active == 1
    assert len(s.seats[0].hand) == 4  # one kept, three drawn


def test_empty_hand_ends_the_turn_at_once() -> None:
    p = Position(active=0).place("mages.1", 5)
    s = play(p.state(), 0, EndTurn())
    assert s.discarding == () and s.active == 1


def _panel(s: object) -> tuple[list[str], dict[str, list[str]]]:
    """The discarding seat's panel as a player reads it: the buttons and each menu's
    heading with its entries (bot.discord.ui.layout over the engine's labels)."""
    from bot.discord.ui.layout import ButtonRow, MenuRow, layout
    from bot.tables.choices import menu_choices
    from engines import registry

    _, choices = menu_choices(ENGINE, registry.entry("wrath").menus, s, 0, 1)
    buttons: list[str] = []
    menus: dict[str, list[str]] = {}
    for row in layout(choices):
        if isinstance(row, ButtonRow):
            buttons += [c.label for c in row.choices]
        elif isinstance(row, MenuRow):
            menus[row.heading] = [c.label for c in row.choices]
    return buttons, menus


def test_the_discard_step_reads_as_its_own_decision() -> None:
    """Issue 35: after "End turn and draw" the panel asks a new question, with "Draw without
    discarding" beside it, never a second "End turn and draw"; the status says so (issue 29)."""
    p = Position(active=0).place("mages.1", 5).hand(0, "mages.01", "mages.02", "mages.03")
    s = play(p.state(), 0, EndTurn())
    buttons, menus = _panel(s)
    assert buttons == ["Draw without discarding"]
    assert list(menus) == ["Discard before drawing?"]
    assert len(menus["Discard before drawing?"]) == 3
    view = ENGINE.view(s, None)
    waiting = "Player 1 to discard or draw"
    assert view.data["waiting_for"] == waiting
    assert f"Waiting for {waiting}." in view.text and "play their turn" not in view.title
    s = play(s, 0, Discard(card="mages.02"))
    buttons, menus = _panel(s)
    assert buttons == ["Done discarding: draw"]
    assert list(menus) == ["Discard another card before drawing?"]


def test_ending_the_turn_says_a_discard_may_follow() -> None:
    from engines import registry

    p = Position(active=0).place("mages.1", 5).hand(0, "mages.01")
    s = p.state()
    menus = registry.entry("wrath").menus
    assert menus is not None
    hint = menus.hint(EndTurn(), s)
    assert hint is not None and "discard before you draw" in hint
