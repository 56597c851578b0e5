"""Actions in words for menus and logs, and the menu group each belongs to."""

from __future__ import annotations

from typing import Any

from engines.arcadia import actions as A
from engines.arcadia.card_list import rest_words
from engines.arcadia.content import content
from engines.arcadia.sites import item_for, item_noun
from engines.arcadia.stage import actor
from engines.arcadia.state import ArcadiaState
from engines.arcadia.wording import lay_place, league_label, origin_words
from engines.core.words import count


def _league(s: ArcadiaState, cell: str) -> str:
    return league_label(s, cell, always=True)


def _merit(s: ArcadiaState, seat: int, slot: int) -> str:
    """The merit in ``slot`` of ``seat``'s character; "a merit" for a move described out of
    its moment (a refusal names the move tried), when that slot does not exist."""
    merits = s.players[seat].character.merits if 0 <= seat < len(s.players) else []
    if not 0 <= slot < len(merits):
        return "a merit"
    # A treasure or quest item picked up is told apart from the character's own copy: it
    # does not come back next game (§9).
    origin = origin_words(merits[slot].origin)
    return content().merits[merits[slot].id].name + (f" ({origin})" if origin else "")


def _flaw(s: ArcadiaState, seat: int, slot: int) -> str:
    """ "Ann's flaw Greedy", like ``_merit``."""
    p = s.players[seat] if 0 <= seat < len(s.players) else None
    flaws = p.character.flaws if p else []
    if p is None or not 0 <= slot < len(flaws):
        return "a flaw"
    return f"{p.character.name}'s flaw {content().flaws[flaws[slot].id].name}"


def _loser(s: ArcadiaState) -> int:
    """Whom a push or a drain hits: the loser of a challenge (§11), else the seat paying for
    a lost test."""
    d = s.day
    if d is None:
        return 0
    return d.cvc_loser if d.stage == "cvc_outcome" else d.pay_seat


