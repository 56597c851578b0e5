"""Every card of War for the Crystals for ``/card`` (wildlands.md §12, §14.2): The Wrath of
the Ancients' list (base factions and the Ancients) plus the sixth faction that six players
need.
"""

from __future__ import annotations

from engines.core.rules_book import CardEntry
from engines.wildlands.wrath import card_list as wrath
from engines.wildlands.wrath.options import WAYFARERS


def card_faces() -> list[CardEntry]:
    return [*wrath.card_faces(), *wrath.faction_faces(WAYFARERS)]
