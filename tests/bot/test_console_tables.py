"""The terminal table keeps every game (issue 18): one saved game per game name, ``--new``,
arguments that contradict a saved game refused, ``gm games`` and ``gm export``, help at the
start, each event once, a hand-off pause in hot seat, set choices as one entry, ``?rules``
and ``?card``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.store import Store
from bot.tables.console import HELP, TerminalTable, channel_for, menu, parse_seats
from bot.tables.service import TableService
from bot.tables.updates import Choice
from engines.core.errors import GameError
from engines.core.menus import PickSet


def terminal(
    service: TableService, tmp_path: Path, answers: list[str]
) -> tuple[TerminalTable, io.StringIO]:
    out = io.StringIO()
    feed = iter(answers)
    return TerminalTable(service, tmp_path / "out", write=out, read=lambda _p: next(feed)), out


def test_each_game_name_keeps_its_own_saved_game(service: TableService, tmp_path: Path) -> None:
    table, _ = terminal(service, tmp_path, ["1", "q"])
    table.loop(table.open("toy", ["me", "ai"], {}))
    seq = service.table(channel_for("toy")).seq
    table, _ = terminal(service, tmp_path, ["q"])
    table.loop(table.open("att", None, None))
    assert service.table(channel_for("toy")).seq == seq  # untouched by the ATT game
    table, out = terminal(service, tmp_path, ["q"])
    table.loop(table.open("toy", None, None))
    assert f"at move {seq}" in out.getvalue()
    # --new starts afresh with the given arguments.
    table, _ = terminal(service, tmp_path, ["q"])
    table.loop(table.open("toy", ["me", "me"], {}, new=True))
    row = service.table(channel_for("toy"))
    assert row.seq == 0 and [s.kind for s in row.seats] == ["human", "human"]


def test_arguments_that_contradict_the_saved_game_are_refused(
    service: TableService, tmp_path: Path
) -> None:
    table, _ = terminal(service, tmp_path, ["q"])
    table.loop(table.open("toy", ["me", "ai"], {}))
    for seats, options, seed in (
        (["me", "me"], None, None),
        (None, {"hand_size": 3}, None),
        (None, None, 99),
    ):
        table, _ = terminal(service, tmp_path, [])
        with pytest.raises(GameError, match="--new"):
            table.open("toy", seats, options, seed=seed)
    with pytest.raises(GameError, match="no seat for you"):
        parse_seats("ai,ai")


def test_help_first_and_each_event_once(service: TableService, tmp_path: Path) -> None:
    table, out = terminal(service, tmp_path, ["1", "q"])
    table.loop(table.open("wildlands", ["me", "ai"], {}))
    text = out.getvalue()
    assert text.startswith(HELP)
    assert text.count("Player 1 places a start card.") == 1


def test_hot_seat_pauses_before_the_next_players_hand(
    service: TableService, tmp_path: Path
) -> None:
    prompts: list[str] = []
    answers = iter(["1", "", "q"])
    out = io.StringIO()

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    table = TerminalTable(service, tmp_path / "out", write=out, read=read)
    table.loop(table.open("toy", ["me", "me"], {}))
    assert prompts == [
        "Player 1> ",
        "Pass the keyboard to Player 2, then press Enter. ",
        "Player 2> ",
    ]


def test_sets_and_same_moves_are_one_entry_and_standing_orders_come_last() -> None:
    def pick(index: int, items: tuple[str, ...]) -> Choice:
        labelled = tuple((i, f"Die {i}") for i in items)
        return Choice(
            index, f"Re-roll {items}", "Re-roll", f"0:{index}", pick=PickSet("Dice", labelled)
        )

    choices = [
        Choice(0, "Standing order: defend best", "Standing orders", "0:0"),
        pick(1, ("1",)),
        pick(2, ("2",)),
        pick(3, ("1", "2")),
        Choice(4, "Play +1 #1", "Feat", "0:4", same="plus1"),
        Choice(5, "Play +1 #2", "Feat", "0:5", same="plus1"),
    ]
    entries = menu(choices)
    assert [e.label for e in entries] == [
        "Dice (choose a set)",
        "Play +1 #1",
        "Standing order: defend best",
    ]
    assert len(entries[0].picks) == 3


def test_the_dice_of_att_are_chosen_as_one_set(service: TableService, tmp_path: Path) -> None:
    service.seed_source = lambda: 3
    # Character, first player, location, location action, roll; then the re-roll set: dice
    # 1 and 3.
    moves = ["1", "1", "1", "1", "1", "2", "1 3", "?rules scenario", "?card feat", "q"]
    table, out = terminal(service, tmp_path, moves)
    table.loop(table.open("att", ["me", "ai"], {}))
    text = out.getvalue()
    assert "Re-roll these dice (1 Focus each, Luck dice free) (choose a set)" in text
    assert "re-rolls 2 dice" in text
    assert "(att §" in text and "Source:" in text
    entries = [line for line in text.splitlines() if "Re-roll" in line and ". " in line]
    assert len(entries) < 10


def test_gm_games_and_gm_export(
    service: TableService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.sqlite3"
    store = Store(db)
    table, _ = terminal(TableService(store), tmp_path, ["1", "q"])
    table.loop(table.open("att", ["me", "ai"], {}))
    store.close()
    assert main(["games", "--db", str(db)]) == 0
    assert "att: Ancient Terrible Things, move" in capsys.readouterr().out
    out = tmp_path / "att.json"
    assert main(["export", "att", "--db", str(db), "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["redacted"] and "seed" not in data  # as /game export gives it mid-game
    assert main(["export", "att", "--db", str(db), "--out", str(out), "--full"]) == 0
    assert "seed" in json.loads(out.read_text())


def test_moves_taken_in_steps_are_listed_by_their_first_step(
    service: TableService, tmp_path: Path
) -> None:
    service.seed_source = lambda: 2
    # Play card 7 (the first card listed), move Elder Pyromancer, to the third space.
    table, out = terminal(service, tmp_path, ["2", "1", "3", "q"])
    table.loop(table.open("awoken", ["me"], {}))
    text = out.getvalue()
    first_menu = text.split("Player 1>")[0].split(" End turn:")[1]
    numbered = re.findall(r"^ {2,}\d+\. ", first_menu, flags=re.M)
    assert 5 < len(numbered) < 20  # 45 moves as one entry per card, not one per move
    assert "    2. Card 7 (area)" in first_menu
    assert "moves from space 14 to space 21" in text


def test_new_with_bad_arguments_keeps_the_saved_game(service: TableService, tmp_path: Path) -> None:
    table, _ = terminal(service, tmp_path, ["1", "q"])
    table.loop(table.open("toy", ["me", "ai"], {}))
    seq = service.table(channel_for("toy")).seq
    for seats, options in ((["me", "ai"], {"hand_size": "lots"}), (["me"] * 9, {})):
        table, _ = terminal(service, tmp_path, [])
        with pytest.raises(GameError):
            table.open("toy", seats, options, new=True)
    assert service.table(channel_for("toy")).seq == seq and seq > 0


def test_question_mark_and_a_number_says_what_that_move_does(
    service: TableService, tmp_path: Path
) -> None:
    """The terminal's counterpart of the menus' option descriptions (issue 19)."""
    service.seed_source = lambda: 2
    table, out = terminal(service, tmp_path, ["?2", "?99", "q"])
    table.loop(table.open("awoken", ["me"], {}))
    text = out.getvalue()
    # Entry 2 is a card (played in steps): its note says what the card can do.
    assert "  2. An area attack on its space or an adjacent one." in text
    # A number past the menu is not a move: the help is shown again.
    assert text.count(HELP) >= 2


def test_a_step_of_a_move_explains_its_options_and_asks_again_after_a_typo(
    service: TableService, tmp_path: Path
) -> None:
    """?N works inside a move taken in steps, a typo asks the same step again, and Enter
    goes back to the moves without playing anything."""
    service.seed_source = lambda: 2
    answers = ["2", "?1", "9", "1", "", "2", "1", "3", "q"]
    table, out = terminal(service, tmp_path, answers)
    table.loop(table.open("awoken", ["me"], {}))
    text = out.getvalue()
    assert "Please type a number from 1 to" in text
    # "?1" answered under the step's options, before the typo's message.
    step = text.split("    2. Elder Pyromancer: area attack\n")[1].split("Please type")[0]
    assert step.startswith("    1. Elder Pyromancer: move: "), step
    # The Enter went back: the card was played once, by the second "2".
    assert text.count("moves from space 14 to space 21") == 1


def test_a_step_prompt_says_what_it_asks(service: TableService, tmp_path: Path) -> None:
    """Each step of a move names the steps taken so far, never a bare "Which?" (issue 29:
    "Which? 1. Fields 2. Road"); a set names what it picks."""
    service.seed_source = lambda: 2
    asked: list[str] = []
    feed = iter(["2", "1", "3", "q"])

    def read(prompt: str) -> str:
        asked.append(prompt)
        return next(feed)

    table = TerminalTable(service, tmp_path / "out", write=io.StringIO(), read=read)
    table.loop(table.open("awoken", ["me"], {}))
    steps = [p for p in asked if "choose the next step" in p]
    assert steps[0].startswith("Card 7 (area): choose the next step")
    assert steps[1].startswith("Card 7 (area) › Elder Pyromancer: move: choose the next step")
    assert not any(p.startswith("Which?") for p in asked)


def test_a_terminal_game_played_to_its_end_shows_the_ratings_and_gm_stats_tells_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """High Card against the AI, played to its end by always taking the first move: the
    result says what it did to the ratings, and ``gm stats`` shows them (issue 31)."""
    db = tmp_path / "t.sqlite3"
    store = Store(db)
    table, out = terminal(TableService(store), tmp_path, ["1"] * 40)
    table.loop(table.open("toy", ["me", "ai"], {}))
    store.close()
    text = out.getvalue()
    assert "Game over." in text
    assert re.search(r"Ratings: (Player 1|AI \(normal\)): \d+\.\d \([+-]\d\.\d\); ", text)
    assert main(["stats", "--db", str(db)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Stats of Player 1\n1 game, ")
    assert "High Card: " in printed and "Latest results:" in printed
    assert main(["stats", "toy", "--db", str(db)]) == 0
    board = capsys.readouterr().out.splitlines()
    assert board[0] == "Leaderboard: High Card"
    assert {line.split(":")[0][3:] for line in board[1:3]} == {"Player 1", "AI (normal)"}
