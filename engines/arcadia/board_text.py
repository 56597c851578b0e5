"""The text board (issue 29, "a text board that tells the whole public position"): what a
player without the picture needs to decide, in words, from the view's data only: the turn
order and the moment of the Day (reference §5), a Test or Trial under way (§8), each
character (§2: icon, court, attributes, merits and flaws; §4: whom it opposes, its base
camp; §12: its quests and how far each has come) and every league of the map (§3: place,
terrains, edges, trials; what lies on it: waylays, treasures, quest sites, base camps and
characters). The seat's own waylays are named in its own view only (§0)."""

from __future__ import annotations

from typing import Any

from engines.arcadia.wording import EDGE_WORDS as EDGE_NAMES
from engines.core.words import count, joined

STAGE_WORDS = {
    "move": "moving or staying",
    "window": "the waylay window after entering a league",
    "test": "choosing the test against a waylay",
    "contest": "a Test under way",
    "pay": "paying for a lost test (exhaust or discard merits)",
    "push": "being pushed into a neighbouring league",
    "event": "taking the Day's one event",
    "recover": "recovering merits after resting",
    "cvc_outcome": "the winner of a challenge chooses its outcome",
    "flaws": "the opponent recovering flaws after the rest",
}


def _sentence(parts: list[str]) -> str:
    """Parts joined by semicolons as one sentence: "At Misty Moor; opposes AI 1."."""
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _name(data: dict[str, Any], seat: int) -> str:
    return str(data["players"][seat]["name"])


def _merits(p: dict[str, Any]) -> str:
    """ "Merits ready: Hopscotch, Pony (quest item). Exhausted: Quick Wits."."""
    groups: dict[str, list[str]] = {"ready": [], "exhausted": [], "discarded": []}
    for name, kind, _cost, exhausted, discarded, origin in p["merits"]:
        label = f"{name} ({kind}{', ' + origin if origin else ''})"
        state = "discarded" if discarded else "exhausted" if exhausted else "ready"
        groups[state].append(label)
    if not any(groups.values()):
        return "No merits."
    parts = [f"{state}: {', '.join(names)}" for state, names in groups.items() if names]
    return "Merits " + "; ".join(parts) + "."


def _flaws(data: dict[str, Any], p: dict[str, Any]) -> str:
    if not p["flaws"]:
        return "No flaws."
    names = [
        f"{name} ({kind}, +{bonus}{', exhausted' if exhausted else ''})"
        for name, kind, bonus, exhausted in p["flaws"]
    ]
    holder = p["opponent"]
    by = f", held by {_name(data, holder)}" if holder >= 0 else ", exhausted by the solo engine"
    return f"Flaws{by}: {', '.join(names)}."


