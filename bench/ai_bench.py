"""Every game's AI against the greedy baseline (issue 32), in one table.

For each game one AI seat (the registry's ``ai`` policy) plays against ``greedy`` seats at
fixed seeds, taking each seat in turn; Root plays each faction's AI against ``greedy``
playing each other faction (two seats). A row prints its game count, the AI's win rate (a
shared win counts as a share), its fair share (1 / sides) and the target: 65% with two sides
(Root 60% per pairing), 1.5 times the fair share with three or more; then the AI's decision
time p50 / p99 in milliseconds, and the 95% interval of the win rate (Wilson), which says
whether the games played settle the row. Games that pass ``--cap`` decisions count as
unfinished. ``--jobs`` plays a row's games in that many processes (the same games, the same
figures but the decision times, which contend for the cores).

A side is a seat, or a team in a team game (War for the Crystals: the engine's
``team_count``): there the AI seat wins when its team wins, its team-mates playing
``greedy`` like the other team. ``--team`` has them play at the AI seat's level instead (a
table whose difficulty sets every AI seat: a hard team against a normal one).

``--difficulty`` sets the AI seat's level (``engines.core.levels``; default normal).
``--vs`` sets what the other seats play: ``greedy`` (default) or ``random``, or the game's
own AI at a level (``--vs normal``: the hard AI head-to-head against the normal one); against
an AI the target is a win rate above the fair share, and for the hard AI against the normal
one 10 points above it (issue 32's "hard at least 10 points above normal": normal against
itself wins the fair share). An easy AI against ``greedy`` with two sides is aimed at 30-50%
(``above`` when it wins more).

    python -m bench.ai_bench [--games 200] [--only att,root] [--seats 3] [--jobs 2]
        [--difficulty easy|normal|hard] [--vs greedy|random|easy|normal|hard] [--seed 1000]
        [--team]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import KW_ONLY, dataclass, field
from functools import partial

from engines import registry
from engines.core.ai import Policy
from engines.core.levels import EASY, HARD, LEVELS, NORMAL
from engines.core.protocol import Engine, Seat, parse_options
from engines.core.rng import Rng, seed_from

GAMES = ["att", "wildlands", "wrath", "war", "arcadia", "root", "northgard"]
ROOT_FACTIONS = ["marquise", "eyrie", "alliance", "vagabond"]
# Issue 32: an easy AI a beginner can beat wins 30-50% of two-seat games against greedy.
EASY_BAND = (0.30, 0.50)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate of ``wins`` in ``games`` (Wilson's score interval)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


@dataclass
class Game:
    """One game's result for the AI seat."""

    won: float  # the hero's share of the win (a shared win counts as a share)
    unfinished: bool
    times: list[float]


@dataclass
class Row:
    label: str
    seats: int
    sides: int
    target: float
    ceiling: float | None = None  # an easy AI's target is a band: beatable, not helpless
    games: int = 0
    wins: float = 0.0
    unfinished: int = 0
    times: list[float] = field(default_factory=list)

    def line(self) -> str:
        rate = self.wins / max(1, self.games)
        if rate < self.target:
            mark = "below"
        elif self.ceiling is not None and rate > self.ceiling:
            mark = "above"
        else:
            mark = "ok"
        aim = f"{self.target:.0%}"
        if self.ceiling is not None:
            aim += f"-{self.ceiling:.0%}"
        ordered = sorted(self.times) or [0.0]
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        low, high = wilson(self.wins, self.games)
        return (
            f"| {self.label} | {self.seats} | {self.games} | {rate:.1%} | "
            f"{low:.0%}-{high:.0%} | {1 / self.sides:.0%} | "
            f"{aim} {mark} | {statistics.median(ordered) * 1000:.0f} / "
            f"{p99 * 1000:.0f} | {self.unfinished} |"
        )

    def add(self, game: Game) -> None:
        self.games += 1
        self.wins += game.won
        self.unfinished += game.unfinished
        self.times += game.times


def play(
    engine: Engine,
    policies: list[Policy],
    options: dict,
    seed: int,
    hero: int,
    cap: int,
    allies: bool = False,
) -> Game:
    """One game; with ``allies`` the hero's team-mates play the hero's policy."""
    seats = tuple(Seat(i, f"P{i + 1}", "ai") for i in range(len(policies)))
    state = engine.setup(seats, parse_options(engine, options), seed)
    if allies:
        side = state.seats[hero].side
        policies = [policies[hero] if p.side == side else policies[p.seat] for p in state.seats]
    rng = Rng(seed_from(seed, "ai-bench"))
    times: list[float] = []
    for _ in range(cap):
        outcome = engine.outcome(state)
        if outcome is not None:
            won = 1 / len(outcome.winners) if hero in outcome.winners else 0.0
            return Game(won, False, times)
        seat = min(engine.to_act(state))
        started = time.perf_counter()
        action = policies[seat].choose(engine, state, seat, rng)
        if seat == hero:
            times.append(time.perf_counter() - started)
        state = engine.apply(state, seat, action).state
    return Game(0.0, True, times)


