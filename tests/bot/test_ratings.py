"""Ratings (issue 31): every finished game with two rated participants changes their ratings
once, in every mode (two players, free-for-all with AI seats, teams, co-operative against
The Awoken's Ancients), never on undo, a replayed write or a crash at game over; what is not
rated (a table opened with ``rated=false``, ``/game end``, a seat an AI stand-in played for
most of the game) is not, and a concession is a loss.

Most games here are High Card (``tests/support/toygame.py``), whose seeded deals decide the
winner; its team and co-operative variants are registered below. The Awoken is played for
real, with random moves, to its end."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.store import Store
from bot.tables.ratings import change_lines, rate_game
from bot.tables.service import TableService
from bot.tables.updates import Update
from engines import registry
from engines.core.ai import RandomPolicy
from engines.core.errors import GameError
from engines.core.protocol import Outcome
from engines.registry import GameEntry
from tests.support.toygame import ToyEngine, ToyState, render_toy

CH, GUILD = 500, 9
ANN, BOB, CY, DEE = 1, 2, 3, 4


class TeamToy(ToyEngine):
    """High Card in two teams of two: a team wins when one of its seats scores highest."""

    name = "toyteam"
    min_seats = 4
    max_seats = 4
    team_count = 2

    def team_sizes(self, seats: int) -> tuple[int, ...]:
        return (2, 2)

    def team_rule(self, seats: int) -> str:
        return "two teams of two"

    def outcome(self, s: ToyState) -> Outcome | None:
        found = super().outcome(s)
        if found is None:
            return None
        team_of = {0: 0, 1: 1, 2: 0, 3: 1}  # the lobby's team_of=[1,2,1,2]
        best = max(found.winners)
        return Outcome(
            frozenset(seat for seat in team_of if team_of[seat] == team_of[best]),
            found.scores,
            found.summary,
        )


class CoopToy(ToyEngine):
    """High Card against the deck: the players win together when they score 30 or more."""

    name = "toycoop"
    min_seats = 1

    def outcome(self, s: ToyState) -> Outcome | None:
        found = super().outcome(s)
        if found is None:
            return None
        won = sum(s.scores) >= 30
        return Outcome(frozenset(range(len(s.names)) if won else ()), {}, "The deck is out.")


@pytest.fixture(autouse=True, scope="module")
def variants() -> Iterator[None]:
    def house(options: Any) -> tuple[str, str]:
        return "deck:normal", "the Deck (normal)"

    ai = {"ai": RandomPolicy}
    registry.register("toyteam", GameEntry(TeamToy(), render_toy, ai))
    registry.register("toycoop", GameEntry(CoopToy(), render_toy, ai, opponent=house))
    yield
    registry.unregister("toyteam")
    registry.unregister("toycoop")


def table(service: TableService, game: str, people: list[int], bots: int = 0, **opts: Any) -> None:
    service.new_table(CH, GUILD, people[0], f"P{people[0]}", game, opts or None)
    for user in people[1:]:
        service.join(CH, user, f"P{user}")
    for _ in range(bots):
        service.add_bot(CH, people[0])
    service.start(CH, people[0])


def play_out(service: TableService, seed: int = 0, skip: set[int] | None = None) -> Update:
    """Play the channel's game to its end, each person picking moves at random; a person in
    ``skip`` never moves (the tests let a stand-in move for them)."""
    rng = random.Random(seed)
    for _ in range(5000):
        row = service.table(CH)
        mover = next(
            (s.user_id for s in row.seats if s.user_id and service.choices(CH, s.user_id)), None
        )
        assert mover is not None, "nobody can move"
        if skip and mover in skip:
            seat = row.seat_of(mover)
            assert seat is not None
            engine = registry.get(row.game)
            state = engine.decode_state(row.state)
            action = engine.legal_actions(state, seat.id)[0]
            update = service.submit_for(CH, seat.id, action, "A stand-in moves.")
            if update.status != "active":
                return update
            continue
        update = service.act(CH, mover, rng.choice(service.choices(CH, mover)).ref)
        if update.status != "active":
            return update
    raise AssertionError("the game never ended")


def ratings(store: Store, game: str = "toy") -> dict[str, tuple[float, int]]:
    """key -> (mu, games) of every rating on the test server."""
    board = store.leaderboard(GUILD, game, limit=100)
    return {r.participant: (round(r.mu, 3), r.games) for r in board}


def test_two_players_the_winner_rises_the_loser_falls_once(
    service: TableService, store: Store
) -> None:
    table(service, "toy", [ANN, BOB])
    update = play_out(service)
    row = store.get_game(update.game_id)
    assert row.result is not None
    (winner,) = row.result["winners"]
    won, lost = (ANN, BOB) if winner == 0 else (BOB, ANN)
    after = ratings(store)
    assert after[f"user:{won}"][0] > 25 > after[f"user:{lost}"][0]
    assert {games for _, games in after.values()} == {1}
    # The game-over update carries the change for the embed.
    lines = change_lines(update.results)
    assert len(lines) == 2 and all("(+" in line or "(-" in line for line in lines)
    # Rating the same game again (a replayed write, a second delivery) changes nothing.
    assert rate_game(store, row, 0.0) == []
    assert ratings(store) == after


def test_a_free_for_all_with_an_ai_seat_rates_the_ai_as_a_participant(
    service: TableService, store: Store
) -> None:
    table(service, "toy", [ANN, BOB], bots=1)
    update = play_out(service, seed=1)
    results = {r.participant: r for r in update.results}
    assert set(results) == {"user:1", "user:2", "ai:ai:normal"}
    assert results["ai:ai:normal"].name == "AI (normal)"
    assert all(r.rated for r in results.values())
    places = sorted(r.place for r in results.values())
    assert places[0] == 1 and places[-1] > 1


def test_teams_are_rated_as_teams(service: TableService, store: Store) -> None:
    table(service, "toyteam", [ANN, BOB, CY, DEE], team_of=[1, 2, 1, 2])
    update = play_out(service, seed=2)
    by_user = {r.user_id: r for r in update.results}
    winners = {u for u, r in by_user.items() if r.won}
    assert winners in ({ANN, CY}, {BOB, DEE})  # one whole team, seats 0 and 2 or 1 and 3
    for user, r in by_user.items():
        assert r.mu_after is not None and r.mu_before is not None
        assert (r.mu_after > r.mu_before) == (user in winners)
    # Team mates of equal standing move alike.
    ups = {round(r.mu_after - r.mu_before, 6) for r in by_user.values() if r.won}
    assert len(ups) == 1


def test_the_players_together_against_the_game_s_opponent(
    service: TableService, store: Store
) -> None:
    table(service, "toycoop", [ANN, BOB])
    update = play_out(service, seed=3)
    results = {r.participant: r for r in update.results}
    assert set(results) == {"user:1", "user:2", "deck:normal"}
    house = results["deck:normal"]
    players_won = results["user:1"].won
    assert results["user:2"].won == players_won and house.won != players_won
    assert house.mu_after is not None and house.mu_before is not None
    assert (house.mu_after > house.mu_before) == house.won


def test_the_awoken_rates_the_group_against_the_ancients(
    service: TableService, store: Store
) -> None:
    table(service, "awoken", [ANN])
    update = play_out(service, seed=4)
    results = {r.participant: r for r in update.results}
    assert set(results) == {"user:1", "ancients:normal"}
    assert results["ancients:normal"].name == "the Ancients (normal)"
    assert results["user:1"].won != results["ancients:normal"].won
    assert ratings(store, "awoken")["ancients:normal"][1] == 1


def test_a_table_opened_unrated_counts_in_stats_but_changes_no_rating(
    service: TableService, store: Store
) -> None:
    table(service, "toy", [ANN, BOB], rated=False)
    update = play_out(service)
    assert [r.rated for r in update.results] == [False, False]
    assert change_lines(update.results) == ["This game changes no rating."]
    assert ratings(store) == {}
    assert store.record_of(GUILD, "user:1")[0] == 1


def test_a_game_ended_with_game_end_is_not_rated(service: TableService, store: Store) -> None:
    table(service, "toy", [ANN, BOB])
    service.end(CH, ANN, is_manager=True)
    assert store.record_of(GUILD, "user:1") == (0, 0)
    assert ratings(store) == {}


def test_a_seat_a_stand_in_played_for_most_of_the_game_is_not_rated(
    service: TableService, store: Store
) -> None:
    table(service, "toy", [ANN, BOB, CY])
    update = play_out(service, seed=5, skip={CY})
    results = {r.participant: r for r in update.results}
    assert not results["user:3"].rated
    assert results["user:1"].rated and results["user:2"].rated
    assert "P3: not rated" in change_lines(update.results)


def test_a_concession_is_a_loss(service: TableService, store: Store) -> None:
    table(service, "toy", [ANN, BOB])
    update = service.concede(CH, ANN)
    assert [(r.name, r.won) for r in update.results] == [("P2", True), ("P1", False)]
    after = ratings(store)
    assert after["user:2"][0] > 25 > after["user:1"][0]


def test_a_player_who_concedes_to_an_ai_is_rated_last_when_the_game_ends(
    service: TableService, store: Store
) -> None:
    table(service, "toy", [ANN, BOB, CY])
    service.concede(CH, CY)  # an AI takes the seat; the game goes on
    update = play_out(service, seed=6)
    results = {r.participant: r for r in update.results}
    assert "ai:ai:normal" not in results  # a stand-in, not a participant
    assert results["user:3"].place == max(r.place for r in results.values())
    assert not results["user:3"].won and results["user:3"].rated


def test_undo_never_rates_and_a_finished_game_cannot_be_undone(
    service: TableService, store: Store
) -> None:
    table(service, "toy", [ANN, BOB])
    mover = next(u for u in (ANN, BOB) if service.choices(CH, u))
    passes = [c for c in service.choices(CH, mover) if "Pass" in c.label]
    service.act(CH, mover, passes[0].ref)
    service.undo(CH, mover)
    assert ratings(store) == {}
    play_out(service, seed=7)
    before = ratings(store)
    with pytest.raises(GameError):
        service.undo(CH, ANN)
    assert ratings(store) == before


def test_a_crash_at_game_over_stores_neither_the_move_nor_the_ratings(
    service: TableService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The results are written in the transaction of the last move: a crash between the two
    leaves neither, and the move made again rates the game once."""
    import bot.tables.core as core

    table(service, "toy", [ANN, BOB])
    real = core.rate_game

    def crashing(*args: Any) -> Any:
        raise RuntimeError("the process died here")

    monkeypatch.setattr(core, "rate_game", crashing)
    rng = random.Random(8)
    for _ in range(100):
        row = service.table(CH)
        mover = next(u for u in (ANN, BOB) if service.choices(CH, u))
        ref = rng.choice(service.choices(CH, mover)).ref
        try:
            service.act(CH, mover, ref)
        except RuntimeError:
            break
    else:
        raise AssertionError("the game never ended")
    assert service.table(CH).status == "active" and service.table(CH).seq == row.seq
    assert ratings(store) == {}
    monkeypatch.setattr(core, "rate_game", real)
    service.act(CH, mover, ref)  # the same last move, made again
    assert {games for _, games in ratings(store).values()} == {1}
