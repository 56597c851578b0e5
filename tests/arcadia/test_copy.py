"""Copying the state (DESIGN.md "State serializes"; ``engines.core.clone``, with the map's
leagues, quests and characters frozen so copies share them, issue 33): a copy encodes like
its original and shares none of its mutable parts, over states met in played games (setup
phases, Days, Tests in their window)."""

from __future__ import annotations

from engines.arcadia.state import ArcadiaState
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng
from tests.support.sharing import shared_mutable_parts

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


def test_a_copy_encodes_alike_and_shares_nothing_mutable() -> None:
    states = [*_played(5, 3, 400), *_played(9, 1, 300), *_played(12, 2, 400)]
    assert any(s.contest is not None for s in states) and any(s.day for s in states)
    for s in states:
        t = ENGINE.copy(s)
        assert ENGINE.encode_state(t) == ENGINE.encode_state(s)
        assert not shared_mutable_parts(t, s)
