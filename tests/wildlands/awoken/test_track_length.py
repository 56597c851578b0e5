"""The event track keeps the seed's length at every difficulty (wildlands.md §10.1 step 3:
each shard starts on its track's start space; §14: the track length is the seed's, not a
stand-in value; §10.2: the players lose when a shard reaches the end). A level changes only
our values (starting minions, health, treasures), so hard loses after the same ten
advances as normal, and the track's first steps still resolve."""

from __future__ import annotations

import pytest

from engines.core.conformance import seats_for
from engines.core.context import Ctx
from engines.core.protocol import parse_options
from engines.wildlands.awoken.content import TRACK_STEPS, scenarios
from engines.wildlands.awoken.flow import advance_tracker

from .builder import ENGINE


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_every_level_needs_ten_advances_to_lose(difficulty: str) -> None:
    options = parse_options(ENGINE, {"scenarios": [1], "difficulty": difficulty})
    s = ENGINE.setup(seats_for(1), options, 1)
    assert s.tracks[1] == 0
    ctx = Ctx()
    for step in range(1, TRACK_STEPS + 1):
        advance_tracker(s, 1, ctx)
        assert s.tracks[1] == step and not s.loss_reason
    assert len(scenarios()[1].track) == TRACK_STEPS
    advance_tracker(s, 1, ctx)  # the tenth advance reaches the end space
    assert s.loss_reason == "event_track"
