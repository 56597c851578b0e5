"""Difficulty levels and a balance smoke test (issue 10; wildlands.md §14, §15).

A level changes stand-in values at setup only (assets/wildlands/awoken/difficulty.toml);
the fixed-seed games below check that skill matters: the AI policy wins some solo games of
a scenario where a random policy wins none. The measured rates are in TUNING.md.
"""

from __future__ import annotations

from typing import Any

from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng, seed_from
from engines.wildlands.actions import Orders
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.content import difficulties, scenarios
from engines.wildlands.awoken.state import AwokenState

from .builder import ENGINE


def _setup(difficulty: str, scenario: int = 5, seed: int = 1) -> AwokenState:
    options = parse_options(ENGINE, {"scenarios": [scenario], "difficulty": difficulty})
    return ENGINE.setup(seats_for(1), options, seed)


def _minions(s: AwokenState) -> int:
    return sum(1 for f in s.figures.values() if f.kind == "minion" and f.space is not None)


def test_levels_change_only_setup_values() -> None:
    sheet = scenarios()[5]
    normal, easy, hard = _setup("normal"), _setup("easy"), _setup("hard")
    assert _minions(normal) == sum(sheet.start_b.values())
    level = difficulties()["easy"]
    fewer = level.start_minions[5]
    assert _minions(easy) == sum(max(0, n + fewer) for n in sheet.start_b.values())
    assert easy.choice is not None and easy.choice.kind == "holder"  # starting treasures
    assert normal.choice is None
    assert hard.tracks[5] == normal.tracks[5] == easy.tracks[5] == 0  # the seed's track length
    more = difficulties()["hard"].ancient_health[5]
    assert hard.figures["ancient.5"].health == sheet.health_b + more
    assert _setup("normal").options.difficulty == "normal"  # the default table


def test_hard_character_health_goes_to_the_scenario_owners_characters() -> None:
    def healths(s: AwokenState, seat: int) -> list[int]:
        return [f.health for f in s.figures.values() if f.kind == "character" and f.owner == seat]

    change = difficulties()["hard"].character_health
    assert change == {4: -1}
    solo_normal, solo_hard = _setup("normal", scenario=4), _setup("hard", scenario=4)
    assert healths(solo_hard, 0) == [max(1, h - 1) for h in healths(solo_normal, 0)]
    assert healths(_setup("hard"), 0) == healths(_setup("normal"), 0)  # scenario 5: none
    # A pair 4+5: player 1 owns scenario 4 (the lower), player 2 scenario 5.
    options = {"scenarios": [4, 5], "difficulty": "hard"}
    pair = ENGINE.setup(seats_for(2), parse_options(ENGINE, options), 1)
    base = ENGINE.setup(seats_for(2), parse_options(ENGINE, {"scenarios": [4, 5]}), 1)
    assert healths(pair, 0) == [max(1, h - 1) for h in healths(base, 0)]
    assert healths(pair, 1) == healths(base, 1)


class _Random:
    def choose(self, engine: Any, state: Any, seat: int, rng: Rng) -> Any:
        legal = [a for a in engine.legal_actions(state, seat) if not isinstance(a, Orders)]
        return legal[rng.below(len(legal))]


def _wins(policy: Any, scenario: int, seeds: range) -> int:
    wins = 0
    for seed in seeds:
        s = ENGINE.setup(seats_for(1), parse_options(ENGINE, {"scenarios": [scenario]}), seed)
        rng = Rng(seed_from(seed, "balance-test"))
        for _ in range(ENGINE.max_decisions):
            if ENGINE.outcome(s) is not None:
                break
            seat = min(ENGINE.to_act(s))
            s = ENGINE.apply(s, seat, policy.choose(ENGINE, s, seat, rng)).state
        wins += bool(s.winners)
    return wins


def test_the_ai_wins_games_a_random_policy_loses() -> None:
    seeds = range(6)
    assert _wins(AwokenAI(), 4, seeds) >= 2
    assert _wins(_Random(), 4, seeds) == 0