def describe_action(a: Any, s: ArcadiaState) -> str:
    c = content()
    me = s.day.seat if s.day else 0
    if isinstance(a, A.PickIcon):
        i = c.icons[a.icon]
        stats = f"Might {i.might}, Savvy {i.savvy}, Resolve {i.resolve}"
        return f"Icon {i.name}: {stats}; {i.special.name}"
    if isinstance(a, A.TakeMerit):
        m = c.merits[a.merit]
        return f"Take merit {m.name} ({m.type}, {count(m.cost, 'point')})"
    if isinstance(a, A.TakeFlaw):
        f = c.flaws[a.flaw]
        return f"Take flaw {f.name} ({f.type}, +{count(f.bonus, 'point')})"
    if isinstance(a, A.ChooseCourt):
        return f"Join the {a.court} court and finish the character"
    if isinstance(a, A.FinishBuild):
        return "Finish the character"
    if isinstance(a, A.PickQuest):
        q = c.quests[a.quest]
        ratings = f"waylay rating {q.waylay_rating}, treasure rating {q.treasure_rating}"
        return f"Quest {q.number}: {q.name} ({ratings})"
    if isinstance(a, A.ChooseItem):
        if not s.pending_items:
            return f"Choose {c.merits[a.merit].name} as a quest item"
        return f"Choose {c.merits[a.merit].name} as {item_for(s, actor(s))}"
    if isinstance(a, A.SelectWaylay):
        w = c.waylays[a.waylay]
        return f"Select waylay {w.name} (rating {w.rating})"
    if isinstance(a, A.SelectTreasure):
        m = c.merits[a.merit]
        return f"Select treasure {m.name} ({count(m.cost, 'point')})"
    if isinstance(a, A.Done):
        return "Recover no more flaws" if s.day and s.day.stage == "flaws" else "Done selecting"
    if isinstance(a, A.RecoverFlaw):
        return f"Recover {_flaw(s, s.day.seat if s.day else me, a.slot)}"
    if isinstance(a, A.SelectLeague):
        return f"Select league {c.leagues[a.league].name}"
    if isinstance(a, A.PlaceLeague):
        turn = ", turned half round" if a.rot else ""
        return f"Lay {c.leagues[a.league].name} at {lay_place(s, a.cell)}{turn}"
    if isinstance(a, A.SetAside):
        return "Set the remaining leagues aside"
    if isinstance(a, A.PlaceTreasure):
        return f"Hide {c.merits[a.merit].name} under {_league(s, a.cell)}"
    if isinstance(a, A.ChooseBase):
        if s.phase != "base" or not s.order:
            return f"Make {_league(s, a.cell)} a base camp"
        whose = s.players[s.order[s.cursor % len(s.order)]].character.name
        return f"Make {_league(s, a.cell)} {whose}'s base camp"
    if isinstance(a, A.Designate):
        if not s.designations:
            return f"Make {_league(s, a.cell)} a quest site"
        seat, quest, key = s.designations[0].split(":")
        whose = f"{s.players[int(seat)].character.name}'s quest {c.quests[quest].name}"
        return f"Make {_league(s, a.cell)} the {key} of {whose}"
    if isinstance(a, A.PlaceItem):
        if not s.pending_items:
            return f"Place a quest item under {_league(s, a.cell)}"
        it = s.pending_items[0]
        what = f"{s.players[it.owner].character.name}'s {item_noun(it)} {c.merits[it.id].name}"
        return f"Place {what} under {_league(s, a.cell)}"
    if isinstance(a, A.Move):
        if a.merit is not None:
            return (
                f"Long move over {_league(s, a.mid or '')} to {_league(s, a.cell)} "
                f"(via {a.mid_via}, then {a.via})"
            )
        return f"Move to {_league(s, a.cell)} via {a.via}"
    if isinstance(a, A.Stay):
        return "Stay here"
    if isinstance(a, A.PlayWaylay):
        return f"Play waylay {c.waylays[a.waylay].name}"
    if isinstance(a, A.Decline):
        return "Play no waylay"
    if isinstance(a, A.ChooseTest):
        extra = f" (exhaust {_merit(s, me, a.merit)})" if a.merit is not None else ""
        return f"{a.test} Test{extra}"
    if isinstance(a, A.UseMerit):
        return f"Exhaust {_merit(s, a.seat, a.slot)}"
    if isinstance(a, A.UseFlaw):
        return f"Exhaust {_flaw(s, a.seat, a.slot)}"
    if isinstance(a, A.IconPower):
        p = s.players[s.contest.seat] if s.contest else s.players[me]
        power = c.icons[p.character.icon].special.name if p.character.icon else "Icon power"
        return f"{power} (exhaust {_merit(s, p.seat, a.slot)})"
    if isinstance(a, A.Pass):
        return "Pass"
    if isinstance(a, A.Exhaust):
        seat = s.day.pay_seat if s.day else me
        return f"Exhaust {_merit(s, seat, a.slot)}"
    if isinstance(a, A.Discard):
        seat = s.day.pay_seat if s.day else me
        return f"Discard {_merit(s, seat, a.slot)}"
    if isinstance(a, A.Challenge):
        return f"Challenge {s.players[a.target].character.name} ({a.test})"
    if isinstance(a, A.PickUp):
        return "Pick up your items here"
    if isinstance(a, A.Rest):
        if a.option < 0:
            return "Rest: recover one merit of any type"
        here = s.cells.get(s.players[me].pos or "")
        options = c.leagues[here.league].rest.options if here else ()
        if a.option >= len(options):
            return "Rest"
        return f"Rest: recover {rest_words(options[a.option])}"
    if isinstance(a, A.Recover):
        return f"Recover {_merit(s, me, a.slot)}"
    if isinstance(a, A.QuestAction):
        return f"Quest action for {c.quests[a.quest].name}" + (f" ({a.test})" if a.test else "")
    if isinstance(a, A.LeagueSpecial):
        return "League special action" + (
            f" with {_merit(s, me, a.slot)}" if a.slot is not None else ""
        )
    if isinstance(a, A.EndDay):
        return "End the Day"
    if isinstance(a, A.Push):
        return f"Push {s.players[_loser(s)].character.name} into {_league(s, a.cell)}"
    if isinstance(a, A.Drain):
        loser = _loser(s)
        name = s.players[loser].character.name
        return f"Make {name} spend {_merit(s, loser, a.slot)}"
    return str(a)


GROUPS = {
    "icon": "Icon",
    "take_merit": "Merits",
    "take_flaw": "Flaws",
    "finish_build": "Finish the character",
    "court": "Finish the character",
    "waylay": "Waylays",
    "treasure": "Treasures",
    "league": "Leagues",
    "place": "Lay a league",
    "place_treasure": "Hide a treasure",
    "move": "Move",
    "stay": "Move",
    "use_merit": "Modify",
    "use_flaw": "Modify",
    "icon_power": "Modify",
    "pass": "Modify",
    "challenge": "Event",
    "pick_up": "Event",
    "rest": "Event",
    "quest_action": "Event",
    "special": "Event",
    "end_day": "Event",
}


def group_of(a: Any) -> str:
    return GROUPS.get(a.kind, "Moves")
