"""What one seat may see (root.md §1): hands are private; hand sizes, the Decree, crafted
cards, items, VP and WATER are public. The deck order and destroyed cards are never shown."""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.root.board import graph, ruler
from engines.root.coalition import coalition_words, partner_of
from engines.root.content import card
from engines.root.describe import cname
from engines.root.state import FACTION_NAMES, State


def build_view(s: State, viewer: int | None) -> View:
    g = graph(s)
    rec = g.rec
    clearings = []
    for c in s.clearings:
        clearings.append(
            {
                "id": c.id,
                "suit": g.suit[c.id],
                "slots": g.slots[c.id],
                "warriors": dict(c.warriors),
                "buildings": list(c.buildings),
                "tokens": list(c.tokens),
                "ruler": ruler(s, c.id) or "",
            }
        )
    players = []
    for p in s.players:
        players.append(
            {
                "seat": p.seat,
                "faction": p.faction,
                "vp": p.vp,
                "water": p.water,
                "hand_size": len(p.hand),
                "items": list(p.items),
                "persistent": [cname(x) for x in p.persistent],
                "dominance": cname(p.dominance) if p.dominance else "",
                "coalition": partner.faction if (partner := partner_of(s, p)) else "",
            }
        )
    t = s.turn
    data: dict[str, Any] = {
        "map": rec.id,
        "economy": s.options.economy,
        "coalitions": s.options.coalitions,
        "paths": [[a, b, "barren" if g.is_barren(a, b) else "normal"] for a, b, _ in rec.paths],
        "forests": {k: list(v) for k, v in rec.forests.items()},
        "activated": list(t.activated),
        "clearings": clearings,
        "players": players,
        "order": list(s.order),
        "active": t.active,
        "round": t.round,
        "phase": t.phase,
        "step": t.step,
        "supply_water": s.supply_water,
        "deck_size": len(s.deck),
        "discard_top": cname(s.discard[-1]) if s.discard else "",
        "available_dominance": [cname(x) for x in s.available],
        "waiting": s.pending[0].kind if s.pending else "",
        "winners": list(s.winners),
        "ended": s.ended,
    }
    if s.eyrie is not None:
        e = s.eyrie
        data["eyrie"] = {
            "leader": e.leader,
            "spent_leaders": list(e.spent_leaders),
            "decree": {col: [cname(x) for x in cards] for col, cards in e.decree.items()},
        }
    if s.alliance is not None:
        a = s.alliance
        data["alliance"] = {"supporters": len(a.supporters), "officers": a.officers}
        owner = s.player("alliance")
        if owner is not None and viewer == owner.seat:
            data["supporters"] = [
                {"id": x, "name": card(x).name, "suit": card(x).suit} for x in a.supporters
            ]
    if s.vagabond is not None:
        v = s.vagabond
        data["vagabond"] = {
            "character": v.character,
            "where": v.where,
            "items": [
                {
                    "kind": it.kind,
                    "exhausted": it.exhausted,
                    "damaged": it.damaged,
                    "track": it.track,
                }
                for it in v.items
            ],
            "relations": dict(v.relations),
            "quests": list(v.quests),
            "done_quests": list(v.done_quests),
            "coalition": v.coalition,
        }
    if s.battle is not None:
        b = s.battle
        data["battle"] = {
            "clearing": b.clearing,
            "attacker": b.attacker,
            "defender": b.defender,
            "dice": list(b.rolled),
            "started_by": b.origin,
        }
    if viewer is not None and 0 <= viewer < len(s.players):
        data["hand"] = [
            {"id": x, "name": card(x).name, "suit": card(x).suit} for x in s.players[viewer].hand
        ]
    return View(viewer, title_of(s), data, text_of(s, data))


def title_of(s: State) -> str:
    if s.winners:
        names = " and the ".join(FACTION_NAMES[s.players[x].faction] for x in s.winners)
        return f"Root — {names} win"
    who = FACTION_NAMES[s.players[s.turn.active].faction]
    owner = who + ("'" if who.endswith("s") else "'s")
    return f"Root — round {s.turn.round}: {owner} {s.turn.phase}"


def text_of(s: State, data: dict[str, Any]) -> str:
    lines = [title_of(s)]
    for p in data["players"]:
        lines.append(
            f"{FACTION_NAMES[p['faction']]} (seat {p['seat'] + 1}): {p['vp']} VP, "
            f"{p['water']} WATER, {p['hand_size']} cards"
            + (f", items {', '.join(p['items'])}" if p["items"] else "")
        )
    for c in data["clearings"]:
        bits = [f"{k[0].upper()}{v}" for k, v in c["warriors"].items()]
        bits += c["buildings"] + c["tokens"]
        lines.append(f"  {c['id']:>2} {c['suit']:<6} " + " ".join(bits))
    if "eyrie" in data:
        d = data["eyrie"]
        lines.append(
            f"Eyrie leader {d['leader'] or '(choosing)'}; Decree: "
            + "; ".join(f"{col}: {', '.join(cards) or '-'}" for col, cards in d["decree"].items())
        )
    if coalition_words(s):
        lines.append(coalition_words(s))
    if s.options.economy:
        lines.append(f"WATER in supply: {s.supply_water}")
    if "hand" in data:
        lines.append("Your hand: " + ", ".join(f"{h['name']} ({h['suit']})" for h in data["hand"]))
    if s.ended:
        lines.append(s.ended)
    return "\n".join(lines)
