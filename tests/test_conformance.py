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

from collections import OrderedDict
from typing import Literal, get_args, get_origin

import pytest

from engines import registry
from engines.core.conformance import Encoded, check_random_games, json_strings, same_json

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


def test_same_json_is_canonical_equality() -> None:
    """Key order aside, two trees are the same only when their canonical JSON is: a number
    of another type (1, 1.0, true) or a changed value is a difference."""
    a = {"a": 1, "b": [1.5, None, {"c": "x", "d": True}], "n": float("nan")}
    b = {"n": float("nan"), "b": [1.5, None, {"d": True, "c": "x"}], "a": 1}
    assert same_json(a, b) and Encoded.of(a).same(b)
    for changed in ({**a, "a": 1.0}, {**a, "a": True}, {**a, "b": [1.5, None, {"c": "x"}]}):
        assert not same_json(a, changed) and not Encoded.of(a).same(changed)
    assert not same_json({"a": [1, 2]}, {"a": [2, 1]})


def test_json_strings_finds_every_string_and_key() -> None:
    data = {
        "k": ["a", ("b", 3), {"c": None, 4: 2.5}],
        "m": OrderedDict(inner=["d"]),
        "flag": False,
    }
    assert json_strings(data) == {"k", "a", "b", "c", "4", "m", "inner", "d", "flag"}
