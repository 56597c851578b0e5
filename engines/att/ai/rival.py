"""How much the next player would like each Location, seen from public information only
(reference §5.2, §5.3, §6 Yawning Chasm).

The AI cannot see the next player's Feat cards, so it judges them by their stash: the chance
that five dice with two re-rolls and their Focus overcome each Encounter (the expectimax with
Focus free, cached for the whole process), the Secrets at stake, the Terrible Thing they risk,
the tokens lying there, and a Desperate Act or a reach across the Chasm when their Courage
pays for one.
"""

from __future__ import annotations

from functools import lru_cache

from engines.att.ai.reroll import Plan, Stage, reroller
from engines.att.ai.spend import Rewards, Scoring
from engines.att.ai.values import card_worth, failing_worth, outlook
from engines.att.content import Combo, ScenarioRow, catalog
from engines.att.flow import REROLLS_PER_TURN
from engines.att.riverboat import active_slots
from engines.att.spending import encounter_combo, scenario_rows
from engines.att.state import AttState

POOL_SIZE = 5


@lru_cache(maxsize=1024)
def success_chance(combo: Combo, rows: tuple[ScenarioRow, ...], exact: bool, focus: int) -> float:
    """The chance of overcoming ``combo`` with five dice, two re-rolls and ``focus`` Focus."""
    scoring = Scoring(combo, 1.0, 0.0, Rewards(rows, (0.0,) * 4, exact))
    stages = (Stage("track"),) * REROLLS_PER_TURN
    plan = Plan(scoring, size=POOL_SIZE, stages=stages, focus_value=0.0)
    return reroller(plan).before_roll(focus)


def rival_worths(s: AttState, seat: int) -> dict[int, float]:
    """Worth to ``seat`` of exploring each active Location (by slot 1..6)."""
    look = outlook(s, seat)
    tokens = s.players[seat].tokens
    rows = tuple(scenario_rows(s.options))
    encounters = catalog().encounters
    cards = {i + 1: s.locations[i].encounter for i in active_slots(s)}
    lose = failing_worth(s, seat)
    out: dict[int, float] = {}
    for slot, card_id in cards.items():
        assert card_id is not None
        loc = s.locations[slot - 1]
        card = encounters[card_id]
        combo = encounter_combo(s.options, card)
        focus = min(tokens["focus"] + loc.tokens["focus"], 2 * POOL_SIZE)
        chance = success_chance(combo, rows, s.options.highset_exact, focus)
        win = card_worth(s, seat, card_id, look)
        best = chance * win + (1 - chance) * lose
        courage = tokens["courage"] + loc.tokens["courage"]
        price = look.worth["courage"]
        if courage >= card.secrets:
            best = max(best, win - price * card.secrets)
        if catalog().locations[loc.id].action == "remote_desperate_act":
            reach = [
                card_worth(s, seat, other, look) - price * encounters[other].secrets
                for k, other in cards.items()
                if k != slot and other is not None and courage >= encounters[other].secrets
            ]
            best += max([0.0, *reach])
        out[slot] = best + sum(look.worth[t] * n for t, n in loc.tokens.items())
    return out
