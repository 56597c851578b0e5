"""``goals.check`` skips a player it finds idle (``goals._idle``, from what is kept per
quest): over states met in played games, including epic ones, checking with the skip and
without it leaves the same state and says the same things (§12, §13.4)."""

from __future__ import annotations

import pytest

from engines.arcadia import goals
from engines.arcadia.content import content
from engines.core.conformance import seats_for
from engines.core.context import Ctx
from engines.core.protocol import parse_options
from engines.core.rng import Rng

from .builder import ENGINE


@pytest.mark.parametrize(
    ("seats", "options"),
    [(3, {}), (2, {"quests_each": 2}), (2, {"quests_each": 2, "epic_progress_before_gate": False})],
)
def test_the_idle_skip_changes_nothing(
    seats: int, options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    s = ENGINE.setup(seats_for(seats), parse_options(ENGINE, options), 3)
    rng = Rng(3)
    idle_seen = 0
    for _ in range(600):
        asked = sorted(ENGINE.to_act(s))
        if not asked:
            break
        fast, slow = ENGINE.copy(s), ENGINE.copy(s)
        said_fast, said_slow = Ctx(), Ctx()
        goals.check(fast, said_fast)
        with monkeypatch.context() as m:
            m.setattr(goals, "_idle", lambda s, p, cards: False)
            goals.check(slow, said_slow)
        assert ENGINE.encode_state(fast) == ENGINE.encode_state(slow)
        assert said_fast.events == said_slow.events
        cards = content().quests
        idle_seen += sum(goals._idle(s, p, cards) for p in s.players if p.pos is not None)
        seat = rng.choice(asked)
        s = ENGINE.apply(s, seat, rng.choice(list(ENGINE.legal_actions(s, seat)))).state
    assert idle_seen > 0
