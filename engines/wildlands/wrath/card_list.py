"""Every card of The Wrath of the Ancients for ``/card`` (wildlands.md §11, §14.2, §14.7):
the base game's factions and decks, plus the Ancients as a faction, their five characters
with their special actions, and their 30-card deck.

Built from ``engines.wildlands.cards`` (the box's files) and the base list
(``engines.wildlands.card_list``), worded the same way.
"""

from __future__ import annotations

from engines.core.rules_book import CardEntry
from engines.wildlands import card_list as base
from engines.wildlands.cards import CardRecord, FactionRecord, box_cards, box_factions

ANCIENTS = "ancients"

# Each Ancient's special action, triggered by spending a carried shard (§11 table).
SPECIALS: dict[str, str] = {
    "Magus": "place two revealed characters (any owner, the Magus may be one) together in one "
    "space of your choice; this is not a move.",
    "Automaton": "take X damage (X below its remaining health, undefendable, scoring for no "
    "one), then make up to X ranged or heavy ranged attacks from its space.",
    "Phantasm": "take up to 4 move or climb steps; after each, it may melee each enemy "
    "character in its space.",
    "Lizardman": "heavy melee, step, melee, step, melee: each part optional, order fixed.",
    "Tyrant": "each other Ancient on the board in turn takes up to 2 move or climb steps, "
    "then one melee.",
}


def box_card(c: CardRecord) -> CardEntry:
    """One action card of a box faction, worded as the base list words its cards."""
    f = box_factions()[c.faction]
    names = [f.characters[n - 1].name for n in c.characters]
    icons = " + ".join(base.ICON_NAMES[i] for i in c.icons)
    actions = "; or ".join(base.ICON_WORDS[i] for i in c.icons)
    if names:
        name = f"{f.name}: {icons} ({' & '.join(names)})"
        text = (
            f"Linked to {' and '.join(names)}. Play it for one action: {actions}. "
            "Any linked card can also move its character one space."
        )
        kind = "Action card"
    else:
        name = f"{f.name}: wild card"
        text = f"No portrait. Play it for one action: {actions}."
        kind = "Wild card"
    return CardEntry(
        id=c.id,
        name=name,
        kind=kind,
        text=text,
        source=c.source,
        keywords=(f"card {c.number}", f.name, *names, *c.icons),
    )


def box_faction_entries(f: FactionRecord) -> list[CardEntry]:
    """A box faction and its characters; an Ancient's entry names its special action."""
    roster = ", ".join(f"{ch.name} ({ch.health} health)" for ch in f.characters)
    rule = (
        " Claims shards of any colour, which score nothing; wins with 5 points from knock-outs."
        if f.id == ANCIENTS
        else ""
    )
    out = [
        CardEntry(
            id=f"faction-{f.id}",
            name=f.name,
            kind="Faction",
            text=f"Five characters: {roster}. Plays a deck of 30 action cards.{rule}",
            source=f.source,
            keywords=("faction", f.id),
        )
    ]
    for ch in f.characters:
        linked = sum(1 for c in box_cards().values() if f.character_id(ch.number) in c.links())
        special = SPECIALS.get(ch.name) if f.id == ANCIENTS else None
        text = (
            f"Health {ch.health}: knocked out at {ch.health} damage. "
            f"Its portrait is on {linked} of the faction's 30 cards."
        )
        if special:
            text += f"\nSpecial action (spend a shard it carries): {special}"
        out.append(
            CardEntry(
                id=f"character-{f.character_id(ch.number)}",
                name=ch.name,
                kind=f"Character ({f.name})",
                text=text,
                source=ch.source,
                keywords=("character", f.name, *(("ancient", "special") if special else ())),
            )
        )
    return out


def faction_faces(faction_id: str) -> list[CardEntry]:
    f = box_factions()[faction_id]
    deck = [box_card(c) for c in box_cards().values() if c.faction == faction_id]
    return [*box_faction_entries(f), *deck]


def card_faces() -> list[CardEntry]:
    return [*base.card_faces(), *faction_faces(ANCIENTS)]
