"""The Wrath and War pictures (wildlands.md §11, §12): the base board picture with the
Ancients drawn as Ancients, their carried shards, and teams.

Composes onto ``engines.wildlands.render``: Ancients use the Ancient token shape with short
distinct labels, and an Ancient carrying shards wears a ring in the first shard's colour;
the legend lists, after the players, each carrier and how many shards it holds. In War the
legend starts with one row per team (shard colour, score out of the target, members) and
each player's row names the team; shards on the board carry "T1"/"T2", so colour is never
the only cue. Names are kept short on the first line so they are not cut.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.render_kit import encode
from engines.wildlands.board import load_board
from engines.wildlands.render import RGB, colour_of, highlight, initials
from engines.wildlands.render_board import Token, draw_board

# Distinct two-letter labels: "Au" would also be the Gnomads' Automate.
ANCIENT_LABELS = {
    "ancients.1": "Mg",
    "ancients.2": "At",
    "ancients.3": "Ph",
    "ancients.4": "Lz",
    "ancients.5": "Ty",
}
KEY_GREY = (214, 210, 200)
SHORT_FACTIONS = {
    "mages": "Mages",
    "gnomads": "Gnomads",
    "lawbringers": "Lawbringers",
    "pit_fighters": "Pit Fighters",
    "ancients": "Ancients",
    "wayfarers": "Wayfarers",
}


def mode_tokens(data: dict[str, Any]) -> list[Token]:
    carried: dict[str, list[int]] = data.get("carried", {})
    team_of_colour = {
        t["colour"]: t["team"] for t in data.get("teams") or [] if t["colour"] is not None
    }
    number = {seat["colour"]: str(seat["seat"] + 1) for seat in data["seats"]}
    out: list[Token] = []
    for f in data["figures"]:
        if f["space"] is None:
            continue
        shards = carried.get(f["id"], [])
        out.append(
            Token(
                space=f["space"],
                label=ANCIENT_LABELS.get(f["id"]) or initials(f["name"]),
                colour=colour_of(f["colour"]),
                damage=f["damage"],
                health=f["health"],
                shape="ancient" if f["id"] in ANCIENT_LABELS else "figure",
                ring=colour_of(shards[0]) if shards else None,
            )
        )
    for sh in data["shards"]:
        team = team_of_colour.get(sh["colour"])
        label = f"T{team}" if team_of_colour else number.get(sh["colour"], "")
        out.append(
            Token(
                space=sh["space"], label=label or "", colour=colour_of(sh["colour"]), shape="shard"
            )
        )
    return out


def mode_legend(data: dict[str, Any]) -> list[tuple[RGB, str]]:
    """Teams (War), then one row per player, then the carried shards and a key: the panel
    is narrow, so the second line packs faction, hand size and points or team."""
    rows: list[tuple[RGB, str]] = []
    teams = data.get("teams") or []
    team_of = {seat: t["team"] for t in teams for seat in t["seats"]}
    for t in teams:
        mark = " ▶" if t["active"] else ""
        members = ", ".join(str(x + 1) for x in t["seats"])
        rows.append(
            (
                colour_of(t["colour"]),
                f"Team {t['team']}{mark} {t['score']}/{data['target_score']} pts\n"
                f"players {members}",
            )
        )
    for seat in data["seats"]:
        faction = SHORT_FACTIONS.get(seat["faction"], seat["faction"])
        x = seat["seat"]
        playing = (
            team_of.get(x) == data["active_team"] + 1 and x not in data.get("done", [])
            if teams
            else x == data["active"]
        )
        mark = " ▶" if data["phase"] == "turn" and playing else ""
        # In War the team rows list their players and hold the points.
        tail = "" if teams else f" {seat['score']}/{data['target_score']}"
        if seat["eliminated"]:
            tail += " out"
        rows.append(
            (
                colour_of(seat["colour"]),
                f"{x + 1}. {seat['name']}{mark} ({seat['hand_count']})\n{faction}{tail}",
            )
        )
    carried = sorted(data.get("carried", {}).items())
    if carried:
        held = " · ".join(f"{ANCIENT_LABELS[fid]} {len(shards)}" for fid, shards in carried)
        rows.append((colour_of(carried[0][1][0]), f"Shards carried\n{held}"))
    tail = "" if teams else "\n3/5: points / target"
    rows.append((KEY_GREY, f"(5) cards in hand{tail}"))
    return rows


def mode_key(data: dict[str, Any]) -> dict[str, str]:
    """The key rows for the markers the modes add to the base board: the Ancients, the
    carried-shard ring, and in War shards labelled by team rather than player."""
    shard = "shard, by its team (T1, T2)" if data.get("teams") else "shard, by its player's number"
    return {
        "ancient": "Ancient, by two letters (Mg Magus, At Automaton, Ph Phantasm, "
        "Lz Lizardman, Ty Tyrant)",
        "shard": shard,
        "ring": "carrying shards: ring in the first shard's colour",
    }


def render(view: View) -> bytes:
    data = dict(view.data)
    board = load_board(data["board"])
    footer = [data["summary"] or f"Waiting for {data['waiting_for']}."]
    tokens = mode_tokens(data)
    legend = mode_legend(data)
    # The base board draws into a fixed palette; the modes' team and Ancient colours are
    # added to it so they stay exact.
    colours = {t.colour for t in tokens} | {t.ring for t in tokens if t.ring is not None}
    colours |= {rgb for rgb, _ in legend}
    img = draw_board(
        board,
        tokens,
        title=view.title,
        legend=legend,
        footer=footer,
        highlight=highlight(data),
        colours=tuple(sorted(colours)),
        key=mode_key(data),
    )
    return encode(img)
