"""Copying the state (DESIGN.md "State serializes"; ``state.copy_state``): a copy encodes
like its original and shares none of its mutable parts, over states met in played games
(setup phases, Days, Tests in their window), so a field added to a model without its line
in ``copy_state`` is caught here."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engines.arcadia.state import ArcadiaState, copy_state
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng

from .builder import ENGINE


def _played(seed: int, seats: int, decisions: int) -> list[ArcadiaState]:
    s = ENGINE.setup(seats_for(seats), parse_options(ENGINE, None), seed)
    rng = Rng(seed)
    out = [s]
    for _ in range(decisions):
        asked = sorted(ENGINE.to_act(s))
        if not asked:
            break
        seat = rng.choice(asked)
        s = ENGINE.apply(s, seat, rng.choice(list(ENGINE.legal_actions(s, seat)))).state
        out.append(s)
    return out


def _mutable_parts(value: Any, found: list[Any]) -> None:
    """Every list, dict, set and unfrozen model reachable from ``value`` without passing
    through a frozen model (shared whole, as ``engines.core.clone`` shares it)."""
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            return
        found.append(value)
        for name in type(value).model_fields:
            _mutable_parts(getattr(value, name), found)
    elif isinstance(value, list | dict | set):
        found.append(value)
        for item in value.values() if isinstance(value, dict) else value:
            _mutable_parts(item, found)
    elif isinstance(value, tuple):
        for item in value:
            _mutable_parts(item, found)


def test_a_copy_encodes_alike_and_shares_nothing_mutable() -> None:
    states = [*_played(5, 3, 400), *_played(9, 1, 300), *_played(12, 2, 400)]
    assert any(s.contest is not None for s in states) and any(s.day for s in states)
    for s in states:
        t = copy_state(s)
        assert ENGINE.encode_state(t) == ENGINE.encode_state(s)
        theirs: list[Any] = []
        _mutable_parts(s, theirs)
        mine: list[Any] = []
        _mutable_parts(t, mine)
        assert not {id(x) for x in theirs} & {id(x) for x in mine}


def test_no_model_of_the_state_keeps_private_attributes() -> None:
    # copy_state leaves private attributes unset; a model that gains one needs its default.
    seen: list[Any] = []
    for s in _played(5, 3, 200):
        _mutable_parts(s, seen)
    models = {type(x) for x in seen if isinstance(x, BaseModel)}
    assert ArcadiaState in models
    assert all(not m.__private_attributes__ for m in models)
