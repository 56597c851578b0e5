"""Every card and counter of The Awoken in plain words, for ``/card`` (wildlands.md §10,
§14.3-§14.6).

Built from ``engines.wildlands.awoken.content``: scenario sheets, minion cards, Ancient cards,
object counters and treasures, plus the Wildlands factions and action cards the players use.
Minion and Ancient cards have no printed names, so an entry is named by what it does.
"""

from __future__ import annotations

from engines.core.content import load_records
from engines.core.rules_book import CardEntry
from engines.core.words import joined
from engines.wildlands import card_list as base
from engines.wildlands.awoken.codes import Heal, MonsterAction, ScenarioEffectCode
from engines.wildlands.awoken.content import (
    OBJECTS_FILE,
    AncientCard,
    MinionCard,
    ObjectCounterKind,
    Scenario,
    ancient_cards,
    minion_cards,
    minion_types,
    object_pool,
    scenarios,
    treasures,
)

# Monster actions as a menu word and as a sentence (wildlands.md §10.6).
VERBS: dict[str, tuple[str, str]] = {
    "mv": ("move", "moves a step towards the closest character"),
    "fly": ("fly", "flies two steps towards the closest character"),
    "rep": ("reposition", "moves a step if no character is within 1 space"),
    "mel": ("melee", "attacks a character in its space"),
    "hmel": ("heavy melee", "heavy-attacks a character in its space"),
    "rng": ("ranged", "shoots the closest character in sight"),
    "hrng": ("heavy ranged", "heavy-shoots the closest character in sight within 2 spaces"),
    "area": ("area", "blasts the busiest space at or next to it, monsters included"),
    "haunt": ("haunt", "haunts: two steps, attacking every character where it lands"),
    "heal": ("heal", "heals 1 damage from the most hurt of"),
}
REACTIONS: dict[str, str] = {
    "none": "blocks nothing",
    "parry": "blocks melee hits",
    "shield": "blocks what a shield stops (melee, heavy melee, ranged, explosions)",
    "cover": "blocks what cover stops (ranged, heavy ranged, area)",
    "all": "blocks every hit",
}
# The reaction in two or three words, for a card's name: since the retune several Ancient
# cards share their actions and differ only in the reaction.
REACTION_TAGS: dict[str, str] = {
    "none": "no block",
    "parry": "parries melee",
    "shield": "shield block",
    "cover": "cover block",
    "all": "blocks all",
}
OBJECT_WORDS: dict[str, str] = {
    "crystal": "Stays face up where it is; a character there collects it with 3 cards. "
    "Five carried crystals win the game.",
    "treasure": "Removed; the revealing character takes the top treasure card.",
    "explosive": "1 damage to every character, minion and Ancient in its space and the "
    "adjacent ones; shields block it.",
    "pit": "Draw 2 from the revealer's deck: unless one is linked to it or shows move, every "
    "character there takes 1 damage that cannot be defended.",
    "stasis": "The revealer is ensnared: no moving, climbing or being rallied until the "
    "scenario's stasis traps clear.",
    "blank": "Nothing happens; the counter is removed.",
}
TRAPS = ("explosive", "pit", "stasis")
RULE_NAMES = {
    "illusory": "Illusory",
    "unpredictable": "Unpredictable",
    "awakening": "Awakening",
    "ethereal_form": "Ethereal Form",
}


def _type_name(type_id: str) -> str:
    return minion_types()[type_id].name


def _verb(action: MonsterAction) -> tuple[str, tuple[str, ...]]:
    """An action's verb code and the monster types it names (only Heal names any)."""
    match action:
        case Heal(types=types):
            return "heal", types
        case _:
            return action.kind, ()


def _verbs(actions: tuple[MonsterAction, ...]) -> str:
    return ", ".join(VERBS[_verb(a)[0]][0] for a in actions)


def _sentence(actions: tuple[MonsterAction, ...]) -> str:
    parts = []
    for a in actions:
        verb, who = _verb(a)
        words = VERBS[verb][1]
        if who:
            words += " " + "/".join(_monster_name(w) for w in who)
        parts.append(words)
    return ", then ".join(parts)


def _monster_name(monster_id: str) -> str:
    types = minion_types()
    if monster_id in types:
        return types[monster_id].name
    return monster_id.capitalize()


