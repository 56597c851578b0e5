"""Moves built by ``actions.made`` (built once, then shared): each one offered over played
games is the move pydantic builds from the same fields, and a field missing or unknown is
refused."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engines.arcadia import actions as A
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng

from .builder import ENGINE


def test_every_move_offered_is_the_validated_move() -> None:
    kinds = set()
    for seats, seed in ((3, 4), (1, 8), (2, 21)):
        s = ENGINE.setup(seats_for(seats), parse_options(ENGINE, None), seed)
        rng = Rng(seed)
        for _ in range(500):
            asked = sorted(ENGINE.to_act(s))
            if not asked:
                break
            seat = rng.choice(asked)
            legal = list(ENGINE.legal_actions(s, seat))
            for a in legal:
                given = {n: getattr(a, n) for n in a.__pydantic_fields_set__}
                twin = type(a)(**given)
                assert a == twin and hash(a) == hash(twin)
                assert a.__pydantic_fields_set__ == twin.__pydantic_fields_set__
                kinds.add(type(a))
            s = ENGINE.apply(s, seat, rng.choice(legal)).state
    assert {A.Move, A.UseMerit, A.PlaceLeague, A.TakeMerit} <= kinds


def test_a_move_with_a_field_missing_or_unknown_is_refused() -> None:
    with pytest.raises(ValidationError):
        A.made(A.Move, cell="1,0")
    with pytest.raises(ValidationError):
        A.made(A.Move, cell="1,0", via="Road", bogus=1)
