"""The five special actions (wildlands.md §11 "Special actions").

- Magus: pick exactly two revealed characters on the board (any owner, itself included) and
  place both in one chosen space; alone if it is the only one (magus_count=two; the option
  ``one_or_two`` allows a single pick). Not a move: no Slippery Surface count, but the entry
  cracks thin ice (forced_entry_triggers_ice).
- Automaton: choose 1 <= X < remaining health, take X undefendable damage that scores for no
  one, then up to X ranged or heavy-ranged attacks from its own space.
- Phantasm: up to 4 move/climb steps; after each, at most one melee on each enemy character
  in its space.
- Lizardman: heavy melee, move/climb, melee, move/climb, melee; each optional, order fixed.
- Tyrant: each other Ancient on the board, one at a time in the player's order: up to 2
  move/climb steps, then 1 melee.

Steps go over any edge (a climb needs no card here) and count as moves
(special_moves_are_moves); attacks follow §6 and the targets defend normally (§7). A step
the rules leave nothing to do in is passed over by itself. When the special action ends an
interrupt window may open (§8.1: after the whole special action).
"""

from __future__ import annotations

from typing import Any, Literal

from engines.core.context import Ctx
from engines.core.words import count, health_left
from engines.wildlands.actions import AttackStyle
from engines.wildlands.board import Board
from engines.wildlands.combat import attack_targets
from engines.wildlands.state import Enter, Figure, Hit, Relocate
from engines.wildlands.wrath.actions import (
    SpecialAttack,
    SpecialMove,
    SpecialPick,
    SpecialSkip,
    SpecialSpace,
    SpecialX,
)
from engines.wildlands.wrath.state import SPECIAL_OF, Special, WrathState

MAP_SPACES = 42
PHANTASM_STEPS = 4
TYRANT_STEPS = 2
# The Lizardman's fixed sequence; each entry is optional.
LIZARDMAN: tuple[AttackStyle | Literal["move"], ...] = (
    "heavy_melee",
    "move",
    "melee",
    "move",
    "melee",
)


def start_special(s: WrathState, seat: int, shard_id: str, board: Board, ctx: Ctx) -> None:
    """Spend ``shard_id``: it leaves the game and its carrier's special action begins."""
    fid = s.carried.pop(shard_id)
    s.claimed_on.pop(shard_id, None)
    kind = SPECIAL_OF[fid]
    first = {"magus": "pick", "automaton": "x", "phantasm": "step", "lizardman": "seq0"}
    s.special = Special(
        seat=seat,
        kind=kind,
        ancient=fid,
        stage=first.get(kind, "pick"),
        steps=PHANTASM_STEPS if kind == "phantasm" else 0,
        actor=None if kind == "tyrant" else fid,
    )
    ctx.say(f"{s.seats[seat].name} spends a shard: the {s.figures[fid].name}'s special action.")
    s.opens_window = False  # until the whole special action is done
    _normalise(s, board)


def _on_board(s: WrathState, fid: str | None) -> Figure | None:
    f = s.figures.get(fid) if fid else None
    return f if f is not None and f.space is not None else None


def magus_candidates(s: WrathState) -> list[str]:
    sp = s.special
    assert sp is not None
    return [
        f.id
        for f in s.figures.values()
        if f.kind == "character" and f.space is not None and f.id not in sp.picked
    ]


def _melee_targets(s: WrathState, board: Board, actor: Figure, style: str) -> list[str]:
    sp = s.special
    assert sp is not None
    return [
        t.id
        for t in attack_targets(s, board, actor, style)
        if t.kind == "character" and t.id not in sp.struck
    ]


def _steps(board: Board, f: Figure) -> list[SpecialMove]:
    assert f.space is not None
    return [SpecialMove(figure=f.id, to=to) for to in board.neighbours(f.space)]


def _attacks(
    s: WrathState, board: Board, f: Figure, styles: tuple[AttackStyle, ...]
) -> list[SpecialAttack]:
    return [
        SpecialAttack(figure=f.id, style=style, target=t)
        for style in styles
        for t in _melee_targets(s, board, f, style)
    ]


def _stage_options(s: WrathState, board: Board) -> list[Any]:
    """The choices of the current stage, without the skip."""
    sp = s.special
    assert sp is not None
    actor = _on_board(s, sp.actor)
    match sp.kind, sp.stage:
        case "magus", "pick":
            return [SpecialPick(figure=fid) for fid in magus_candidates(s)]
        case "magus", "space":
            return [SpecialSpace(space=sp_) for sp_ in range(1, MAP_SPACES + 1)]
        case "automaton", "x":
            f = s.figures[sp.ancient]
            return [SpecialX(x=x) for x in range(1, f.health - f.damage)]
        case "automaton", "attack":
            return _attacks(s, board, actor, ("ranged", "heavy_ranged")) if actor else []
        case "tyrant", "pick":
            return [
                SpecialPick(figure=fid)
                for fid in SPECIAL_OF
                if fid != sp.ancient and fid not in sp.done and _on_board(s, fid)
            ]
        case _, "step":
            return _steps(board, actor) if actor and sp.steps > 0 else []
        case _, "melee":
            return _attacks(s, board, actor, ("melee",)) if actor else []
        case "lizardman", stage:
            i = int(stage.removeprefix("seq"))
            if actor is None or i >= len(LIZARDMAN):
                return []
            step = LIZARDMAN[i]
            return _steps(board, actor) if step == "move" else _attacks(s, board, actor, (step,))
    return []


