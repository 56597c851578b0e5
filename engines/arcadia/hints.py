"""What an Arcadia move does, in one line under it in a menu (arcadia.md §2-§12).

A move that names a card (an icon, a merit, a flaw, a waylay, a league, a quest) shows that
card's words as ``/card`` prints them (``engines.arcadia.card_list``); a move on a merit in a
character's slots shows that merit; the day's plain choices say their rule.
"""

from __future__ import annotations

from typing import Any

from engines.arcadia import actions as A
from engines.arcadia.card_list import (
    flaw_entry,
    icon_entry,
    league_entry,
    merit_entry,
    quest_entry,
)
from engines.arcadia.content import content
from engines.arcadia.hand import waylay_words
from engines.arcadia.state import ArcadiaState
from engines.arcadia.waylays import playable

RULES: dict[type, str] = {
    A.Stay: "Stay in this league this Day.",
    A.Decline: "Let it pass.",
    A.Pass: "Add nothing more to this test.",
    A.PickUp: "Take the treasure or item lying here.",
    A.EndDay: "End your Day.",
    A.SetAside: "Put this league aside; it is not laid.",
    A.FinishBuild: "Your character is complete; the game can start.",
    A.ChooseCourt: "Your Abilities and Weaknesses tie between the courts: this picks the court "
    "and finishes the character.",
    A.ChooseBase: "The character you oppose starts here, may rest here, and meets no waylay here.",
    A.Designate: "The quest's league is not in play: this one takes its name, and the quester "
    "must go there.",
    A.PlaceItem: "The quester must come to this league to pick the item up.",
}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _merit(s: ArcadiaState, seat: int, slot: int) -> str | None:
    if not 0 <= seat < len(s.players):
        return None
    merits = s.players[seat].character.merits
    if not 0 <= slot < len(merits):
        return None
    # In play the build cost no longer matters: what the merit does is the text below it.
    return _flat(merit_entry(content().merits[merits[slot].id]).text.split("\n", 1)[-1])


def _flaw(s: ArcadiaState, seat: int, slot: int) -> str | None:
    if not 0 <= seat < len(s.players):
        return None
    flaws = s.players[seat].character.flaws
    if not 0 <= slot < len(flaws):
        return None
    return _flat(flaw_entry(content().flaws[flaws[slot].id]).text)


def hint(a: Any, s: ArcadiaState) -> str | None:
    c = content()
    me = s.day.seat if s.day else 0
    match a:
        case A.PickIcon(icon=icon) if icon in c.icons:
            return _flat(icon_entry(c.icons[icon]).text)
        case (
            A.TakeMerit(merit=m)
            | A.ChooseItem(merit=m)
            | A.SelectTreasure(merit=m)
            | A.PlaceTreasure(merit=m)
        ) if m in c.merits:
            return _flat(merit_entry(c.merits[m]).text)
        case A.TakeFlaw(flaw=f) if f in c.flaws:
            return _flat(flaw_entry(c.flaws[f]).text)
        case A.SelectWaylay(waylay=w) | A.PlayWaylay(waylay=w) if w in c.waylays:
            return _flat(waylay_words(c.waylays[w]))
        case A.SelectLeague(league=lg) | A.PlaceLeague(league=lg) if lg in c.leagues:
            return _flat(league_entry(c.leagues[lg]).text)
        case A.PickQuest(quest=q) | A.QuestAction(quest=q) if q in c.quests:
            return _flat(quest_entry(c.quests[q]).text)
        case A.UseMerit(slot=slot, seat=seat):
            return _merit(s, seat, slot)
        case A.UseFlaw(slot=slot, seat=seat):
            return _flaw(s, seat, slot)
        case A.Exhaust(slot=slot) | A.Discard(slot=slot):
            return _merit(s, s.day.pay_seat if s.day else me, slot)
        case A.Recover(slot=slot):
            return _merit(s, me, slot)
        case A.Decline() if s.day is not None and s.day.stage == "window":
            # The window opens whatever the hand holds (D6); its holder alone reads why
            # passing is all there is this time.
            if not playable(s, s.players[me]):
                return (
                    "None of your waylays can be played here (its terrain, or one already "
                    "lies here): let the character pass."
                )
    return RULES.get(type(a))
