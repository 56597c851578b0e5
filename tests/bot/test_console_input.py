"""Odd input at the terminal table and on the ``gm`` command line gets a sentence, never a
traceback (issue 16 item 5 and 6)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from discord.http import Route

from bot.__main__ import main
from bot.tables.console import TerminalTable, channel_for, move_number
from bot.tables.service import TableService
from tests.bot.test_cli import exported_game


def test_odd_move_numbers_are_explained(service: TableService, tmp_path: Path) -> None:
    out = io.StringIO()
    feed = iter(["9" * 100_000, "²", "١", "0", "q"])
    table = TerminalTable(service, tmp_path / "out", write=out, read=lambda _p: next(feed))
    table.loop(table.open("toy", ["me", "ai"], {}))
    assert out.getvalue().count("Please type a move number") == 4
    assert service.table(channel_for("toy")).seq == 0
    assert (move_number("2", 3), move_number("4", 3), move_number("²", 3)) == (2, None, None)


def test_render_to_a_missing_folder_says_so(
    service: TableService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = exported_game(service, tmp_path)
    assert main(["render", str(path), "--out", str(tmp_path / "missing" / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "Could not write" in err and "missing" in err and "Traceback" not in err


def test_run_without_network_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = Route.BASE
    monkeypatch.setenv("DISCORD_TOKEN", "anything")
    monkeypatch.setenv("GM_DISCORD_API", "http://127.0.0.1:9/api/v10")  # nothing listens
    monkeypatch.setenv("GM_DB", str(tmp_path / "gm.sqlite3"))
    try:
        assert main(["run"]) == 1
    finally:
        Route.BASE = base
    err = capsys.readouterr().err
    assert "Could not reach Discord" in err and "network" in err and "Traceback" not in err


def test_a_database_that_cannot_be_opened_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["play", "att", "--db", str(blocker / "t.sqlite3")]) == 1
    err = capsys.readouterr().err
    assert "Could not use" in err and "Traceback" not in err


def test_a_seat_the_game_does_not_have_is_named(
    service: TableService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = exported_game(service, tmp_path)
    assert main(["replay", str(path), "--seat", "9"]) == 1
    assert "no seat 9; its seats are 0 (Ann), 1 (Bob)" in capsys.readouterr().err
