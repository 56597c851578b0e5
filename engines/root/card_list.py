"""Every card of Root's shared deck in plain words, for ``/card`` (root.md §3, §11).

Built from ``engines.root.content`` with the wording of ``engines.root.hand``. A name printed
in more than one suit (Ambush!, Dominance, Root Tea...) carries its suit, so each distinct
card has its own name; identical copies are merged by ``engines.core.rules_book``.
"""

from __future__ import annotations

from collections import Counter

from engines.core.rules_book import CardEntry
from engines.root.content import CardRecord, card, card_records, deck_ids
from engines.root.hand import KIND_WORDS, _cost, card_words


def _entry(cid: str, rec: CardRecord, shared_names: set[str]) -> CardEntry:
    name = f"{rec.name} ({rec.suit})" if rec.name in shared_names else rec.name
    return CardEntry(
        id=cid,
        name=name,
        kind=f"{rec.suit.capitalize()} card · {KIND_WORDS[rec.type]}",
        text=f"{_cost(rec).capitalize()}. {card_words(rec)}",
        source=rec.source,
        keywords=(rec.suit, rec.type, *((rec.item,) if rec.item else ())),
    )


def card_faces() -> list[CardEntry]:
    names = Counter(r.name for r in card_records().values())
    shared = {n for n, k in names.items() if k > 1}
    return [_entry(cid, card(cid), shared) for cid in deck_ids()]
