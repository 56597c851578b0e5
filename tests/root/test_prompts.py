"""Taps per Root turn (issue 29 "Fewer taps"), counted by ``bench.root_prompts`` as the
Discord panel asks them, over the README's four seeded four-seat games of AI seats: every
faction answers at most 7 prompts a turn on average, so a change that adds taps fails here."""

from __future__ import annotations

from bench.root_prompts import averages

CEILING = {"marquise": 7.0, "alliance": 7.0, "vagabond": 7.0, "eyrie": 7.0}


def test_prompts_per_turn_stay_under_each_factions_ceiling() -> None:
    figures = averages(games=4, seats=4)
    assert set(figures) == set(CEILING)
    for faction, (mean, _, turns) in figures.items():
        assert turns >= 10, faction
        assert mean <= CEILING[faction], (faction, round(mean, 2))
