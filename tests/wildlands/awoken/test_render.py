"""The Awoken picture explains itself (issue 10 "Narration a player can read", issue 18
"Pictures"): whose decision the game awaits, in the players' interrupting turn too, a key
entry for every marker drawn, knocked-out characters beside the board, no text cut."""

from __future__ import annotations

from engines.core.render_kit import Trace, clear_caches, tracing
from engines.wildlands.awoken.game import GAME
from engines.wildlands.awoken.state import AwokenState

from .builder import ENGINE, Table

OWL, PYRO = "mages.1", "mages.2"


def traced(s: AwokenState) -> Trace:
    clear_caches()
    with tracing() as trace:
        GAME.render(ENGINE.view(s, None))
    return trace


def texts(trace: Trace) -> str:
    return " ".join(text for text, _, _ in trace.texts)


def crowded() -> Table:
    """Characters, minions, an Ancient, face-down and revealed objects, a crystal carried and
    one on the board, a character ensnared and one knocked out."""
    t = Table(players=2, scenarios=[1, 3]).place(OWL, 10).place("gnomads.1", 12)
    t.place("ancient.1", 24).place("ancient.3", 18, damage=2)
    for space in (3, 17, 25):
        t.minion(("tempest", "wildfyre", "shades")[space % 3], space, damage=1)
    for kind, space, up in (
        ("crystal", 5, True),
        ("pit", 6, True),
        ("explosive", 7, True),
        ("blank", 14, False),
    ):
        t.obj(kind, space, face_up=up)
    stasis = t.obj("stasis", 10, face_up=True)
    t.s.update_object(stasis, holder=OWL)
    t.s.update_figure(PYRO, ko=True)
    t.s.crystals = {OWL: 2}
    return t


def test_every_marker_drawn_has_a_key_entry_and_no_text_is_cut() -> None:
    trace = traced(crowded().state())
    assert {
        "figure",
        "minion",
        "ancient",
        "object",
        "object:pit",
        "object:explosive",
        "crystal",
        "ring",
        "damage",
        "knocked_out",
    } <= trace.markers
    assert trace.markers <= trace.legend
    for text, (x0, y0, x1, y1), (p0, q0, p1, q1) in trace.texts:
        assert "…" not in text and p0 <= x0 and q0 <= y0 and x1 <= p1 and y1 <= q1, text
    shown = texts(trace)
    assert "face-down object" in shown and "revealed pit" in shown
    assert "Knocked out:" in shown and "Elder Pyromancer" in shown


def test_the_board_says_who_is_awaited_in_the_interrupting_turn() -> None:
    t = crowded()
    t.s.interrupter = 1
    s = t.state()
    shown = texts(traced(s))
    assert "Waiting for Player 2 to finish the interrupting turn." in shown
    assert "Player 2 ▶ interrupting" in shown
