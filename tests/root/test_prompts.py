"""Taps per Root turn (issue 29 "Fewer taps"), counted by ``bench.root_prompts`` as the
Discord panel asks them, over two seeded four-seat games of AI seats.

The Marquise and the Alliance answer at most 7 prompts a turn on average. The Eyrie and the
Vagabond do not yet: every Decree card is one move the Eyrie must make (a late Decree holds
eight or more), and the Vagabond spends an item per action; the ceilings below hold what
they reach today, so a change that adds taps fails here."""

from __future__ import annotations

from bench.root_prompts import averages

CEILING = {"marquise": 7.0, "alliance": 7.0, "vagabond": 10.0, "eyrie": 14.0}


def test_prompts_per_turn_stay_under_each_factions_ceiling() -> None:
    figures = averages(games=2, seats=4)
    assert set(figures) == set(CEILING)
    for faction, (mean, _, turns) in figures.items():
        assert turns >= 10, faction
        assert mean <= CEILING[faction], (faction, round(mean, 2))
