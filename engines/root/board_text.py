"""The Root text board (issue 29 "A text board that tells the whole public position"): what
a player without the picture needs to decide, in words. Every faction's board (the
Marquise's buildings, the Eyrie's leader and Decree, the Alliance's supporters and officers,
the Vagabond's place, items, relationships and quests), the cards in play, the dominance
cards, the barren trails opened, every clearing's pieces and who rules it. The view's text
is this board; the table's presenter and the terminal show it as it is."""

from __future__ import annotations

from typing import Any

from engines.core.words import count, joined
from engines.root.words import SHORT_FACTION, item, leader, leaders, piece, pieces, place, quest

Data = dict[str, Any]

# What a seat owes when the head of the queue is theirs, said after their name.
WAITING = {
    "keep": "places the keep",
    "setup_build": "places a starting building",
    "leader": "chooses a new leader",
    "hospital": "decides on Field Hospitals",
    "surrender": "chooses 1 VP or 1 WATER for a removed piece (Surrender)",
    "seize": "decides on seizing WATER",
    "hit": "chooses which piece takes a hit",
    "ambush": "may spring an ambush",
    "counter": "may counter the ambush",
    "effect": "may play a card after the roll",
    "discard": "discards down to 5 cards",
    "wood": "chooses which sawmills get the short wood",
    "new_roost": "places a new roost",
    "v_damage": "chooses an item to damage",
    "v_refresh": "chooses items to refresh",
    "v_drop": "removes items over the item limit",
    "v_repair": "chooses an item to repair",
    "burrow_bank": "chooses who draws with Better Burrow Bank",
    "character": "chooses a character",
    "forest": "chooses a forest to start in",
    "outrage": "gives a card to the Alliance (Outrage)",
    "ddd": "chooses a card to discard and one to destroy",
}
RELATION = {"1": "indifferent, 1 step towards allied", "2": "indifferent, 2 steps towards allied"}


def label(p: Data) -> str:
    """ "AI 1 (Eyrie Dynasties)", or the faction where the seat has no name."""
    return f"{p['name']} ({p['faction_name']})" if p["name"] else p["faction_name"]


def waiting_words(data: Data) -> str:
    """Whom the game waits for and why, when it is not the active player's own step."""
    kind, seat = data["waiting"], data["waiting_seat"]
    if not kind or data["winners"]:
        return ""
    return f"{label(data['players'][seat])} {WAITING.get(kind, 'decides')}"


def text_board(title: str, data: Data) -> str:
    lines = [title]
    if waiting := waiting_words(data):
        lines.append(f"Waiting: {waiting}.")
    lines.append("Players, in turn order (▶ plays now):")
    by_seat = {p["seat"]: p for p in data["players"]}
    for seat in data["order"]:
        lines.append(_player_line(by_seat[seat], data))
    lines += _faction_lines(data)
    lines.append("Clearings: suit; warriors; buildings and tokens; who rules it.")
    lines += [_clearing_line(c, data) for c in data["clearings"]]
    lines += _table_lines(data)
    if "hand" in data:
        hand = ", ".join(f"{h['name']} ({h['suit']})" for h in data["hand"]) or "no cards"
        lines.append(f"Your hand: {hand}.")
    if data["ended"]:
        lines.append(data["ended"])
    return "\n".join(lines)


def _player_line(p: Data, data: Data) -> str:
    mark = "▶ " if p["seat"] == data["active"] and not data["winners"] else "  "
    bits = [f"{p['vp']} VP"]
    if data["economy"]:
        bits.append(f"{p['water']} WATER")
    bits.append(f"{count(p['hand_size'], 'card')} in hand")
    if p["items"]:
        bits.append("crafted items: " + ", ".join(p["items"]))
    if p["persistent"]:
        bits.append("cards in play: " + ", ".join(p["persistent"]))
    if p["dominance"]:
        bits.append("dominance activated: " + p["dominance"])
    return f"{mark}{label(p)}: " + "; ".join(bits)


