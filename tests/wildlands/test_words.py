"""What Wildlands says to players, in words (issue 18): the board's name, damage, card icons
and the interrupt event; copies of a card face listed once in menus; counted nouns that
agree, hits that name their attack and an end that names its tie-break (issues 29, 35)."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.actions import EndTurn, Interrupt, Move, Pass
from engines.wildlands.board import load_board
from engines.wildlands.combat import take_hit
from engines.wildlands.menus import WildlandsMenus
from engines.wildlands.scoring import award
from engines.wildlands.state import Hit

from .builder import ENGINE, Position, play, step, texts
from .test_defence import attacked, eliminate
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


def test_counted_words_agree_and_a_hit_names_its_attack() -> None:
    """Issue 29: "1 cards in hand", "(1 points)" and "takes 1 damage from heavy ranged"."""
    p = table().place("lawbringers.3", 4, damage=0).hand(0, "mages.02")
    p.s.update_seat(0, score=0)
    s = p.state()
    text = ENGINE.view(s, 0).text
    assert "Player 1 (Guild of Mages): 0 points, 1 card in hand," in text
    hit = Hit(target="lawbringers.3", style="heavy_ranged", scorer=0)
    ctx = Ctx()
    take_hit(s, hit, ctx)
    health = s.figures["lawbringers.3"].health
    said = [e.text for e in ctx.events]
    name = s.figures["lawbringers.3"].name
    assert (
        f"{name} takes 1 damage from a heavy ranged attack ({health - 1} of {health} " in (said[0])
    )
    ctx = Ctx()
    award(s, 0, 1, f"knocking out {name}", ctx)
    assert ctx.events[0].text == f"Player 1 scores 1 point for knocking out {name} (now 1 point)."


def test_the_end_names_the_tie_break_and_the_final_scores() -> None:
    """Issue 29/35: the result says which rule decided it, never "share the win with 0
    points", and every player's final score."""
    s = eliminate(1, 2)  # 2 all after the knock-out, and Player 2 is out
    assert s.summary == (
        "Player 2 has lost every character, so the game ends. Player 1 and Player 2 tie on "
        "2 points; Player 2 lost every character, so Player 1 wins the tie. "
        "Final scores: Player 1: 2, Player 2: 2."
    )
    # The title stays short: the picture's headline and the embed carry it.
    assert ENGINE.view(s, None).title == "Wildlands — game over: Player 1 wins"
    s = eliminate(0, 3)
    assert "Player 2 wins with 3 points, the highest score." in s.summary
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome.sides == {0: "Guild of Mages", 1: "Gnomads"}


def test_a_scoreless_stalemate_reads_as_a_draw() -> None:
    p = Position(stalemate_rounds=1).place("mages.1", 1).place("gnomads.1", 9)
    for n in range(2, 6):
        p.knock_out(f"mages.{n}").knock_out(f"gnomads.{n}")
    for player in p.s.seats:
        p.s.update_seat(player.seat, deck=())  # nothing to draw, so nobody can ever play
    s = p.state()
    for _ in range(2):
        s = play(s, s.active, EndTurn())
    assert s.phase == "over" and s.winners == [0, 1]
    assert "Nobody scored, so the game is a draw." in s.summary
    assert ENGINE.view(s, None).title == "Wildlands — game over: A draw"
    assert "share the win" not in s.summary


def test_the_text_board_says_whose_figures_and_which_hit_waits() -> None:
    """Issue 29's "text board that tells the whole public position": each player's figures
    under them, their knocked-out characters, and the hit being defended."""
    s = attacked("heavy_ranged", "mages.03")
    s.update_figure("gnomads.5", ko=True)
    text = ENGINE.view(s, None).text
    lines = text.split("\n")
    gnomads = lines.index(next(line for line in lines if line.startswith("Player 2 (Gnomads)")))
    automate = s.figures["gnomads.3"].name
    assert lines[gnomads + 1].startswith(f"  {automate} in space 5 (")
    assert f"  Knocked out: {s.figures['gnomads.5'].name}." in lines
    lunk = s.figures["mages.1"].name
    assert lines[1] == (
        f"{automate} in space 5 is hit by a heavy ranged attack from {lunk}: a linked cover card "
        "blocks it, or it takes the damage."
    )


def test_the_text_board_says_a_window_is_open_and_who_answered() -> None:
    s = after_move(table())
    line = ENGINE.view(s, None).text.split("\n")[1]
    assert line == "An interrupt window is open: play an interrupt card, or pass."
    s = play(s, 2, Pass())
    assert ENGINE.view(s, 0).text.split("\n")[1].endswith(" Player 3 has answered.")
