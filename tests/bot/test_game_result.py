"""A finished game's result in words a player reads as intended (issue 35, "Game over says
the result three times"; issue 29, "The end of a game explains itself"): who won, each
player named beside what they played, shared wins and draws, the final scores; said once
on Discord (the board's embed) and once in the terminal."""

from __future__ import annotations

import io
from pathlib import Path

from bot.tables.console import TerminalTable
from bot.tables.presenter import Result, board_text
from bot.tables.service import TableService
from bot.tables.status import table_status
from bot.tables.updates import Update
from engines.core.protocol import Outcome

NAMES = {0: "alice", 1: "bob"}


def verdict(outcome: Outcome, names: dict[int, str] = NAMES) -> str:
    return Result.of(outcome, names).verdict


def test_one_winner_is_named_with_what_they_played() -> None:
    sides = {0: "Marquise de Cat", 1: "Eyrie Dynasties"}
    outcome = Outcome(frozenset({1}), {0: 27.0, 1: 30.0}, "Eyrie Dynasties scores 30 VP.", sides)
    result = Result.of(outcome, {0: "alice", 1: "AI 1"})
    assert result.verdict == "AI 1 (Eyrie Dynasties) wins."
    assert result.score_lines() == ["AI 1 (Eyrie Dynasties): 30", "alice (Marquise de Cat): 27"]
    assert result.summary == "Eyrie Dynasties scores 30 VP."


def test_a_two_player_stalemate_at_nothing_each_is_a_draw() -> None:
    """It read "alice and bob share the win with 0 points", which players took for a bug."""
    stalemate = Outcome(frozenset({0, 1}), {0: 0.0, 1: 0.0}, "Nobody acted for 3 rounds.")
    assert verdict(stalemate) == "A draw: nobody scored."


def test_shared_wins_read_as_intended() -> None:
    tied = Outcome(frozenset({0, 1}), {0: 1.0, 1: 1.0})
    assert verdict(tied) == "A draw: alice and bob share the win."
    three = {0: "alice", 1: "bob", 2: "cy"}
    team = Outcome(frozenset({0, 2}), {0: 4.0, 1: 3.0, 2: 4.0}, sides={0: "team 1", 2: "team 1"})
    assert verdict(team, three) == "alice (team 1) and cy (team 1) share the win."
    assert verdict(Outcome(frozenset(), {0: 0.0})) == "Nobody wins."
    # Scores read as numbers: no "1 points" anywhere, no "36.0".
    assert Result.of(tied, NAMES).score_lines() == ["alice: 1", "bob: 1"]


def test_the_board_text_leaves_the_result_to_the_embed() -> None:
    over = Update(
        game_id=1,
        channel_id=1,
        game="toy",
        seq=9,
        status="finished",
        lines=["bob plays 12.", "Top score 20."],
        outcome=Outcome(frozenset({1}), {0: 15.0, 1: 20.0}, "Top score 20."),
        seat_names=NAMES,
    )
    text = board_text(over)
    assert text == "bob plays 12."
    assert "Game over" not in text and "wins" not in text


def test_the_terminal_says_the_result_once(service: TableService, tmp_path: Path) -> None:
    out = io.StringIO()
    table = TerminalTable(service, tmp_path / "out", write=out, read=lambda _p: "1")
    table.loop(table.open("toy", ["me", "ai"], {}))
    text = out.getvalue()
    row = service.store.finished_games(table.channel, 1)[0]
    assert row.result is not None
    summary = row.result["summary"]
    assert text.count(summary) == 1 and text.count("Game over") == 1
    end = text[text.index("Game over") :].splitlines()
    assert end[0] in {"Game over. Player 1 wins.", "Game over. AI 1 wins."}, end
    assert end[1] == summary and end[2].startswith("Final scores: ")


def test_status_of_a_finished_game_names_each_player_with_what_they_played(
    service: TableService,
) -> None:
    service.new_table(7, 9, 1, "alice", "toy", {})
    service.join(7, 2, "bob")
    service.start(7, 1)
    row = service.table(7)
    result = {
        "winners": [1],
        "scores": {"0": 3, "1": 5},
        "summary": "bob wins on the tie-break.",
        "sides": {"0": "Marquise de Cat", "1": "Eyrie Dynasties"},
    }
    service.store.update_game(
        row.id, expected_seq=row.seq, now=service.clock(), status="finished", result=result
    )
    status = table_status(service, 7)
    assert [(s.name, s.score) for s in status.seats] == [
        ("alice (Marquise de Cat)", 3),
        ("bob (Eyrie Dynasties)", 5),
    ]
