"""Scenario keywords (wildlands.md §10.9 Haunt and Poisonous Fumes; §14.3 Arcane Shift,
Overclock and Warband, the keywords our stand-in sheets introduce).

A keyword resolves when a minion card's effect or an event-track step says K. Haunt needs
the Phantasm on the board; Arcane Shift and Overclock act only with pieces on the board;
Warband summons next to the Tyrant when it stands on the board, else by map card.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.awoken.codes import FLY, HAUNT, MOVE
from engines.wildlands.awoken.content import scenarios
from engines.wildlands.awoken.state import Act, AwokenState
from engines.wildlands.awoken.summon import summon
from engines.wildlands.state import Hit


def keyword(s: AwokenState, n: int, ctx: Ctx) -> None:
    sheet = scenarios()[n]
    ancient = s.figures[s.ancient_id(n)]
    ctx.say(f"Keyword: {sheet.keyword_name}.")
    match sheet.keyword:
        case "haunt":
            if ancient.space is not None:
                s.program.insert(0, Act(scenario=n, figure=ancient.id, actions=(HAUNT,)))
        case "poisonous_fumes":
            s.queue += [
                Hit(target=c.id, style="fumes", scorer=None) for c in s.characters() if c.damage
            ]
        case "arcane_shift":
            arcane_shift(s, n, ctx)
        case "overclock":
            gizmos = sorted(
                (f for f in s.figures.values() if f.faction == "gizmos" and f.space is not None),
                key=lambda f: (f.space or 0, f.id),
            )
            steps = [Act(scenario=n, figure=g.id, actions=(MOVE,)) for g in gizmos]
            if ancient.space is not None:
                steps.append(Act(scenario=n, figure=ancient.id, actions=(MOVE,)))
            s.program[0:0] = steps
        case "warband":
            summon(s, "goblins", ctx, into=ancient.space)


def arcane_shift(s: AwokenState, n: int, ctx: Ctx) -> None:
    """The Magus goes to the character carrying the most crystals (tie: lowest space);
    with no carrier it flies."""
    magus = s.figures[s.ancient_id(n)]
    if magus.space is None:
        return
    carriers = [c for c in s.characters() if s.crystals.get(c.id, 0)]
    if not carriers:
        s.program.insert(0, Act(scenario=n, figure=magus.id, actions=(FLY,)))
        return
    best = min(carriers, key=lambda c: (-s.crystals[c.id], c.space))
    ctx.say(f"The {magus.name} shifts to {best.name} in space {best.space}.")
    s.update_figure(magus.id, space=best.space)
