"""Replacing a seat by the README's rules (issue 16 finding 2): only an absent player's seat,
by a majority of the other human players with at least two votes, and in a two-person game
only by the table's creator or a channel manager."""

from __future__ import annotations

import pytest

from bot.tables.absence import set_away, vote_replace
from bot.tables.durations import DAY
from bot.tables.service import TableService
from engines.core.errors import GameError
from tests.conftest import FakeClock
from tests.test_async_play import ANN, BOB, CAT, CH, DAN, GUILD, table


def test_in_a_two_person_game_the_other_player_cannot_take_a_seat(
    service: TableService, clock: FakeClock
) -> None:
    table(service, CH, GUILD, ANN, BOB)  # Ann opened the table; it waits for Ann
    clock.advance(3 * DAY)  # Ann is past the deadline, but Bob did not open the table
    with pytest.raises(GameError, match="only the player who opened it"):
        vote_replace(service, CH, BOB, ANN, (DAN, "Dan"))
    assert service.table(CH).seat_of(ANN) is not None
    # A channel manager may.
    done = vote_replace(service, CH, DAN, ANN, (CAT, "Cat"), is_manager=True)
    assert done.update is not None and service.table(CH).seat_of(CAT) is not None


def test_a_player_who_is_here_cannot_be_replaced(service: TableService, clock: FakeClock) -> None:
    table(service, CH, GUILD, ANN, BOB)  # waits for Ann; Bob is not waited for
    clock.advance(3 * DAY)
    with pytest.raises(GameError, match="Bob is not absent"):
        vote_replace(service, CH, ANN, BOB)
    set_away(service, BOB, DAY)
    assert vote_replace(service, CH, ANN, BOB).update is not None


def test_the_deadline_makes_a_waited_for_player_absent(
    service: TableService, clock: FakeClock
) -> None:
    table(service, CH, GUILD, ANN, BOB, CAT)  # waits for Ann
    with pytest.raises(GameError, match="Ann is not absent"):
        vote_replace(service, CH, BOB, ANN)
    clock.advance(2 * DAY)  # the default deadline is 48 hours
    first = vote_replace(service, CH, BOB, ANN)
    assert first.update is None and "1 of 2 needed" in first.message
    assert vote_replace(service, CH, CAT, ANN).update is not None
    assert service.table(CH).seats[0].kind == "ai"


def test_one_vote_is_never_enough_among_three(service: TableService, clock: FakeClock) -> None:
    table(service, CH, GUILD, ANN, BOB, CAT)
    set_away(service, CAT, DAY)
    # The creator alone cannot do it with three people at the table.
    assert vote_replace(service, CH, ANN, CAT, is_manager=True).update is None
    assert service.table(CH).seat_of(CAT) is not None


def test_a_seat_handed_to_an_ai_owes_its_board_with_the_change(
    service: TableService, clock: FakeClock
) -> None:
    """Issue 16: the board a hand-over owes is stored with the seat change, so a crash right
    after it still posts the board (with the vote's line) at start-up."""
    service.owes_posts = True  # as the Discord client sets it
    game = table(service, CH, GUILD, ANN, BOB, CAT).game_id  # waits for Ann
    for post in service.store.pending_posts(game):
        service.store.posts_sent([post.id], message_id=None, now=clock())
    clock.advance(2 * DAY)
    vote_replace(service, CH, BOB, ANN)
    done = vote_replace(service, CH, CAT, ANN)
    assert done.update is not None and done.update.owed
    pending = service.store.pending_posts(game)
    lines = [line for post in pending for line in post.payload["lines"]]
    assert "By vote of the table, an AI stand-in now plays Ann's seat." in lines
    assert lines.count("By vote of the table, an AI stand-in now plays Ann's seat.") == 1


def test_leaving_a_running_game_owes_a_board_with_the_seat_change(service: TableService) -> None:
    service.owes_posts = True
    game = table(service, CH, GUILD, ANN, BOB, CAT).game_id
    for post in service.store.pending_posts(game):
        service.store.posts_sent([post.id], message_id=None, now=0.0)
    row = service.leave(CH, BOB)
    assert row.seat_of(BOB) is None
    (post,) = service.store.pending_posts(game)
    assert post.payload["waiting_changed"] and post.payload["lines"] == []
