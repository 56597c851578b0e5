"""``copy_state``, the hand-written state copy behind ``apply`` and determinization
(issue 33): equal to its original, and sharing none of its mutable parts."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from engines.att.state import AttState, copy_state
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng

from .builders import ENGINE


def _mutable_parts(value: Any, seen: dict[int, Any]) -> dict[int, Any]:
    """Every list, dict, set and non-frozen model inside ``value``, by id. Frozen models
    (the options) are shared on purpose."""
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            return seen
        seen[id(value)] = value
        seen[id(value.__pydantic_fields_set__)] = value.__pydantic_fields_set__
        for item in value.__dict__.values():
            _mutable_parts(item, seen)
    elif isinstance(value, (list, dict, set, tuple)):
        if not isinstance(value, tuple):
            seen[id(value)] = value
        for item in value.values() if isinstance(value, dict) else value:
            _mutable_parts(item, seen)
    return seen


def _playout(seed: int, **options: Any) -> list[AttState]:
    """Every state of one random game, from set-up to its end."""
    s = ENGINE.setup(seats_for(3), parse_options(ENGINE, options), seed)
    rng = Rng(seed)
    states = [s]
    while asked := sorted(ENGINE.to_act(s)):
        seat = rng.choice(asked)
        s = ENGINE.apply(s, seat, rng.choice(list(ENGINE.legal_actions(s, seat)))).state
        states.append(s)
    return states


@pytest.mark.parametrize("options", [{}, {"finite_token_supply": True, "character_pick": "random"}])
def test_a_copy_equals_its_original_and_shares_nothing_mutable(
    options: dict[str, Any],
) -> None:
    states = _playout(7, **options)
    assert states[-1].result is not None
    assert any(s.dice is not None and s.dice.spent for s in states)
    if options:
        assert states[0].supply is not None
    for s in states:
        t = copy_state(s)
        assert t == s
        assert t.model_dump() == s.model_dump()
        assert t.model_fields_set == s.model_fields_set
        shared = _mutable_parts(t, {}).keys() & _mutable_parts(s, {}).keys()
        assert not shared, [type(_mutable_parts(s, {})[i]).__name__ for i in shared]