def _faction_lines(data: Data) -> list[str]:
    out = []
    clearings = data["clearings"]
    factions = {p["faction"] for p in data["players"]}
    if "marquise" in factions:
        built = pieces(b for c in clearings for b in c["buildings"] if b in MARQUISE)
        warriors = sum(c["warriors"].get("marquise", 0) for c in clearings)
        keep = next((c["id"] for c in clearings if "keep" in c["tokens"]), None)
        where = f"keep in clearing {keep}" if keep else "keep removed"
        out.append(
            f"Marquise: {where}; buildings on the map: {built or 'none'}; "
            f"{warriors} of 25 warriors on the map."
        )
    if (e := data.get("eyrie")) is not None:
        now = leader(e["leader"]) if e["leader"] else "none yet"
        decree = "; ".join(
            f"{col.capitalize()}: {', '.join(cards) or 'none'}"
            for col, cards in e["decree"].items()
        )
        out.append(
            f"Eyrie leader: {now}; deposed: {leaders(e['spent_leaders'])}. Decree: {decree}."
        )
    if (a := data.get("alliance")) is not None:
        bases = [piece(b) for c in clearings for b in c["buildings"] if b in BASES]
        sympathy = sum(c["tokens"].count("sympathy") for c in clearings)
        out.append(
            f"Alliance: {count(a['supporters'], 'supporter')} (hidden), "
            f"{count(a['officers'], 'officer')}; bases: {joined(bases) or 'none'}; "
            f"{sympathy} of 10 sympathy tokens on the map."
        )
    if (v := data.get("vagabond")) is not None:
        out += _vagabond_lines(v)
    return out


MARQUISE = ("sawmill", "workshop", "recruiter")
BASES = ("base_fox", "base_rabbit", "base_mouse")


def _vagabond_lines(v: Data) -> list[str]:
    who = f"the {v['character'].capitalize()}" if v["character"] else "no character yet"
    where = f" in {place(v['where'])}" if v["where"] else ""
    items = ", ".join(item(i["kind"], i["exhausted"], i["damaged"]) for i in v["items"])
    relations = ", ".join(
        f"{SHORT_FACTION[f]} {RELATION.get(r, r)}" for f, r in v["relations"].items()
    )
    quests = ", ".join(quest(q) for q in v["quests"]) or "none"
    done = len(v["done_quests"])
    lines = [
        f"Vagabond: {who}{where}. Items: {items or 'none'}.",
        f"  Relationships: {relations}. Quests: {quests}; {done} completed.",
    ]
    if v["coalition"]:
        lines.append(f"  In a coalition with the {SHORT_FACTION[v['coalition']]}.")
    return lines


def _clearing_line(c: Data, data: Data) -> str:
    bits = [c["suit"]]
    warriors = [
        count(n, f"{SHORT_FACTION[f]} warrior") for f, n in sorted(c["warriors"].items()) if n
    ]
    if data.get("vagabond", {}).get("where") == str(c["id"]):
        warriors.append("the Vagabond")
    bits.append(", ".join(warriors) or "no warriors")
    held = pieces([*c["buildings"], *c["tokens"]])
    free = c["slots"] - len(c["buildings"])
    if free > 0:
        held += (", " if held else "") + count(free, "open building slot")
    bits.append(held or "no buildings")
    bits.append(f"ruled by the {SHORT_FACTION[c['ruler']]}" if c["ruler"] else "nobody rules it")
    return f"  {c['id']:>2}: " + "; ".join(bits)


def _table_lines(data: Data) -> list[str]:
    out = []
    barren = [f"{min(a, b)}-{max(a, b)}" for a, b, kind in data["paths"] if kind == "barren"]
    if barren:
        opened = [t for t in barren if t in data["activated"]]
        out.append(
            f"Barren trails (closed until paid for): {', '.join(barren)}; "
            f"opened this turn: {', '.join(opened) or 'none'}."
        )
    doms = ", ".join(data["available_dominance"]) or "none"
    top = data["discard_top"] or "empty"
    out.append(
        f"Deck: {count(data['deck_size'], 'card')}; discard pile top: {top}; "
        f"dominance cards to take: {doms}."
    )
    if data["economy"]:
        out.append(f"WATER in the supply: {data['supply_water']}.")
    if data.get("coalition_words"):
        out.append(data["coalition_words"])
    if (b := data.get("battle")) is not None:
        players = data["players"]
        dice = f" (dice {', '.join(map(str, b['dice']))})" if b["dice"] else ""
        out.append(
            f"Battle in clearing {b['clearing']}: {label(players[b['attacker']])} attacks "
            f"{label(players[b['defender']])}{dice}."
        )
    return out
