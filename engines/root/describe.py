"""Player-facing words for every decision (root.md §1)."""

from __future__ import annotations

from engines.core.words import count, joined
from engines.root.actions import Fight, Move, Pick
from engines.root.content import card_records
from engines.root.state import FACTION_NAMES, State
from engines.root.words import piece, quest

PAY = {
    "none": "",
    "water": " (1 WATER opens the barren trail)",
    "warrior": " (1 warrior opens the barren trail)",
}
WORDS = {
    "no_water": "Leave the WATER in the supply",
    "take_water": "Take 1 WATER from the supply",
    "end_birdsong": "End Birdsong",
    "royal_claim": "Discard Royal Claim: 1 VP per clearing you rule",
    "end_decree": "Done adding to the Decree",
    "end_daylight": "End Daylight",
    "end_turn": "Go to the Evening draw (ends your turn)",
    "march": "March (up to 2 moves)",
    "end_march": "Stop marching",
    "recruit": "Recruit at every recruiter",
    "start_decree": "Resolve the Decree",
    "no_hospital": "No Field Hospitals",
    "surrender_vp": "Score 1 VP for the removed piece",
    "surrender_water": "Take 1 WATER instead (Surrender)",
    "seize": "Seize 1 WATER",
    "no_seize": "Do not seize",
    "no_ambush": "No ambush",
    "no_counter": "No counter-ambush",
    "no_effect": "No more after-roll effects",
    "water_advance": "Spend 2 WATER: Advance (one move, then one battle)",
    "water_ddd": "Spend 2 WATER: draw 3, discard 1, destroy 1",
    "advance_skip": "Advance without moving",
    "advance_done": "End the Advance without battle",
    "end_ops": "End Military Operations",
    "no_slip": "Stay put (no Slip)",
    "explore": "Explore the ruin (exhaust a torch, +1 VP)",
    "hideout": "Hideout: repair 3 items, then end Daylight",
    "no_warren": "No Command Warren battle",
    "no_cobbler": "No Cobbler move",
}
ITEM_WORDS = {"none": "", "water": " (pay 1 WATER for the barren trail)"}


def cname(cid: str) -> str:
    if cid.startswith("vizier"):
        return "Loyal Vizier"
    rec = card_records().get(cid.split(".")[0])
    return f"{rec.name} ({rec.suit})" if rec else cid


def describe_action(a: Pick | Move | Fight, s: State) -> str:
    if isinstance(a, Move):
        lead = f"Decree {cname(a.card)}: move" if a.card else "Move"
        return f"{lead} {count(a.n, 'warrior')} from clearing {a.src} to {a.dst}{PAY[a.pay]}"
    if isinstance(a, Fight):
        who = FACTION_NAMES[s.players[a.defender].faction]
        lead = f"Decree {cname(a.card)}: battle" if a.card else "Battle"
        ally = f" with {FACTION_NAMES[a.ally]} warriors" if a.ally else ""
        return f"{lead} {who} in clearing {a.clearing}{ally}"
    w = a.what
    if w == "surrender_vp" and s.pending and s.players[s.pending[0].seat].dominance:
        return "Take no WATER (you score no more, so no VP either)"
    if w in WORDS:
        return WORDS[w]
    if a.picks:
        return _several(a, s)
    named = {
        "keep": f"Keep in clearing {a.clearing}",
        "setup_build": f"Start with a {a.card} in clearing {a.clearing}",
        "leader": f"Leader: the {a.card.capitalize()}",
        "hospital": f"Field Hospitals: spend {cname(a.card)}" if a.card else "",
        "hit": f"Lose the {piece(a.card)} in clearing {a.clearing}",
        "ambush": f"Ambush with {cname(a.card)}" if a.card else "",
        "counter": f"Counter-ambush with {cname(a.card)}" if a.card else "",
        "effect": f"Use {a.card.replace('_', ' ').title()}",
        "discard": f"Discard {cname(a.card)}" if a.card else "",
        "wood": f"Wood at the sawmill in clearing {a.clearing}",
        "new_roost": f"New roost in clearing {a.clearing}",
        "ddd": f"Discard {cname(a.card)}, destroy {cname(a.card2)}" if a.card else "",
        "decree": f"Add {cname(a.card)} to {a.card2}" if a.card else "",
        "d_recruit": f"Decree {cname(a.card)}: recruit in clearing {a.clearing}" if a.card else "",
        "d_build": f"Decree {cname(a.card)}: roost in clearing {a.clearing}" if a.card else "",
        "craft": f"Craft {cname(a.card)}" if a.card else "",
        "build": f"Build a {a.card} in clearing {a.clearing}",
        "overwork": f"Overwork clearing {a.clearing} with {cname(a.card)}" if a.card else "",
        "bird_action": f"Extra action: spend {cname(a.card)}" if a.card else "",
        "dominance": f"Activate {cname(a.card)}" if a.card else "",
        "coalition": f"Activate {cname(a.card)} to form a coalition with {_faction(s, a.n)}: "
        "you score no more and win if they win"
        if a.card
        else "",
        "take_dominance": f"Take {cname(a.card)} for {cname(a.card2)}" if a.card else "",
        "tax": f"Tax Collector: remove a warrior in clearing {a.clearing}, draw 1",
        "codebreakers": f"Codebreakers: look at {FACTION_NAMES[s.players[a.n].faction]}'s hand"
        if a.n < len(s.players)
        else "",
        "water_recruit": f"Spend 2 WATER: recruit {a.n} in clearing {a.clearing}",
        "spread": f"Spread sympathy to clearing {a.clearing} ({_birds(a.n)})",
        "revolt": f"Revolt in clearing {a.clearing} ({_birds(a.n)})",
        "mobilize": f"Mobilize {cname(a.card)} as a supporter" if a.card else "",
        "train": f"Train an officer with {cname(a.card)}" if a.card else "",
        "organize": f"Organize in clearing {a.clearing}",
        "a_recruit": f"Recruit at the base in clearing {a.clearing}",
        "outrage": f"Outrage: give {cname(a.card)} to the Alliance" + _surrender(a, s)
        if a.card
        else "",
        "burrow_bank": f"Better Burrow Bank: you and {_faction(s, a.n)} draw a card",
        "stand_and_deliver": f"Stand and Deliver!: take a card from {_faction(s, a.n)}",
        "character": f"Play the {a.card.capitalize()}",
        "forest": f"Start in forest {a.card}",
        "slip": f"Slip to {_place(a.card)}{_pay(s, a)}",
        "v_move": f"Move to {_place(a.card)}{_pay(s, a)}"
        + (f" with {count(a.escort, FACTION_NAMES[a.ally] + ' warrior')}" if a.ally else ""),
        "aid": f"Aid {_faction(s, a.clearing)} with {cname(a.card)}, "
        f"exhausting {item_words(s, a.n)}" + (f", taking their {a.card2}" if a.card2 else "")
        if a.card
        else "",
        "quest": f"Quest {quest(a.card)}: " + ("score VP" if a.n == 0 else "draw 2"),
        "strike": f"Strike: remove {_faction(s, a.clearing)}'s {piece(a.card)}",
        "repair": f"Repair {item_words(s, a.n)} (exhaust a hammer)",
        "steal": f"Steal a card from {_faction(s, a.clearing)}",
        "day_labor": f"Day Labor: take {cname(a.card)} from the discard pile" if a.card else "",
        "v_damage": f"Lose an Allied {FACTION_NAMES[a.ally]} warrior"
        if a.ally
        else f"Damage {item_words(s, a.n)}",
        "v_refresh": f"Refresh {item_words(s, a.n)}",
        "v_drop": f"Remove {item_words(s, a.n)} (item limit)",
        "v_repair": f"Repair {item_words(s, a.n)}",
    }
    return named.get(w) or w.replace("_", " ")


