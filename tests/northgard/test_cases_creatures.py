"""Reference test cases T1-T4, T7, T8, T16-T19 (northgard.md §13): creatures."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.core.context import Ctx
from engines.northgard.board import beasts_at, gmap, units_in
from engines.northgard.combat import retreat_targets
from engines.northgard.creatures import candidates
from engines.northgard.options import NorthgardOptions
from tests.northgard.builder import beast, choose, go, table, task, units, where

RED, PURPLE, BLUE, GREEN = 0, 1, 2, 3

# Two D tiles side by side make the chain A - R - P - B (see §2.1 segment rules).
CHAIN = [("M19", 0, 0, 0), ("M19", 1, 0, 0)]
A, R, P, B = "0b", "0c", "0a", "1a"


def test_T1_hvedrung_chain() -> None:
    s = table(2, CHAIN)
    beast(s, "CR7.1", A)
    beast(s, "CR2.1", B)
    s.creature_pile = ("CR3.1", "CR1.1")
    units(s, R, RED, 3)
    units(s, P, PURPLE, 2)
    go(s, task("activate", done=[]))
    assert s.line == ("CR7.1", "CR3.1", "CR2.1")
    assert where(s, "CR7.1") == R
    assert where(s, "CR3.1") == P
    assert s.units[R] == {"0": 2} and s.units[P] == {"1": 1}
    assert where(s, "CR2.1") == B


# Wyvern target map: the Den, R on a Y tile (two empty neighbours to retreat to), P, Blue's
# two territories and Green's two (one with a Wolf creature).
WYV = [
    ("E11", 0, 0, 0),
    ("M27", 3, 0, 0),  # 1a: R (1 food printed); 1b, 1c empty
    ("M14", 6, 0, 0),  # 2b: P (1 food + 1 wood printed); 2a unused
    ("M13", 9, 0, 0),  # 3a, 3b: Blue
    ("M17", 12, 0, 0),  # 4a, 4b: Green
]
DEN, WR, WP = "0a", "1a", "2b"


def wyvern_table() -> object:
    s = table(4, WYV)
    beast(s, "CR9.1", DEN)
    units(s, WR, RED, 5)
    s.buildings[WR] = ("B7", "B1", "B2")
    units(s, WP, PURPLE, 5)
    s.buildings[WP] = ("B6", "B4", "B5")
    units(s, "3a", BLUE, 4)
    units(s, "3b", BLUE, 3)
    units(s, "4a", GREEN, 2)
    units(s, "4b", GREEN, 3)
    beast(s, "CR1.1", "4b")
    s.players[RED].food = 3
    return s


def test_T2_wyvern_target() -> None:
    s = wyvern_table()
    peopled = [x for x in gmap(s).order() if units_in(s, x) and not beasts_at(s, x)]
    assert len(peopled) == 5  # G2 holds the Wolf
    assert candidates(s, "CR9.1") == [WR]  # R and P tie on units and points; R has more
    s.dice_script = (1, 5)
    go(s, task("activate", done=[]))
    assert where(s, "CR9.1") == WR
    assert s.pending is not None and s.pending.kind == "commit"


def test_T3_wyvern_combat() -> None:
    s = wyvern_table()
    s.dice_script = (1, 5)  # Wyvern 1 axe, Red 2 axes + skull
    go(s, task("activate", done=[]))
    assert s.units[WR] == {"0": 4}  # one removed before combat
    s = choose(s, RED, "food:1")
    assert s.players[RED].food == 2
    assert where(s, "CR9.1") == WR
    assert WR not in s.units
    assert s.pending is not None and s.pending.kind == "retreat"
    s = choose(s, RED, s.pending.options[0])
    assert sum(s.units.get(t, {}).get("0", 0) for t in ("1b", "1c")) == 4
    assert s.players[RED].fame == 0 and s.line[0] == "CR9.1"


def test_T4_wyvern_loses_goes_home() -> None:
    s = wyvern_table()
    s.dice_script = (1, 5)
    go(s, task("activate", done=[]))
    s = choose(s, RED, "food:2")
    assert where(s, "CR9.1") == DEN
    assert s.line == ("CR9.1", "CR1.1")
    assert s.units[WR] == {"0": 4} and s.players[RED].food == 1
    assert s.players[RED].fame == 0


PAIR = [("M11", 0, 0, 0)]  # H tile: 0a north, 0b south, regular border


def test_T7_jotunn_toll() -> None:
    s = table(2, PAIR)
    beast(s, "CR5.1", "0a")
    units(s, "0b", RED, 3)
    s.players[RED].wood = 1
    s.dice_script = (3, 0)  # Jötunn 2 axes, Red blank: 9 vs 3
    go(s, task("activate", done=[]))
    assert s.players[RED].wood == 0
    assert where(s, "CR5.1") == "0b" and "0b" not in s.units  # attacked and beaten
    s = table(2, PAIR)
    beast(s, "CR5.1", "0a")
    units(s, "0b", RED, 3)
    s.players[RED].food, s.players[RED].wood = 1, 4
    go(s, task("activate", done=[]))
    assert s.pending is not None and s.pending.kind == "jotunn"
    s = choose(s, RED, "pay:1,1,0")
    assert (s.players[RED].food, s.players[RED].wood) == (0, 3)
    assert s.units["0b"] == {"0": 3} and s.pending is None


def test_T8_eldthurs_burns_small_building() -> None:
    s = table(2, PAIR)
    beast(s, "CR6.1", "0a")
    units(s, "0b", RED, 2)
    s.buildings["0b"] = ("B1", "B7")
    go(s, task("activate", done=[]))
    assert s.buildings["0b"] == ("B7",) and s.building_supply["B1"] == 8
    s = table(2, PAIR)
    beast(s, "CR6.1", "0a")
    units(s, "0b", RED, 2)
    s.buildings["0b"] = ("B7",)
    go(s, task("activate", done=[]))
    assert s.buildings["0b"] == ("B7",)


DEN_SIDE = [("M11", 0, 0, 0), ("E11", 1, 0, 0)]  # 0a, 0b next to the Den 1a


def test_T16_attack_the_wyvern_in_its_den() -> None:
    s = table(2, DEN_SIDE)
    beast(s, "CR9.1", "1a")
    units(s, "0a", RED, 5)
    s.players[RED].food = 3
    s.dice_script = (3, 0)  # Red 2 axes, Wyvern blank
    go(s, task("move", RED, g=1, r=1, b=0, flags={}))
    s = choose(s, RED, "group:0a:5")
    s = choose(s, RED, "go:1a")
    s = choose(s, RED, "food:3")
    assert where(s, "CR9.1") == "1a"  # 4 + 3 + 2 = 9 against 9 + 0: the defender wins
    assert s.units["0a"] == {"0": 4}
    s = table(2, DEN_SIDE)
    beast(s, "CR9.1", "1a")
    units(s, "0a", RED, 5)
    s.players[RED].food = 4
    s.dice_script = (3, 0)
    go(s, task("move", RED, g=1, r=1, b=0, flags={}))
    s = choose(s, RED, "group:0a:5")
    s = choose(s, RED, "go:1a")
    s = choose(s, RED, "food:4")
    assert where(s, "CR9.1") is None and "CR9.1" in s.out_of_game and s.line == ()
    assert s.players[RED].fame == 8 and s.units["1a"] == {"0": 4}
    ctx = Ctx()
    from engines.northgard.year import environment_yields

    environment_yields(s, ctx)
    assert s.players[RED].fame == 10


def test_T17_wyvern_against_a_lone_unit() -> None:
    s = table(2, DEN_SIDE)
    beast(s, "CR9.1", "1a")
    units(s, "0a", RED, 1)
    s.dice_script = (0, 0)
    go(s, task("activate", done=[]))
    assert where(s, "CR9.1") == "0a" and "0a" not in s.units
    assert s.dice_script == (0, 0)  # no roll
    assert s.players[RED].reserve == 14


YARD = [("E10", 0, 0, 0), ("M18", 3, 0, 0)]  # 0a Graveyard, 0b; 1a, 1b lair


def test_T18_no_spectral_left_no_summon() -> None:
    s = table(2, YARD)
    units(s, "0a", RED, 1)
    s.out_of_game = ("CR8.1", "CR8.2")
    go(s, task("graveyard"))
    assert s.pending is None


def test_T19_graveyard_summon_activates_this_phase() -> None:
    s = table(2, YARD)
    units(s, "0a", RED, 1)
    units(s, "1a", PURPLE, 2)
    s.set_aside = ("CR8.1", "CR8.2")
    go(s, task("creature_phase"))
    assert s.pending is not None and s.pending.seats == (RED,)
    assert "summon:1b" in s.pending.options
    s = choose(s, RED, "summon:1b")
    assert s.line == ("CR8.1",) and s.set_aside == ("CR8.2",)
    assert where(s, "CR8.1") == "1a"  # it moved at once towards Purple


def test_retreat_never_into_the_swamp() -> None:
    s = table(2, [("M03", 0, 0, 0), ("E06", 1, 0, 0), ("M03", 2, 0, 0)])
    assert retreat_targets(s, RED, "0a") == []


def test_a_group_fights_every_hostile_creature_before_it_enters() -> None:
    s = table(2, PAIR)
    units(s, "0a", RED, 4)
    beast(s, "CR1.1", "0b")
    beast(s, "CR1.2", "0b")
    s.dice_script = (3, 0, 3, 0)  # Red 4 + 2 beats each Wolf 3 + 0
    go(s, task("move", RED, g=1, r=1, b=0, flags={}))
    s = choose(s, RED, "group:0a:4")
    s = choose(s, RED, "go:0b")
    assert s.beasts == [] and s.units["0b"] == {"0": 4}
    assert s.players[RED].fame == 4 and s.players[RED].slain == 2


def test_sharing_set_per_card() -> None:
    # A table names the creature; the option keeps its card id.
    s = table(2, PAIR, sharing_per_card={"eldthurs": False})
    assert s.options.sharing_per_card == {"CR6": False}
    beast(s, "CR6.1", "0a")
    units(s, "0b", RED, 2)
    s.dice_script = (0, 0)  # Eldthurs 7 against Red 2: a fight, not a burnt building
    s.buildings["0b"] = ("B1",)
    go(s, task("activate", done=[]))
    assert where(s, "CR6.1") == "0b" and "0b" not in s.units and s.buildings["0b"] == ("B1",)


def test_sharing_set_for_a_creature_that_does_not_exist_is_refused_by_name() -> None:
    with pytest.raises(ValidationError, match=r"no creature called Dragon \(the creatures: Wolf,"):
        NorthgardOptions(sharing_per_card={"Dragon": True})
