"""Trials (reference §6, §8): which trial a crossing meets, the unopposed roll with its
modifier window, and what a failure costs.

A Trial rolls one die for the tested character; then the post-roll window of §8 opens
(``modifier_window=alternating_after_roll``), the character first, then its opponent, who
holds its flaws. A race named by the trial passes it by nature, and a static
``auto_pass_trial`` power passes the trials it names, with no roll.
"""

from __future__ import annotations

from engines.arcadia.common import facts
from engines.arcadia.content import Trial, content
from engines.arcadia.contest import Finished, open_trial
from engines.arcadia.encounters import lose
from engines.arcadia.forced_moves import FORCED_OPS
from engines.arcadia.mapping import printed_side, terrains_at
from engines.arcadia.state import ArcadiaState, Contest, Player
from engines.arcadia.wording import league_label
from engines.core.context import Ctx


def trial_applies(t: Trial, via: str, facing: str, rot: int) -> bool:
    if t.key == "any":
        return True
    kind, value = t.key.split(":")
    if kind == "via":
        return value == via
    return value == printed_side(rot, facing)


def start_trial(
    s: ArcadiaState, p: Player, t: Trial, cell: str, purpose: str, ctx: Ctx
) -> Finished | None:
    """Roll ``t`` (a trial of the league at ``cell``) for ``p``; the finished Trial ("win"
    passes, "loss" fails), or None while its window waits for a player. ``purpose`` tells
    the Day what the Trial is for, so it can go on when the window closes later
    (``DayState.trial_for``)."""
    d = s.day
    assert d is not None
    d.trial_for = purpose
    where = league_label(s, cell)
    race = content().icons[p.character.icon or ""].race.lower()
    if race in t.auto_pass_races or _passes_by_power(s, p, t, cell):
        ctx.say(f"{p.character.name} passes the {t.attribute} trial of {where} without a roll.")
        c = Contest(kind="trial", seat=p.seat, foe=where, test=t.attribute, base=0, foe_base=0)
        return c, "win"
    return open_trial(s, ctx, p.seat, t.attribute, t.difficulty, where)


def _passes_by_power(s: ArcadiaState, p: Player, t: Trial, cell: str) -> bool:
    """A static ``auto_pass_trial`` of the icon or a face-up merit: every trial of its test
    types (all when none are listed) on leagues with one of its ``terrains`` (any league
    when none are listed)."""
    terrains = set(terrains_at(s, cell))
    for e in facts(p.character).statics:  # the icon's and the face-up merits' static effects
        if e.op != "auto_pass_trial":
            continue
        if e.when.tests and not {t.attribute, "Trial"} & set(e.when.tests):
            continue
        listed = set(e.params.get("terrains", []))
        if not listed or listed & terrains:
            return True
    return False


def fail_trial(s: ArcadiaState, p: Player, c: Contest, t: Trial | None, ctx: Ctx) -> None:
    """A failed Trial ends the Day, after what its ``on_fail`` effects say (exhaust a merit,
    a forced move) and what a flaw played in its window adds."""
    on_fail = t.on_fail if t else ()
    penalty = sum(1 for e in on_fail if e.op == "exhaust_merit")
    forced = next((e.op for e in on_fail if e.op in FORCED_OPS), None)
    lose(s, p, c, penalty, "end", ctx, forced)
