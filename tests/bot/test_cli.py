"""The ``gm`` command's bug-report tools: replay an exported game to a move, draw its board."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from bot.__main__ import main
from bot.tables.service import TableService


def exported_game(service: TableService, tmp_path: Path) -> Path:
    service.new_table(7, None, 1, "Ann", "att")
    service.join(7, 2, "Bob")
    update = service.start(7, 1)
    for _ in range(12):
        user = update.waiting[0].user_id
        update = service.act(7, user, service.choices(7, user)[0].ref)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(service.export(7)))
    return path


def test_replay_prints_the_game_at_a_move(service: TableService, tmp_path: Path, capsys) -> None:
    path = exported_game(service, tmp_path)
    assert main(["replay", str(path), "--to", "0"]) == 0
    start = capsys.readouterr().out
    assert "chooses a character" in start
    assert main(["replay", str(path)]) == 0
    now = capsys.readouterr().out
    assert now != start and "Round 1" in now
    assert main(["replay", str(path), "--seat", "0"]) == 0
    assert "Your hand" in capsys.readouterr().out


def test_render_draws_the_board_and_bad_files_are_explained(
    service: TableService, tmp_path: Path, capsys
) -> None:
    path = exported_game(service, tmp_path)
    out = tmp_path / "board.png"
    assert main(["render", str(path), "--out", str(out), "--to", "5"]) == 0
    assert Image.open(out).size[0] == 1400
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert main(["replay", str(broken)]) == 1
    assert "Could not read" in capsys.readouterr().err
    broken.write_text(json.dumps({"format": "something else"}))
    assert main(["replay", str(broken)]) == 1
    assert "not a game export" in capsys.readouterr().err