# The verb of a decision that takes several items or cards at once.
SEVERAL = {
    "v_damage": "Damage",
    "v_refresh": "Refresh",
    "v_drop": "Remove (item limit)",
    "v_repair": "Repair",
    "mobilize": "Mobilize as supporters:",
}


def _several(a: Pick, s: State) -> str:
    if a.what == "decree":
        adds = [x.split("@") for x in a.picks]
        return "Add " + joined([f"{cname(card)} to {col}" for card, col in adds])
    if a.what == "mobilize":
        return f"{SEVERAL[a.what]} {joined([cname(x) for x in a.picks])}"
    if a.what == "d_recruit":
        where = sorted(int(x.split("@")[1]) for x in a.picks)
        return (
            f"Decree: recruit with every Recruit card, in clearings {joined(list(map(str, where)))}"
        )
    if a.what == "spread":
        return f"Spread sympathy to clearings {joined(list(a.picks))}, in that order"
    items = [item_words(s, int(i)) for i in a.picks if i.isdigit()]
    then = [_then(x) for x in a.picks if not x.isdigit()]
    return f"{SEVERAL.get(a.what, a.what)} {joined(items)}" + "".join(then)


def _then(pick: str) -> str:
    """The Slip taken with a Refresh."""
    if pick == "stay":
        return ", then stay put (no Slip)"
    return f", then slip to {_place(pick.removeprefix('slip:'))}"


def _surrender(a: Pick, s: State) -> str:
    """The Surrender answered with an Outrage for the same sympathy token."""
    if not a.card2:
        return ""
    said = describe_action(Pick(what=a.card2), s)
    return f"; then {said[0].lower()}{said[1:]}"


def _birds(n: int) -> str:
    return "no birds" if n == 0 else f"{n} bird{'s' if n > 1 else ''} among the supporters"


def _faction(s: State, seat: int) -> str:
    return FACTION_NAMES[s.players[seat].faction] if 0 <= seat < len(s.players) else "?"


def _place(where: str) -> str:
    return f"clearing {where}" if where.isdigit() else f"forest {where}"


def item_words(s: State, i: int) -> str:
    v = s.vagabond
    if v is None or not 0 <= i < len(v.items):
        return "an item"
    it = v.items[i]
    return it.kind + (" (exhausted)" if it.exhausted else "") + (" (damaged)" if it.damaged else "")


def _pay(s: State, a: Pick) -> str:
    if a.card2 == "item":
        return f" (damage {item_words(s, a.n)} for the barren trail)"
    return ITEM_WORDS.get(a.card2, "")


# Kinds of move with a menu of their own: each fits one list where the whole turn would not.
GROUPS = {
    "build": "Build",
    "aid": "Aid",
    "v_move": "Move",
    "slip": "Move",
    "quest": "Quest",
    "mobilize": "Mobilize",
    "train": "Train",
    "spread": "Spread sympathy",
    "revolt": "Revolt",
}


def group_of(a: Pick | Move | Fight) -> str:
    if isinstance(a, Move):
        return "Move"
    if isinstance(a, Fight):
        return "Battle"
    if a.what.startswith("water_") or a.what.endswith("water"):
        return "Water"
    if a.what in ("craft",):
        return "Craft"
    if a.what in GROUPS:
        return GROUPS[a.what]
    if a.what.startswith("d_") or a.what == "decree":
        return "Decree"
    return "Choose"
