"""Monster actions (wildlands.md §10.6; seed AW › Monster Actions, Haunt).

Each action reads the board as it is when the action starts. "Closest" is graph distance
(distance=graph_all_edges); ties go to the lowest-numbered space, and a step toward it to
the lowest-numbered neighbour on a shortest path (monster_step_tie=lowest_space). Monsters
ignore high ground and never trigger thin ice or Slippery Surface. Wherever several
characters share the targeted space the players choose (coop_decider=scenario_owner);
everything else is automatic and narrated.
"""

from __future__ import annotations

from operator import attrgetter

from engines.core.context import Ctx
from engines.core.trusted import replaced
from engines.core.words import health_left
from engines.wildlands.awoken.codes import (
    HAUNT_STEP,
    MOVE,
    AreaStrike,
    Heal,
    Movement,
    Strike,
)
from engines.wildlands.awoken.state import Act, AwokenState, Choice
from engines.wildlands.board import Board
from engines.wildlands.frozen import shared
from engines.wildlands.state import Figure, Hit, HitStyle

ATTACK_STYLES: dict[str, HitStyle] = {
    "mel": "melee",
    "hmel": "heavy_melee",
    "rng": "ranged",
    "hrng": "heavy_ranged",
}
VERBS = {
    "mel": "a melee attack",
    "hmel": "a heavy melee attack",
    "rng": "a ranged attack",
    "hrng": "a heavy ranged attack",
}

_SPACE = attrgetter("space")


def closest_space(s: AwokenState, board: Board, here: int, ignore_here: bool = False) -> int | None:
    """The space of the closest character (tie: lowest space), or None without one."""
    # Every minion's move asks this: the spaces are read straight off the character ids,
    # and the first of them in the board's order of nearness from ``here`` is the answer.
    spaces = set(map(_SPACE, map(s.figures.__getitem__, s.character_ids())))
    if ignore_here:
        spaces.discard(here)
    return next(filter(spaces.__contains__, board.nearest(here)), None)


def step(s: AwokenState, board: Board, f: Figure, ctx: Ctx, ignore_here: bool = False) -> bool:
    """Move: one space toward the closest character; True when the monster moved."""
    assert f.space is not None
    target = closest_space(s, board, f.space, ignore_here)
    if target is None or target == f.space:
        return False
    to = board.step_toward(f.space, target)
    ctx.say(f"{f.name} moves from space {f.space} to space {to}.")
    s.update_figure(f.id, space=to)
    return True


def perform(s: AwokenState, board: Board, act: Act, ctx: Ctx) -> None:
    """Resolve the first of ``act.actions``; the rest follow as the next program step, after
    this action's hits have been resolved."""
    f = s.figures[act.figure]
    if f.space is None:
        return  # knocked out before its turn came (minion_activation=fixed_roster)
    first, rest = act.actions[0], act.actions[1:]
    # Fly and Haunt unfold into the steps they are made of. (Matched by kind: a model's
    # ``==`` costs more than the rest of the step.)
    match first:
        case Movement(kind="fly"):
            rest = (MOVE, MOVE, *rest)
        case Movement(kind="haunt"):
            rest = (HAUNT_STEP,) * s.options.haunt_steps + rest
    if rest:
        s.program.insert(0, replaced(act, actions=rest))
    match first:
        case Movement(kind="mv"):
            step(s, board, f, ctx)
        case Movement(kind="rep"):
            target = closest_space(s, board, f.space)
            if target is not None and board.distance(f.space, target) >= 2:
                step(s, board, f, ctx)
        case Movement(kind="haunt_step"):
            haunt_step(s, board, f, ctx)
        case Strike(kind="mel" | "hmel"):
            attack_space(s, act, f, first.kind, f.space, ctx)
        case Strike():
            ranged(s, board, act, f, first.kind, ctx)
        case AreaStrike():
            area(s, board, f, ctx)
        case Heal(types=types):
            heal(s, board, f, types, ctx)