def _character(data: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """A character's lines: who it is, where, its quests, merits and flaws."""
    name = p["name"]
    if not p["icon"]:
        return [f"{name}: no icon chosen yet."]
    head = f"{name}: {p['race']} ({p['gender']}), {p['court_words']}"
    attrs = ", ".join(f"{k} {v}" for k, v in p["attributes"].items())
    head += f"; {attrs}; special {p['special']}"
    if p["chronicle"]:
        head += f"; fame +{p['fame']}"
    lines = [head + "."]
    if not p["built"] and "budget" in p:
        b = p["budget"]
        lines.append(f"  Building: {b['spent']} of {count(b['total'], 'point')} spent.")
    where = []
    if p["at"]:
        where.append(f"at {p['at']}")
    if p["base_at"]:
        where.append(f"base camp {p['base_at']}")
    if p["opposes"] >= 0:
        where.append(f"opposes {_name(data, p['opposes'])}")
    if p["skip_next_day"]:
        where.append("loses its next Day")
    if where:
        lines.append("  " + _sentence(where))
    for q in p["quests"]:
        lines.append(f"  {q['line']}.")
    lines.append("  " + _merits(p))
    lines.append("  " + _flaws(data, p))
    lines += ["  " + line for line in _holdings(data, p)]
    return lines


def _holdings(data: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """What a seat holds before and during play: waylays, treasures and leagues to lay."""
    out = []
    target = p["opposes"]
    if p["hand_count"] and target >= 0:
        against = _name(data, target)
        if "hand" in p and data["viewer"] == p["seat"]:
            named = ", ".join(f"{h['name']} (rating {h['rating']})" for h in p["hand"])
            out.append(f"Your waylays for {against}: {named}.")
        else:
            out.append(f"Holds {count(p['hand_count'], 'waylay')} for {against}, face down.")
    if p["treasures_to_hide"]:
        out.append(f"Treasures still to hide: {', '.join(p['treasures_to_hide'])}.")
    if p["league_pick_count"] and data["phase"] in ("leagues", "place"):
        out.append(f"{count(p['league_pick_count'], 'league')} selected to lay.")
    return out


def _edges(cell: dict[str, Any]) -> str:
    """The terrain printed on each edge, grouped: "north Border; east, south and west
    Forest, Road"."""
    groups: dict[str, list[str]] = {}
    for d in "NESW":
        groups.setdefault(cell["sides"][d], []).append(EDGE_NAMES[d])
    if len(groups) == 1:
        return ""
    parts = [f"{joined(sides)} {terrains.replace('/', ', ')}" for terrains, sides in groups.items()]
    return "edges: " + ", ".join(parts)


def _on_league(data: dict[str, Any], cell: dict[str, Any]) -> list[str]:
    """What lies on a league: waylays, hidden treasures, quest sites, camps, characters."""
    out = []
    for w in cell["waylays"]:
        left = f", {count(w['wins_left'], 'win')} to defeat it" if w["wins_left"] > 1 else ""
        out.append(f"waylay {w['name']} (rating {w['rating']}, {w['tests']}{left})")
    for t in cell["hidden"]:
        what = "quest item" if t["item"] else "treasure"
        out.append(f"{_name(data, t['owner'])}'s {what} {t['name']} hidden under it")
    for site in cell["sites"]:
        out.append(f"the {site['key']} of {_name(data, site['seat'])}'s quest")
    for p in data["players"]:
        if p["base"] == cell["cell"]:
            out.append(f"{p['name']}'s base camp")
    here = [p["name"] for p in data["players"] if p["pos"] == cell["cell"]]
    if here:
        out.append(f"{joined(here)} {'is' if len(here) == 1 else 'are'} here")
    return out


def _league(data: dict[str, Any], cell: dict[str, Any]) -> str:
    marks = ["terrains " + cell["terrains"].replace("/", ", ")]
    if cell["unique"]:
        marks.append("Unique")
    if cell["rot"]:
        marks.append("turned half round")
    edges = _edges(cell)
    if edges:
        marks.append(edges)
    if cell["trial_words"]:
        marks.append("trials: " + ", ".join(cell["trial_words"]))
    line = f"  {cell['league']} {cell['place']}: {'; '.join(marks)}."
    lying = _on_league(data, cell)
    return line + (" " + _sentence(lying) if lying else "")


def _contest(data: dict[str, Any]) -> str:
    ct = data["contest"]
    who = _name(data, ct["seat"])
    die, foe_die = ct["dice"]
    mine, theirs = ct["scores"]
    if ct["kind"] == "trial":
        return (
            f"Trial under way: {who}'s {ct['test']} {ct['difficulty']} trial at {ct['where']}, "
            f"die {die}, total {mine}, {theirs} needed."
        )
    return (
        f"Test under way: {ct['test']} Test, {who} against {ct['foe']}, "
        f"{mine} against {theirs} (dice {die} and {foe_die})."
    )


def _moment(data: dict[str, Any]) -> list[str]:
    """Turn order, the round and whose Day it is, at what stage."""
    out = []
    if data["order"]:
        order = ", then ".join(_name(data, seat) for seat in data["order"])
        out.append(f"Turn order: {order}.")
    if data["phase"] == "day" and data["day_seat"] >= 0:
        stage = STAGE_WORDS.get(data["stage"], data["stage"])
        out.append(
            f"Round {data['round']} of at most {data['max_rounds']}: "
            f"{_name(data, data['day_seat'])}'s Day, {stage}."
        )
    if data["contest"]:
        out.append(_contest(data))
    if data["solo"] and data["pile_count"]:
        out.append(f"The solo engine's waylay pile: {count(data['pile_count'], 'waylay')}.")
    return out


def board_text(data: dict[str, Any]) -> str:
    """The whole public position of the view ``data`` (module docstring)."""
    lines = [data["title"], *_moment(data)]
    for p in data["players"]:
        lines += _character(data, p)
    if data["cells"]:
        lines.append(
            "The map, north up (a place (x,y) counts leagues east (x) and north (y) "
            "of the first laid):"
        )
        cells = sorted(data["cells"], key=lambda c: (-c["y"], c["x"]))
        lines += [_league(data, cell) for cell in cells]
    elif data["phase"] not in ("build", "quest", "waylays", "treasures", "leagues"):
        lines.append("No leagues laid.")
    return "\n".join(lines)
