"""Every quest encoding of §12 can be completed: the AI plays each quest solo to a win."""

from __future__ import annotations

from typing import Any

import pytest

from engines.arcadia import actions as A
from engines.arcadia.ai import ArcadiaAI
from engines.arcadia.content import content
from engines.arcadia.state import ArcadiaState
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng, seed_from

from .builder import ENGINE

SEEDS = {"q8": 1}  # seed 0 rolls three Border leagues for Ride the Marches


class OnQuest(ArcadiaAI):
    """The AI seat, made to take one particular quest."""

    def __init__(self, quest: str) -> None:
        self.quest = quest

    def score(self, s: ArcadiaState, seat: int, a: Any) -> float:
        if isinstance(a, A.PickQuest):
            return 1.0 if a.quest == self.quest else 0.0
        return super().score(s, seat, a)


@pytest.mark.parametrize("quest", sorted(content().quests))
def test_each_quest_can_be_won_solo(quest: str) -> None:
    seed = SEEDS.get(quest, 0)
    s = ENGINE.setup(seats_for(1), parse_options(ENGINE, {}), seed)
    ai, rng = OnQuest(quest), Rng(seed_from(seed, "x"))
    while ENGINE.to_act(s):
        s = ENGINE.apply(s, 0, ai.choose(ENGINE, s, 0, rng)).state
    assert [q.id for q in s.players[0].quests] == [quest]
    assert s.winner == 0 and s.players[0].quests[0].complete
    assert ENGINE.chronicle_results(s)[0].xp == 1
