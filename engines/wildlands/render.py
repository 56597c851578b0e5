"""The Wildlands picture: the public view drawn on its board (DESIGN.md "Pictures").

Each figure on the board is a token in its player's colour with the character's initials
and its damage against health; shards are drawn in their colour. The legend names each
player's faction, score and hand size; the title says whose turn it is and what the game
waits for; the footer shows the last public events. Only public view data is used, so the
same picture can go to the channel.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.render_kit import MUTED, SEAT_COLOURS, to_png
from engines.wildlands.board import load_board
from engines.wildlands.render_board import Token, draw_board

RGB = tuple[int, int, int]


def initials(name: str) -> str:
    """'Elder Pyromancer' -> 'EP', 'Lunk' -> 'Lu': short enough for a token."""
    words = name.replace("-", " ").split()
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2]


def colour_of(index: int | None) -> RGB:
    return MUTED if index is None else SEAT_COLOURS[index % len(SEAT_COLOURS)]


def tokens(data: dict[str, Any]) -> list[Token]:
    out = [
        Token(
            space=f["space"],
            label=initials(f["name"]),
            colour=colour_of(f["colour"]),
            damage=f["damage"],
            health=f["health"],
            shape="figure",
        )
        for f in data["figures"]
        if f["space"] is not None
    ]
    # Shards carry their owner's seat number, as the legend does: colour is never the only cue.
    number = {seat["colour"]: str(seat["seat"] + 1) for seat in data["seats"]}
    out += [
        Token(
            space=sh["space"],
            label=number.get(sh["colour"], ""),
            colour=colour_of(sh["colour"]),
            shape="shard",
        )
        for sh in data["shards"]
    ]
    return out


def legend(data: dict[str, Any]) -> list[tuple[RGB, str]]:
    """One row per player: name, faction, marks, score and hand size."""
    rows = []
    for seat in data["seats"]:
        faction = seat["faction"].replace("_", " ").title()
        if seat["eliminated"]:
            faction += ", out"
        # Two lines in the panel: who, then the numbers a player scans for.
        mark = " ▶" if seat["seat"] == data["active"] and data["phase"] == "turn" else ""
        rows.append(
            (
                colour_of(seat["colour"]),
                f"{seat['seat'] + 1}. {seat['name']}{mark} ({faction})\n{seat['score']}/"
                f"{data['target_score']} pts, {seat['hand_count']} cards",
            )
        )
    return rows


def highlight(data: dict[str, Any]) -> list[int]:
    """The space the pending decision is about: a defended hit or a slippery push."""
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
