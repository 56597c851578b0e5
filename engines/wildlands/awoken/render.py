"""The Awoken picture: the public view drawn on its board (DESIGN.md "Pictures").

Characters are discs in their player's colour with initials, damage against health, a
crystal count and a ring when ensnared; minions are rounded squares and Ancients hexagons in
their scenario's colour; face-down objects are "?" diamonds and revealed crystals shards
(wildlands.md §10). The side panel says whose decision the game awaits (in the players'
interrupting turn too), then gives each player a block with their characters' initials and
the knocked-out ones, each Ancient a block with its damage, event track and minion types,
and the crystals collected; a key under them explains every kind of marker drawn. The footer
shows the last public events. Only public view data is used.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.render_kit import MUTED, PALETTE, encode
from engines.wildlands.board import load_board
from engines.wildlands.render import colour_of, figure_chips, initials
from engines.wildlands.render_board import Chip, Entry, Token, draw_board

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
HIDDEN_OBJECT: RGB = (210, 200, 180)
# The token fills this game adds to the board's palette.
COLOURS: tuple[RGB, ...] = (*SCENARIO_COLOURS.values(), CRYSTAL, STASIS_RING, HIDDEN_OBJECT)
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
            out.append(
                Token(space=o["space"], label="", colour=CRYSTAL, shape="shard", marker="crystal")
            )
        elif o["face_up"]:
            out.append(
                Token(
                    space=o["space"],
                    label=OBJECT_LABELS[o["kind"]],
                    colour=STASIS_RING,
                    shape="object",
                    marker=f"object:{o['kind']}",
                )
            )
        else:
            out.append(Token(space=o["space"], label="?", colour=HIDDEN_OBJECT, shape="object"))
    return out


# What each marker of this game means, for the key (the board's own come from BASE_KEY).
KEY: dict[str, str] = {
    "figure": "character (+N: crystals carried)",
    "ring": "ensnared by a stasis trap",
    "minion": "minion, by its type",
    "ancient": "Ancient, in its track's colour",
    "object": "face-down object",
    "object:explosive": "revealed explosive",
    "object:pit": "revealed pit",
    "object:stasis": "revealed stasis trap",
    "object:treasure": "revealed treasure",
    "object:blank": "revealed blank object",
    "crystal": "crystal to collect",
    "damage": "damage / health (or damage)",
}


def legend(data: dict[str, Any]) -> list[Entry]:
    """Whose decision the game awaits, a block per player, a block per Ancient with its
    event track and minion types, and the crystals collected."""
    asked = set(data["pending"].get("who", []))
    interrupter = data.get("interrupter")
    rows = [Entry(None, f"Waiting for {data['waiting_for']}.")]
    for seat in data["seats"]:
        marks = []
        if seat["seat"] == interrupter:
            marks.append("interrupting")
        if seat["seat"] in asked:
            marks.append("to act")
        if seat["seat"] in data["done"] and not data["ancients_turn"]:
            marks.append("done this turn")
        mark = f" ▶ {', '.join(marks)}" if marks else ""
        chips, out = figure_chips(data["characters"], seat["seat"], colour_of(seat["seat"]))
        cards = "card" if seat["hand_count"] == 1 else "cards"
        rows.append(
            Entry(
                colour_of(seat["colour"]),
                f"{seat['name']}{mark}\n{seat['faction_name']}: {seat['hand_count']} {cards} "
                f"in hand",
                chips,
                out,
            )
        )
    ancients = {a["scenario"]: a for a in data["ancients"]}
    for t in data["tracks"]:
        a = ancients[t["scenario"]]
        steps = t["steps"]
        nxt = _step_label(steps[t["position"]], t) if t["position"] < len(steps) else "the end"
        hp = f"{a['damage']} of {a['health']} damage" if a["knockable"] else f"{a['damage']} damage"
        if a["ko"]:
            hp = "knocked out"
        elif a["space"] is None:
            hp = "asleep"
        colour = SCENARIO_COLOURS[t["scenario"]]
        ancient = Chip(Token(0, a["name"][:2], colour, shape="ancient"), a["name"])
        types = tuple(
            Chip(Token(0, TYPE_LABELS.get(m, m[:2].title()), colour, shape="minion"), m.title())
            for m in t["minion_types"]
        )
        rows.append(
            Entry(
                colour,
                f"{t['ancient']}: {hp}\nEvent track step {t['position']} of {len(steps)}, "
                f"next: {nxt}",
                (ancient, *types),
            )
        )
    crystals = f"Crystals collected: {data['crystals_collected']} of {data['crystals_to_win']}"
    rows.append(Entry(CRYSTAL, crystals))
    return rows


def _step_label(step: str, track: dict[str, Any]) -> str:
    """A track step in words: 'S:tempest' -> 'Tempest'."""
    if step.startswith("S:"):
        return step[2:].title()
    words = {"A": "an Ancient card", "K": track["keyword"], "P": "awaken", "-": "nothing"}
    return words.get(step, step)


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
        colours=COLOURS,
        key=KEY,
    )
    return encode(img)
