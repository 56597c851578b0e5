"""What one seat may see (root.md §1): hands are private; hand sizes, the Decree, crafted
cards, items, VP and WATER are public. The deck order and destroyed cards are never shown."""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.words import joined
from engines.root.board import graph, ruler
from engines.root.board_text import text_board
from engines.root.coalition import coalition_words, partner_of
from engines.root.content import card
from engines.root.describe import cname
from engines.root.state import FACTION_NAMES, State
from engines.root.words import player_label


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
                "name": p.name,
                "faction": p.faction,
                "faction_name": FACTION_NAMES[p.faction],
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
        "waiting_seat": s.pending[0].seat if s.pending else -1,
        "coalition_words": coalition_words(s),
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
    title = title_of(s)
    return View(viewer, title, data, text_board(title, data))


def title_of(s: State) -> str:
    if s.winners:
        names = joined([player_label(s.players[x]) for x in s.winners])
        return f"Root — {names} {'wins' if len(s.winners) == 1 else 'win'}"
    p = s.players[s.turn.active]
    phase = "setup" if s.turn.phase == "setup" else s.turn.phase.capitalize()
    return f"Root, round {s.turn.round} — {player_label(p)}: {phase}"
