"""The Awoken's card and track codes in plain words (wildlands.md §10.5-§10.7, §10.9).

Content spells monster actions, scenario effects and reactions as short codes (``fly``,
``hrng``, ``adv``, ``S:shades``, ``parry``); a player reads them here as words: "each
Tempest flies, then makes a heavy ranged attack", "summon a Shade", "a parry". Articles
and plurals follow the noun ("an Aberration", "1 crystal", "2 crystals").
"""

from __future__ import annotations

from engines.core.words import article
from engines.wildlands.awoken.codes import (
    Advance,
    AreaStrike,
    DrawAncientCard,
    Heal,
    KeywordEffect,
    MonsterAction,
    Movement,
    NoEffect,
    ScenarioEffectCode,
    Strike,
    SummonAncient,
    SummonMinion,
)
from engines.wildlands.awoken.content import Scenario, minion_types, scenarios

_MOVES = {
    "mv": "moves",
    "fly": "flies",
    "rep": "repositions",
    "haunt": "haunts",
    "haunt_step": "haunts",
}
_STRIKES = {
    "mel": "makes a melee attack",
    "hmel": "makes a heavy melee attack",
    "rng": "makes a ranged attack",
    "hrng": "makes a heavy ranged attack",
}
OBJECT_WORDS = {
    "crystal": "Ancient crystal",
    "treasure": "Treasure",
    "explosive": "Explosive trap",
    "pit": "Pit trap",
    "stasis": "Stasis trap",
    "blank": "Blank counter",
}
PASS_WORDS = {
    "off": "off",
    "window": "for the next window",
    "turn": "for the rest of this turn",
    "always": "always",
}
DEFEND_WORDS = {"ask": "by asking", "best": "with the best card", "never": "never"}
REACTIONS = {
    "none": "no defence",
    "parry": "a parry",
    "shield": "a shield",
    "cover": "cover",
    "all": "a block against everything",
}


def _name(figure_type: str) -> str:
    """A minion type's or an Ancient's printed name."""
    if figure_type in minion_types():
        return minion_types()[figure_type].name
    sheet = next((s for s in scenarios().values() if s.ancient == figure_type), None)
    return sheet.ancient_name if sheet else figure_type.capitalize()


def _verb(a: MonsterAction) -> str:
    match a:
        case Movement(kind=kind):
            return _MOVES[kind]
        case Strike(kind=kind):
            return _STRIKES[kind]
        case AreaStrike():
            return "makes an area attack"
        case Heal(types=types):
            names = [_name(t) for t in types]
            listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
            return f"heals a hurt {listed}"


def actions(who: str, acts: tuple[MonsterAction, ...]) -> str:
    """'each Tempest flies, then makes a ranged attack' (``who`` names the actor)."""
    if not acts:
        return f"{who} does nothing"
    return f"{who} " + ", then ".join(_verb(a) for a in acts)


def effect(n: int, code: ScenarioEffectCode) -> str:
    """A scenario effect as an instruction: 'summon a Shade', 'advance the event track'."""
    sheet: Scenario = scenarios()[n]
    match code:
        case Advance():
            return "advance the event track"
        case DrawAncientCard():
            return f"draw {article(sheet.ancient_name)} card"
        case KeywordEffect():
            return sheet.keyword_name
        case SummonAncient():
            return f"summon the {sheet.ancient_name}"
        case SummonMinion(mtype=mtype):
            return f"summon {article(minion_types()[mtype].name)}"
        case NoEffect():
            return "nothing happens"
