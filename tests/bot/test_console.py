"""The terminal table (``gm play``): numbered moves, friendly errors, pictures, resume."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.tables.console import TerminalTable, channel_for, parse_seats
from bot.tables.service import TableService
from engines.core.errors import GameError


def run(service: TableService, tmp_path: Path, answers: list[str]) -> str:
    out = io.StringIO()
    feed = iter(answers)
    table = TerminalTable(service, tmp_path / "out", write=out, read=lambda _p: next(feed))
    table.loop(table.open("toy", ["me", "ai"], {}))
    return out.getvalue()


def test_plays_to_the_end_and_writes_pictures(service: TableService, tmp_path: Path) -> None:
    text = run(service, tmp_path, ["1"] * 20)
    assert "Game over." in text
    assert "(private) You draw" in text
    assert sorted((tmp_path / "out").glob("toy-*/*.png"))
    # The story after the result (issue 31): a line per player, the whole game animated.
    after = text.split("Game over.")[1]
    assert "  Player 1: " in after and " moves at a median of " in after
    (gif,) = (tmp_path / "out").glob("toy-*/*.gif")
    assert f"[the whole game as an animation: {gif}]" in after
    with Image.open(gif) as picture:
        assert picture.n_frames >= 2


def test_bad_input_is_explained_and_changes_nothing(service: TableService, tmp_path: Path) -> None:
    text = run(service, tmp_path, ["banana", "99", "q"])
    assert text.count("Please type a move number") == 2
    assert service.table(channel_for("toy")).seq == 0
    assert "Game kept" in text


def test_quitting_keeps_the_game_and_the_next_run_resumes(
    service: TableService, tmp_path: Path
) -> None:
    run(service, tmp_path, ["1", "q"])
    seq = service.table(channel_for("toy")).seq
    text = run(service, tmp_path, ["q"])
    assert f"Resuming your High Card game at move {seq}" in text


def test_seat_specs() -> None:
    assert parse_seats("me, AI,random") == ["me", "ai", "random"]
    with pytest.raises(GameError, match="comma-separated list of `me`"):
        parse_seats("me,robot")
