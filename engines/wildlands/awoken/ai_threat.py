"""How dangerous each monster is, judged from the public card lists (wildlands.md §10.5,
§10.6, §14.4, §14.5).

Every minion card activates both of its scenario's minion types, so one Ancients' turn
gives each minion of type T one line of some card: the expected number of attacks it makes
is the mean count of attack actions over T's lines in the deck. An Ancient makes the mean
over its own deck, for the cards the turn sequence draws (an Illusory Ancient draws only
when an effect says so). The AI reads the decks' contents, which every player can read
off the printed cards, never their order.
"""

from __future__ import annotations

from functools import cache

from engines.wildlands.awoken.codes import HAUNT, AreaStrike, MonsterAction, Strike
from engines.wildlands.awoken.content import ancient_cards, minion_cards, scenarios

ILLUSORY_DRAWS = 0.3  # an Illusory Ancient acts about one turn in three (effects, track)


def _attacks(actions: tuple[MonsterAction, ...]) -> int:
    return sum(1 for a in actions if isinstance(a, Strike | AreaStrike) or a == HAUNT)


@cache
def minion_threat(mtype: str) -> float:
    """Expected attacks per Ancients' turn of one minion of ``mtype``."""
    lines = [c.top_actions for c in minion_cards().values() if c.top == mtype] + [
        c.bottom_actions for c in minion_cards().values() if c.bottom == mtype
    ]
    return sum(map(_attacks, lines)) / max(1, len(lines))


@cache
def ancient_threat(scenario: int) -> float:
    """Expected attacks per Ancients' turn of the Ancient of ``scenario``."""
    deck = [c.actions for c in ancient_cards().values() if c.scenario == scenario]
    mean = sum(map(_attacks, deck)) / max(1, len(deck))
    return mean * (ILLUSORY_DRAWS if "illusory" in scenarios()[scenario].special_rules else 1.0)


def threat(figure: dict[str, object]) -> float:
    """Expected attacks per Ancients' turn of a monster as the view shows it."""
    if figure["kind"] == "ancient":
        return ancient_threat(int(str(figure["id"]).split(".")[1]))
    return minion_threat(str(figure["type"]))
