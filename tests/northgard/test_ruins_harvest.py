"""Ruins at Harvest: each Ruins tile pays its printed lore and fame once to its territory's
controller, even when both Ruins tiles lie in one territory (northgard.md §6.1 step 2, §11
Ruins: "its territory's controller takes the lore and fame printed on it")."""

from __future__ import annotations

from engines.northgard.board import gmap
from tests.northgard.builder import go, table, task, units

RED = 0


def test_two_ruins_in_one_territory_each_pay_once() -> None:
    # E05 turned twice joins both its pieces to E04's: one open territory with both Ruins.
    s = table(2, [("E04", 0, 0, 0), ("E05", 1, 0, 2)])
    ter = gmap(s).territories["0a"]
    assert sorted(ter.features) == ["ruins:1:2", "ruins:2:1"] and not ter.closed
    units(s, "0a", RED, 1)
    go(s, task("harvest"))
    # E04 prints 1 lore and 2 fame, E05 2 lore and 1 fame: 3 and 3 in all, not 6 and 6.
    assert (s.players[RED].lore, s.players[RED].fame) == (3, 3)


def test_ruins_in_separate_territories_pay_their_own_controller() -> None:
    s = table(2, [("E04", 0, 0, 0), ("E05", 1, 0, 0)])
    units(s, "0a", RED, 1)  # E04 and E05's piece b
    units(s, "1a", 1, 1)  # E05's Ruins piece
    go(s, task("harvest"))
    assert (s.players[RED].lore, s.players[RED].fame) == (1, 2)
    assert (s.players[1].lore, s.players[1].fame) == (2, 1)
