"""Why an action is refused, in a sentence a player understands (DESIGN.md "Errors").

``rules.legal_actions`` decides legality; this module only explains a refusal, checking the
conditions of wildlands.md §5-§8 and §13 in the order a player would think of them.
"""

from __future__ import annotations

from typing import Any

from engines.core.words import joined
from engines.wildlands.actions import (
    Area,
    Attack,
    Belt,
    Claim,
    Climb,
    Defend,
    Done,
    DrawCards,
    EndTurn,
    Interrupt,
    Move,
    Pass,
    PlaceStart,
    Push,
    Rally,
    Reveal,
)
from engines.wildlands.board import Board, load_board
from engines.wildlands.cards import ICON_LABELS, box_cards, card, card_label, cards
from engines.wildlands.combat import defence_icons
from engines.wildlands.state import Figure, State

_WAITING = {
    "window": "to answer the interrupt window",
    "defence": "to defend",
    "push": "to choose a push",
    "belt": "to choose a conveyor belt",
}


def waiting_for(s: State) -> str:
    """'Ann to defend' — what the game waits for, for messages and titles."""
    names = joined([s.seats[x].name for x in sorted(s.asked_now())])
    if s.phase == "over":
        return "nobody (the game is over)"
    if s.pending is not None:
        return f"{names} {_WAITING[s.pending.kind]}"
    reason = s.waiting_reason()
    if reason is not None:
        return f"{names} {reason}"
    if s.phase == "placing":
        return f"{names} to choose start spaces"
    if s.phase == "pregame":
        return f"{names} to reveal a first character"
    if s.interrupter is not None:
        return f"{names} to finish their interrupting turn"
    if s.must_reveal:
        return f"{names} to reveal a character"
    return f"{names} to play their turn"


def not_your_decision(s: State, seat: int) -> str:
    name = s.seats[seat].name if 0 <= seat < len(s.seats) else f"Seat {seat}"
    return f"It is not {name}'s decision now; the game is waiting for {waiting_for(s)}."


def explain(s: State, seat: int, a: Any) -> str:
    text = _explain(s, seat, a)
    return text[0].upper() + text[1:]


def _explain(s: State, seat: int, a: Any) -> str:
    board = load_board(s.board)
    if s.pending is not None:
        return _pending_problem(s, seat, a, board) or (
            f"Right now the game is waiting for {waiting_for(s)}."
        )
    if s.phase == "placing":
        return _placing_problem(s, seat, a)
    if isinstance(a, PlaceStart):
        return "Start spaces are chosen only during setup."
    if isinstance(a, Pass | Interrupt):
        if s.interrupter is not None:
            return "No interrupt may be played during an interrupting turn."
        return "There is no interrupt window open."
    if isinstance(a, Defend | Push | Belt):
        return "Nothing is asking for that choice now."
    if (s.phase == "pregame" or s.must_reveal) and not isinstance(a, Reveal):
        return "Reveal a character before doing anything else."
    if isinstance(a, Reveal):
        return _reveal_problem(s, seat, a)
    if isinstance(a, EndTurn) and s.interrupter is not None:
        return "Choose done to end your interrupting turn."
    if isinstance(a, Done) and s.interrupter is None:
        return "You are not taking an interrupting turn; end your turn instead."
    return _play_problem(s, seat, a, board) or "That is not possible right now."


def _pending_problem(s: State, seat: int, a: Any, board: Board) -> str | None:
    p = s.pending
    assert p is not None
    hand = s.seats[seat].hand
    if p.kind == "window" and isinstance(a, Interrupt):
        if a.card not in hand:
            return f"You do not hold {_label(a.card)}."
        return f"{_label(a.card)} has no interrupt icon."
    if p.kind == "defence" and isinstance(a, Defend) and p.hit is not None:
        target = s.figures[p.hit.target]
        if a.card is None or a.card not in hand:
            return f"You do not hold {_label(a.card)}."
        if target.id not in card(a.card).links():
            return f"{card_label(a.card)} does not show {target.name}."
        needed = " or ".join(sorted(ICON_LABELS[i] for i in defence_icons(p.hit.style, s.options)))
        return f"{card_label(a.card)} cannot block that hit; it needs {needed}."
    if p.kind == "push" and isinstance(a, Push) and p.figure and a.figure:
        pusher = s.figures[p.figure]
        victim = s.figures.get(a.figure)
        if victim is None or victim.space != pusher.space or victim.id == pusher.id:
            return f"{_name(s, a.figure)} is not another character in {pusher.name}'s space."
        return f"Space {a.to} is not next to space {victim.space}."
    if p.kind == "belt" and isinstance(a, Belt) and a.colour:
        return f"This board has no {a.colour} conveyor belt."
    return None


