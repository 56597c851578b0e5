"""The Awoken picture: the public view drawn on its board (DESIGN.md "Pictures").

Characters are pills in their player's colour with their labels, damage against health, a
crystal count, a star for each treasure held and a ring when ensnared; minions are squares
and Ancients pointed shapes in their scenario's colour; face-down objects are "?" counters
and revealed crystals shards (wildlands.md §10). The panel under the board says whose
decision the game awaits (in the players' interrupting turn too), then gives each player a
block with their characters and the knocked-out ones, each character holding treasures a
block naming them (lasting ones change fights where they stand, wildlands.md §14.6), each
Ancient a block with its damage, event track, minion types and the keyword and special rules
that change its fights, and the crystals collected, in type that reads inline (issue 35); a
key along its foot explains every kind of marker drawn. The footer shows the last public
events. Only public view data is used.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.render_kit import MUTED, PALETTE, encode
from engines.core.words import count, joined
from engines.wildlands.awoken.card_list import RULE_NAMES
from engines.wildlands.board import load_board
from engines.wildlands.render import colour_of, figure_chips, figure_labels
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
# The Ancients by scenario, two letters no character has ("Au" is the Gnomads' Automate).
ANCIENT_LABELS = {1: "Mg", 2: "At", 3: "Ph", 4: "Lz", 5: "Ty"}
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
    names = figure_labels(data["characters"])
    held = data.get("treasures", {})
    for f in data["characters"]:
        if f["space"] is None:
            continue
        label = names[f["id"]] + (f"+{f['crystals']}" if f["crystals"] else "")
        out.append(
            Token(
                space=f["space"],
                label=label,
                colour=colour_of(f["owner"]),
                damage=f["damage"],
                health=f["health"],
                ring=STASIS_RING if f["ensnared"] else None,
                star=bool(held.get(f["id"])),
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
                    label=ANCIENT_LABELS[f["scenario"]],
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
    "treasure": "holds treasures (named in the panel)",
    "minion": "minion, by its type",
    "ancient": "Ancient, in its track's colour",
    "object": "face-down object",
    "object:explosive": "revealed explosive",
    "object:pit": "revealed pit",
    "object:stasis": "revealed stasis trap",
    "object:treasure": "revealed treasure",
    "object:blank": "revealed blank object",
    "crystal": "crystal to collect",
    "damage": "damage / health (an Ancient that cannot be knocked out: damage)",
}


def legend(data: dict[str, Any]) -> list[Entry]:
    """Whose decision the game awaits, a block per player, the treasures held, a block per
    Ancient with its event track, minion types and the rules that change its fights, and the
    crystals collected."""
    asked = set(data["pending"].get("who", []))
    interrupter = data.get("interrupter")
    names = figure_labels(data["characters"])
    rows = [Entry(None, f"Waiting for {data['waiting_for']}.")]
    for seat in data["seats"]:
        marks = []
        if seat["seat"] == interrupter:
            marks.append("interrupting")
        if seat["seat"] in asked:
            marks.append("to act")
        if seat["seat"] in data["done"] and not data["ancients_turn"]:
            marks.append("done this turn")
        mark = f"▶ {', '.join(marks)} · " if marks else ""
        colour = colour_of(seat["colour"])
        # Every character starts on the board (wildlands.md §10.1): none waits to be revealed.
        chips, _, out = figure_chips(data["characters"], seat["seat"], colour, names)
        rows.append(
            Entry(
                colour,
                f"{seat['seat'] + 1}. {seat['name']}\n{mark}{seat['faction_name']}, "
                f"{count(seat['hand_count'], 'card')} in hand",
                chips,
                out,
            )
        )
    rows += _treasure_rows(data, names)
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
        label = ANCIENT_LABELS[t["scenario"]]
        ancient = Chip(Token(0, label, colour, shape="ancient"), a["name"])
        types = tuple(
            Chip(Token(0, TYPE_LABELS.get(m, m[:2].title()), colour, shape="minion"), m.title())
            for m in t["minion_types"]
        )
        rules = joined([t["keyword"], *(RULE_NAMES[r] for r in t["special_rules"])])
        rows.append(
            Entry(
                colour,
                f"{t['ancient']}\nTrack step {t['position']} of {len(steps)}, next: {nxt}. "
                f"Rules: {rules}",
                (ancient, *types),
                score=hp,
            )
        )
    crystals = f"{data['crystals_collected']} of {count(data['crystals_to_win'], 'crystal')}"
    rows.append(Entry(CRYSTAL, "Crystals collected", score=crystals))
    return rows


def _treasure_rows(data: dict[str, Any], names: dict[str, str]) -> list[Entry]:
    """A block per character holding treasures, naming them: lasting ones change its
    fights and moves for as long as it holds them."""
    held: dict[str, list[str]] = data.get("treasures", {})
    rows = []
    for f in data["characters"]:
        if held.get(f["id"]):
            chip = Chip(Token(0, names[f["id"]], colour_of(f["owner"]), star=True), f["name"])
            rows.append(Entry(None, f"Treasures: {joined(sorted(held[f['id']]))}", (chip,)))
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
