"""Root's AI levels (issue 32 "difficulty for every game"): the easy AI's share of random
slips is the one measured at 30-50% against the greedy baseline (README)."""

from __future__ import annotations

from engines import registry
from engines.core.levels import EASY, Slips


def test_the_easy_ai_slips_on_seven_moves_in_ten() -> None:
    easy = registry.entry("root").policy("ai", EASY)
    assert isinstance(easy, Slips) and easy.share == 0.7