@dataclass(frozen=True)
class Match:
    """Who plays one game of a row: the AI seat's level and the others', and the table."""

    game: str
    level: str
    vs: str
    seats: int
    cap: int
    _: KW_ONLY  # what follows is named: a faction pair given in a team game's place
    team_game: bool = False
    allies: bool = False  # the AI seat's team-mates play at its level (``--team``)
    factions: tuple[str, str] | None = None  # Root: the AI's faction, then the other's


def table_options(match: Match, hero: int) -> dict:
    """The table's options for a game with the AI in seat ``hero``: Root's factions, the
    AI's at its seat."""
    if match.factions is None:
        return {}
    mine, theirs = match.factions
    return {"factions": [mine, theirs] if hero == 0 else [theirs, mine]}


def one_game(match: Match, g: int, first: int) -> Game:
    """Game ``g`` of a row (its seed ``first + g``), the AI seat taking each seat in turn."""
    entry = registry.entry(match.game)
    hero = g % match.seats

    def policy(level: str) -> Policy:
        return entry.policy("ai", level) if level in LEVELS else entry.policy(level)

    policies = [policy(match.vs) for _ in range(match.seats)]
    policies[hero] = entry.policy("ai", match.level)
    options = table_options(match, hero)
    game = play(entry.engine, policies, options, first + g, hero, match.cap, match.allies)
    if match.team_game and game.won:
        game.won = 1.0  # the team's win is the seat's, not a share of it
    return game


def fill(row: Row, match: Match, games: int, first: int, jobs: int) -> Row:
    """Play the row's games, in ``jobs`` processes when more than one."""
    run = partial(one_game, match, first=first)
    if jobs <= 1:
        results = map(run, range(games))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(run, range(games)))
    for game in results:
        row.add(game)
    return row


def game_rows(
    game: str,
    games: int,
    seats: int | None,
    cap: int,
    level: str = NORMAL,
    vs: str = "greedy",
    first: int = 1000,
    jobs: int = 1,
    allies: bool = False,
) -> list[Row]:
    engine = registry.entry(game).engine
    head_to_head = vs in LEVELS
    # Hard against normal: 10 points above what normal wins against itself.
    hard_margin = 0.10 if level == HARD and vs == NORMAL else 0.0
    ai = "AI" if level == NORMAL else f"AI ({level})"
    other = f"AI ({vs})" if head_to_head else vs
    if game == "root":
        # Per pairing: 60% against greedy, an easy AI in the band, and head to head the
        # fair share (plus the hard margin). A faction's strength decides much of a
        # pairing, so the last row sums them all: there the AI plays every faction.
        band = EASY_BAND if level == EASY and vs == "greedy" else None
        target = 0.5 + hard_margin if head_to_head else 0.60

        def root_row(label: str) -> Row:
            return Row(label, 2, 2, *band) if band else Row(label, 2, 2, target)

        rows = []
        every = root_row(f"root: {ai} vs {other}, every pairing")
        for hero_faction in ROOT_FACTIONS:
            for faction in ROOT_FACTIONS:
                if faction == hero_faction:
                    continue
                row = root_row(f"root: {hero_faction} {ai} vs {other} {faction}")
                match = Match(game, level, vs, 2, cap, factions=(hero_faction, faction))
                rows.append(fill(row, match, games, first, jobs))
                every.games += row.games
                every.wins += row.wins
                every.unfinished += row.unfinished
                every.times += row.times
        return [*rows, every]
    n = seats or max(2, engine.min_seats)
    teams = getattr(engine, "team_count", None)
    sides = teams or n
    if allies and teams is not None:
        ai = f"{ai} team"
    if level == EASY and vs == "greedy" and sides == 2:
        row = Row(f"{game}: {ai} vs {other}", n, sides, *EASY_BAND)
    else:
        target = 1 / sides + hard_margin if head_to_head else 0.65 if sides == 2 else 1.5 / sides
        row = Row(f"{game}: {ai} vs {other}", n, sides, target)
    match = Match(game, level, vs, n, cap, team_game=teams is not None, allies=allies)
    return [fill(row, match, games, first, jobs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--only", default=",".join(GAMES))
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--cap", type=int, default=5000, help="decisions before a game is cut")
    parser.add_argument("--difficulty", choices=LEVELS, default=NORMAL, help="the AI seat's level")
    parser.add_argument(
        "--vs", choices=["greedy", "random", *LEVELS], default="greedy", help="the other seats"
    )
    parser.add_argument(
        "--seed", type=int, default=1000, help="the first game's seed (a shard of a long row)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes to play a row's games in")
    parser.add_argument(
        "--team", action="store_true", help="the AI seat's team-mates play at its level"
    )
    args = parser.parse_args()
    print(
        "| row | seats | games | AI wins | 95% interval | fair share | target "
        "| decision ms p50 / p99 | cut |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game in args.only.split(","):
        rows = game_rows(
            game,
            args.games,
            args.seats,
            args.cap,
            args.difficulty,
            args.vs,
            args.seed,
            args.jobs,
            args.team,
        )
        for row in rows:
            print(row.line(), flush=True)


if __name__ == "__main__":
    main()
