"""What one seat may see (reference §0 hidden information): everything on the map and on
the characters is public; a seat's waylay hand and, before the reveal, its league picks are
shown to that seat only, and to everyone else as a count. The view's data feeds the
pictures; its text is the whole public position in words (``board_text``)."""

from __future__ import annotations

from typing import Any

from engines.arcadia import goals, stage
from engines.arcadia.board_text import board_text
from engines.arcadia.building import budget
from engines.arcadia.common import attribute, opponent, target_of, waylay_budget
from engines.arcadia.content import content
from engines.arcadia.contest import foe_name, scores
from engines.arcadia.mapping import DIRS, printed_side, printed_sides, xy
from engines.arcadia.state import ArcadiaState, Player
from engines.arcadia.wording import (
    court_words,
    league_label,
    origin_words,
    place,
    quest_line,
    quest_title,
    trial_rule,
)
from engines.core.protocol import View

PHASE_WORDS = {
    "build": "building characters",
    "quest": "choosing quests",
    "items": "quest items",
    "waylays": "selecting waylays",
    "treasures": "selecting treasures",
    "leagues": "selecting leagues",
    "place": "laying leagues",
    "treasure_place": "hiding treasures",
    "base": "choosing base camps",
    "designate": "designating quest sites",
    "day": "the Days",
}


def _quests(s: ArcadiaState, p: Player) -> list[dict[str, Any]]:
    c = content()
    return [
        {
            "id": q.id,
            "number": c.quests[q.id].number,
            "name": c.quests[q.id].name,
            "title": quest_title(q.id),
            "complete": q.complete,
            "line": quest_line(s, p, q),
        }
        for q in p.quests
    ]


def _player(s: ArcadiaState, p: Player, viewer: int | None) -> dict[str, Any]:
    c = content()
    ch = p.character
    icon = c.icons[ch.icon] if ch.icon else None
    # Compact rows (name, type, cost, exhausted, discarded, quest item): views are built
    # for every seat after every move.
    merits = [
        [
            c.merits[m.id].name,
            c.merits[m.id].type,
            c.merits[m.id].cost,
            m.exhausted,
            m.discarded,
            origin_words(m.origin),
        ]
        for m in ch.merits
    ]
    flaws = [
        [c.flaws[f.id].name, c.flaws[f.id].type, c.flaws[f.id].bonus, f.exhausted] for f in ch.flaws
    ]
    ids = [m.id for m in ch.merits if not m.origin], [f.id for f in ch.flaws]
    data: dict[str, Any] = {
        "seat": p.seat,
        "name": ch.name,
        "icon": icon.name if icon else "",
        "race": icon.race if icon else "",
        "gender": icon.gender if icon else "",
        "special": icon.special.name if icon else "",
        "attributes": {a: attribute(p, a) for a in ("Might", "Savvy", "Resolve")} if icon else {},
        "court": ch.court or "",
        "court_words": f"{ch.court} court" if ch.court else court_words(ch.icon, *ids),
        "built": ch.built,
        "fame": ch.fame,
        "xp": [ch.xp_earned_total, ch.xp_unspent],
        "chronicle": ch.chronicle,
        "merits": merits,
        "flaws": flaws,
        "pos": p.pos or "",
        "at": league_label(s, p.pos, always=True) if p.pos in s.cells else "",
        "base": p.base or "",
        "base_at": league_label(s, p.base, always=True) if p.base in s.cells else "",
        "came_from": p.came_from or "",
        "skip_next_day": p.skip_next_day,
        "hand_count": len(p.hand),
        "opposes": target_of(s, p.seat),
        "opponent": opponent(s, p.seat),
        "quests": _quests(s, p),
        "treasures_to_hide": [c.merits[t].name for t in p.treasures],
        "league_pick_count": len(p.league_pick),
        "waylay_budget": waylay_budget(s, p) if p.quests else 0,
    }
    if ch.icon:
        b = budget(ch.icon, *ids)
        data["budget"] = {"total": b.total, "spent": b.spent}
    if viewer == p.seat or not s.options.hidden_waylay_hand:
        data["hand"] = [
            {
                "uid": f"hand:{p.seat}:{w}",
                "name": c.waylays[w].name,
                "rating": c.waylays[w].rating,
            }
            for w in p.hand
        ]
    if viewer == p.seat or s.phase not in stage.SETUP:
        data["league_pick"] = [f"pick:{p.seat}:{lid}" for lid in p.league_pick]
    return data


