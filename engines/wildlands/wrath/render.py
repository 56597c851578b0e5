"""The Wrath and War pictures (wildlands.md §11, §12): the base board picture with the
Ancients drawn as Ancients, their carried shards, and teams.

Composes onto ``engines.wildlands.render``: Ancients use the Ancient shape with short
distinct labels, and an Ancient carrying shards counts them ("Ty+2") and wears a ring in the
first shard's colour (carried shards power its special action, so they change its fights
where it stands); the
panel lists, after the players, each carrier and how many shards it holds. In War every
figure carries its team's number in a white tag and so do the team's shards, so a team never
rests on colour alone (issue 29); the panel starts with one block per team (shard colour,
score out of the target, its members by name) and each player's block names the team.
Names and scores are set in type that reads inline (issue 35).
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.render_kit import encode
from engines.core.words import count, joined
from engines.wildlands.board import load_board
from engines.wildlands.render import colour_of, figure_chips, figure_labels, highlight
from engines.wildlands.render_board import Chip, Entry, Token, draw_board

# Distinct two-letter labels: "Au" would also be the Gnomads' Automate.
ANCIENT_LABELS = {
    "ancients.1": "Mg",
    "ancients.2": "At",
    "ancients.3": "Ph",
    "ancients.4": "Lz",
    "ancients.5": "Ty",
}


def _team_of_seat(data: dict[str, Any]) -> dict[int, int]:
    return {seat: t["team"] for t in data.get("teams") or [] for seat in t["seats"]}


def _labels(data: dict[str, Any]) -> dict[str, str]:
    names = figure_labels(f for f in data["figures"] if f["id"] not in ANCIENT_LABELS)
    return {**names, **{fid: label for fid, label in ANCIENT_LABELS.items()}}


def mode_tokens(data: dict[str, Any]) -> list[Token]:
    carried: dict[str, list[int]] = data.get("carried", {})
    team_of_colour = {
        t["colour"]: t["team"] for t in data.get("teams") or [] if t["colour"] is not None
    }
    team_of = _team_of_seat(data)
    number = {seat["colour"]: str(seat["seat"] + 1) for seat in data["seats"]}
    names = _labels(data)
    out: list[Token] = []
    for f in data["figures"]:
        if f["space"] is None:
            continue
        shards = carried.get(f["id"], [])
        team = team_of.get(f["owner"]) if f["owner"] is not None else None
        out.append(
            Token(
                space=f["space"],
                # "+N": the shards it carries, as the Awoken's "+N" counts crystals.
                label=names[f["id"]] + (f"+{len(shards)}" if shards else ""),
                colour=colour_of(f["colour"]),
                damage=f["damage"],
                health=f["health"],
                shape="ancient" if f["id"] in ANCIENT_LABELS else "figure",
                ring=colour_of(shards[0]) if shards else None,
                tag="" if team is None else str(team),
            )
        )
    for sh in data["shards"]:
        team = team_of_colour.get(sh["colour"])
        label = str(team) if team_of_colour and team else number.get(sh["colour"], "")
        out.append(
            Token(space=sh["space"], label=label, colour=colour_of(sh["colour"]), shape="shard")
        )
    return out


def _to_play(data: dict[str, Any], seat: int, team: int | None) -> bool:
    if data["phase"] != "turn":
        return False
    if team is not None:
        return team == data["active_team"] + 1 and seat not in data.get("done", [])
    return seat == data["active"]


def mode_legend(data: dict[str, Any]) -> list[Entry]:
    """Teams (War), then one block per player, then the carried shards: names and scores
    large, faction, team and hand size in small print, and the player's characters."""
    rows: list[Entry] = []
    teams = data.get("teams") or []
    team_of = _team_of_seat(data)
    seat_names = {seat["seat"]: seat["name"] for seat in data["seats"]}
    for t in teams:
        mark = " ▶" if t["active"] else ""
        if t["seats"] and set(t["seats"]) <= set(data["winners"]):
            mark = " wins"
        members = joined([f"{seat_names[x]} ({x + 1})" for x in t["seats"]])
        rows.append(
            Entry(
                colour_of(t["colour"]),
                f"Team {t['team']}{mark}\n{members}",
                score=f"{t['score']} of {count(data['target_score'], 'point')}",
            )
        )
    names = _labels(data)
    asked = set(data["pending"].get("who", []))
    for seat in data["seats"]:
        x = seat["seat"]
        team = team_of.get(x)
        marks = "▶ to play · " if _to_play(data, x, team) else ""
        if x in asked and not marks:
            marks = "▶ to act · "
        if x in data["winners"]:
            marks = "Winner · "
        faction = seat["faction_name"] + (" (eliminated)" if seat["eliminated"] else "")
        side = f"Team {team}, " if team is not None else ""
        text = f"{x + 1}. {seat['name']}\n{marks}{side}{faction}, "
        text += f"{count(seat['hand_count'], 'card')} in hand"
        colour = colour_of(seat["colour"])
        chips, hidden, out = figure_chips(data["figures"], x, colour, names, ANCIENT_LABELS)
        # In War the team blocks hold the points.
        score = "" if teams else f"{seat['score']} of {count(data['target_score'], 'point')}"
        rows.append(Entry(colour, text, chips, out, score=score, hidden=hidden))
    carried = sorted(data.get("carried", {}).items())
    if carried:
        figures = {f["id"]: f for f in data["figures"]}
        chips = tuple(
            Chip(
                Token(0, ANCIENT_LABELS[fid], colour_of(figures[fid]["colour"]), shape="ancient"),
                f"{figures[fid]['name']} {len(shards)}",
            )
            for fid, shards in carried
        )
        rows.append(Entry(colour_of(carried[0][1][0]), "Shards carried", chips))
    return rows


def mode_key(data: dict[str, Any]) -> dict[str, str]:
    """The key rows for the markers the modes add to the base board: the Ancients, the
    carried-shard ring, and in War the team tags and shards labelled by team."""
    teams = bool(data.get("teams"))
    return {
        "ancient": "Ancient (Mg Magus, At Automaton, Ph Phantasm, Lz Lizardman, Ty Tyrant); "
        "knocking one out scores 2",
        "shard": "shard, by its team's number" if teams else "shard, by its player's number",
        "ring": "+N: carries N shards, ringed in the first one's colour; can spend them",
        "team": "team number (Team 1, Team 2)",
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
    colours |= {e.colour for e in legend if e.colour is not None}
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