def special_options(s: WrathState, board: Board, magus_count: str) -> list[Any]:
    """The current stage's choices. Every stage may be passed except the Magus's compulsory
    picks and space (a single pick only under magus_count=one_or_two) and the Automaton's X,
    which is chosen before anything happens."""
    sp = s.special
    assert sp is not None
    options = _stage_options(s, board)
    if sp.kind == "magus":
        single = magus_count == "one_or_two" and len(sp.picked) == 1 and sp.stage == "pick"
        return [SpecialSkip(), *options] if single else options
    if sp.kind == "automaton" and sp.stage == "x":
        return options
    return [SpecialSkip(), *options]


def _skip(sp: Special) -> Special | None:
    """The special action after passing its current stage (None: it is over)."""
    match sp.kind, sp.stage:
        case "magus", "pick":
            return sp.model_copy(update={"stage": "space"})
        case "phantasm", "melee":
            return sp.model_copy(update={"stage": "step", "struck": ()})
        case "tyrant", "step":
            return sp.model_copy(update={"stage": "melee", "steps": 0})
        case "tyrant", "melee":
            return sp.model_copy(update={"stage": "pick", "actor": None})
        case "lizardman", stage:
            following = int(stage.removeprefix("seq")) + 1
            if following >= len(LIZARDMAN):
                return None
            return sp.model_copy(update={"stage": f"seq{following}"})
    return None


def _normalise(s: WrathState, board: Board) -> None:
    """Pass over stages with nothing to choose; end the special action when it is over."""
    while s.special is not None:
        sp = s.special
        if sp.kind == "magus" and sp.stage == "pick":
            if len(sp.picked) == 2 or (sp.picked and not magus_candidates(s)):
                s.special = sp.model_copy(update={"stage": "space"})
                continue
            return
        if sp.kind == "automaton" and sp.stage == "attack" and sp.attacks <= 0:
            s.special = None
        elif sp.kind == "magus" or _stage_options(s, board):
            return
        elif sp.kind == "tyrant" and sp.stage == "step":
            s.special = sp.model_copy(update={"stage": "melee"})
        else:
            s.special = _skip(sp)
    _end(s)


def _end(s: WrathState) -> None:
    # The window after a special action opens only now (§8.1, §11 Interrupts).
    s.opens_window = s.phase == "turn" and s.interrupter is None


def special_step(s: WrathState, seat: int, a: Any, board: Board, ctx: Ctx) -> None:
    """Carry out one choice of the special action in progress."""
    sp = s.special
    assert sp is not None
    match a:
        case SpecialSkip():
            s.special = _skip(sp)
        case SpecialPick(figure=fid) if sp.kind == "magus":
            s.special = sp.model_copy(update={"picked": (*sp.picked, fid)})
        case SpecialPick(figure=fid):
            ctx.say(f"The Tyrant drives the {s.figures[fid].name}.")
            s.special = sp.model_copy(
                update={
                    "stage": "step",
                    "actor": fid,
                    "steps": TYRANT_STEPS,
                    "done": (*sp.done, fid),
                }
            )
        case SpecialSpace(space=space):
            names = " and ".join(s.figures[fid].name for fid in sp.picked)
            ctx.say(f"The Magus places {names} in space {space}.")
            s.queue += [
                Relocate(figure=fid, to=space, counted=False, trigger=seat) for fid in sp.picked
            ]
            s.special = None
        case SpecialX(x=x):
            f = s.update_figure(sp.ancient, damage=s.figures[sp.ancient].damage + x)
            ctx.say(
                f"The Automaton takes {x} damage for {count(x, 'attack')} "
                f"({health_left(f.damage, f.health)})."
            )
            s.special = sp.model_copy(update={"stage": "attack", "attacks": x})
        case SpecialMove(figure=fid, to=to):
            f = s.figures[fid]
            ctx.say(f"{f.name} moves from space {f.space} to space {to} (special action).")
            s.update_figure(fid, space=to, moves=f.moves + 1)
            s.queue.append(Enter(figure=fid, counted=True, trigger=seat))
            s.special = _after_step(sp)
        case SpecialAttack(figure=fid, style=style, target=target):
            t = s.figures[target]
            ctx.say(
                f"{s.figures[fid].name} makes a {style.replace('_', ' ')} attack on {t.name} "
                f"in space {t.space} (special action)."
            )
            s.queue.append(Hit(target=target, style=style, scorer=seat, attacker=fid))
            s.special = _after_attack(sp, target)
    if s.special is None:
        _end(s)
    else:
        _normalise(s, board)


def _after_step(sp: Special) -> Special | None:
    match sp.kind:
        case "phantasm":
            return sp.model_copy(update={"stage": "melee", "steps": sp.steps - 1, "struck": ()})
        case "tyrant":
            left = sp.steps - 1
            return sp.model_copy(update={"steps": left, "stage": "step" if left else "melee"})
    return _skip(sp)


def _after_attack(sp: Special, target: str) -> Special | None:
    match sp.kind:
        case "automaton":
            return sp.model_copy(update={"attacks": sp.attacks - 1})
        case "phantasm":
            return sp.model_copy(update={"struck": (*sp.struck, target)})
        case "tyrant":
            return sp.model_copy(update={"stage": "pick", "actor": None})
    return _skip(sp)
