"""The Awoken picture: the public view drawn on its board (DESIGN.md "Pictures").

Characters are discs in their player's colour with initials, damage against health, a
crystal count and a ring when ensnared; minions are rounded squares and Ancients hexagons in
their scenario's colour; face-down objects are "?" diamonds and revealed crystals shards.
The legend names each player, each event track with its marker and next step, each
Ancient's damage against health and the crystals collected; the footer shows the last
public events. Only public view data is used.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.render_kit import MUTED, PALETTE, to_png
from engines.wildlands.board import load_board
from engines.wildlands.render import colour_of, initials
from engines.wildlands.render_board import Token, draw_board

RGB = tuple[int, int, int]
# Scenario colours, away from the two seat colours (blue, orange).
SCENARIO_COLOURS: dict[int, RGB] = {
    1: PALETTE["purple"],
    2: (150, 150, 150),
    3: (110, 80, 160),
    4: PALETTE["green"],
    5: PALETTE["vermillion"],
}
OBJECT_LABELS = {
    "crystal": "",
    "explosive": "X",
    "pit": "P",
    "stasis": "S",
    "treasure": "T",
    "blank": "",
}
CRYSTAL: RGB = (120, 220, 230)
STASIS_RING: RGB = PALETTE["yellow"]
TYPE_LABELS = {
    "tempest": "Te",
    "wildfyre": "Wf",
    "gnomes": "Gn",
    "gizmos": "Gz",
    "shades": "Sh",
    "aberrations": "Ab",
    "dragonlings": "Dr",
    "spitters": "Sp",
    "goblins": "Go",
    "crazed": "Cz",
}


def _scenario_colour(data: dict[str, Any], minion_type: str) -> RGB:
    for t in data["tracks"]:
        if minion_type in t.get("minion_types", ()):
            return SCENARIO_COLOURS[t["scenario"]]
    return MUTED


def tokens(data: dict[str, Any]) -> list[Token]:
    out = []
    for f in data["characters"]:
        if f["space"] is None:
            continue
        label = initials(f["name"]) + (f"+{f['crystals']}" if f["crystals"] else "")
        out.append(
            Token(
                space=f["space"],
                label=label,
                colour=colour_of(f["owner"]),
                damage=f["damage"],
                health=f["health"],
                ring=STASIS_RING if f["ensnared"] else None,
            )
        )
    for f in data["minions"]:
        out.append(
            Token(
                space=f["space"],
                label=TYPE_LABELS.get(f["type"], f["name"][:2]),
                colour=_scenario_colour(data, f["type"]),
                damage=f["damage"],
                health=f["health"],
                shape="minion",
            )
        )
    for f in data["ancients"]:
        if f["space"] is not None:
            out.append(
                Token(
                    space=f["space"],
                    label=f["name"][:2],
                    colour=SCENARIO_COLOURS[f["scenario"]],
                    damage=f["damage"],
                    health=f["health"] if f["knockable"] else None,
                    shape="ancient",
                )
            )
    for o in data["objects"]:
        if o["kind"] == "crystal":
            out.append(Token(space=o["space"], label="", colour=CRYSTAL, shape="shard"))
        elif o["face_up"]:
            out.append(
                Token(
                    space=o["space"],
                    label=OBJECT_LABELS[o["kind"]],
                    colour=STASIS_RING,
                    shape="object",
                )
            )
        else:
            out.append(Token(space=o["space"], label="?", colour=(210, 200, 180), shape="object"))
    return out


def legend(data: dict[str, Any]) -> list[tuple[RGB, str]]:
    rows: list[tuple[RGB, str]] = []
    for seat in data["seats"]:
        mark = " (done)" if seat["seat"] in data["done"] else ""
        rows.append(
            (
                colour_of(seat["colour"]),
                f"{seat['name']}: {seat['faction_name']}, {seat['hand_count']} cards{mark}",
            )
        )
    ancients = {a["scenario"]: a for a in data["ancients"]}
    for t in data["tracks"]:
        a = ancients[t["scenario"]]
        steps = t["steps"]
        nxt = _step_label(steps[t["position"]], t) if t["position"] < len(steps) else "the end"
        hp = f"{a['damage']}/{a['health']}" if a["knockable"] else f"{a['damage']} dmg"
        if a["ko"]:
            hp = "out"
        elif a["space"] is None:
            hp = "asleep"
        rows.append(
            (
                SCENARIO_COLOURS[t["scenario"]],
                f"{t['ancient']} {hp}; track {t['position']}/{len(steps)}, next {nxt}",
            )
        )
    rows.append((CRYSTAL, f"Crystals: {data['crystals_collected']}/{data['crystals_to_win']}"))
    return rows


def _step_label(step: str, track: dict[str, Any]) -> str:
    """A track step in words: 'S:tempest' -> 'Tempest'."""
    if step.startswith("S:"):
        return step[2:].title()
    return {"A": "card", "K": track["keyword"], "P": "awaken", "-": "nothing"}.get(step, step)


def highlight(data: dict[str, Any]) -> list[int]:
    space = data["pending"].get("space")
    return [space] if isinstance(space, int) else []


def render(view: View) -> bytes:
    data = dict(view.data)
    board = load_board(data["board"])
    footer = [data["summary"] or f"Waiting for {data['waiting_for']}."]
    img = draw_board(
        board,
        tokens(data),
        title=view.title,
        legend=legend(data),
        footer=footer,
        highlight=highlight(data),
    )
    return to_png(img)
