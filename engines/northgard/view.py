"""What each seat may see (northgard.md §0 hidden_info): the map, pieces, resources, fame,
the creature line and the year are public; hands, deck order, held achievements and an
uncommitted opponent's food are not."""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.words import count, joined, win
from engines.northgard.board import card_name, gmap, place, shares, units_in
from engines.northgard.content import content
from engines.northgard.names import tile_name
from engines.northgard.scoring import unrest_count
from engines.northgard.state import State

PHASES = {
    "setup": "Setup",
    "start": "Start of Year",
    "actions": "Actions",
    "creatures": "Creature phase",
    "harvest": "Harvest",
    "winter": "Winter",
    "end": "End of Year",
    "over": "Game over",
}


def make_view(s: State, viewer: int | None) -> View:
    c = content()
    m = gmap(s)
    where = {b.card: b.at for b in s.beasts}
    names = {terr: place(s, terr) for terr in m.ordered}
    territories = []
    for terr in m.order():
        t = m.territories[terr]
        territories.append(
            {
                "id": terr,
                "name": names[terr],
                "pieces": t.pieces,
                "closed": t.closed,
                "size": t.size,
                "units": {str(k): v for k, v in units_in(s, terr).items()},
                "buildings": [c.buildings[b].name for b in s.buildings.get(terr, [])],
                "building_ids": list(s.buildings.get(terr, [])),
                "beasts": [card_name(b.card) for b in s.beasts if b.at == terr],
                "features": list(t.features),
                "lairs": t.lairs,
                "icons": {"food": t.food, "wood": t.wood, "lore": t.lore},
                "slots": {"small": t.small, "large": t.large},
                "tokens": [
                    word
                    for word, at in (("Kaija", s.kaija), ("Scorched", s.scorched))
                    if at == terr
                ],
            }
        )
    players = []
    for k, p in enumerate(s.players):
        entry: dict[str, Any] = {
            "seat": k,
            "name": p.name,
            "clan": c.clans[p.clan].name if p.clan else "",
            "ability": c.clans[p.clan].ability_text if p.clan else "",
            "food": p.food,
            "wood": p.wood,
            "lore": p.lore,
            "fame": p.fame,
            "reserve": p.reserve,
            "hand_count": len(p.hand),
            "deck_count": len(p.deck),
            "discard_count": len(p.discard),
            "active": [card_name(x) for x in p.active],
            "passed": p.passed,
            "unrest": unrest_count(s, k),
            "achievements_count": len(p.achievements),
            "upgrades_left": len(p.upgrades),
        }
        if viewer == k:
            entry["hand"] = sorted(p.hand)
            entry["hand_names"] = [card_name(x) for x in sorted(p.hand)]
            entry["achievements"] = list(p.achievements)
        players.append(entry)
    line = []
    for card in s.line:
        cr = c.creature_of(card)
        line.append(
            {
                "card": card,
                "name": cr.name,
                "strength": cr.strength,
                "shares": shares(s, card),
                "at": where.get(card, ""),
                "where": names.get(where.get(card, ""), ""),
            }
        )
    waiting = sorted(s.pending.seats) if s.pending and not s.over else []
    answered = sorted(int(k) for k in s.pending.answers) if s.pending else []
    pend: dict[str, Any] = {
        "kind": s.pending.kind if s.pending else "",
        "seats": waiting,
        "answered": answered,
    }
    if s.pending is not None and viewer in s.pending.seats:
        pend["options"] = list(s.pending.labels)
        mine = s.pending.answers.get(str(viewer))
        if mine is not None:
            pend["my_answer"] = mine
    pend["text"] = _deciding(s)
    data: dict[str, Any] = {
        "year": s.year,
        "years": s.options.years,
        "phase": PHASES.get(s.phase, s.phase),
        "first": s.first,
        "viewer": viewer,
        "tiles": [
            {"tile": t.tile, "x": t.x, "y": t.y, "rot": t.rot, "name": tile_name(t.tile)}
            for t in s.tiles
        ],
        "territories": territories,
        "players": players,
        "line": line,
        "market": [card_name(x) for x in s.market],
        "kaija": s.kaija,
        "scorched": s.scorched,
        "kaija_at": names.get(s.kaija, ""),
        "scorched_at": names.get(s.scorched, ""),
        "map_pile": len(s.map_pile),
        "creature_pile": len(s.creature_pile),
        "pending": pend,
        "placing": _placing(s, viewer),
        "over": s.over,
        "winners": list(s.winners),
        "scores": list(s.final_scores),
    }
    title = _title(s)
    return View(viewer, title, data, _text(s, data, title))


