"""Taps per Root turn (issue 29 "Fewer taps"), counted by ``bench.root_prompts`` as the
Discord panel asks them, over two seeded four-seat games of AI seats.

The Marquise and the Alliance answer at most 7 prompts a turn on average. The Eyrie and the
Vagabond do not yet: every Decree card is one move the Eyrie must make (a late Decree holds
eight or more, and a Decree move among more than 25 takes two steps), and the Vagabond takes
an action per item he spends; the ceilings below hold what they reach today, so a change that
adds taps fails here."""

from __future__ import annotations

from bench.root_prompts import averages

CEILING = {"marquise": 7.0, "alliance": 7.0, "vagabond": 9.0, "eyrie": 10.0}


def test_prompts_per_turn_stay_under_each_factions_ceiling() -> None:
    figures = averages(games=2, seats=4)
    assert set(figures) == set(CEILING)
    for faction, (mean, _, turns) in figures.items():
        assert turns >= 10, faction
        assert mean <= CEILING[faction], (faction, round(mean, 2))
