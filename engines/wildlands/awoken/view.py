"""What one seat, or the channel, may see of an Awoken game (wildlands.md §10; DESIGN.md
"Pictures").

Public: the board, characters, minions (type, health, damage), Ancients (damage against
health), face-down objects (only where they lie) and revealed ones, stasis traps with the
ensnared character, carried crystals, treasures held, each event track with its marker and
steps, the card being resolved, and whose decision the game awaits. Only the owner sees
their hand, and only the chooser the two minion cards of a pending Seeing Stone choice.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.words import health_left, joined
from engines.wildlands.awoken.content import minion_cards, scenarios, treasures
from engines.wildlands.awoken.damage import WIN_CRYSTALS, crystals_carried
from engines.wildlands.awoken.narrate import OBJECT_WORDS
from engines.wildlands.awoken.state import AwokenState
from engines.wildlands.awoken.treasures import peeked
from engines.wildlands.board import load_board
from engines.wildlands.cards import ICON_LABELS, card, factions

_WAITING = {
    "window": "to interrupt or pass",
    "defence": "to defend",
    "push": "to choose a push",
    "belt": "to choose a conveyor belt",
}


def waiting_for(s: AwokenState) -> str:
    if s.phase == "over":
        return "nobody (the game is over)"
    names = joined([s.seats[x].name for x in sorted(s.asked_now())])
    if s.pending is not None:
        return f"{names} {_WAITING[s.pending.kind]}"
    if s.choice is not None:
        return f"{names}: {s.choice.prompt}"
    if s.interrupter is not None:
        return f"{names} to finish the interrupting turn"
    return f"{names} to play the players' turn"


def build_view(s: AwokenState, viewer: int | None) -> View:
    # What every seat sees is worked out once per state: the table asks each seat's view.
    public, title, lines = s.memo("public view", lambda: _public_view(s))
    data = dict(public)
    if viewer is not None and 0 <= viewer < len(s.seats):
        data["hand"] = [
            {
                "id": c,
                "number": card(c).number,
                "characters": list(card(c).links()),
                "icons": list(card(c).icons),
            }
            for c in sorted(s.seats[viewer].hand)
        ]
        if s.choice is not None and s.choice.seat == viewer:
            data["peek"] = peeked(s)
    text = "\n".join([*lines, *_private_lines(s, data)])
    return View(viewer=viewer, title=title, data=data, text=text)


def _public_view(s: AwokenState) -> tuple[dict[str, Any], str, list[str]]:
    """The data, title and text lines every seat sees alike. Views of one state share
    them: they are values, never changed."""
    data: dict[str, Any] = {
        "game": "awoken",
        "board": s.board,
        "phase": s.phase,
        "round": s.round,
        "side": s.side_letter,
        "ancients_turn": s.ancients_turn,
        "interrupter": s.interrupter,
        "done": list(s.done),
        "characters": [_figure(s, f.id) for f in s.figures.values() if f.kind == "character"],
        "minions": [
            _figure(s, f.id)
            for f in s.figures.values()
            if f.kind == "minion" and f.space is not None
        ],
        "ancients": [_figure(s, f.id) for f in s.figures.values() if f.kind == "ancient"],
        "objects": [
            {
                "id": o.id,
                "space": o.space,
                "face_up": o.face_up,
                "kind": o.kind if o.face_up else None,
            }
            for o in s.objects
            if o.space is not None
        ],
        "stasis": [
            {"figure": o.holder, "space": o.space} for o in s.objects if o.holder is not None
        ],
        "crystals": dict(s.crystals),
        "crystals_collected": crystals_carried(s),
        "crystals_to_win": WIN_CRYSTALS,
        "tracks": [_track(s, n) for n in s.scenarios],
        "treasures": {
            fid: [treasures()[t].name for t in ts] for fid, ts in s.treasures.items() if ts
        },
        "revealed_card": _card_view(s),
        "seats": [_seat(s, p.seat) for p in s.seats],
        "pending": _pending(s),
        "waiting_for": waiting_for(s),
        "winners": list(s.winners),
        "summary": s.summary,
        "loss_reason": s.loss_reason,
    }
    phase = "the Ancients' turn" if s.ancients_turn else "the players' turn"
    title = f"The Awoken — round {s.round}, {phase}"
    if s.phase == "over":
        title = "The Awoken — " + ("victory" if s.winners else "defeat")
    return data, title, _public_lines(s, data)


def _figure(s: AwokenState, figure_id: str) -> dict[str, Any]:
    f = s.figures[figure_id]
    out: dict[str, Any] = {
        "id": f.id,
        "name": f.name,
        "kind": f.kind,
        "type": f.faction,
        "owner": f.owner,
        "space": f.space,
        "damage": f.damage,
        "health": f.health,
        "ko": f.ko,
    }
    if f.kind == "character":
        out["crystals"] = s.crystals.get(f.id, 0)
        out["ensnared"] = s.ensnared(f.id)
    if f.kind == "ancient":
        n = int(f.id.split(".")[1])
        out["scenario"] = n
        out["knockable"] = scenarios()[n].knockable
    return out


def _track(s: AwokenState, n: int) -> dict[str, Any]:
    sheet = scenarios()[n]
    return {
        "scenario": n,
        "ancient": sheet.ancient_name,
        "minion_types": list(sheet.minion_types),
        "owner": s.owner_of_scenario(n),
        "position": s.tracks[n],
        "steps": [step.code for step in sheet.track],
        "special_rules": list(sheet.special_rules),
        "keyword": sheet.keyword_name,
        "keyword_text": sheet.keyword_text,
    }


def _card_view(s: AwokenState) -> dict[str, Any] | None:
    c = s.revealed_card
    if c is None:
        return None
    if c in minion_cards():
        m = minion_cards()[c]
        return {
            "id": c,
            "kind": "minion",
            "top": m.top,
            "bottom": m.bottom,
            "effect": m.effect.code,
        }
    return {"id": c, "kind": "ancient"}


def _seat(s: AwokenState, seat: int) -> dict[str, Any]:
    p = s.seats[seat]
    return {
        "seat": seat,
        "name": p.name,
        "faction": p.faction,
        "faction_name": factions()[p.faction].name,
        "colour": p.colour,
        "scenario": s.scenarios[seat] if seat < len(s.scenarios) else None,
        "hand_count": len(p.hand),
        "deck_count": len(p.deck),
        "discard": list(p.discard),
        "knocked_out": sum(1 for f in s.characters_of(seat) if f.ko),
    }


def _pending(s: AwokenState) -> dict[str, Any]:
    who = sorted(s.asked_now())
    if s.phase == "over":
        return {"kind": "over", "who": []}
    p = s.pending
    if p is not None:
        out: dict[str, Any] = {"kind": p.kind, "who": who}
        if p.kind == "defence" and p.hit is not None:
            target = s.figures[p.hit.target]
            attacker = s.figures.get(p.hit.attacker or "")
            out.update(
                target=target.id,
                target_name=target.name,
                space=target.space,
                style=p.hit.style,
                attacker_name=attacker.name if attacker else None,
            )
        return out
    if s.choice is not None:
        c = s.choice
        return {
            "kind": c.kind,
            "who": who,
            "prompt": c.prompt,
            "options": list(c.options),
            "space": c.space,
        }
    return {"kind": "interrupting" if s.interrupter is not None else "turn", "who": who}


def _public_lines(s: AwokenState, data: dict[str, Any]) -> list[str]:
    board = load_board(s.board).name
    lines = [f"Board: {board}. Round {s.round}. Waiting for {data['waiting_for']}."]
    for t in data["tracks"]:
        lines.append(f"{t['ancient']} track: step {t['position']} of {len(t['steps'])}.")
    lines.append(f"Crystals carried: {data['crystals_collected']} of {WIN_CRYSTALS}.")
    for group in ("characters", "minions", "ancients"):
        for f in data[group]:
            if f["space"] is not None:
                lines.append(
                    f"  {f['name']} in space {f['space']} ({health_left(f['damage'], f['health'])})"
                )
    for o in data["objects"]:
        what = OBJECT_WORDS[o["kind"]] if o["face_up"] else "Face-down object"
        lines.append(f"  {what} in space {o['space']}")
    return lines


def _private_lines(s: AwokenState, data: dict[str, Any]) -> list[str]:
    """The viewer's hand and what a Seeing Stone showed them, in words."""
    lines = []
    for entry in data.get("hand", []):
        icons = "+".join(ICON_LABELS[i] for i in entry["icons"])
        shows = ", ".join(s.figures[c].name for c in entry["characters"]) or "wild"
        lines.append(f"  Hand: card {entry['number']} {icons} ({shows})")
    lines += [f"  {line}" for line in data.get("peek", [])]
    return lines