def effect_words(sheet: Scenario, code: ScenarioEffectCode) -> str:
    """A scenario effect or track step in words (wildlands.md §14.3)."""
    effect = code.code
    if effect == "adv":
        return f"the {sheet.ancient_name}'s event track advances"
    if effect.startswith("S:"):
        name = _type_name(effect[2:])
        return f"summon {'an' if name[0] in 'AEIOU' else 'a'} {name}"
    if effect == "A":
        return f"draw a {sheet.ancient_name} card"
    if effect == "K":
        return f"{sheet.keyword_name}: {sheet.keyword_text.rstrip('.')}"
    if effect == "P":
        return f"the {sheet.ancient_name} arrives on the board"
    return "nothing"


def effect_tag(sheet: Scenario, code: ScenarioEffectCode) -> str:
    """The scenario effect as a short tag for a card's name."""
    effect = code.code
    if effect == "adv":
        return "track advances"
    if effect.startswith("S:"):
        return f"summon {_type_name(effect[2:])}"
    if effect == "A":
        return f"{sheet.ancient_name} card"
    return sheet.keyword_name if effect == "K" else f"{sheet.ancient_name} arrives"


def _plural(name: str) -> str:
    return name if name.endswith(("s", "ed")) else name + "s"


def minion_entry(c: MinionCard) -> CardEntry:
    sheet = scenarios()[c.scenario]
    top, bottom = _type_name(c.top), _type_name(c.bottom)
    return CardEntry(
        id=c.id,
        name=f"{top} {_verbs(c.top_actions)} / "
        f"{bottom} {_verbs(c.bottom_actions)} · {effect_tag(sheet, c.effect)}",
        kind=f"Minion card ({sheet.ancient_name}, scenario {c.scenario})",
        text=f"Every {top} {_sentence(c.top_actions)}.\nEvery {bottom} "
        f"{_sentence(c.bottom_actions)}.\nThen: {effect_words(sheet, c.effect)}.\n"
        f"As a reaction it {REACTIONS[c.reaction]}.",
        source=c.source,
        keywords=("minion", sheet.ancient_name, top, bottom),
    )


def ancient_entry(c: AncientCard) -> CardEntry:
    sheet = scenarios()[c.scenario]
    return CardEntry(
        id=c.id,
        name=f"{sheet.ancient_name} card: {_verbs(c.actions)} · {REACTION_TAGS[c.reaction]}",
        kind=f"Ancient card ({sheet.ancient_name}, scenario {c.scenario})",
        text=f"The {sheet.ancient_name} {_sentence(c.actions)}.\n"
        f"As a reaction it {REACTIONS[c.reaction]}.",
        source=c.source,
        keywords=("ancient", sheet.ancient_name),
    )


def sheet_entry(sheet: Scenario) -> CardEntry:
    health = (
        "It is never knocked out."
        if not sheet.knockable
        else f"Health {sheet.health_a} on side A, {sheet.health_b} on side B."
    )
    rules = ", ".join(RULE_NAMES[r] for r in sheet.special_rules)
    minions = joined([_plural(_type_name(t)) for t in sheet.minion_types])
    return CardEntry(
        id=f"scenario-{sheet.number}",
        name=f"Scenario {sheet.number}: the {sheet.ancient_name}",
        kind="Scenario sheet",
        text=f"{health} Minions: {minions}.\n"
        + (f"Special rules: {rules}.\n" if rules else "")
        + f"{sheet.keyword_name}: {sheet.keyword_text}\n"
        f"The event track has {len(sheet.track)} steps; reaching its end loses the game.",
        source=sheet.source,
        keywords=("scenario", "sheet", sheet.ancient_name, sheet.keyword_name),
    )


def card_faces() -> list[CardEntry]:
    out = [sheet_entry(s) for s in scenarios().values()]
    out += [minion_entry(c) for c in minion_cards().values()]
    out += [ancient_entry(c) for c in ancient_cards().values()]
    out += [
        CardEntry(
            id=t.id,
            name=t.name,
            kind="Treasure (one use)" if t.use == "once" else "Treasure (lasting)",
            text=t.text,
            source=t.source,
            keywords=("treasure",),
        )
        for t in treasures().values()
    ]
    # The counters as the box lists them (object_pool() keeps only their counts).
    counters = load_records(OBJECTS_FILE, "object_counter", ObjectCounterKind)
    out += [
        CardEntry(
            id=f"object-{o.kind}",
            name=o.name,
            kind="Object counter",
            text=OBJECT_WORDS[o.kind],
            source=o.source,
            count=object_pool()[o.kind],
            keywords=("object", "counter", "trap" if o.kind in TRAPS else o.kind),
        )
        for o in counters
    ]
    return [*out, *base.card_faces()]
