"""The build phase of a game (reference §2): a seat without a finished character picks an
icon, merits and flaws within the budget, then its court on a tie, and finishes."""

from __future__ import annotations

from functools import lru_cache

from engines.arcadia import actions as A
from engines.arcadia.building import build_problems, build_room, court_of
from engines.arcadia.common import set_character
from engines.arcadia.content import content
from engines.arcadia.state import ArcadiaState, FlawSlot, MeritSlot
from engines.core.context import Ctx
from engines.core.errors import IllegalAction
from engines.core.words import article, count

BUILD_MOVES = (A.PickIcon, A.TakeMerit, A.TakeFlaw, A.ChooseCourt, A.FinishBuild)


# A build is offered every merit and flaw it may take, move after move: one lookup each.
@lru_cache(maxsize=1024)
def _take_merit(merit: str) -> A.TakeMerit:
    return A.made(A.TakeMerit, merit=merit)


@lru_cache(maxsize=1024)
def _take_flaw(flaw: str) -> A.TakeFlaw:
    return A.made(A.TakeFlaw, flaw=flaw)


def build_legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    c = content()
    ch = s.players[seat].character
    if ch.icon is None:
        return [A.made(A.PickIcon, icon=i) for i in c.icons]
    merits = [m.id for m in ch.merits]
    flaws = [f.id for f in ch.flaws]
    out: list[A.Action] = []
    valid, takeable = build_room(ch.icon, merits, flaws)
    if valid:
        if ch.court is None and court_of(ch.icon, merits, flaws) is None:
            out += [A.made(A.ChooseCourt, court="Seelie"), A.made(A.ChooseCourt, court="Unseelie")]
        else:
            out.append(A.made(A.FinishBuild))
    out += [_take_merit(m) for m in takeable]
    cap = s.options.max_flaw_bonus
    bonus = sum(c.flaws[f].bonus for f in flaws)
    out += [
        _take_flaw(f.id)
        for f in c.flaws.values()
        if f.id not in flaws and (cap is None or bonus + f.bonus <= cap)
    ]
    return out


def resolve_build(s: ArcadiaState, seat: int, a: A.Action, ctx: Ctx) -> None:
    """One of ``BUILD_MOVES``; finishing (or choosing the court) hands on to the next seat."""
    c = content()
    p = s.players[seat]
    ch = p.character
    if isinstance(a, A.PickIcon):
        set_character(p, icon=a.icon)
        ctx.say(f"{ch.name} is {article(c.icons[a.icon].name)}.")
    elif isinstance(a, A.TakeMerit):
        set_character(p, merits=(*ch.merits, MeritSlot(id=a.merit)))
    elif isinstance(a, A.TakeFlaw):
        set_character(p, flaws=(*ch.flaws, FlawSlot(id=a.flaw)))
    elif isinstance(a, A.ChooseCourt):
        set_character(p, court=a.court, built=True)
        ctx.say(f"{ch.name} chooses the {a.court} court.")
        s.cursor += 1
    elif isinstance(a, A.FinishBuild):
        merits = [m.id for m in ch.merits]
        flaws = [f.id for f in ch.flaws]
        problems = build_problems(ch.icon, merits, flaws, s.options.max_flaw_bonus)
        if problems:
            raise IllegalAction(" ".join(problems))
        ch = set_character(p, court=ch.court or court_of(ch.icon, merits, flaws), built=True)
        ctx.say(
            f"{ch.name} is ready: {count(len(merits), 'merit')}, {count(len(flaws), 'flaw')}, "
            f"{ch.court} court."
        )
        s.cursor += 1
