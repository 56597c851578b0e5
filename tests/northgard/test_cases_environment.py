"""Reference test cases T5, T6, T9-T15, T20-T22 (northgard.md §13): Environment tiles,
player combat, closing fame and sudden death."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.protocol import Seat
from engines.core.rng import Rng
from engines.northgard.board import gmap
from engines.northgard.engine import Choose
from engines.northgard.movement import can_enter
from engines.northgard.options import NorthgardOptions
from engines.northgard.scoring import sudden_death
from engines.northgard.setup import bury_den
from engines.northgard.year import environment_yields, reinforcements
from tests.northgard.builder import ENGINE, beast, choose, go, table, task, units

RED, PURPLE, BLUE, GREEN = 0, 1, 2, 3
LAKE = [("E01", 0, 0, 0)]


def test_T5_great_lake_majority() -> None:
    s = table(3, LAKE)
    units(s, "0a", BLUE, 2)
    units(s, "0b", BLUE, 2)
    units(s, "0c", RED, 3)
    environment_yields(s, Ctx())
    assert s.players[BLUE].food == 2 and s.players[RED].food == 0


def test_T6_great_lake_tie() -> None:
    s = table(4, LAKE)
    units(s, "0a", BLUE, 3)
    units(s, "0b", RED, 3)
    units(s, "0c", GREEN, 1)
    environment_yields(s, Ctx())
    assert [s.players[k].food for k in (BLUE, RED, GREEN)] == [1, 1, 0]


SWAMP = [("M03", 0, 0, 0), ("E06", 1, 0, 0), ("M03", 2, 0, 0)]


def test_T9_swamp_pass_through() -> None:
    s = table(2, SWAMP)
    units(s, "0a", RED, 3)
    go(s, task("move", RED, g=1, r=2, b=0, flags={}))
    s = choose(s, RED, "group:0a:3")
    assert "go:1a" in s.pending.options
    s = choose(s, RED, "go:1a")
    assert "go:stop" not in s.pending.options  # no ending in the Swamp
    s = choose(s, RED, "go:2a")
    assert s.units == {"2a": {"0": 2}} and s.players[RED].reserve == 12
    s = table(2, SWAMP)
    units(s, "0a", RED, 3)
    assert not can_enter(s, RED, "0a", "1a", steps_left_after=0)  # range 1 into it
    go(s, task("move", RED, g=1, r=1, b=0, flags={}))
    s = choose(s, RED, "group:0a:3")
    assert s.pending is None or "go:1a" not in s.pending.options


def test_T10_den_buried_below_3n() -> None:
    pile = [f"M{k:02d}" for k in range(1, 35)] + ["E01", "E02"]
    for seed in range(40):
        out = bury_den(pile, 3, Rng(seed))
        assert out.index("E11") >= 9 and out[:9] == tuple(pile[:9])
    s = ENGINE.setup([Seat(k, f"P{k}") for k in range(3)], NorthgardOptions(), seed=5)
    while s.phase == "setup":
        seat = min(ENGINE.to_act(s))
        s = ENGINE.apply(s, seat, ENGINE.legal_actions(s, seat)[0]).state
    assert s.map_pile.index("E11") >= 9


def test_T11_geysers_and_training_camp() -> None:
    # E03 (geyser piece a) and E02 turned so its geyser corner joins it: 2 Geysers in one.
    two = [("E03", 0, 0, 0), ("E02", 1, 0, 3), ("E03", 5, 0, 0)]
    s = table(2, two)
    m = gmap(s)
    both = m.root["0a"]
    assert m.territories[both].features.count("geyser") == 2
    units(s, both, RED, 1)
    s.buildings[both] = ("B5",)
    units(s, "2a", PURPLE, 1)
    s.buildings["2a"] = ("B5",)
    assert reinforcements(s, RED) == [(both, 2)]  # Camp + 2 Geysers
    assert reinforcements(s, PURPLE) == [("2a", 1)]  # Camp + 1 Geyser
    go(s, task("end_year"))
    assert s.pending is not None and s.pending.options[0] == f"reinforce:{both}:2"
    s = choose(s, RED, f"reinforce:{both}:2")
    s = choose(s, PURPLE, "reinforce:2a:0")  # it is a "may"
    assert s.units[both] == {"0": 3} and s.units["2a"] == {"1": 1}
    s = table(2, two)
    units(s, both, RED, 1)
    assert reinforcements(s, RED) == [(both, 2)]  # 2 Geysers, no Camp


def test_T12_ruins_in_an_open_territory() -> None:
    s = table(3, [("E04", 0, 0, 0)])
    units(s, "0a", BLUE, 1)
    go(s, task("harvest"))
    assert s.players[BLUE].lore == 1 and s.players[BLUE].fame == 2


def test_T13_poisonous_swamp() -> None:
    s = table(3, [("E07", 0, 0, 0)])
    units(s, "0a", RED, 2)
    units(s, "0b", BLUE, 1)
    s.players[BLUE].food = 2
    go(s, task("poison"), task("winter"))
    assert s.units == {"0a": {"0": 1}}
    assert s.players[BLUE].food == 2


def test_T14_high_peaks() -> None:
    s = table(2, [("E08", 0, 0, 0)])
    m = gmap(s)
    assert "0b" not in m.territories["0a"].adjacent
    units(s, "0a", RED, 2)
    assert not can_enter(s, RED, "0a", "0b", steps_left_after=1)
    s = table(2, [("E08", 0, 0, 0), ("M11", 1, 0, 0)])
    m = gmap(s)
    assert m.territories["0a"].adjacent.get("0b") == "-"


def test_T15_spectral_warrior_cancels_buildings() -> None:
    s = table(3, [("M05", 0, 0, 0)])  # 0a: 1 food printed
    units(s, "0a", RED, 2)
    s.buildings["0a"] = ("B7", "B1")
    beast(s, "CR8.1", "0a")
    go(s, task("harvest"))
    assert s.players[RED].food == 1
    s = table(3, [("M05", 0, 0, 0)])
    units(s, "0a", RED, 2)
    units(s, "0b", BLUE, 3)
    s.buildings["0a"] = ("B7",)
    beast(s, "CR8.1", "0a")
    s.dice_script = (0, 0)
    go(s, task("move", BLUE, g=1, r=1, b=0, flags={}))
    s = choose(s, BLUE, "group:0b:3")
    s = choose(s, BLUE, "go:0a")
    assert s.units["0a"] == {"2": 3}  # 3 beats 2: no Fortress bonus


Y = [("M27", 0, 0, 0)]  # a, b, c all adjacent


def test_T20_player_combat() -> None:
    s = table(3, Y)
    units(s, "0a", BLUE, 3)
    units(s, "0b", RED, 3)
    s.dice_script = (0, 0)
    go(s, task("move", BLUE, g=1, r=1, b=0, flags={}))
    s = choose(s, BLUE, "group:0a:3")
    s = choose(s, BLUE, "go:0b")
    assert s.units["0a"] == {"2": 3} and s.units["0b"] == {"0": 3}
    s = table(3, Y)
    units(s, "0a", BLUE, 3)
    units(s, "0b", RED, 3)
    s.dice_script = (4, 0)  # Blue 1 axe + skull, Red blank
    go(s, task("move", BLUE, g=1, r=1, b=0, flags={}))
    s = choose(s, BLUE, "group:0a:3")
    s = choose(s, BLUE, "go:0b")
    assert s.units["0b"] == {"2": 3}
    assert s.pending is not None and s.pending.kind == "retreat"
    s = choose(s, RED, "retreat:0c")
    assert s.units["0c"] == {"0": 2} and s.players[RED].reserve == 12


def test_T20_food_commitments_are_secret_until_both_chose() -> None:
    s = table(3, Y)
    units(s, "0a", BLUE, 3)
    units(s, "0b", RED, 3)
    s.players[BLUE].food = s.players[RED].food = 2
    s.dice_script = (0, 0)
    go(s, task("move", BLUE, g=1, r=1, b=0, flags={}))
    s = choose(s, BLUE, "group:0a:3")
    s = choose(s, BLUE, "go:0b")
    assert ENGINE.to_act(s) == frozenset({BLUE, RED})
    s = choose(s, BLUE, "food:2")
    assert ENGINE.to_act(s) == frozenset({RED})
    seen = ENGINE.view(s, RED).data["pending"]
    assert "my_answer" not in seen and seen["answered"] == [BLUE]
    assert ENGINE.view(s, BLUE).data["pending"]["my_answer"] == "2"
    s = choose(s, RED, "food:1")
    assert s.units["0b"] == {"2": 3}  # 3 + 2 beats 3 + 1
    assert s.players[BLUE].food == 0 and s.players[RED].food == 1


def test_T21_closing_fame() -> None:
    # 0a (a C corner) and 1a (a C corner turned) form one 2-tile territory; the Swamp at
    # (1,-1) borders it; the Den placed at (1,0) closes it.
    s = table(3, [("M05", 0, 0, 0), ("M09", 0, -1, 1), ("E06", 1, -1, 0)])
    m = gmap(s)
    red = m.root["0a"]
    assert m.territories[red].size == 2 and not m.territories[red].closed
    units(s, red, RED, 2)
    units(s, "0b", BLUE, 1)
    s.map_pile = ("E11",)
    go(s, task("explore", BLUE))
    step = ENGINE.apply(s, BLUE, Choose(code="at:1,0,0"))
    s = step.state
    said = [e.text for e in step.events]
    assert "Blue gains 2 fame (closing Elkhorn north-east, 2 tiles)." in said
    # The Den is itself a one-tile territory, closed as it is placed: 1 more.
    assert "Blue gains 1 fame (closing Wyvern's Den, 1 tile)." in said
    assert s.players[BLUE].fame == 3
    assert gmap(s).territories[red].closed
    before = s.players[RED].fame
    s.pending, s.tasks = None, []
    go(s, task("harvest"))
    assert s.players[RED].fame - before == 1


def test_T22_sudden_death() -> None:
    dens = [("E11", 0, 0, 0), ("E11", 2, 0, 0), ("E11", 4, 0, 0)]
    s = table(2, dens)
    for terr, b in zip(("0a", "1a", "2a"), ("B7", "B6", "B8"), strict=True):
        units(s, terr, RED, 1)
        s.buildings[terr] = (b,)
    beast(s, "CR8.1", "1a")
    assert sudden_death(s) == [RED]
    go(s, task("end_year"))
    assert s.over and s.winners == (RED,)
    s = table(2, dens, years=10)
    for terr, b in zip(("0a", "1a", "2a"), ("B7", "B6", "B8"), strict=True):
        units(s, terr, RED, 1)
        s.buildings[terr] = (b,)
    assert sudden_death(s) == []


def test_merge_conflict_forbidden_or_fought() -> None:
    # Red holds the east half of an H tile's north piece, Purple an O tile two cells east;
    # an O tile between them would join both into one territory.
    tiles = [("M11", 0, 0, 0), ("M03", 2, 0, 0)]
    s = table(2, tiles)
    units(s, "0a", RED, 3)
    units(s, "1a", PURPLE, 2)
    s.map_pile = ("M01",)
    go(s, task("explore", RED))
    assert s.pending is not None and "at:1,0,0" not in s.pending.options
    s = table(2, tiles, merge_conflict="combat_explorer_attacks")
    units(s, "0a", RED, 3)
    units(s, "1a", PURPLE, 2)
    s.map_pile = ("M01",)
    s.dice_script = (0, 0)
    go(s, task("explore", RED))
    s = choose(s, RED, "at:1,0,0")
    terr = gmap(s).root["1a"]
    assert s.units[terr] == {"0": 3}  # Red 3 beat Purple 2; Purple retreated or left
    assert s.players[PURPLE].reserve + sum(v.get("1", 0) for v in s.units.values()) == 14