def _placing_problem(s: State, seat: int, a: Any) -> str:
    if not isinstance(a, PlaceStart):
        return "First choose the hidden start space of each of your characters."
    player = s.seats[seat]
    if a.space not in player.dealt:
        return f"Space {a.space} is not one of the map cards you still hold."
    waiting = [f for f in s.characters_of(seat) if f.id not in player.hidden_starts]
    return f"Choose the start space of {waiting[0].name} next."


def _reveal_problem(s: State, seat: int, a: Reveal) -> str:
    f = s.figures.get(a.figure)
    if f is None or f.owner != seat:
        return f"{_name(s, a.figure)} is not one of your characters."
    if f.revealed:
        return f"{f.name} has already been revealed."
    if s.interrupter is not None:
        return "Characters cannot be revealed during an interrupting turn."
    return "This table does not allow further reveals during a turn."


def _play_problem(s: State, seat: int, a: Any, board: Board) -> str | None:
    if s.interrupter is None and s.phase != "turn":
        return None
    hand = s.seats[seat].hand
    for c in a.cards if isinstance(a, Claim) else [getattr(a, "card", None)]:
        if c is not None and c not in hand:
            return f"You do not hold {_label(c)}."
    if isinstance(a, DrawCards):
        return f"{card_label(a.card)} has no draw icon."
    if not getattr(a, "figure", ""):
        return None  # a move that names no character: nothing more specific to say
    f = s.figures.get(a.figure)
    if f is None or f.owner != seat:
        return f"{_name(s, a.figure)} is not one of your characters."
    if f.space is None:
        return f"{f.name} is not on the board."
    if isinstance(a, Claim):
        return _claim_problem(s, seat, a, f)
    c = card(a.card)
    if not (isinstance(a, Move) and "move" in c.icons) and f.id not in c.links():
        return f"{card_label(a.card)} does not show {f.name}."
    if isinstance(a, Move | Climb):
        if a.to not in board.neighbours(f.space):
            return f"Space {a.to} is not next to {f.name}'s space {f.space}."
        if isinstance(a, Move):
            return f"{f.name} must climb to reach the high ground of space {a.to}."
        if "climb" not in c.icons:
            return f"{card_label(a.card)} has no climb icon."
        return f"Space {a.to} is not up a climb edge; move there instead."
    if isinstance(a, Attack):
        return _attack_problem(s, a, f, board)
    if isinstance(a, Area):
        if "area" not in c.icons:
            return f"{card_label(a.card)} has no area icon."
        if a.space != f.space and a.space not in board.neighbours(f.space):
            return f"Space {a.space} is neither {f.name}'s space nor next to it."
        if s.options.area_needs_los and not board.sees(f.space, a.space):
            return f"{f.name} is not in line of sight of space {a.space}."
        return f"Nobody in space {a.space} would be hit."
    if isinstance(a, Rally):
        if "rally" not in c.icons:
            return f"{card_label(a.card)} has no rally icon."
        if not a.pulled:
            return "Choose at least one character to rally."
        return (
            f"Only your characters next to {f.name}'s space, and not below it on a climb "
            "edge, can be rallied."
        )
    return None


def _attack_problem(s: State, a: Attack, f: Figure, board: Board) -> str | None:
    assert f.space is not None
    if a.style not in card(a.card).icons:
        return f"{card_label(a.card)} has no {ICON_LABELS[a.style]} icon."
    target = s.figures.get(a.target)
    if target is None or target.space is None:
        return f"{_name(s, a.target)} is not on the board."
    if target.side == f.side:
        return f"{target.name} is on your side."
    if a.style in ("melee", "heavy_melee"):
        return f"{target.name} is not in {f.name}'s space."
    if not board.sees(f.space, target.space):
        return f"{f.name} is not in line of sight of space {target.space}."
    if target.space == f.space:
        return "Ranged attacks at your own space are not allowed at this table."
    reach = s.options.heavy_ranged_range
    away = board.distance(f.space, target.space)
    return f"Space {target.space} is {away} spaces from {f.name}; heavy ranged reaches {reach}."


def _claim_problem(s: State, seat: int, a: Claim, f: Figure) -> str:
    shard = next((sh for sh in s.shards if sh.id == a.shard), None)
    if shard is None or shard.space is None:
        return "That shard is not on the board."
    player = s.seats[seat]
    if shard.side != player.side or (
        s.options.claim_colour == "own" and shard.colour != player.colour
    ):
        return "You may only claim shards of your own colour."
    if shard.space != f.space:
        return f"That shard is in space {shard.space}, not in {f.name}'s space {f.space}."
    return (
        f"Pay with three cards linked to {f.name}, or three cards that all show the same "
        "knocked-out character of yours."
    )


def _label(card_id: str | None) -> str:
    if card_id is None or (card_id not in cards() and card_id not in box_cards()):
        return "that card"
    return card_label(card_id)


def _name(s: State, figure_id: str) -> str:
    f = s.figures.get(figure_id)
    return f.name if f else f"a character called {figure_id!r}"
