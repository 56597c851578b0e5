"""Every Ancient Terrible Things card in plain words, for ``/card`` (reference §1, §14).

Built from the content catalogue (``engines.att.content``): Encounters, Feats, Swag,
Locations, characters, Achievements, Scenario faces and Terrible Thing tokens. One entry per
record; ``engines.core.rules_book`` merges identical copies and drops copy numbers.
"""

from __future__ import annotations

from engines.att.content import TYPE_TOKEN, Combo, Encounter, catalog
from engines.core.rules_book import CardEntry
from engines.core.words import joined


def combo_words(combo: Combo) -> str:
    """A combination in plain words (reference §8)."""
    n, low = combo.count, combo.min
    at_least = f" showing {low} or more" if low > 1 else ""
    match combo.kind:
        case "high":
            return f"one die showing {low} or more"
        case "pair":
            return f"two dice of the same value{at_least}"
        case "block":
            return f"{n} or more dice of the same value{at_least}"
        case "run":
            start = f", starting at {low} or more" if low > 1 else ""
            return f"{n} or more dice in a row of consecutive values{start}"
        case _:
            return f"{n} dice each showing {low} or more"


def _secrets(n: int) -> str:
    return f"{n} Secret{'s' if n != 1 else ''}"


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _penalty(n: int) -> str:
    return "no points" if n == 0 else f"{n} point{'s' if n > 1 else ''}"


def _encounter(e: Encounter) -> CardEntry:
    types = joined([t.capitalize() for t in e.types])
    tokens = joined([f"1 {TYPE_TOKEN[t].capitalize()}" for t in e.types])
    text = (
        f"{types}. Overcome it with {combo_words(e.combo)}. Worth {_secrets(e.secrets)}. "
        f"Puts {tokens} on its Location when dealt."
    )
    return CardEntry(
        id=e.id,
        name=e.name,
        kind=f"Encounter ({e.back} back{', promo card' if e.promo else ''})",
        text=text,
        source=e.source,
        keywords=("encounter", e.back, *e.types),
    )


def card_faces() -> list[CardEntry]:
    cat = catalog()
    out: list[CardEntry] = [_encounter(e) for e in cat.encounters.values()]
    out += [
        CardEntry(
            id=f.id,
            name=f.name,
            kind="Feat card",
            text=f"Costs {f.cost} Feat token{'s' if f.cost != 1 else ''}. {f.text}. "
            "Played in the Encounter phase, then discarded.",
            source=f.source,
            keywords=("feat",),
        )
        for f in cat.feats.values()
    ]
    out += [
        CardEntry(
            id=s.id,
            name=s.name,
            kind="Swag card",
            text=f"Costs {s.cost} Treasure. {s.text}.",
            source=s.source,
            keywords=("swag",),
        )
        for s in cat.swag.values()
    ]
    out += [
        CardEntry(
            id=f"location-{loc.id}",
            name=loc.name,
            kind="Location",
            text=f"{loc.text}, once, after exploring here.",
            source=loc.source,
            keywords=("location",),
        )
        for loc in cat.locations.values()
    ]
    for c in cat.characters.values():
        extras = [f"{n} {t.capitalize()}" for t, n in c.extra_tokens.items()]
        if c.extra_feat_cards:
            extras.append(f"{c.extra_feat_cards} Feat card{'s' if c.extra_feat_cards > 1 else ''}")
        text = "Starts with the usual tokens and cards plus " + joined(extras) + "."
        if c.takes_map:
            text += " Takes the Map at setup."
        out.append(
            CardEntry(
                id=f"character-{c.id}",
                name=_upper_first(c.name),
                kind="Character",
                text=text,
                source=c.source,
                keywords=("character",),
            )
        )
    for a in cat.achievements.values():
        kind = a.type.capitalize()
        out.append(
            CardEntry(
                id=a.id,
                name=a.name,
                kind="Achievement",
                text=f"Claim it while unheld with {a.claim_at} or more {kind} Encounters "
                f"(Swag that counts as {kind} included); steal it by having more than its "
                f"holder. Worth {_secrets(a.secrets)} at the end.",
                source=a.source,
                keywords=("achievement", a.type),
            )
        )
    for face in cat.scenarios.values():
        rows = "\n".join(
            f"{_upper_first(combo_words(r.combo))}: 1 {r.reward.capitalize()} per die."
            for r in face.rows
        )
        out.append(
            CardEntry(
                id=f"scenario-{face.face}",
                name=f"Scenario face {face.face}",
                kind="Scenario card",
                text=f"Spend dice on a row to gain its tokens.\n{rows}",
                source=face.source,
                keywords=("scenario", "rows"),
            )
        )
    for tt in cat.terrible_things:
        out.append(
            CardEntry(
                id=f"tt-penalty-{tt.penalty}",
                name=f"Terrible Thing token worth {-tt.penalty}",
                kind="Terrible Thing token",
                text=f"Taken when you fail an Encounter. Costs {_penalty(tt.penalty)} at the "
                "end, and every token counts against you in tie-breaks.",
                source=tt.source,
                keywords=("terrible thing", "penalty"),
            )
        )
    return out
