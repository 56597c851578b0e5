"""Foreign Lands board features (wildlands.md §13): Slippery Surface and Thin Ice on the
Abyssal Lake, conveyor belts in the Lost Factory.

- Thin ice: when a character enters a thin-ice space by any means (forced_entry_triggers_ice),
  every other character there takes a hit that only cover blocks; a knock-out scores for the
  controller of the entering character (or of the pusher).
- Slippery Surface: when a character enters a space by a move action after two or more move
  actions this main turn, its controller may push one other character there to any adjacent
  space. Only counted entries trigger it; pushes, reveals and belts never do.
- Belts: after a scoring event the scorer may run one belt; everything on it moves one step
  at the same time, and a piece on the belt's last space stays (belt_end=stay).

Only characters trigger or suffer thin ice and pushes; the other figure kinds of the Ancients
box ride the belts like everything else.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.trusted import replaced
from engines.wildlands.actions import Belt, Push
from engines.wildlands.board import Board
from engines.wildlands.frozen import shared
from engines.wildlands.state import Enter, Hit, Pending, Relocate, Slip, State


def enter(s: State, board: Board, fx: Enter, ctx: Ctx) -> None:
    """Queue what entering a space sets off, ahead of the rest of the action."""
    f = s.figures[fx.figure]
    if f.space is None or f.kind != "character":
        return
    follow: list[Hit | Slip] = []
    if f.space in board.thin_ice and (fx.counted or s.options.forced_entry_triggers_ice):
        others = [o for o in s.figures_at(f.space) if o.id != f.id and o.kind == "character"]
        if others:
            ctx.say(f"The ice cracks under {f.name} in space {f.space}.")
        follow += [
            shared(Hit, target=o.id, style="thin_ice", scorer=fx.trigger, attacker=f.id)
            for o in others
        ]
    if board.slippery and fx.counted and f.moves >= 2:
        follow.append(shared(Slip, figure=f.id))
    s.queue[0:0] = follow


def relocate(s: State, fx: Relocate) -> None:
    f = s.figures[fx.figure]
    if f.space is None:
        return
    f = s.update_figure(f.id, space=fx.to, moves=f.moves + 1 if fx.counted else f.moves)
    s.queue.insert(0, shared(Enter, figure=f.id, counted=fx.counted, trigger=fx.trigger))


def push_victims(s: State, figure_id: str) -> list[str]:
    f = s.figures[figure_id]
    if f.space is None:
        return []
    return [o.id for o in s.figures_at(f.space) if o.id != f.id and o.kind == "character"]


def offer_push(s: State, fx: Slip) -> bool:
    """Ask the entering character's controller about a push; False when nobody is there."""
    f = s.figures[fx.figure]
    if f.owner is None or not push_victims(s, fx.figure):
        return False
    s.pending = Pending(kind="push", seats=(f.owner,), figure=fx.figure)
    return True


def push_options(s: State, board: Board) -> list[Push]:
    assert s.pending is not None and s.pending.figure is not None
    pushes = []
    for victim in push_victims(s, s.pending.figure):
        space = s.figures[victim].space
        assert space is not None
        pushes += [(to, victim) for to in board.neighbours(space)]
    # Declining first (the timeout's choice), then the lowest space, then the lowest id.
    return [shared(Push, figure=None, to=None)] + [
        shared(Push, figure=v, to=to) for to, v in sorted(pushes)
    ]


def push(s: State, seat: int, a: Push, ctx: Ctx) -> None:
    pusher = s.figures[s.pending.figure] if s.pending and s.pending.figure else None
    s.pending = None
    if a.figure is None or a.to is None:
        return
    victim = s.figures[a.figure]
    who = pusher.name if pusher else s.seats[seat].name
    ctx.say(f"{who} slides on the ice and pushes {victim.name} to space {a.to}.")
    victim = s.update_figure(victim.id, space=a.to)
    s.queue.insert(0, shared(Enter, figure=victim.id, counted=False, trigger=seat))


def belt_riders(s: State, board: Board, colour: str) -> bool:
    """Whether running ``colour`` would move anything."""
    return any(
        f.space is not None and board.belt_next(colour, f.space) is not None
        for f in s.figures.values()
    ) or any(
        sh.space is not None and board.belt_next(colour, sh.space) is not None for sh in s.shards
    )


def offer_belt(s: State, board: Board, seat: int) -> bool:
    """Ask the scorer about a belt; False when no belt would move anything."""
    if not any(belt_riders(s, board, colour) for colour in board.belts):
        return False
    s.pending = Pending(kind="belt", seats=(seat,))
    return True


def belt_options(s: State, board: Board) -> list[Belt]:
    return [shared(Belt, colour=None)] + [shared(Belt, colour=c) for c in sorted(board.belts)]


def run_belt(s: State, board: Board, seat: int, a: Belt, ctx: Ctx) -> None:
    s.pending = None
    if a.colour is None:
        return
    ctx.say(f"{s.seats[seat].name} runs the {a.colour} conveyor belt.")
    moved: list[str] = []
    # Each piece's step depends only on its own space, so moving them one by one is the
    # same as moving everything at once.
    for f in list(s.figures.values()):
        to = board.belt_next(a.colour, f.space) if f.space is not None else None
        if to is not None:
            s.update_figure(f.id, space=to)
            moved.append(f.id)
    for i, sh in enumerate(s.shards):
        to = board.belt_next(a.colour, sh.space) if sh.space is not None else None
        if to is not None:
            s.shards[i] = replaced(sh, space=to)
    for fid in moved:
        ctx.say(f"{s.figures[fid].name} rides to space {s.figures[fid].space}.")
    s.queue[0:0] = [shared(Enter, figure=fid, counted=False, trigger=seat) for fid in moved]
