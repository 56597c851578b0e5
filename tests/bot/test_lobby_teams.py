"""Picking a team in the lobby (issue 11; wildlands.md §12, seed WC "Four-Player and
Six-Player Setup" step 2 "two equally sized teams" and "Five-Player Setup" step 2 "one team
of two and one team of three"): ``/game join team:<n>``, AI seats on a team, refusals for a
team out of range or full, and ``/game start`` refusing teams the seed does not allow."""

from __future__ import annotations

import pytest

from bot.tables.service import TableService
from bot.tables.status import table_status
from bot.tables.teams import teams_text
from engines.core.errors import GameError

CH = 5


def _open(service: TableService, seats: int | None = 5, options: dict | None = None) -> None:
    service.new_table(CH, 9, 1, "Ann", "war", options, seats)


def _team_of(service: TableService) -> list[int]:
    row = service.store.open_game(CH)
    assert row is not None
    return list(row.options["team_of"])


def test_players_pick_their_team_and_the_lobby_shows_teams(service: TableService) -> None:
    _open(service)
    service.join(CH, 2, "Bob", team=2)
    service.join(CH, 3, "Cy", team=1)
    service.add_bot(CH, 1, team=2)
    assert _team_of(service) == [1, 2, 1, 2]
    row = service.store.open_game(CH)
    assert row is not None
    assert teams_text(row) == "Team 1: Ann, Cy · Team 2: Bob, AI 1"
    names = [seat.name for seat in table_status(service, CH).seats]
    assert names == ["Ann (team 1)", "Bob (team 2)", "Cy (team 1)", "AI 1 (team 2)"]


def test_a_team_out_of_range_is_refused_with_the_teams_there_are(
    service: TableService,
) -> None:
    _open(service)
    with pytest.raises(GameError, match="has teams 1 to 2, so there is no team 3"):
        service.join(CH, 2, "Bob", team=3)
    with pytest.raises(GameError, match="no team 0"):
        service.add_bot(CH, 1, team=0)


def test_with_five_players_a_team_is_full_at_three_and_then_the_other_at_two(
    service: TableService,
) -> None:
    _open(service, seats=5)
    service.join(CH, 2, "Bob", team=1)
    service.join(CH, 3, "Cy", team=1)
    with pytest.raises(GameError, match=r"Team 1 is full \(3 seated\).*team of two.*three"):
        service.join(CH, 4, "Dee", team=1)
    service.join(CH, 4, "Dee", team=2)
    service.add_bot(CH, 1, team=2)
    assert _team_of(service) == [1, 1, 1, 2, 2]


def test_with_four_seats_wanted_each_team_holds_two(service: TableService) -> None:
    _open(service, seats=4)
    service.join(CH, 2, "Bob", team=1)
    with pytest.raises(GameError, match=r"Team 1 is full.*two teams of two\. Team 2 has room"):
        service.add_bot(CH, 1, team=1)


def test_an_open_table_lets_a_team_grow_to_three(service: TableService) -> None:
    _open(service, seats=None)
    service.join(CH, 2, "Bob", team=1)
    service.join(CH, 3, "Cy", team=1)
    with pytest.raises(GameError, match="two teams of three"):
        service.join(CH, 4, "Dee", team=1)


def test_seats_without_a_choice_fill_the_emptiest_team(service: TableService) -> None:
    _open(service, seats=6)
    service.join(CH, 2, "Bob", team=1)
    service.add_bot(CH, 1)
    service.add_bot(CH, 1)
    service.join(CH, 3, "Cy")
    assert _team_of(service) == [1, 1, 2, 2, 1]


def test_a_plan_in_the_options_seats_players_who_do_not_choose(service: TableService) -> None:
    _open(service, options={"team_of": [2, 1, 1, 2, 1]})
    service.join(CH, 2, "Bob")
    service.join(CH, 3, "Cy", team=2)  # a choice overrides the plan for its seat
    assert _team_of(service)[:3] == [2, 1, 2]


def test_a_seated_player_switches_team_and_a_leaver_takes_the_team_along(
    service: TableService,
) -> None:
    _open(service, seats=4)
    service.join(CH, 2, "Bob", team=1)
    service.join(CH, 3, "Cy", team=2)
    service.join(CH, 1, "Ann", team=2)  # Ann, seated on team 1, moves
    assert _team_of(service) == [2, 1, 2]
    service.leave(CH, 2)
    assert _team_of(service) == [2, 2]
    with pytest.raises(GameError, match="You already have a seat"):
        service.join(CH, 3, "Cy")


def test_start_refuses_unbalanced_teams_saying_why(service: TableService) -> None:
    _open(service, seats=None)
    service.join(CH, 2, "Bob", team=1)
    service.join(CH, 3, "Cy", team=1)
    service.join(CH, 4, "Dee", team=2)
    with pytest.raises(GameError) as refused:
        service.start(CH, 1)
    assert str(refused.value) == (
        "The teams are unbalanced: War for the Crystals with 4 players is two teams of two, "
        "and team 1 has 3 (Ann, Bob, Cy) and team 2 has 1 (Dee). Switch team with "
        "`/game join team:<n>`, or seat more players."
    )
    service.join(CH, 3, "Cy", team=2)
    update = service.start(CH, 1)
    assert update.status == "active"
    row = service.store.open_game(CH)
    assert row is not None and row.options["team_of"] == [1, 1, 2, 2]


def test_five_players_start_with_the_ancients_on_the_team_of_two(
    service: TableService,
) -> None:
    _open(service, seats=5)
    service.join(CH, 2, "Bob", team=2)
    service.add_bot(CH, 1, team=2)
    service.add_bot(CH, 1)
    service.add_bot(CH, 1)
    assert _team_of(service) == [1, 2, 2, 1, 1]
    service.start(CH, 1)
    view = service.current_update(CH).view
    assert view is not None
    assert view.data["ancients_seat"] == 2  # the team of two: seats 1 and 2


def test_a_team_is_refused_in_a_game_without_teams(service: TableService) -> None:
    service.new_table(CH, 9, 1, "Ann", "toy")
    with pytest.raises(GameError, match="not played in teams"):
        service.join(CH, 2, "Bob", team=1)
