"""Menu hints for Arcadia (engines.core.menus).

- The post-roll modifier window and the waylay window are quick timed prompts, like
  Wildlands' interrupts; a timeout passes or declines (``decline_on_timeout``).
- Long lists become paths: merits by type, leagues and waylays by first terrain, a league
  laid by card then cell, a treasure hidden by card then league, a move by destination then
  crossing terrain, a long move by power, way, then its two crossing terrains, a challenge by
  opponent then test.
"""

from __future__ import annotations

from typing import Any

from engines.arcadia import actions as A
from engines.arcadia.building import court_count
from engines.arcadia.content import content
from engines.arcadia.describe import describe_action
from engines.arcadia.hints import hint as move_hint
from engines.arcadia.movement import crossing_trials, trial_words
from engines.arcadia.state import ArcadiaState
from engines.arcadia.wording import lay_place, league_label
from engines.core.menus import Path, PickSet, QuickPrompt
from engines.core.words import count, joined, plural


class ArcadiaMenus:
    def pick_set(self, action: Any, state: ArcadiaState) -> PickSet | None:
        return None

    def same(self, action: Any, state: ArcadiaState) -> str | None:
        return None

    def path(self, action: Any, state: ArcadiaState) -> Path | None:
        c = content()
        if isinstance(action, A.TakeMerit):
            m = c.merits[action.merit]
            return Path("Take a merit", (plural(m.type), describe_action(action, state)))
        if isinstance(action, A.TakeFlaw):
            f = c.flaws[action.flaw]
            return Path("Take a flaw", (plural(f.type), describe_action(action, state)))
        if isinstance(action, A.SelectLeague):
            lg = c.leagues[action.league]
            return Path("Select a league", (lg.terrains[0], describe_action(action, state)))
        if isinstance(action, A.SelectWaylay):
            w = c.waylays[action.waylay]
            return Path("Select a waylay", (f"Rating {w.rating}", describe_action(action, state)))
        if isinstance(action, A.SelectTreasure):
            m = c.merits[action.merit]
            return Path(
                "Select a treasure", (count(m.cost, "point"), describe_action(action, state))
            )
        if isinstance(action, A.PlaceLeague):
            name = c.leagues[action.league].name
            turn = ", turned half round" if action.rot else ""
            return Path("Lay a league", (name, f"At {lay_place(state, action.cell)}{turn}"))
        if isinstance(action, A.PlaceTreasure):
            name = c.merits[action.merit].name
            return Path("Hide a treasure", (name, describe_action(action, state)))
        if isinstance(action, A.Move) and action.merit is None:
            to = f"Move to {league_label(state, action.cell, always=True)}"
            return Path(
                "Move", (to, f"Cross by {action.via}"), (None, crossing_note(state, action))
            )
        if isinstance(action, A.ChooseCourt):
            return Path(
                "Finish the character", (court_step(state), f"Join the {action.court} court")
            )
        if isinstance(action, A.Move):
            # A long move: the power, the way, then the crossing terrains declared (D3).
            where = describe_action(action, state).split(" (via ")[0]
            return Path("Long move", (long_move_power(state, action), where, long_vias(action)))
        if isinstance(action, A.Challenge):
            who = state.players[action.target].character.name
            return Path("Challenge", (who, action.test))
        return None

    def hint(self, action: Any, state: ArcadiaState) -> str | None:
        return move_hint(action, state)


def crossing_note(s: ArcadiaState, a: A.Move) -> str:
    """What crossing by ``a.via`` means (D3, D4): the terrain both edges share, and the
    trials the crossing meets by it."""
    here = s.players[s.day.seat if s.day else 0].pos or ""
    trials = [trial_words(s, ref) for ref in crossing_trials(s, here, a.cell, a.via)]
    meets = joined(trials) if trials else "no trial"
    return f"The facing edges of both leagues show {a.via}: crossing by it meets {meets}."


def court_step(s: ArcadiaState) -> str:
    """The first step of a tied court (§2.6): finishing asks for the court."""
    ch = s.players[s.cursor].character
    seelie, unseelie = court_count([m.id for m in ch.merits], [f.id for f in ch.flaws])
    return f"Finish the character: choose its court (tied {seelie} to {unseelie})"


def long_move_power(s: ArcadiaState, a: A.Move) -> str:
    """The merit a long move exhausts, or the icon power it pays for (slot -1 - i)."""
    p = s.players[s.day.seat if s.day else 0]
    slot = a.merit if a.merit is not None and a.merit >= 0 else -1 - (a.merit or 0)
    merit = content().merits[p.character.merits[slot].id].name
    if a.merit is not None and a.merit < 0:
        return f"{content().icons[p.character.icon or ''].special.name} (exhaust {merit})"
    return merit


def long_vias(a: A.Move) -> str:
    return f"Via {a.mid_via}, then {a.via}"


def modifier_window(s: ArcadiaState) -> QuickPrompt | None:
    if s.contest is not None:
        return QuickPrompt(label="the modifier window", fresh=s.contest.answers == 0)
    if s.day is not None and s.day.stage == "window":
        return QuickPrompt(label="the waylay window", fresh=True)
    return None
