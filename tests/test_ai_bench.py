"""The AI benchmark's arithmetic and its parallel runs (issue 32): a row played in two
processes is the same row as one played in one."""

from __future__ import annotations

import pytest

from bench.ai_bench import (
    Match,
    Row,
    fill,
    game_rows,
    one_game,
    play,
    table_options,
    wilson,
)
from engines import registry
from engines.core.ai import RandomPolicy
from engines.core.protocol import Seat, parse_options


def test_wilson_interval_matches_the_textbook_values() -> None:
    # 0 of 10 and 10 of 10: the rule-of-three-like bounds of Wilson's interval.
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    low, high = wilson(130, 200)
    assert low == pytest.approx(0.5815, abs=1e-3) and high == pytest.approx(0.7133, abs=1e-3)


def test_a_row_in_two_processes_is_the_row_in_one() -> None:
    match = Match("att", "normal", "random", 2, 3000)
    one = fill(Row("one", 2, 2, 0.65), match, 4, 1000, jobs=1)
    two = fill(Row("two", 2, 2, 0.65), match, 4, 1000, jobs=2)
    assert (one.games, one.wins, one.unfinished) == (two.games, two.wins, two.unfinished)
    assert one.games == 4 and len(one.times) == len(two.times) > 0


def test_a_team_game_counts_the_team_s_win_as_the_seat_s() -> None:
    # War for the Crystals at four seats: two teams, so a won game is a whole win for the AI
    # seat (its team has two winners, which would make it half a win).
    match = Match("war", "normal", "greedy", 4, 5000, team_game=True)
    won = [one_game(match, g, 1000).won for g in range(2)]
    assert set(won) <= {0.0, 1.0} and 1.0 in won


def test_a_root_pairing_seats_the_ai_s_faction_where_the_ai_sits() -> None:
    match = Match("root", "normal", "greedy", 2, 100, factions=("vagabond", "marquise"))
    assert table_options(match, 0) == {"factions": ["vagabond", "marquise"]}
    assert table_options(match, 1) == {"factions": ["marquise", "vagabond"]}


def test_root_rows_are_the_twelve_pairings_and_their_sum() -> None:
    rows = game_rows("root", 0, None, 100, "easy")
    assert len(rows) == 13 and rows[0].label == "root: marquise AI (easy) vs greedy eyrie"
    assert rows[-1].label == "root: AI (easy) vs greedy, every pairing"
    assert all((r.target, r.ceiling) == (0.30, 0.50) for r in rows)


class _Seen:
    """A random policy that remembers the seats it decided for."""

    def __init__(self) -> None:
        self.seats: set[int] = set()

    def choose(self, engine, state, seat, rng):  # type: ignore[no-untyped-def]
        self.seats.add(seat)
        return RandomPolicy().choose(engine, state, seat, rng)


@pytest.mark.parametrize("allies", [False, True])
def test_with_team_the_ai_seat_s_team_mates_play_its_policy(allies: bool) -> None:
    # War at four seats: with --team the hero's policy decides for its whole team, else
    # for its own seat only.
    engine = registry.entry("war").engine
    policies = [_Seen() for _ in range(4)]
    play(engine, list(policies), {}, 1000, 0, 200, allies)
    state = engine.setup(
        tuple(Seat(i, f"P{i + 1}", "ai") for i in range(4)), parse_options(engine, {}), 1000
    )
    team = {p.seat for p in state.seats if p.side == state.seats[0].side}
    assert len(team) == 2
    assert policies[0].seats == (team if allies else {0})
