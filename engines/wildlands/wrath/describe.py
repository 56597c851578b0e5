"""Menu labels for the Wrath decisions (wildlands.md §11); the rest are the base game's. The
Desperate Measures step asks its own question (``measures.discard_heading``)."""

from __future__ import annotations

from typing import Any

from engines.core.words import count
from engines.wildlands import describe as base
from engines.wildlands.actions import EndTurn
from engines.wildlands.cards import ICON_LABELS, card_label
from engines.wildlands.wrath.actions import (
    Carry,
    Discard,
    SpecialAttack,
    SpecialMove,
    SpecialPick,
    SpecialSkip,
    SpecialSpace,
    SpecialX,
    Spend,
)
from engines.wildlands.wrath.measures import discard_heading, draw_label
from engines.wildlands.wrath.specials import LIZARDMAN
from engines.wildlands.wrath.state import SPECIAL_OF, WrathState

_GROUPS: dict[type, str] = {
    Spend: "Special action",
    SpecialPick: "Special action",
    SpecialSpace: "Special action",
    SpecialX: "Special action",
    SpecialMove: "Special action",
    SpecialAttack: "Special action",
    SpecialSkip: "Special action",
    Carry: "Carry the shard",
}


def group(a: Any, s: WrathState) -> str:
    if isinstance(a, Discard):
        return discard_heading(s)
    return _GROUPS.get(type(a)) or base.group(a)


def describe(a: Any, s: WrathState) -> str:
    def name(fid: str) -> str:
        f = s.figures.get(fid)
        return f.name if f else fid

    match a:
        case Spend(shard=shard):
            carrier = s.carried.get(shard)
            return f"Spend a shard: {name(carrier)}'s special action" if carrier else "Spend"
        case SpecialPick(figure=fid):
            f = s.figures.get(fid)
            where = f" (space {f.space})" if f and f.space is not None else ""
            return f"Pick {name(fid)}{where}"
        case SpecialSpace(space=space):
            return f"Place them in space {space}"
        case SpecialX(x=x):
            return f"Automaton takes {x} damage for up to {count(x, 'attack')}"
        case SpecialMove(figure=fid, to=to):
            return f"{name(fid)}: step to space {to}"
        case SpecialAttack(figure=fid, style=style, target=target):
            return f"{name(fid)}: {ICON_LABELS[style]} attack on {name(target)}"
        case SpecialSkip():
            return _skip_label(s)
        case Carry(figure=fid):
            return f"{name(fid)} carries the shard ({_special_label(fid)})"
        case Discard():
            return f"Discard {card_label(a.card)}"
        case EndTurn() if s.discarding:
            return draw_label(s)
    return base.describe(a, s)


# The Lizardman's fixed sequence in words, from the rule itself: "heavy melee, step, …".
_LIZARDMAN_STEPS = tuple("step" if part == "move" else ICON_LABELS[part] for part in LIZARDMAN)


def _special_label(fid: str) -> str:
    """What spending a shard on this Ancient will do, in a few words (§11 table)."""
    return {
        "magus": "special: place two characters",
        "automaton": "special: damage for ranged attacks",
        "phantasm": "special: four steps with melees",
        "lizardman": "special: " + ", ".join(_LIZARDMAN_STEPS),
        "tyrant": "special: moves the other Ancients",
    }[SPECIAL_OF[fid]]


def _skip_label(s: WrathState) -> str:
    sp = s.special
    if sp is None:
        return "Skip"
    if sp.kind == "magus":
        return "Place only the one picked"
    if sp.kind == "tyrant" and sp.stage == "step":
        return "No more steps"
    if sp.stage in ("step", "attack", "pick"):
        return "End the special action"
    return "Skip this step"
