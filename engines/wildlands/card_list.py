"""Every Wildlands faction, character and action card in plain words, for ``/card``
(wildlands.md §1, §3, §14.1, §14.2).

Built from ``engines.wildlands.cards``. Action cards carry icons only, so an entry is named by
its faction, icons and portraits; its printed numbers are search words ("card 12"), and
``engines.core.rules_book`` merges cards with the same faction, portraits and icons.
"""

from __future__ import annotations

from engines.core.rules_book import CardEntry
from engines.wildlands.cards import CardRecord, FactionRecord, cards, factions

# What each icon lets a card do, in words (wildlands.md §6, §7).
ICON_WORDS: dict[str, str] = {
    "melee": "a melee attack (or parry a melee hit)",
    "heavy_melee": "a heavy melee attack",
    "ranged": "a ranged attack",
    "heavy_ranged": "a heavy ranged attack (within 2 spaces)",
    "area": "an area attack on its space or an adjacent one",
    "shield": "a shield: cancels a melee, heavy melee or ranged hit",
    "cover": "cover: cancels a ranged, heavy ranged or area hit",
    "climb": "climb one space, up high ground included",
    "rally": "rally: pull your characters from adjacent spaces",
    "move": "move any of your revealed characters one space",
    "interrupt": "interrupt another player's turn",
    "draw": "draw 2 cards",
}
ICON_NAMES: dict[str, str] = {
    "melee": "melee",
    "heavy_melee": "heavy melee",
    "ranged": "ranged",
    "heavy_ranged": "heavy ranged",
    "area": "area",
    "shield": "shield",
    "cover": "cover",
    "climb": "climb",
    "rally": "rally",
    "move": "move",
    "interrupt": "interrupt",
    "draw": "draw",
}


def _portraits(faction: FactionRecord, c: CardRecord) -> list[str]:
    return [faction.characters[n - 1].name for n in c.characters]


def action_card(c: CardRecord) -> CardEntry:
    faction = factions()[c.faction]
    names = _portraits(faction, c)
    icons = " + ".join(ICON_NAMES[i] for i in c.icons)
    if names:
        name = f"{faction.name}: {icons} ({' & '.join(names)})"
        text = (
            f"Linked to {' and '.join(names)}. Play it for one action: "
            + "; or ".join(ICON_WORDS[i] for i in c.icons)
            + ". Any linked card can also move its character one space."
        )
        kind = "Action card"
    else:
        name = f"{faction.name}: wild card"
        text = "No portrait. Play it for one action: " + "; or ".join(
            ICON_WORDS[i] for i in c.icons
        )
        text += "."
        kind = "Wild card"
    return CardEntry(
        id=c.id,
        name=name,
        kind=kind,
        text=text,
        source=c.source,
        keywords=(f"card {c.number}", faction.name, *names, *c.icons),
    )


def faction_entries() -> list[CardEntry]:
    out: list[CardEntry] = []
    for f in factions().values():
        roster = ", ".join(f"{ch.name} ({ch.health} health)" for ch in f.characters)
        out.append(
            CardEntry(
                id=f"faction-{f.id}",
                name=f.name,
                kind="Faction",
                text=f"Five characters: {roster}. Plays a deck of 30 action cards.",
                source=f.source,
                keywords=("faction", f.id),
            )
        )
        for ch in f.characters:
            linked = sum(1 for c in cards().values() if f.character_id(ch.number) in c.links())
            out.append(
                CardEntry(
                    id=f"character-{f.character_id(ch.number)}",
                    name=ch.name,
                    kind=f"Character ({f.name})",
                    text=f"Health {ch.health}: knocked out at {ch.health} damage. "
                    f"Its portrait is on {linked} of the faction's 30 cards.",
                    source=ch.source,
                    keywords=("character", f.name),
                )
            )
    return out


def card_faces() -> list[CardEntry]:
    return [*faction_entries(), *(action_card(c) for c in cards().values())]
