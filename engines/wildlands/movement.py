"""Move, climb and rally (wildlands.md §2 "Climb edges", §6 movement rows).

A basic move plays any card linked to the moving character; a card showing the move icon
moves any one of the player's revealed characters (move_icon_any_character). Both go over a
normal edge or down a climb edge; going up onto high ground needs a linked card with the
climb icon (climb_rule=up_only). A climb over an ordinary edge has the same effect as a move
with the same card, so only climbs up are offered as climbs. Rally pulls any chosen subset
of the player's characters from adjacent spaces into the actor's space over normal edges.

Every move, climb and rally pull counts as a move action for Slippery Surface (§13).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

from engines.core.context import Ctx
from engines.core.trusted import replaced
from engines.wildlands.actions import Climb, Move, Rally
from engines.wildlands.board import Board
from engines.wildlands.cards import HandPlan, card, card_label, card_plays, deck_of, faction
from engines.wildlands.decks import play_card
from engines.wildlands.frozen import shared
from engines.wildlands.state import Enter, Relocate, State


def move_options(s: State, board: Board, seat: int, plan: HandPlan) -> list[Move | Climb]:
    """Moves and climbs ``seat`` may make with the cards of ``plan`` (its hand's)."""
    out: list[Move | Climb] = []
    own: list[str] | None = None  # worked out for the first card with the move icon
    figures, derived = s.figures, board.derived
    for card_id, any_own, links in plan.moves:
        movers: Iterable[str]
        if any_own:
            if own is None:
                own = [f.id for f in s.on_board_of(seat) if f.kind == "character"]
            movers = own
        else:
            movers = links
        for fid in movers:
            # A figure's fields are read through pydantic's attribute hook: the id in hand
            # is used rather than read back off the figure.
            space = figures[fid].space
            if space is not None:
                steps = derived.get(("steps", card_id, fid, space))
                if steps is None:
                    steps = derived["steps", card_id, fid, space] = _steps(
                        board, card_id, fid, space
                    )
                out += steps
    return out


def _steps(board: Board, card_id: str, figure_id: str, space: int) -> tuple[Move | Climb, ...]:
    """The moves and climbs up that ``card_id`` gives ``figure_id`` standing in ``space``:
    they depend on the board and the card only, so each list is built once per board and
    its actions are shared by every state (issue 33), and by the lists of the spaces around
    (a move names where it goes, not where from)."""
    climbs = "climb" in card(card_id).icons
    out: list[Move | Climb] = []
    for to in board.neighbours(space):
        if not board.is_climb_up(space, to):
            out.append(_step(board, _MOVE, card_id, figure_id, to))
        elif climbs:
            out.append(_step(board, _CLIMB, card_id, figure_id, to))
    return tuple(out)


# Every move and climb is a copy of one of these with its fields replaced: built from the
# content's own ids and the board's numbers, so validating each again is not needed, and a
# copy costs half of a validation (thousands are made when a game is set up, see below).
_MOVE = Move(card="", figure="", to=0)
_CLIMB = Climb(card="", figure="", to=0)


def _step(board: Board, template: Move | Climb, card_id: str, figure_id: str, to: int) -> Any:
    """The one move (or climb) of ``figure_id`` to ``to`` with ``card_id`` on this board."""
    key = (template.kind, card_id, figure_id, to)
    step = board.derived.get(key)
    if step is None:
        step = board.derived[key] = replaced(template, card=card_id, figure=figure_id, to=to)
    return step


def prepare_moves(board: Board, faction_ids: Iterable[str]) -> None:
    """Work out, when a game is set up, every list of moves the factions' cards can give
    their characters from every space of the board: the lists depend on the content only,
    and building them one by one during play cost more than half of a move list's time
    while the game was young (issue 33). Each board and faction is prepared once."""
    for faction_id in faction_ids:
        if ("prepared", faction_id) in board.derived:
            continue
        record = faction(faction_id)
        own = tuple(record.character_id(c.number) for c in record.characters)
        for card_id in deck_of(faction_id):
            entry = card_plays(card_id).move
            if entry is None:
                continue
            _, any_own, links = entry
            for figure_id in dict.fromkeys((*links, *(own if any_own else ()))):
                for space in board.adj:
                    key = ("steps", card_id, figure_id, space)
                    if key not in board.derived:
                        board.derived[key] = _steps(board, card_id, figure_id, space)
        board.derived["prepared", faction_id] = True


def rally_candidates(s: State, board: Board, seat: int, actor_id: str) -> list[str]:
    """The player's characters adjacent to the actor that a rally may pull (sorted ids)."""
    here = s.figures[actor_id].space
    if here is None:
        return []
    near = board.neighbours(here)
    side = s.seats[seat].side
    figures = s.figures
    # Where it stands is asked first: most characters are not next to the actor.
    return [
        f.id
        for f in map(figures.__getitem__, s.character_ids())
        if f.space in near
        and f.owner is not None
        and s.seats[f.owner].side == side
        and not board.is_climb_up(f.space, here)
    ]


def rally_options(s: State, board: Board, seat: int, plan: HandPlan) -> list[Rally]:
    out: list[Rally] = []
    pools: dict[str, list[str]] = {}  # several rally cards often show the same character
    for card_id, links in plan.rallies:
        for fid in links:
            if s.figures[fid].space is None:
                continue
            pool = pools.get(fid)
            if pool is None:
                pool = pools[fid] = rally_candidates(s, board, seat, fid)
            for size in range(1, len(pool) + 1):
                out += [
                    shared(Rally, card=card_id, figure=fid, pulled=group)
                    for group in combinations(pool, size)
                ]
    return out


def move(s: State, seat: int, a: Move | Climb, ctx: Ctx) -> None:
    play_card(s, seat, a.card)
    f = s.figures[a.figure]
    verb = "climbs" if isinstance(a, Climb) else "moves"
    ctx.say(f"{f.name} {verb} from space {f.space} to space {a.to} with {card_label(a.card)}.")
    s.update_figure(f.id, space=a.to, moves=f.moves + 1)
    s.queue.append(shared(Enter, figure=f.id, counted=True, trigger=seat))


def rally(s: State, seat: int, a: Rally, ctx: Ctx) -> None:
    play_card(s, seat, a.card)
    actor = s.figures[a.figure]
    assert actor.space is not None
    names = ", ".join(s.figures[fid].name for fid in a.pulled)
    ctx.say(f"{actor.name} rallies {names} to space {actor.space} with {card_label(a.card)}.")
    # Each pulled character enters in turn, so each entry resolves before the next.
    s.queue += [
        shared(Relocate, figure=fid, to=actor.space, counted=True, trigger=seat) for fid in a.pulled
    ]
