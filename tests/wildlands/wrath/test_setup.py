"""Wrath setup (§11 "Setup"): no colour or shards for the Ancients; the five map cards they
receive from the left are removed; Ancients are worth two points (Infamous Adversaries)."""

from __future__ import annotations

import pytest

from bot.tables.service import TableService
from engines.core.conformance import seats_for
from engines.core.errors import BadOptions, GameError
from engines.wildlands.wrath.options import WrathOptions

from .builder import ENGINE


def placed(seats: int, **options: object):
    s = ENGINE.setup(seats_for(seats), WrathOptions(**options), 3)
    dealt = {p.seat: list(p.dealt) for p in s.seats}
    while s.phase == "placing":
        seat = min(ENGINE.to_act(s))
        s = ENGINE.apply(s, seat, ENGINE.default_action(s, seat)).state
    return s, dealt


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ancients_place_no_shards_and_remove_cards_from_the_left(seats: int) -> None:
    s, dealt = placed(seats)
    anc = s.ancients
    assert anc == seats - 1
    assert s.seats[anc].faction == "ancients"
    assert not [sh for sh in s.shards if sh.side == anc]
    assert len(s.shards) == 5 * (seats - 1)
    # The cards the Ancients received came from their left neighbour: none became a shard.
    left = (anc + 1) % seats
    passed_left = set(dealt[left]) - set(s.seats[left].hidden_starts.values())
    assert passed_left.isdisjoint({sh.origin for sh in s.shards})
    assert len(passed_left) == 5


def test_ancients_seat_option_and_factions_of_the_others() -> None:
    s, _ = placed(3, ancients_seat=0, factions=["pit_fighters", "gnomads"])
    assert [p.faction for p in s.seats] == ["ancients", "pit_fighters", "gnomads"]


def test_wrong_faction_count_is_refused() -> None:
    with pytest.raises(BadOptions):
        ENGINE.setup(seats_for(3), WrathOptions(factions=["mages"]), 1)


def test_ancients_are_infamous_adversaries() -> None:
    s, _ = placed(2)
    assert {f.ko_points for f in s.figures.values() if f.faction == "ancients"} == {2}
    assert {f.ko_points for f in s.figures.values() if f.faction == "mages"} == {1}


def test_wrath_seats_a_normal_game_two_to_four_with_the_ancients_as_one_faction(
    service: TableService,
) -> None:
    # Seed WR (opening): "This expansion lets a player use the Ancients to replace any faction
    # in Wildlands." The Ancients take one of a normal game's faction seats (2 to 4, §4); the
    # seed names no fifth seat for Wrath (War for the Crystals is the mode for more).
    assert (ENGINE.min_seats, ENGINE.max_seats) == (2, 4)
    with pytest.raises(GameError, match="seats 2 to 4 players, not 5"):
        service.new_table(5, 9, 1, "Ann", "wrath", seats=5)
    s, _ = placed(4)
    assert sorted(p.faction for p in s.seats).count("ancients") == 1
