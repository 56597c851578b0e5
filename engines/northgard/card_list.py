"""Every Northgard clan and card in plain words, for ``/card`` (northgard.md §14.2–14.5).

Built from ``engines.northgard.content`` with the wording of ``engines.northgard.hand``: one
entry per card design with its number of copies, and one per clan with its ability and cards.
"""

from __future__ import annotations

from engines.core.rules_book import CardEntry
from engines.northgard.content import Achievement, Card, Clan, content
from engines.northgard.hand import KIND_WORDS, SCORING_WORDS, card_words


def _card(card: Card) -> CardEntry:
    return CardEntry(
        id=card.id,
        name=card.name,
        kind=KIND_WORDS[card.kind].capitalize() + (" · lightning" if card.lightning else ""),
        text=card_words(card),
        source=card.source,
        count=card.copies,
        keywords=(card.kind.replace("_", " "), *(("lightning",) if card.lightning else ())),
    )


def _clan(clan: Clan) -> CardEntry:
    cards = content().cards
    named = ", ".join(cards[c].name for c in (clan.initial_card, *clan.upgrade_cards))
    return CardEntry(
        id=f"clan-{clan.id.lower()}",
        name=f"{clan.name} clan",
        kind="Clan",
        text=f"{clan.ability_text}. Clan cards: {named} (the last two are upgrades).",
        source=clan.source,
        keywords=("clan", clan.name),
    )


def _achievement(achievement: Achievement) -> CardEntry:
    return CardEntry(
        id=achievement.id,
        name=achievement.name,
        kind="Achievement",
        text=f"Kept face down; scores {SCORING_WORDS[achievement.scoring]} at game end.",
        source=achievement.source,
        keywords=("achievement",),
    )


def card_faces() -> list[CardEntry]:
    return [
        *(_clan(c) for c in content().clans.values()),
        *(_card(c) for c in content().cards.values()),
        *(_achievement(a) for a in content().achievements.values()),
    ]
