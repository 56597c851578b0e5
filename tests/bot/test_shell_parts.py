"""The Discord shell's pure parts: option text, panel layout, board text, configuration."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import TOKEN_HELP, Config
from bot.discord.ui.layout import ButtonRow, MenuRow, layout
from bot.tables.options import option_suggestions, parse_option_text
from bot.tables.presenter import board_text
from bot.tables.updates import Choice, Update, Waiting
from engines.core.errors import BadOptions


def test_option_text_reads_pairs_and_json_values() -> None:
    got = parse_option_text('game_length=double_hourglass, hand_size=3 flag=true names=["a","b"]')
    assert got == {
        "game_length": "double_hourglass",
        "hand_size": 3,
        "flag": True,
        "names": ["a", "b"],
    }
    assert parse_option_text("  ") == {}
    with pytest.raises(BadOptions, match="name=value"):
        parse_option_text("double hourglass please")


def test_option_suggestions_list_the_engine_fields() -> None:
    assert option_suggestions("toy", "hand") == ["hand_size=2"]
    assert option_suggestions("toy", "x=1 hand") == ["x=1 hand_size=2"]


def choices(spec: dict[str, int]) -> list[Choice]:
    out, i = [], 0
    for group, n in spec.items():
        for k in range(n):
            out.append(Choice(i, f"{group} {k}", group, f"5:{i}"))
            i += 1
    return out


def test_single_actions_are_buttons_and_groups_are_menus() -> None:
    rows = layout(choices({"Roll": 1, "Stop": 1, "Spend": 7}))
    assert isinstance(rows[0], MenuRow) and len(rows[0].choices) == 7
    assert isinstance(rows[1], ButtonRow) and [c.label for c in rows[1].choices] == [
        "Roll 0",
        "Stop 0",
    ]


def test_big_groups_page_and_every_action_stays_reachable() -> None:
    all_choices = choices({"Spend": 60})
    seen, page = [], 0
    while True:
        (row,) = layout(all_choices, {0: page})
        assert isinstance(row, MenuRow) and len(row.choices) <= 24
        seen += [c.index for c in row.choices]
        if row.next_page is None:
            break
        page = row.next_page
    assert seen == list(range(60))


def test_too_many_groups_fall_back_to_one_paged_menu() -> None:
    rows = layout(choices({f"G{i}": 2 for i in range(7)}))
    assert len(rows) == 1 and isinstance(rows[0], MenuRow) and rows[0].group_index == -1


def update(**kw: object) -> Update:
    base = dict(game_id=1, channel_id=2, game="toy", seq=3, status="active")
    base.update(kw)
    return Update(**base)  # type: ignore[arg-type]


def test_board_text_mentions_once_per_change_of_who_acts() -> None:
    ann = Waiting(0, "Ann", 11)
    assert "<@11> (Ann)" in board_text(update(lines=["x"], waiting=[ann], waiting_changed=True))
    quiet = board_text(update(lines=["x"], waiting=[ann], waiting_changed=False))
    assert "<@11>" not in quiet and "Waiting for Ann." in quiet
    long = board_text(update(lines=[f"line {i}" for i in range(40)], waiting=[ann]))
    assert "earlier lines" in long and "line 39" in long and len(long) <= 2000


def test_config_reads_env_then_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISCORD_TOKEN", "GM_DATA_DIR", "GM_DB", "GM_DISCORD_API", "GM_SYNC_ON_START"):
        monkeypatch.delenv(name, raising=False)
    dotenv = tmp_path / ".env"
    dotenv.write_text("# comment\nDISCORD_TOKEN='abc'\nGM_DATA_DIR=/srv/gm\nOTHER=1\n")
    cfg = Config(_env_file=dotenv)
    assert cfg.token == "abc" and cfg.db_path == Path("/srv/gm/gm.sqlite3")
    assert cfg.api_base is None and not cfg.sync_on_start and cfg.log_level == "INFO"
    monkeypatch.setenv("DISCORD_TOKEN", "env")
    monkeypatch.setenv("GM_DB", "/tmp/x.sqlite3")
    monkeypatch.setenv("GM_SYNC_ON_START", "1")
    monkeypatch.setenv("GM_DISCORD_API", "")
    cfg = Config(_env_file=dotenv)
    assert (cfg.token, cfg.db_path, cfg.sync_on_start) == ("env", Path("/tmp/x.sqlite3"), True)
    assert cfg.api_base is None
    monkeypatch.delenv("DISCORD_TOKEN")
    assert Config(_env_file=tmp_path / "missing").token is None
    assert "gm play" in TOKEN_HELP


def test_gm_run_without_token_explains(tmp_path: Path, monkeypatch, capsys) -> None:
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def pick(i: int, group: str, items: list[str], same: str | None = None) -> Choice:
    from engines.core.menus import PickSet

    return Choice(
        i,
        f"{group} {items}",
        group,
        f"5:{i}",
        PickSet("Pick dice", tuple((v, f"Die {v}") for v in items)),
        same,
    )


def test_subset_moves_become_one_multi_select_and_the_rest_stay_buttons() -> None:
    from bot.discord.ui.layout import PickRow, group_choices, picked

    moves = [
        Choice(0, "Re-roll all", "Re-roll", "5:0"),
        pick(1, "Re-roll", ["1"]),
        pick(2, "Re-roll", ["2"]),
        pick(3, "Re-roll", ["1", "2"]),
    ]
    rows = layout(moves)
    (multi,) = [r for r in rows if isinstance(r, PickRow)]
    assert multi.items == (("1", "Die 1"), ("2", "Die 2")) and multi.max_values == 2
    assert any(isinstance(r, ButtonRow) and r.choices[0].label == "Re-roll all" for r in rows)
    group = group_choices(moves, multi.group_index)
    assert picked(group, {"1", "2"}).index == 3
    assert picked(group, {"3"}) is None


def test_moves_the_game_calls_the_same_are_listed_once() -> None:
    moves = [
        Choice(0, "Spend 5 (die 1)", "Spend", "5:0", same="s5"),
        Choice(1, "Spend 5 (die 2)", "Spend", "5:1", same="s5"),
        Choice(2, "Spend 6 (die 3)", "Spend", "5:2", same="s6"),
    ]
    (row,) = layout(moves)
    assert isinstance(row, MenuRow) and [c.index for c in row.choices] == [0, 2]


def step(i: int, *steps: str) -> Choice:
    from engines.core.menus import Path

    return Choice(i, " / ".join(steps), "Play", f"5:{i}", path=Path("Play a card", steps))


def test_card_plays_drill_down_one_step_at_a_time() -> None:
    from bot.discord.ui.layout import PathRow
    from bot.tables.steps import drill

    moves = [
        step(0, "Card 6", "Elsie: move", "Space 5"),
        step(1, "Card 6", "Elsie: move", "Space 11"),
        step(2, "Card 9", "Elsie: melee", "Tak"),
        step(3, "Card 9", "Lunk: melee", "Tak"),
        step(4, "Card 29", "Draw 2 cards"),
        Choice(5, "End turn", "End turn", "5:5"),
    ]
    rows = layout(moves)
    assert isinstance(rows[0], PathRow) and rows[0].heading == "Play a card"
    assert [label for _, label, _ in rows[0].options] == ["Card 6", "Card 9", "Card 29"]
    assert isinstance(rows[1], ButtonRow) and rows[1].choices[0].label == "End turn"
    # Card 6 has one character and action: that step is skipped, the spaces follow.
    at = drill(moves, (0,))
    assert at.prefix == (0, 0) and at.options == ("Space 5", "Space 11") and at.complete is None
    assert drill(moves, (0, 0, 1)).complete.index == 1
    # Card 9 asks who acts; a single option that finishes a move is still asked, not taken.
    assert drill(moves, (1,)).options == ("Elsie: melee", "Lunk: melee")
    assert drill(moves, (2,)).options == ("Draw 2 cards",)
    assert drill(moves, (2, 0)).complete.index == 4
    assert drill(moves, (7,)) is None
