"""What a Root move does, in one line under it in a menu (root.md §4-§9; the Law of Root).

A move that spends or plays a card shows the card (``engines.root.hand.card_words``); a
battle shows the warriors on each side, which cap the hits; the factions' own actions say
the rule that makes them worth taking. The menu label already names the move.
"""

from __future__ import annotations

from engines.core.words import count
from engines.root.actions import Fight, Move, Pick
from engines.root.choices import options_for
from engines.root.content import card_records, characters
from engines.root.hand import card_words
from engines.root.state import FACTION_NAMES, HAND_WINDOWS, State

# Eyrie leaders: the Decree columns they start with and their ability (L7.7).
LEADERS = {
    "builder": "Starts the Decree with Recruit and Move; ignores Disdain for Trade.",
    "charismatic": "Starts the Decree with Recruit and Battle; recruits 2 warriors, not 1.",
    "commander": "Starts the Decree with Move and Battle; deals an extra hit as attacker.",
    "despot": (
        "Starts the Decree with Move and Build; +1 VP per battle that removes a building or token."
    ),
}

# The Vagabond characters' special actions, said for the choice of character (L9.5.7).
SPECIALS = {
    "steal": "a torch takes a random card from a player in his clearing",
    "day_labor": "a torch takes a discarded card of his clearing's suit",
    "hideout": "a torch repairs 3 damaged items, then Daylight ends",
}

RULES = {
    "recruit": "Place a warrior at every recruiter you have.",
    "march": "Up to two moves; each must leave or reach a clearing you rule.",
    "overwork": "Spend a card of this clearing's suit: place a wood at its sawmill.",
    "wood": "Wood pays for buildings in clearings you rule, connected to it.",
    "decree": "Each Daylight every Decree card must be resolved, left to right, or turmoil.",
    "d_recruit": "Place a warrior at a roost in a clearing of this card's suit.",
    "d_build": "Place a roost in a clearing of this card's suit that you rule, with no roost.",
    "new_roost": "No roost on the map: a roost and 3 warriors where warriors are fewest.",
    "spread": "Place a sympathy token; pay supporters matching the clearing's suit.",
    "revolt": "Remove every enemy piece there; place a base, warriors and an officer.",
    "mobilize": "Add this card to the supporters stack.",
    "train": "Spend a card matching a base's suit: gain an officer.",
    "organize": "Remove your warrior there to place a sympathy token, scoring its VP.",
    "a_recruit": "Place a warrior in a clearing with a base.",
    "outrage": "You moved into or removed sympathy: give the Alliance a card of that suit.",
    "build": "Pay wood from connected clearings you rule; score the VP on its track.",
    "bird_action": "Spend a bird card: one more Daylight action.",
    "explore": "Exhaust a torch: take an item from the ruin and score 1 VP.",
    "strike": "Exhaust a crossbow: remove one piece there, with no battle.",
    "steal": "Exhaust a torch: take a random card from them.",
    "day_labor": "Exhaust a torch: take this card from the discard pile.",
    "hideout": "Repair 3 damaged items, then Daylight ends.",
    "repair": "Exhaust a hammer: repair a damaged item.",
    "aid": "Give a card matching the clearing: their relationship improves; take an item.",
    "quest": "Exhaust the quest's two items: score VP or draw 2 cards.",
    "ambush": "2 hits to the attacker before the roll, unless they counter with an ambush card.",
    "counter": "Cancels the ambush: no hits from it.",
    "no_ambush": "The battle goes on to the roll.",
    "no_counter": "The ambush deals its two hits.",
    "dominance": "You stop scoring VP; you win holding its condition as your turn starts.",
    "take_water": "WATER pays 2 for a Recruit, an Advance or a draw-and-destroy, or opens a trail.",
    "no_water": "The WATER stays in the supply for the next player.",
    "water_recruit": "Up to 2 of your warriors in one clearing you rule (not your own Recruit).",
    "water_advance": "One move, then one battle, in your own turn.",
    "water_ddd": "Draw 3 cards: discard 1 face up, destroy 1 (out of the game), keep 1.",
    "seize": "Every 3 of their pieces you remove in a turn lets you take 1 of their WATER.",
    "surrender_water": "Take 1 WATER from them instead of the VP for the removed piece.",
    "coalition": "You stop scoring and win when they win; you may not battle each other.",
    "take_dominance": "Spend a card of its suit to take this dominance card into your hand.",
    "discard": "Hands hold 5 cards at the end of your turn.",
    "keep": "Your keep: only you may place pieces here; Field Hospitals return warriors here.",
    "setup_build": "A starting building, in the keep's clearing or one next to it.",
    "forest": "The Vagabond starts in this forest and moves out to the clearings around it.",
    "slip": "A free move before Daylight: no boot, even into Hostile warriors.",
    "v_move": "Exhaust a boot (one more into Hostile warriors) to move there.",
    "v_refresh": "The item is ready to use again this turn.",
    "v_damage": "A hit on you damages an item: it is unusable until repaired.",
    "v_drop": "Above the item limit: this item leaves the game.",
    "hospital": "Spend a card of that clearing's suit: the removed warriors return to the keep.",
    "no_hospital": "The removed warriors go back to your supply.",
    "hit": "You choose which of your pieces takes this hit.",
    "ddd": "The first card goes to the discard pile, the second out of the game.",
    "end_daylight": "Go on to Evening; unused actions are lost.",
}

# Picks whose card is the point of the move: its text says what it does.
CARD_WHATS = {"craft", "effect"}


def _card(cid: str) -> str | None:
    rec = card_records().get(cid.split(".")[0])
    return card_words(rec) if rec else None


def _warriors(s: State, clearing: int, seat: int) -> int:
    faction = s.players[seat].faction
    return s.clearing(clearing).warriors.get(faction, 0)


def _battle(a: Fight, s: State) -> str:
    them = FACTION_NAMES[s.players[a.defender].faction]
    theirs = _warriors(s, a.clearing, a.defender)
    if theirs == 0:
        return f"{them} have no warriors there: you deal an extra hit."
    if s.turn is None or s.players[s.turn.active].faction == "vagabond":
        return f"{them} have {count(theirs, 'warrior')} there; each side's hits are capped."
    ours = _warriors(s, a.clearing, s.turn.active)
    return (
        f"Your {count(ours, 'warrior')} against their {theirs}: "
        "each side's hits are capped by them."
    )


def hint(a: Pick | Move | Fight, s: State) -> str | None:
    if isinstance(a, Fight):
        return _battle(a, s)
    if isinstance(a, Move):
        return None  # the label names the clearings and warriors already
    if a.what in CARD_WHATS and a.card and (text := _card(a.card)):
        return text
    if a.what == "leader":
        return LEADERS.get(a.card)
    if a.what == "character" and (who := characters().get(a.card)):
        return f"Items: {', '.join(who.items)}. Special: {SPECIALS[who.special]}."
    if (
        a.what.startswith("no_")
        and s.pending
        and s.pending[0].kind in HAND_WINDOWS
        and len(options_for(s, s.pending[0].seat)) == 1
    ):
        # The window opens whatever the hand holds (``HAND_WINDOWS``); the seat alone
        # reads why passing is all there is this time.
        return f"No card in your hand fits this time. {RULES[a.what]}"
    return RULES.get(a.what)