DECIDING = {
    "action": "choosing an action",
    "place": "placing a tile",
    "raven_pick": "choosing a tile",
    "setup_tile": "placing a starting tile",
    "setup_units": "settling 3 units",
    "choose_clan": "choosing a clan",
    "follow_up": "moving after exploring",
    "group": "choosing a group to move",
    "walk": "moving a group",
    "recruit": "recruiting",
    "build": "building",
    "mix": "choosing resources",
    "trade": "trading at Harvest",
    "retreat": "retreating",
    "hunt": "hunting",
    "trash": "removing a card",
    "kaija": "placing Kaija",
    "eldthurs": "losing a building to the Eldthurs",
    "jotunn": "paying the Draugr Jötunn",
    "graveyard": "summoning from the Graveyard",
    "creature_way": "sending a creature",
    "scorch": "using Scorched Earth",
    "reinforce": "placing reinforcements",
}


def _placing(s: State, viewer: int | None) -> dict[str, Any]:
    """The tile a player is placing and the cells and turns on offer (public: the drawn
    tile is shown to the table), for the picture; for the Raven choosing which of two tiles
    to place, those two, in the Raven's own view only; {} when no tile is being placed."""
    if s.pending is None or s.over:
        return {}
    if s.pending.kind == "raven_pick" and viewer in s.pending.seats:
        two = [str(t) for t in s.pending.data["tiles"]]
        return {"choice": [[t, tile_name(t)] for t in two], "seat": viewer, "cells": []}
    if s.pending.kind not in ("place", "setup_tile"):
        return {}
    cells: dict[str, list[int]] = {}
    for code in s.pending.options:
        x, y, rot = code.split(":")[1].split(",")
        cells.setdefault(f"{x},{y}", []).append(int(rot))
    tile = str(s.pending.data["tile"])
    return {
        "tile": tile,
        "name": tile_name(tile),
        "seat": s.pending.seats[0],
        "cells": [[int(v) for v in xy.split(",")] + [turns] for xy, turns in cells.items()],
    }


def _deciding(s: State) -> str:
    """A sentence on the decision the table waits for (never its hidden content)."""
    if s.pending is None or s.over:
        return ""
    names = joined([s.players[k].name for k in s.pending.seats])
    if s.pending.kind == "commit":
        c = s.pending.data["combat"]
        sides = []
        for side in (c["att"], c["dfd"]):
            if "seat" in side:
                sides.append(s.players[int(side["seat"])].name)
            else:
                sides.append(f"the {card_name(side['beast'])}")
        group = c.get("group")
        count_ = f" with {count(int(group['n']), 'unit')}" if group else ""
        done = [s.players[int(k)].name for k in s.pending.answers]
        chosen = f"; {', '.join(done)} has chosen" if done else ""
        return (
            f"Fight in {place(s, str(c['terr']))}: {sides[0]} attacks{count_} against {sides[1]}. "
            f"Food is committed in secret{chosen}."
        )
    return f"{names}: {DECIDING.get(s.pending.kind, s.pending.kind)}"


def _title(s: State) -> str:
    if s.over:
        return f"Northgard — game over: {win([s.players[k].name for k in s.winners])}"
    waiting = [k for k in s.pending.seats if str(k) not in s.pending.answers] if s.pending else []
    who_ = ", ".join(s.players[k].name for k in waiting)
    phase = PHASES.get(s.phase, s.phase)
    return f"Northgard — year {s.year}/{s.options.years}, {phase}: {who_} to act"


def _text(s: State, data: dict[str, Any], title: str) -> str:
    lines = [title]
    for p in data["players"]:
        lines.append(
            f"{p['name']} ({p['clan']}): fame {p['fame']}, food {p['food']}, wood {p['wood']}, "
            f"lore {p['lore']}, hand {p['hand_count']}, reserve {p['reserve']}"
            + (" [passed]" if p["passed"] else "")
        )
        if p["ability"]:
            lines.append(f"  {p['clan']} clan: {p['ability']}")
        if "hand_names" in p:
            hand = ", ".join(p["hand_names"]) or "empty"
            lines.append(f"  your hand: {hand}")
    for t in data["territories"]:
        bits = []
        if t["units"]:
            bits.append(
                ", ".join(
                    f"{s.players[int(k)].name} has {count(v, 'unit')}"
                    for k, v in t["units"].items()
                )
            )
        if t["buildings"]:
            bits.append("buildings: " + ", ".join(t["buildings"]))
        if t["beasts"]:
            bits.append("creatures: " + ", ".join(t["beasts"]))
        if bits:
            closed = "closed" if t["closed"] else "open"
            lines.append(
                f"  {t['name']} ({closed}, {count(t['size'], 'tile')}): " + "; ".join(bits)
            )
    if data["line"]:
        lines.append(
            "Creature line: " + ", ".join(f"the {x['name']} in {x['where']}" for x in data["line"])
        )
    if data["kaija_at"]:
        lines.append(f"Kaija (+2 to the Bear clan's fights there) stands in {data['kaija_at']}.")
    if data["scorched_at"]:
        lines.append(
            f"Scorched Earth lies on {data['scorched_at']}: no yield and no fame there this "
            "Harvest."
        )
    if data["market"]:
        lines.append("Market: " + ", ".join(data["market"]))
    return "\n".join(lines)
