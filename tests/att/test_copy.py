"""The state copy behind ``apply`` and determinization (``engines.core.clone``; issue 33
made Locations and dice frozen, so copies share them): equal to its original, and sharing
none of its mutable parts."""

from __future__ import annotations

from typing import Any

import pytest

from engines.att.state import AttState
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng
from tests.support.sharing import shared_mutable_parts

from .builders import ENGINE


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
        t = ENGINE.copy(s)
        assert t == s
        assert t.model_dump() == s.model_dump()
        assert t.model_fields_set == s.model_fields_set
        assert not shared_mutable_parts(t, s)
