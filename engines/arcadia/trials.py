"""Trials (reference §6, §8): which trial a crossing meets, and the unopposed roll."""

from __future__ import annotations

from engines.arcadia.common import attribute, static_bonus
from engines.arcadia.content import Trial, content
from engines.arcadia.mapping import printed_side
from engines.arcadia.state import ArcadiaState, Player
from engines.core.context import Ctx


def trial_applies(t: Trial, via: str, facing: str, rot: int) -> bool:
    if t.key == "any":
        return True
    kind, value = t.key.split(":")
    if kind == "via":
        return value == via
    return value == printed_side(rot, facing)


def roll_trial(s: ArcadiaState, p: Player, t: Trial, where: str, ctx: Ctx) -> bool:
    race = content().icons[p.character.icon or ""].race.lower()
    if race in t.auto_pass_races:
        ctx.say(f"{p.character.name} passes the {t.attribute} trial of {where} by nature.")
        return True
    with ctx.rng(s) as rng:
        die = rng.randint(1, 6)
    total = die + attribute(p, t.attribute) + static_bonus(p, t.attribute, None, trial=True)
    ok = total >= t.difficulty
    ctx.say(
        f"{t.attribute} trial {t.difficulty} at {where}: die {die}, total {total}: "
        f"{'passed' if ok else 'failed'}.",
        kind="roll",
    )
    return ok
