"""The conformance suite over every registered engine (DESIGN.md "Tests").

Each engine plays seeded random games for every seat count it supports: they end, never
raise anything but IllegalAction on illegal input, replay exactly, leave the state given to
every apply untouched, round-trip JSON, refuse illegal and stale actions without changing
state, and never show a seat's private items to anyone else.

Each case plays games until they have made ``DECISIONS`` decisions. A line tracer over
engines/ (50 seeds per case, in the commit that set this) found that sizing by decisions
keeps what the playouts find: Wildlands reaches within 2-3 of its 500-900-decision games
per seat count every line 16 games reach except an elimination ending (its rules tests
cover it), while ATT (50-100 decisions) and the Awoken (50-80) keep reaching rare card and
monster interactions up to 40 games, and get that many from the same budget.
"""

from __future__ import annotations

from typing import Literal, get_args, get_origin

import pytest

from engines import registry
from engines.core.conformance import check_random_games

DECISIONS = 2_500


def cases() -> list[tuple[str, int]]:
    out = []
    for name in registry.names():
        engine = registry.get(name)
        out += [(name, n) for n in range(engine.min_seats, engine.max_seats + 1)]
    return out


@pytest.mark.parametrize(("game", "seats"), cases())
def test_random_games_conform(game: str, seats: int) -> None:
    assert check_random_games(registry.get(game), seats, DECISIONS) >= 2


@pytest.mark.parametrize("game", registry.names())
def test_options_offer_only_choices(game: str) -> None:
    """A one-value option changes nothing: it belongs in the model's fixed rulings
    (engines/core/rulings.py), not among the options ``/game new`` offers."""
    for name, field in registry.get(game).options_model.model_fields.items():
        fixed = field.annotation is type(None) or (
            get_origin(field.annotation) is Literal and len(get_args(field.annotation)) == 1
        )
        assert not fixed, f"{game} option {name} can take one value only"