def haunt_step(s: AwokenState, board: Board, f: Figure, ctx: Ctx) -> None:
    """Haunt: move ignoring characters in the own space, then melee every character in the
    entered space (§10.6 haunt_steps)."""
    if step(s, board, f, ctx, ignore_here=True):
        f = s.figures[f.id]  # where the step took it
        victims = [c for c in s.characters() if c.space == f.space]
        if victims:
            ctx.say(f"{f.name} haunts space {f.space}.")
        s.queue += [
            shared(Hit, target=c.id, style="melee", scorer=None, attacker=f.id) for c in victims
        ]


def attack_space(s: AwokenState, act: Act, f: Figure, verb: str, space: int, ctx: Ctx) -> None:
    """Attack one character in ``space``; with several there the players choose."""
    here = [c for c in s.characters() if c.space == space]
    if not here:
        return
    if len(here) == 1:
        ctx.say(f"{f.name} makes {VERBS[verb]} on {here[0].name} in space {space}.")
        s.queue.append(
            shared(Hit, target=here[0].id, style=ATTACK_STYLES[verb], scorer=None, attacker=f.id)
        )
        return
    s.choice = Choice(
        kind="target",
        seat=s.owner_of_scenario(act.scenario),
        options=tuple(c.id for c in here),
        scenario=act.scenario,
        monster=f.id,
        action=verb,
        space=space,
        prompt=f"The {f.name} attacks: choose which of your characters in space {space} it targets",
    )


def ranged(s: AwokenState, board: Board, act: Act, f: Figure, verb: str, ctx: Ctx) -> None:
    assert f.space is not None
    here = f.space
    seen = [
        c.space
        for c in s.characters()
        if board.sees(here, c.space)  # type: ignore[arg-type]
        and (verb == "rng" or board.distance(here, c.space) <= s.options.heavy_ranged_range)  # type: ignore[arg-type]
    ]
    if not seen:
        return
    space = min(seen, key=lambda sp: (board.distance(here, sp), sp))  # type: ignore[arg-type]
    assert space is not None
    attack_space(s, act, f, verb, space, ctx)


def area(s: AwokenState, board: Board, f: Figure, ctx: Ctx) -> None:
    """The own or adjacent space with the most characters (tie: lowest); everyone there is
    hit, the attacker included."""
    assert f.space is not None
    counts = {
        sp: sum(1 for c in s.characters() if c.space == sp)
        for sp in (f.space, *board.neighbours(f.space))
    }
    counts = {sp: n for sp, n in counts.items() if n}
    if not counts:
        return
    space = min(counts, key=lambda sp: (-counts[sp], sp))
    ctx.say(f"{f.name} makes an area attack on space {space}.")
    s.queue += [
        shared(Hit, target=v.id, style="area", scorer=None, attacker=f.id)
        for v in s.figures_at(space)
    ]


def heal(s: AwokenState, board: Board, f: Figure, types: tuple[str, ...], ctx: Ctx) -> None:
    """Most damage, then highest starting health, then lowest space, then at random."""
    assert f.space is not None
    near = {f.space, *board.neighbours(f.space)}
    hurt = [
        m
        for m in s.figures.values()
        if m.kind != "character" and m.space in near and m.damage and m.faction in types
    ]
    if not hurt:
        return
    best = min((-m.damage, -m.health, m.space) for m in hurt)
    tied = sorted(m.id for m in hurt if (-m.damage, -m.health, m.space) == best)
    pick = 0
    if len(tied) > 1:
        with ctx.rng(s) as rng:
            pick = rng.below(len(tied))
    chosen = s.figures[tied[pick]]
    chosen = s.update_figure(chosen.id, damage=chosen.damage - 1)
    ctx.say(
        f"{f.name} heals {chosen.name} in space {chosen.space} "
        f"({health_left(chosen.damage, chosen.health)})."
    )


def answer_target(s: AwokenState, c: Choice, figure_id: str, ctx: Ctx) -> None:
    assert c.monster is not None and c.action is not None
    monster = s.figures[c.monster]
    ctx.say(
        f"{monster.name} makes {VERBS[c.action]} on {s.figures[figure_id].name} in space {c.space}."
    )
    s.queue.append(
        shared(
            Hit, target=figure_id, style=ATTACK_STYLES[c.action], scorer=None, attacker=monster.id
        )
    )
