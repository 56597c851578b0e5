"""War for the Crystals through the real discord.py client (issue 11 e2e): five players,
people and AI seats picking their teams in the lobby (``/game join team:``), to a posted
result."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Table
from tests.e2e.driver import next_board, play_to_the_end, result, slash

pytestmark = pytest.mark.e2e


async def test_a_five_player_war_game_with_people_and_ai_seats(table: Table) -> None:
    fake, ch = table.fake, table.channel.id
    _, reply = await slash(
        fake,
        table.ann.id,
        ch,
        "game new",
        game="war",
        seats=5,
        # A short race (3 points, not 10): the test is about the lobby's teams and a posted
        # result, and the full race was ~585 boards (35 s); this one is ~70.
        options="auto_pass=always target_score=3",
    )
    assert reply.content == "Done."
    # Teams are picked in the lobby (seed WC "Five-Player Setup": a team of two, with the
    # Ancients, and a team of three).
    await slash(fake, table.bob.id, ch, "game join", team=1)
    _, reply = await slash(fake, table.eve.id, ch, "game join", team=3)
    assert reply.ephemeral and "there is no team 3" in reply.content
    await slash(fake, table.eve.id, ch, "game join", team=2)
    await slash(fake, table.bob.id, ch, "game join", team=2)  # seated: a switch
    assert fake.channel(ch).last_message().content.startswith("Bob moves to team 2.")
    await slash(fake, table.bob.id, ch, "game join", team=1)
    _, reply = await slash(fake, table.ann.id, ch, "game start")
    assert "needs at least 4 players" in reply.content
    await slash(fake, table.ann.id, ch, "game addbot", team=2)
    await slash(fake, table.ann.id, ch, "game addbot")  # the emptiest team has room: team 1
    _, reply = await slash(fake, table.eve.id, ch, "game join", team=1)
    assert reply.ephemeral and "Team 1 is full (3 seated)" in reply.content
    offers = await fake.user(table.eve.id).autocomplete(ch, "game join", "team", "")
    assert [o["name"] for o in offers] == ["Team 1: Ann, Bob, AI 2", "Team 2: Eve, AI 1"]
    lobby = fake.channel(ch).last_message()
    assert lobby.content.endswith("Team 1: Ann, Bob, AI 2 · Team 2: Eve, AI 1")
    row = table.bot.service.store.open_game(ch)
    assert row is not None and row.options["team_of"] == [1, 1, 2, 2, 1]
    last = lobby
    await slash(fake, table.ann.id, ch, "game start")
    board = await next_board(fake, ch, last.id)
    people = [table.ann.id, table.bob.id, table.eve.id]
    final = await play_to_the_end(fake, ch, board, people, limit=2500)
    assert result(final)
    row = table.bot.service.store.finished_games(ch, 1)[0]
    assert row.result is not None and row.result["summary"]
    # A team wins together: the winners are exactly the seats of one team.
    team_of = row.options["team_of"]
    teams = [[s for s, t in enumerate(team_of) if t == team] for team in (1, 2)]
    assert sorted(row.result["winners"]) in teams, (row.result, teams)
    await fake.wait_until(lambda: table.bot.in_flight == 0, what="every interaction finished")
