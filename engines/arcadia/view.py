"""What one seat may see (reference §0 hidden information): everything on the map and on
the characters is public; a seat's waylay hand and, before the reveal, its league picks are
shown to that seat only, and to everyone else as a count."""

from __future__ import annotations

from typing import Any

from engines.arcadia import goals, stage
from engines.arcadia.building import budget
from engines.arcadia.common import attribute, opponent, waylay_budget
from engines.arcadia.content import content
from engines.arcadia.contest import foe_name, scores
from engines.arcadia.mapping import DIRS, printed_side, printed_sides, xy
from engines.arcadia.state import ArcadiaState, Player
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


def _quest_lines(s: ArcadiaState, p: Player) -> list[dict[str, Any]]:
    out = []
    c = content()
    for q in p.quests:
        quest = c.quests[q.id]
        steps = []
        for prog, branch in zip(q.branches, quest.branches, strict=True):
            if prog.done:
                steps.append("done")
            elif prog.step < len(branch):
                st = branch[prog.step]
                need = goals.count_of(q, prog.step, st)
                where = f" at {st.league.split(':')[-1]}" if st.league else ""
                steps.append(
                    f"step {prog.step + 1}/{len(branch)}: {st.type}{where}"
                    + (f" {prog.counter}/{need}" if need > 1 or prog.counter else "")
                )
        out.append({"id": q.id, "name": quest.name, "complete": q.complete, "progress": steps})
    return out


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
            bool(m.origin),
        ]
        for m in ch.merits
    ]
    flaws = [
        [c.flaws[f.id].name, c.flaws[f.id].type, c.flaws[f.id].bonus, f.exhausted] for f in ch.flaws
    ]
    data: dict[str, Any] = {
        "seat": p.seat,
        "name": ch.name,
        "icon": icon.name if icon else "",
        "special": icon.special.name if icon else "",
        "attributes": {a: attribute(p, a) for a in ("Might", "Savvy", "Resolve")} if icon else {},
        "court": ch.court or "",
        "fame": ch.fame,
        "xp": [ch.xp_earned_total, ch.xp_unspent],
        "chronicle": ch.chronicle,
        "merits": merits,
        "flaws": flaws,
        "pos": p.pos or "",
        "base": p.base or "",
        "skip_next_day": p.skip_next_day,
        "hand_count": len(p.hand),
        "opposes": (p.seat - 1) % len(s.players) if len(s.players) > 1 else -1,
        "quests": _quest_lines(s, p),
        "treasures_to_hide": list(p.treasures),
        "league_pick_count": len(p.league_pick),
        "waylay_budget": waylay_budget(s, p) if p.quests else 0,
    }
    if ch.icon:
        b = budget(ch.icon, [m.id for m in ch.merits if not m.origin], [f.id for f in ch.flaws])
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
                "league": lg.name,
                "terrains": "/".join(lg.terrains),
                "rot": pl.rot,
                "unique": lg.unique,
                "sides": {d: "/".join(sorted(printed[printed_side(pl.rot, d)])) for d in DIRS},
                "trials": len(lg.enter_trials) + len(lg.leave_trials),
                "treasures": [t.owner for t in pl.treasures],
                "items": [t.owner for t in pl.treasures if t.item],
                "waylays": [
                    {
                        "name": c.waylays[w.id].name,
                        "rating": c.waylays[w.id].rating,
                        "wins_left": w.wins_left,
                    }
                    for w in pl.waylays
                ],
                "names": [n.split(":")[2] + f" ({int(n.split(':')[0]) + 1})" for n in pl.names],
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
    lines = [title]
    for p in data["players"]:
        if s.phase == "build" and "budget" in p:
            b = p["budget"]
            lines.append(f"{p['name']}: build {b['spent']} of {b['total']} points spent")
        if not p["icon"]:
            lines.append(f"{p['name']}: no character yet")
            continue
        pos = next((c["league"] for c in data["cells"] if c["cell"] == p["pos"]), None)
        merits = ", ".join(f"{m[0]}{'*' if m[3] else ''}" for m in p["merits"] if not m[4])
        lines.append(
            f"{p['name']} ({p['icon']}, {p['court']}): "
            + (f"at {pos}" if pos else "not on the map")
            + (f"; {merits}" if merits else "")
        )
        for q in p["quests"]:
            lines.append(f"  {q['name']}: {'; '.join(q['progress']) or 'complete'}")
        if "hand" in p and p["hand"] and viewer == p["seat"]:
            lines.append("  your waylays: " + ", ".join(h["name"] for h in p["hand"]))
    for cell in data["cells"]:
        if cell["waylays"]:
            ws = ", ".join(w["name"] for w in cell["waylays"])
            lines.append(f"{cell['league']} ({cell['cell']}): waylays {ws}")
    if data["contest"]:
        ct = data["contest"]
        if ct["kind"] == "trial":
            total, needed = ct["scores"]
            lines.append(f"Trial: {ct['foe']}, total {total} of {needed} needed")
        else:
            lines.append(f"Test: {ct['test']} against {ct['foe']}, scores {ct['scores']}")
    return View(viewer, title, data, "\n".join(lines))
