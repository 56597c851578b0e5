"""Taps per Root turn (issue 29 "Fewer taps"), counted by ``bench.root_prompts`` as the
Discord panel asks them, over the README's four seeded four-seat games of AI seats.

The Marquise, the Alliance and the Vagabond answer at most 7 prompts a turn on average. The
Eyrie do not yet: every Decree card is one move they must make (a late Decree holds eight or
more), and a Decree move among more than 25 takes two steps; their ceiling holds what they
reach today, so a change that adds taps fails here."""

from __future__ import annotations

from bench.root_prompts import averages

CEILING = {"marquise": 7.0, "alliance": 7.0, "vagabond": 7.0, "eyrie": 8.3}


def test_prompts_per_turn_stay_under_each_factions_ceiling() -> None:
    figures = averages(games=4, seats=4)
    assert set(figures) == set(CEILING)
    for faction, (mean, _, turns) in figures.items():
        assert turns >= 10, faction
        assert mean <= CEILING[faction], (faction, round(mean, 2))
