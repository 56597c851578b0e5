"""War setups (§12): 4 and 6 players in equal teams, 6 with the sixth faction; 5 players in
teams of 2 and 3 with the Ancients on the team of two and spare-colour shards on the
Ancient cards; setup order and who goes first."""

from __future__ import annotations

import pytest

from engines.core.conformance import seats_for
from engines.core.errors import BadOptions
from engines.core.protocol import parse_options
from engines.wildlands.war.options import WarOptions

from .builder import ENGINE, set_up


def test_four_players_two_equal_teams_with_team_shards() -> None:
    s = set_up(4)
    assert s.teams == [[0, 1], [2, 3]]
    assert [p.side for p in s.seats] == [0, 0, 1, 1]
    assert s.ancients is None
    assert all(len(p.hidden_starts) == 5 for p in s.seats)
    by_team = {t: [sh for sh in s.shards if sh.side == t] for t in (0, 1)}
    assert [len(by_team[0]), len(by_team[1])] == [5, 5]
    assert {sh.colour for sh in by_team[0]} == {s.seats[0].colour}
    assert {sh.colour for sh in by_team[1]} == {s.seats[2].colour}
    starts = {sp for p in s.seats for sp in p.hidden_starts.values()}
    assert len(starts) == 20 and starts.isdisjoint({sh.space for sh in s.shards})


def test_lowest_shard_team_goes_first_and_reveals_first() -> None:
    s = set_up(4)
    lowest = min(s.shards, key=lambda sh: sh.space or 0)
    assert s.active_team == lowest.side
    assert s.stage == "pregame"
    assert set(ENGINE.to_act(s)) == set(s.teams[lowest.side])
    for x in s.teams[lowest.side]:
        s = ENGINE.apply(s, x, ENGINE.legal_actions(s, x)[0]).state
    assert set(ENGINE.to_act(s)) == set(s.teams[1 - lowest.side])
    for x in s.teams[1 - lowest.side]:
        s = ENGINE.apply(s, x, ENGINE.legal_actions(s, x)[0]).state
    # The first team's turn starts with its normal reveal.
    assert s.stage == "play" and s.turn_number == 1
    assert set(s.to_reveal) == set(s.teams[lowest.side])


def test_six_players_add_the_sixth_faction_and_the_ancients() -> None:
    s = set_up(6)
    assert [p.faction for p in s.seats] == [
        "mages",
        "gnomads",
        "wayfarers",
        "lawbringers",
        "pit_fighters",
        "ancients",
    ]
    assert s.teams == [[0, 1, 2], [3, 4, 5]]
    assert len(s.shards) == 10 and not s.carried


def test_five_players_ancients_on_the_team_of_two_with_spare_shards() -> None:
    s = set_up(5)
    assert s.teams == [[0, 1, 2], [3, 4]] and s.ancients == 4
    spare = [sh for sh in s.shards if sh.id.startswith("spare.")]
    assert len(spare) == 5 and len({sh.colour for sh in spare}) == 1
    assert spare[0].colour not in {p.colour for p in s.seats}
    assert sorted(s.carried.values()) == [f"ancients.{k}" for k in range(1, 6)]
    # Only the team of three reveals before play; the team of two goes first.
    assert s.active_team == 1
    assert set(ENGINE.to_act(s)) == {0, 1, 2}


def test_five_players_refuse_the_ancients_on_the_team_of_three() -> None:
    with pytest.raises(BadOptions):
        ENGINE.setup(seats_for(5), WarOptions(ancients_seat=0), 1)


def test_teams_are_a_table_option() -> None:
    s = set_up(4, teams=[[0, 2], [1, 3]])
    assert [p.side for p in s.seats] == [0, 1, 0, 1]
    s = set_up(5, team_of=[2, 2, 1, 1, 1], ancients_seat=1)
    assert s.teams == [[2, 3, 4], [0, 1]] and s.seats[1].faction == "ancients"
    with pytest.raises(BadOptions):
        ENGINE.setup(seats_for(4), WarOptions(teams=[[0], [1, 2, 3]]), 1)


def test_four_players_may_include_the_ancients() -> None:
    s = set_up(4, ancients=True)
    assert s.seats[3].faction == "ancients" and s.ancients == 3


def test_wc_rulings_are_not_options_but_old_tables_naming_them_still_load() -> None:
    assert "double_elimination" not in WarOptions.model_fields
    assert "special_moves_are_moves" not in WarOptions.model_fields
    stored = {"double_elimination": "first_eliminated_loses", "special_moves_are_moves": True}
    assert WarOptions.model_validate(stored) == WarOptions()
    with pytest.raises(BadOptions, match="shard_place_order is a fixed ruling"):
        parse_options(ENGINE, {"shard_place_order": "team2_first"})
