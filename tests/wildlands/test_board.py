"""Board model and loader: the §14.8 check values, the Foreign Lands belt facts (§13) and the
loader's refusal of broken board data."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engines.core import content
from engines.core.errors import BadOptions, CorruptRecord
from engines.wildlands import board as board_module
from engines.wildlands.board import Board, board_ids, load_board
from tools.freeze_boards import GRID_BOARDS, frozen_toml

BOARDS = ["abyssal_lake", "dungeon", "lost_factory", "ruins"]
EDGES = {"ruins": 59, "dungeon": 59, "abyssal_lake": 65, "lost_factory": 61}


def edges(b: Board) -> set[tuple[int, int]]:
    return {(a, n) for a in b.spaces() for n in b.neighbours(a) if a < n}


def climb_edges(b: Board) -> set[tuple[int, int]]:
    return {e for e in edges(b) if b.is_climb_edge(*e)}


def test_board_ids_lists_the_four_boards() -> None:
    assert board_ids() == BOARDS


@pytest.mark.parametrize("board_id", BOARDS)
def test_every_board_is_whole_connected_and_has_diameter_11(board_id: str) -> None:
    b = load_board(board_id)
    assert list(b.spaces()) == list(range(1, 43))
    assert len(edges(b)) == EDGES[board_id]
    assert max(b.distance(1, s) for s in b.spaces()) < 42  # every space reached from 1
    assert max(b.distance(s, t) for s in b.spaces() for t in b.spaces()) == 11
    for s in b.spaces():
        assert list(b.adj[s]) == sorted(b.adj[s])
        assert all(s in b.adj[n] for n in b.adj[s])
        assert s in b.los[s]
        assert all(b.sees(t, s) for t in b.los[s])


def test_ruins_check_values() -> None:
    b = load_board("ruins")
    assert len(climb_edges(b)) == 12
    assert b.neighbours(6) == (5, 7, 13)
    assert b.los[6] == {4, 5, 6, 7, 13, 20, 27, 34}
    assert b.los[25] == {18, 24, 25, 26, 27}
    assert b.distance(1, 42) == 11
    assert b.side_of == "base" and not b.slippery and not b.thin_ice and not b.belts


def test_dungeon_is_the_ruins_without_high_ground() -> None:
    ruins, dungeon = load_board("ruins"), load_board("dungeon")
    assert dungeon.high == frozenset() and not climb_edges(dungeon)
    assert dungeon.adj == ruins.adj
    assert dungeon.los[6] == ruins.los[6] | {41}
    assert dungeon.los[25] == ruins.los[25] | {28}


def test_abyssal_lake_check_values() -> None:
    b = load_board("abyssal_lake")
    assert b.neighbours(25) == (18, 24, 26, 32)
    assert b.los[17] == {3, 10, 15, 16, 17, 18, 19, 20, 24, 31, 38}
    assert b.thin_ice == {10, 12, 19, 24, 31, 33}
    assert b.high == {1, 2, 8, 35, 41, 42}
    assert b.slippery and b.side_of == "foreign_lands" and not b.belts


def test_lost_factory_check_values() -> None:
    b = load_board("lost_factory")
    assert climb_edges(b) == {(1, 2), (4, 11), (5, 12), (10, 11), (18, 23), (22, 23), (28, 29),
                              (38, 41)}  # fmt: skip
    assert b.neighbours(6) == (5, 7, 16, 31)
    assert b.distance(17, 33) == 5
    assert not b.slippery and not b.thin_ice


def test_climbing_is_only_needed_going_up() -> None:
    b = load_board("ruins")
    assert b.is_climb_up(2, 9) and not b.is_climb_up(9, 2)
    assert b.is_climb_edge(2, 9) and b.is_climb_edge(9, 2)
    assert not b.is_climb_edge(9, 16)  # both high
    assert not b.is_climb_up(1, 9)  # not adjacent


def test_lost_factory_belts_follow_the_seed() -> None:
    b = load_board("lost_factory")
    assert b.belt_next("blue", 4) == 40
    assert b.belt_next("red", 9) == 34
    assert b.belt_next("blue", 6) == 5 and b.belt_next("red", 6) == 7
    assert b.belt_colours(6) == ("blue", "red")
    assert b.belt_colours(40) == ("blue",) and b.belt_colours(1) == ()
    for colour, path in b.belts.items():
        assert all(y in b.neighbours(x) for x, y in pairwise(path))
        # Nothing leaves the board: the last space has no next step.
        assert b.belt_next(colour, path[-1]) is None
    assert b.belt_next("blue", 7) is None  # off the blue belt
    with pytest.raises(KeyError):
        b.belt_next("green", 6)


def test_distance_and_within() -> None:
    b = load_board("dungeon")
    assert b.distance(5, 5) == 0
    assert b.distance(3, 4) == 3  # the 3|4 wall forces a detour through 10 and 11
    assert b.within(3, 0) == {3}
    assert b.within(1, 1) == {1, 2, 8}
    assert b.within(1, 11) == frozenset(b.spaces())


def test_step_toward_takes_the_lowest_numbered_shortest_step() -> None:
    b = load_board("dungeon")
    assert b.step_toward(1, 9) == 2  # 2 and 8 are both one step from 9
    assert b.step_toward(9, 1) == 2
    assert b.step_toward(7, 7) == 7


@pytest.mark.parametrize("board_id", BOARDS)
def test_step_toward_is_a_shortest_step_everywhere(board_id: str) -> None:
    b = load_board(board_id)
    for a in b.spaces():
        for t in b.spaces():
            if a == t:
                continue
            closer = [n for n in b.neighbours(a) if b.distance(n, t) == b.distance(a, t) - 1]
            assert b.step_toward(a, t) == min(closer)


def test_unknown_board_is_refused_with_the_list() -> None:
    with pytest.raises(BadOptions) as err:
        load_board("swamp")
    assert str(err.value) == (
        "There is no board called 'swamp'. Boards: abyssal_lake, dungeon, lost_factory, ruins."
    )


def test_load_board_returns_one_cached_object() -> None:
    assert load_board("ruins") is load_board("ruins")


@pytest.mark.parametrize("spec", GRID_BOARDS, ids=lambda g: g.id)
def test_frozen_files_match_the_grid_spec(spec: Any) -> None:
    path = content.assets_dir() / "wildlands" / "boards" / f"{spec.id}.toml"
    assert path.read_text(encoding="utf-8") == frozen_toml(spec)


def raw_ruins() -> dict[str, Any]:
    return dict(content.read_toml("wildlands/boards/ruins.toml")["board"])


def test_raw_board_is_accepted() -> None:
    assert Board.model_validate(raw_ruins()).distance(1, 42) == 11


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["adj"].update({"1": [2]}), "adj is not symmetric: 8 lists 1, 1 does not"),
        (lambda r: r["los"].update({"5": [4, 6, 7]}), "los[5] must contain 5 itself"),
        (lambda r: r["los"].update({"1": [1, 2, 3, 4, 8]}), "los is not symmetric: 1 sees 4"),
        (lambda r: r["layout"].pop("42"), "layout must list every space 1 to 42"),
        (lambda r: r.update(belts={"blue": [1, 3]}), "the blue belt steps 1 -> 3"),
        (lambda r: r.update(high=[9, 43]), "high names spaces off the board: [43]"),
    ],
)
def test_broken_tables_are_refused(change: Any, message: str) -> None:
    raw = {k: dict(v) if isinstance(v, dict) else v for k, v in raw_ruins().items()}
    change(raw)
    with pytest.raises(ValidationError) as err:
        Board.model_validate(raw)
    assert message in str(err.value)


def test_disconnected_board_is_refused() -> None:
    raw = {k: dict(v) if isinstance(v, dict) else v for k, v in raw_ruins().items()}
    raw["adj"].update({"1": [], "2": [3, 9], "8": [15]})
    with pytest.raises(ValidationError, match=r"not connected: spaces \[1\] are cut off"):
        Board.model_validate(raw)


@pytest.fixture
def other_assets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private assets folder; the loader caches are emptied on the way in and out."""
    boards = tmp_path / "wildlands" / "boards"
    boards.mkdir(parents=True)
    monkeypatch.setenv("GM_ASSETS", str(tmp_path))
    caches = (content.read_toml, board_module.load_board, board_module._board_files)
    for c in caches:
        c.cache_clear()
    yield boards
    for c in caches:
        c.cache_clear()


def test_broken_board_file_raises_corrupt_record(other_assets: Path) -> None:
    good = frozen_toml(GRID_BOARDS[0])
    (other_assets / "ruins.toml").write_text(good.replace("1 = [2, 8]", "1 = [2]"))
    (other_assets / "dungeon.toml").write_text(good)
    with pytest.raises(CorruptRecord, match="adj is not symmetric"):
        load_board("ruins")
    with pytest.raises(CorruptRecord, match="names itself 'ruins'"):
        load_board("dungeon")
