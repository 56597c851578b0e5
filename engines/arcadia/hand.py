"""An Arcadia seat's private picture (arcadia.md §0 hidden information, §7 waylays).

The selected, unplayed waylays are the seat's secret: each is drawn with its kind, rating,
the terrain it can be played on and the test that beats it. Below, the character's merits
and flaws (public, but what the player plays from) and, before the reveal, its league picks.
"""

from __future__ import annotations

from typing import Any

from engines.arcadia.content import Waylay, content
from engines.arcadia.wording import terrain_list
from engines.core.hand_sheet import HandCard, HandSheet, Secret
from engines.core.protocol import View
from engines.core.render_kit import PALETTE
from engines.core.words import article

KIND_COLOURS = {
    "creature": PALETTE["vermillion"],
    "object": PALETTE["sky"],
    "circumstance": PALETTE["purple"],
}


def _effect_words(waylay: Waylay) -> list[str]:
    words = []
    for effect in waylay.effects:
        if effect.op == "waylay_bonus" and effect.when.court:
            words.append(f"+{effect.params['amount']} against {effect.when.court} characters.")
    return words


def waylay_words(waylay: Waylay) -> str:
    terrains = (
        "any league"
        if "ANY" in waylay.terrains
        else article(terrain_list(waylay.terrains)) + " league"
    )
    tests = " or ".join(f"{t} {waylay.attributes.get(t, '')}".strip() for t in waylay.tests)
    parts = [
        f"Play it on the character you oppose as it enters {terrains}.",
        f"To pass, it must beat a {tests} test.",
    ]
    if waylay.wins_required > 1:
        parts.append(f"It takes {waylay.wins_required} wins to defeat.")
    if waylay.stackable:
        parts.append("It may join another waylay in the same league.")
    if waylay.no_retreat_after_loss:
        parts.append("A character that loses to it may not retreat.")
    return " ".join([*parts, *_effect_words(waylay)])


def _waylay(entry: dict[str, Any]) -> HandCard:
    waylay = content().waylays[entry["uid"].split(":", 2)[2]]
    return HandCard(
        name=waylay.name,
        kind=f"{waylay.kind.capitalize()} waylay · rating {waylay.rating}",
        text=waylay_words(waylay),
        colour=KIND_COLOURS[waylay.kind],
    )


def _merit_line(row: list[Any]) -> str:
    name, kind, cost, exhausted, discarded, origin = row
    state = " (discarded)" if discarded else " (exhausted)" if exhausted else ""
    return f"{name}: {kind}, cost {cost}{', ' + origin if origin else ''}{state}"


def _flaw_line(row: list[Any]) -> str:
    name, kind, bonus, exhausted = row
    return f"{name}: {kind}, bonus {bonus}" + (" (exhausted)" if exhausted else "")


def hand_sheet(view: View) -> HandSheet:
    data = view.data
    me = next((p for p in data["players"] if p["seat"] == view.viewer), None)
    secrets: list[Secret] = []
    if me is not None:
        if me["merits"]:
            secrets.append(Secret("Your merits", tuple(_merit_line(m) for m in me["merits"])))
        if me["flaws"]:
            secrets.append(Secret("Your flaws", tuple(_flaw_line(f) for f in me["flaws"])))
        picks = me.get("league_pick", [])
        if picks:
            leagues = content().leagues
            names = tuple(leagues[p.split(":", 2)[2]].name for p in picks)
            secrets.append(Secret("Your league picks", names))
    title = f"{me['name']}: your waylays" if me and me["name"] else "Your waylays"
    return HandSheet(
        title=title,
        cards=tuple(_waylay(w) for w in (me.get("hand", []) if me else [])),
        secrets=tuple(secrets),
        hand_word="waylays",
        empty="No waylays selected yet.",
    )