def _waylay_tests(waylay_id: str) -> str:
    """A waylay's printed tests: "Savvy 4 or Resolve 5"."""
    w = content().waylays[waylay_id]
    return " or ".join(f"{t} {w.attributes[t]}" for t in w.tests)


def _cells(s: ArcadiaState) -> list[dict[str, Any]]:
    c = content()
    out = []
    for key, pl in s.cells.items():
        lg = c.leagues[pl.league]
        printed = printed_sides(lg, s.options.side_terrain)
        x, y = xy(key)
        out.append(
            {
                "cell": key,
                "x": x,
                "y": y,
                "place": place(key),
                "league": lg.name,
                "label": league_label(s, key),
                "terrains": "/".join(lg.terrains),
                "rot": pl.rot,
                "unique": lg.unique,
                "sides": {d: "/".join(sorted(printed[printed_side(pl.rot, d)])) for d in DIRS},
                "trials": len(lg.enter_trials) + len(lg.leave_trials),
                "trial_words": [
                    *(trial_rule(t, "entering", pl.rot) for t in lg.enter_trials),
                    *(trial_rule(t, "leaving", pl.rot) for t in lg.leave_trials),
                ],
                "treasures": [t.owner for t in pl.treasures],
                "items": [t.owner for t in pl.treasures if t.item],
                "hidden": [
                    {"owner": t.owner, "name": c.merits[t.id].name, "item": bool(t.item)}
                    for t in pl.treasures
                ],
                "waylays": [
                    {
                        "name": c.waylays[w.id].name,
                        "rating": c.waylays[w.id].rating,
                        "wins_left": w.wins_left,
                        "tests": _waylay_tests(w.id),
                    }
                    for w in pl.waylays
                ],
                "sites": [
                    {"seat": int(n.split(":")[0]), "key": n.split(":")[2], "quest": n.split(":")[1]}
                    for n in pl.names
                ],
            }
        )
    return out


def _contest(s: ArcadiaState) -> dict[str, Any] | None:
    c = s.contest
    if c is None:
        return None
    mine, theirs = scores(s, c)
    return {
        "kind": c.kind,
        "seat": c.seat,
        "test": c.test,
        "foe": foe_name(s, c),
        "where": c.foe if c.kind == "trial" else "",
        "difficulty": c.foe_base,
        "dice": [c.die, c.foe_die],
        "scores": [mine, theirs],
    }


def make_view(s: ArcadiaState, viewer: int | None) -> View:
    acting = sorted(stage.to_act(s))
    who = ", ".join(s.players[x].character.name for x in acting) or "nobody"
    result = goals.outcome(s)
    if result is not None:
        title = f"Game over: {result.summary}"
    else:
        title = f"Arcadia: {PHASE_WORDS.get(s.phase, s.phase)}, waiting for {who}"
        if s.phase == "day":
            title = f"Arcadia round {s.round}: {who} to decide"
    data: dict[str, Any] = {
        "title": title,
        "phase": s.phase,
        "round": s.round,
        "max_rounds": s.options.max_rounds,
        "to_act": acting,
        "viewer": viewer,
        "solo": s.solo,
        "players": [_player(s, p, viewer) for p in s.players],
        "cells": _cells(s),
        "order": list(s.order),
        "pile_count": len(s.pile),
        "day_seat": s.day.seat if s.day else -1,
        "stage": s.day.stage if s.day else "",
        "contest": _contest(s),
        "opponents": {str(p.seat): opponent(s, p.seat) for p in s.players},
    }
    return View(viewer, title, data, board_text(data))
