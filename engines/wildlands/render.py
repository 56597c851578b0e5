"""The Wildlands picture: the public view drawn on its board (DESIGN.md "Pictures").

Each figure on the board is a piece in its player's colour with a label of its own (the
character's initials, told apart within the picture) and its damage against health;
shards are drawn in their colour with their player's number. The panel under the board
gives each player a block: name and score in type that reads inline (issue 35), faction
and hand size, the labels of their characters on the board with their names, and a
"knocked out" strip of the ones knocked out (wildlands.md §7); along its foot a key
explains every kind of marker drawn. The title says whose turn it is and what the game
waits for; the footer shows the last public events. Only public view data is used, so the
same picture can go to the channel.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.core.protocol import View
from engines.core.render_kit import MUTED, SEAT_COLOURS, encode
from engines.core.words import count
from engines.wildlands.board import load_board
from engines.wildlands.render_board import Chip, Entry, Token, draw_board

RGB = tuple[int, int, int]


def initials(name: str) -> str:
    """'Elder Pyromancer' -> 'EP', 'Lunk' -> 'Lu': short enough for a token."""
    words = name.replace("-", " ").split()
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return name[:2]


def labels(names: Iterable[tuple[str, str]]) -> dict[str, str]:
    """A label for each (id, name), told apart from the others: 'Wayfarer Pathfinder' and
    'Wayfarer Packbearer' would both be 'WP', so names that clash take the first letter of
    their last word and the next letter that tells them apart ('Pt', 'Pc')."""
    named = dict(names)
    out = {fid: initials(name) for fid, name in sorted(named.items())}
    last = {fid: name.replace("-", " ").split()[-1] for fid, name in named.items()}
    for label in sorted(set(out.values())):
        group = [fid for fid, other in out.items() if other == label]
        if len(group) < 2:
            continue
        taken = set(out.values()) - {label}
        for k in range(1, max(len(last[fid]) for fid in group)):
            tried = {fid: last[fid][0].upper() + last[fid][k : k + 1] for fid in group}
            if len(set(tried.values())) == len(group) and not taken & set(tried.values()):
                out.update(tried)
                break
    return out


def colour_of(index: int | None) -> RGB:
    return MUTED if index is None else SEAT_COLOURS[index % len(SEAT_COLOURS)]


def figure_labels(figures: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Each figure's label on the board and in the panel, told apart within the picture."""
    return labels((f["id"], f["name"]) for f in figures)


def tokens(data: dict[str, Any]) -> list[Token]:
    names = figure_labels(data["figures"])
    out = [
        Token(
            space=f["space"],
            label=names[f["id"]],
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
    figures: list[dict[str, Any]],
    owner: int,
    colour: RGB,
    names: dict[str, str],
    ancients: Iterable[str] = (),
) -> tuple[tuple[Chip, ...], tuple[Chip, ...], tuple[Chip, ...]]:
    """A player's characters on the board (in the player's ``colour``, by their labels in
    ``names``; the ``ancients`` in the Ancient shape), the ones not yet revealed, and the
    knocked-out ones, as chips (token and name) for the panel."""
    shaped = set(ancients)
    mine = [f for f in figures if f.get("owner") == owner]

    def chips(which: list[dict[str, Any]], fill: RGB, marker: str = "") -> tuple[Chip, ...]:
        # The ones still to reveal by their labels alone: their names come with them.
        named = marker != "unrevealed"
        return tuple(
            Chip(
                Token(
                    0,
                    names[f["id"]],
                    fill,
                    shape="ancient" if f["id"] in shaped else "figure",
                    marker=marker,
                ),
                f["name"] if named else "",
            )
            for f in which
        )

    on_board = [f for f in mine if f["space"] is not None]
    hidden = [f for f in mine if f["space"] is None and not f.get("ko")]
    out = [f for f in mine if f.get("ko")]
    return (
        chips(on_board, colour),
        chips(hidden, HIDDEN_FILL, "unrevealed"),
        chips(out, KO_FILL, "knocked_out"),
    )


KO_FILL: RGB = (190, 186, 178)
HIDDEN_FILL: RGB = (255, 255, 255)


def legend(data: dict[str, Any]) -> list[Entry]:
    """One block per player: number and name with the score (read inline), faction and
    hand size, then the labels of their characters on the board and the ones knocked out."""
    rows = []
    asked = set(data["pending"].get("who", []))
    names = figure_labels(data["figures"])
    for seat in data["seats"]:
        faction = seat["faction_name"]
        if seat["eliminated"]:
            faction += " (eliminated)"
        mark = "▶ to act · " if seat["seat"] in asked else ""
        if seat["seat"] in data["winners"]:
            mark = "Winner · "
        colour = colour_of(seat["colour"])
        chips, hidden, out = figure_chips(data["figures"], seat["seat"], colour, names)
        rows.append(
            Entry(
                colour,
                f"{seat['seat'] + 1}. {seat['name']}\n{mark}{faction}, "
                f"{count(seat['hand_count'], 'card')} in hand",
                chips,
                out,
                score=f"{seat['score']} of {count(data['target_score'], 'point')}",
                hidden=hidden,
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
