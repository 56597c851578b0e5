"""The Wildlands picture: the public view drawn on its board (DESIGN.md "Pictures").

Each figure on the board is a token in its player's colour with the character's initials
and its damage against health; shards are drawn in their colour with their player's number.
The side panel gives each player a block: name, faction, score and hand size, the initials
of their characters on the board with their names, and a "knocked out" strip of the ones
knocked out (wildlands.md §7); under the blocks a key explains every kind of marker drawn.
The title says whose turn it is and what the game waits for; the footer shows the last
public events. Only public view data is used, so the same picture can go to the channel.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.render_kit import MUTED, SEAT_COLOURS, encode
from engines.wildlands.board import load_board
from engines.wildlands.render_board import Chip, Entry, Token, draw_board

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


def figure_chips(
    figures: list[dict[str, Any]], owner: int, colour: RGB
) -> tuple[tuple[Chip, ...], tuple[Chip, ...]]:
    """A player's characters on the board (in the player's ``colour``), then their
    knocked-out ones, as chips (token and name) for the side panel."""
    mine = [f for f in figures if f.get("owner") == owner]
    on_board = tuple(
        Chip(Token(0, initials(f["name"]), colour), f["name"])
        for f in mine
        if f["space"] is not None
    )
    out = tuple(
        Chip(Token(0, initials(f["name"]), KO_FILL, marker="knocked_out"), f["name"])
        for f in mine
        if f.get("ko")
    )
    return on_board, out


KO_FILL: RGB = (190, 186, 178)


def legend(data: dict[str, Any]) -> list[Entry]:
    """One block per player: number and name, faction, score and hand size, then the
    initials of their characters on the board and the ones knocked out."""
    rows = []
    asked = set(data["pending"].get("who", []))
    for seat in data["seats"]:
        faction = seat["faction_name"]
        if seat["eliminated"]:
            faction += " (eliminated)"
        mark = " ▶ to act" if seat["seat"] in asked else ""
        colour = colour_of(seat["colour"])
        chips, out = figure_chips(data["figures"], seat["seat"], colour)
        cards = "card" if seat["hand_count"] == 1 else "cards"
        rows.append(
            Entry(
                colour,
                f"{seat['seat'] + 1}. {seat['name']}{mark}\n{faction}: {seat['score']} of "
                f"{data['target_score']} points, {seat['hand_count']} {cards} in hand",
                chips,
                out,
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
    return encode(img)
