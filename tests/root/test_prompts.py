"""Taps per Root turn (issue 29 "Fewer taps"), counted by ``bench.root_prompts`` as the
Discord panel asks them, over the README's four seeded four-seat games of AI seats: every
faction answers at most 7 prompts a turn on average (the Marquise and the Vagabond 7.5),
so a change that adds taps fails here.

The Marquise's own battles ask her Field Hospitals, and her counter to an ambush, whenever
she holds cards: asked only when a card fits, they told the table what her hand held. That
costs her about 0.3 prompts a turn (7.3 over twelve games, 6.8 before). The Vagabond's
figure moves by a few tenths with any change of play over four games (7.45 over twelve
games before that change, 7.13 after)."""

from __future__ import annotations

from bench.root_prompts import averages

CEILING = {"marquise": 7.5, "alliance": 7.0, "vagabond": 7.5, "eyrie": 7.0}


def test_prompts_per_turn_stay_under_each_factions_ceiling() -> None:
    figures = averages(games=4, seats=4)
    assert set(figures) == set(CEILING)
    for faction, (mean, _, turns) in figures.items():
        assert turns >= 10, faction
        assert mean <= CEILING[faction], (faction, round(mean, 2))
