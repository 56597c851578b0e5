"""Taps per Root turn (issue 29 "Fewer taps"): how many prompts a player answers in a
typical turn of each faction, counted as the Discord panel shows them.

    python -m bench.root_prompts [--games N] [--seats 4]

Seeded games of AI seats (game *k* on seed *k*) are played to their end; every decision the
active faction takes in its own turn is counted as the panel would ask it: one prompt for
the panel, and one more for each step of a drill-down it shows before the move is complete
(``bot.tables.steps.drill``, which passes steps of a single option). Setup is left out.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from collections.abc import Hashable
from typing import Any

from bot.tables.choices import distinct, every_choice, looks
from bot.tables.steps import drill, follow
from bot.tables.updates import Choice
from engines import registry
from engines.core.protocol import Seat, parse_options
from engines.core.rng import Rng, seed_from
from engines.root.ai import RootAI
from engines.root.state import FACTION_NAMES, State

SEATS = 4
GAMES = 4


def _shown(choices: list[Choice], picked: Choice) -> Choice:
    """The choice the panel offers for ``picked``: the first of its look-alikes."""
    keys: set[Hashable] = {("looks", looks(picked))}
    if picked.same is not None:
        keys.add(("same", picked.same))
    for c in choices:
        mine = {("looks", looks(c))} | ({("same", c.same)} if c.same is not None else set())
        if mine & keys:
            return c
    return picked


def prompts(state: State, seat: int, action: Any) -> int:
    """The panels a player answers to take ``action``: the panel itself, then each step of
    the drill-down the panel shows after it."""
    entry = registry.entry("root")
    legal = list(entry.engine.legal_actions(state, seat))
    every = every_choice(entry.engine, entry.menus, state, legal, 0)
    choices = distinct(every)
    picked = _shown(choices, every[legal.index(action)])
    if picked.path is None:
        return 1
    steps = picked.path.steps
    start = follow(choices, ())
    assert start is not None
    prefix = (_index(start.options, start.leaves, picked, steps, 0),)
    count = 1
    while (at := drill(choices, prefix)) is not None and at.complete is None:
        count += 1
        prefix = (*at.prefix, _index(at.options, at.leaves, picked, steps, len(at.taken)))
    assert at is not None and at.complete is not None and at.complete.index == picked.index
    return count


def _index(
    options: tuple[str, ...],
    leaves: tuple[Choice | None, ...],
    picked: Choice,
    steps: tuple[str, ...],
    depth: int,
) -> int:
    """Which option of a step leads to ``picked``: the move itself, or its next step."""
    for i, leaf in enumerate(leaves):
        if leaf is not None and leaf.index == picked.index:
            return i
    return options.index(steps[depth])


def turn_prompts(seed: int, seats: int = SEATS) -> dict[str, list[int]]:
    """The prompts of every turn of one seeded game of AI seats, per faction."""
    engine = registry.get("root")
    state = engine.setup(
        [Seat(i, f"AI {i + 1}") for i in range(seats)], parse_options(engine, None), seed
    )
    rng, ai = Rng(seed_from(seed, "root-prompts")), RootAI()
    turns: dict[str, list[int]] = defaultdict(list)
    turn: tuple[int, int] | None = None
    for _ in range(engine.max_decisions):
        asked = sorted(engine.to_act(state))
        if not asked:
            break
        seat = asked[0]
        action = ai.choose(engine, state, seat, rng)
        t = state.turn
        if t.phase != "setup" and seat == t.active:
            now = (t.round, t.active)
            faction = state.players[seat].faction
            if now != turn:
                turn = now
                turns[faction].append(0)
            turns[faction][-1] += prompts(state, seat, action)
        state = engine.apply(state, seat, action).state
    return turns


def averages(games: int = GAMES, seats: int = SEATS) -> dict[str, tuple[float, int, int]]:
    """Per faction: the mean prompts per turn, the most in one turn, and the turns counted,
    over ``games`` games on seeds 1 to ``games``."""
    every: dict[str, list[int]] = defaultdict(list)
    for seed in range(1, games + 1):
        for faction, counts in turn_prompts(seed, seats).items():
            every[faction] += counts
    return {f: (statistics.mean(c), max(c), len(c)) for f, c in sorted(every.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seats", type=int, default=SEATS)
    args = parser.parse_args()
    print(f"{'faction':<18} prompts/turn  most  turns")
    for faction, (mean, most, n) in averages(args.games, args.seats).items():
        print(f"{FACTION_NAMES[faction]:<18} {mean:>12.1f} {most:>5} {n:>6}")


if __name__ == "__main__":
    main()
