"""Who decides, what they may do, and what each decision does in The Awoken (wildlands.md
§10.3 players' turn, §10.8 objects, §10.10 changes to actions, §10.11 choices).

The players' collective turn: each player not yet done may play cards (no claim shard;
rally counts the partner's characters; ensnared characters neither move, climb nor get
pulled), reveal objects, collect crystals and use treasures; "end turn" declares done, and
any later action of the partner clears that. ``legal_actions`` is the single definition of
legality; lists start with the rules' timeout answer (end turn, done, pass, take the hit,
decline, the first option).
"""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.wildlands.actions import (
    Area,
    Attack,
    Belt,
    Climb,
    Defend,
    Done,
    DrawCards,
    EndTurn,
    Interrupt,
    Move,
    Orders,
    Pass,
    Push,
    Rally,
)
from engines.wildlands.awoken import damage, flow, monsters, objects, treasures
from engines.wildlands.awoken.actions import Choose, Collect, RevealObject, UseTreasure
from engines.wildlands.awoken.narrate import DEFEND_WORDS, PASS_WORDS
from engines.wildlands.awoken.setup import next_easy_treasure
from engines.wildlands.awoken.state import AwokenState
from engines.wildlands.awoken.view import waiting_for
from engines.wildlands.board import Board, load_board
from engines.wildlands.cards import card, card_label, cards, hand_plan
from engines.wildlands.combat import area_attack, attack, attack_options
from engines.wildlands.decks import draw, play_card
from engines.wildlands.frozen import shared
from engines.wildlands.interrupts import (
    CANCEL_DEFEND,
    CANCEL_PASS,
    DEFENCE_ORDERS,
    WINDOW_ORDERS,
    window_options,
)
from engines.wildlands.movement import move, move_options, rally, rally_options
from engines.wildlands.terrain import belt_options, push, push_options


def legal_actions(s: AwokenState, seat: int) -> list[Any]:
    return s.memo(("legal", seat), _legal, s, seat)


def _legal(s: AwokenState, seat: int) -> list[Any]:
    if seat not in s.asked_now():
        return []
    board = load_board(s.board)
    p = s.pending
    if p is not None:
        if p.kind == "window":
            return [*window_options(s, seat), *WINDOW_ORDERS]
        if p.kind == "defence":
            assert p.hit is not None
            cards = damage.awoken_defence_cards(s, p.hit)
            uses = treasures.defence_uses(s, p.hit)
            defences = [shared(Defend, card=c) for c in cards]
            return [shared(Defend, card=None), *defences, *uses, *DEFENCE_ORDERS]
        if p.kind == "push":
            return push_options(s, board)
        return belt_options(s, board)
    if s.choice is not None:
        return [shared(Choose, option=o) for o in s.choice.options]
    if s.interrupter is not None:
        return [shared(Done), *turn_plays(s, board, seat)]
    player = s.seats[seat]
    cancel = [CANCEL_PASS] if player.auto_pass != "off" else []
    cancel += [CANCEL_DEFEND] if player.auto_defend != "ask" else []
    return [shared(EndTurn), *turn_plays(s, board, seat), *cancel]


def turn_plays(s: AwokenState, board: Board, seat: int) -> list[Any]:
    """Everything ``seat`` may do in its own (collective or interrupting) turn."""
    held = {o.holder for o in s.objects if o.holder is not None}
    plan = hand_plan(s.seats[seat].hand)
    moves = move_options(s, board, seat, plan)
    rallies = rally_options(s, board, seat, plan)
    if held:  # mostly nobody is ensnared: the lists stand as they are
        moves = [m for m in moves if m.figure not in held]
        rallies = [r for r in rallies if held.isdisjoint(r.pulled)]
    moves += grappling_moves(s, board, seat)
    draws = [shared(DrawCards, card=c) for c in plan.draws]
    return [
        *moves,
        *attack_options(s, board, seat, plan),
        *rallies,
        *draws,
        *objects.reveal_options(s, seat),
        *objects.collect_options(s, seat),
        *treasures.turn_uses(s, board, seat),
    ]


def grappling_moves(s: AwokenState, board: Board, seat: int) -> list[Move]:
    """Grappling Hook: its holder goes up climb edges with a basic (linked) move."""
    out: list[Move] = []
    if not any(s.treasures.values()):
        return out  # nobody holds a treasure
    for f in s.characters():
        if f.owner != seat or not treasures.holds(s, f.id, "grappling_hook") or s.ensnared(f.id):
            continue
        assert f.space is not None
        ups = [n for n in board.neighbours(f.space) if board.is_climb_up(f.space, n)]
        for c in sorted(s.seats[seat].hand):
            if f.id in card(c).links() and "climb" not in card(c).icons:
                out += [shared(Move, card=c, figure=f.id, to=n) for n in ups]
    return out


def resolve(s: AwokenState, seat: int, a: Any, ctx: Ctx) -> None:
    """Carry out a legal decision on ``s`` (the engine's private copy), then everything the
    rules automate up to the next decision."""
    _decide(s, seat, a, ctx)
    flow.advance(s, ctx)


# Plays in one's own turn that no other case takes (a treasure used in a defence is).
_PLAYS = frozenset({Move, Climb, Attack, Area, Rally, DrawCards, RevealObject, Collect})


def _decide(s: AwokenState, seat: int, a: Any, ctx: Ctx) -> None:
    board = load_board(s.board)
    if a.__class__ in _PLAYS:
        # The commonest decisions, sent on without trying every other kind first.
        _take_turn_action(s, board, seat, a, ctx)
        return
    pending = s.pending
    match a:
        case Orders():
            set_orders(s, seat, a, ctx)
        case Pass():
            s.pending = None
        case Interrupt(card=card_id):
            s.pending = None
            play_card(s, seat, card_id)
            s.interrupter = seat
            ctx.say(f"{s.seats[seat].name} interrupts ({card_label(card_id)}).")
        case Defend(card=card_id):
            assert pending is not None and pending.hit is not None
            s.pending = None
            damage.answer_character_hit(s, pending.hit, card_id, ctx)
        case Push():
            push(s, seat, a, ctx)
        case Belt():
            objects.awoken_belt(s, board, seat, a, ctx)
        case Choose(option=option):
            _choose(s, option, ctx)
        case EndTurn():
            s.done.append(seat)
            ctx.say(f"{s.seats[seat].name} is done for this turn.")
            if len(s.done) == len(s.seats):
                flow.end_players_turn(s, ctx)
        case Done():
            ctx.say(f"{s.seats[seat].name} ends the interrupting turn.")
            s.interrupter = None
        case UseTreasure() if pending is not None:
            treasures.use(s, board, seat, a, ctx)
        case _:
            _take_turn_action(s, board, seat, a, ctx)


def _take_turn_action(s: AwokenState, board: Board, seat: int, a: Any, ctx: Ctx) -> None:
    if s.interrupter is None:
        s.done = []  # an action clears the partner's "done" (team_turn_end)
    _play(s, board, seat, a, ctx)


def _play(s: AwokenState, board: Board, seat: int, a: Any, ctx: Ctx) -> None:
    """A card play, an object revealed or collected, or a treasure used in one's turn."""
    match a:
        case Move() | Climb():
            move(s, seat, a, ctx)
        case Attack():
            attack(s, seat, a, ctx)
        case Area():
            area_attack(s, seat, a, ctx)
        case Rally():
            rally(s, seat, a, ctx)
        case DrawCards(card=card_id):
            play_card(s, seat, card_id)
            ctx.say(f"{s.seats[seat].name} plays {card_label(card_id)} to draw.")
            draw(s, seat, s.options.draw_icon_amount, ctx)
        case RevealObject():
            objects.reveal(s, seat, a, ctx)
        case Collect():
            objects.collect(s, seat, a, ctx)
        case UseTreasure():
            treasures.use(s, board, seat, a, ctx)


def set_orders(s: AwokenState, seat: int, a: Orders, ctx: Ctx) -> None:
    """A standing order (§8.1) also answers the question this seat is being asked now."""
    player = s.seats[seat]
    if a.auto_pass is not None:
        player = s.update_seat(seat, auto_pass=a.auto_pass)
        ctx.say(f"{player.name} sets a standing order: auto-pass {PASS_WORDS[a.auto_pass]}.")
    if a.auto_defend is not None:
        player = s.update_seat(seat, auto_defend=a.auto_defend)
        ctx.say(f"{player.name} sets a standing order: defend {DEFEND_WORDS[a.auto_defend]}.")
    p = s.pending
    if p is not None and p.kind == "window" and player.auto_pass != "off":
        s.pending = None
    elif p is not None and p.kind == "defence" and p.hit and player.auto_defend != "ask":
        s.pending = None
        best = damage.best_card(s, p.hit) if player.auto_defend == "best" else None
        damage.answer_character_hit(s, p.hit, best, ctx)


def _choose(s: AwokenState, option: str, ctx: Ctx) -> None:
    c = s.choice
    assert c is not None
    s.choice = None
    match c.kind:
        case "target":
            monsters.answer_target(s, c, option, ctx)
        case "order":
            flow.answer_order(s, c, option)
        case "crystal":
            damage.give_crystals(s, option, c.amount, ctx)
        case "holder":
            assert c.treasure is not None
            treasures.gain(s, option, c.treasure, ctx)
            next_easy_treasure(s, c.seat + 1, ctx)
        case "peek":
            treasures.answer_peek(s, c, option, ctx)


def not_yours(s: AwokenState, seat: int) -> str:
    name = s.seats[seat].name if 0 <= seat < len(s.seats) else f"Seat {seat}"
    return f"It is not {name}'s decision now; the game is waiting for {waiting_for(s)}."


def refusal(s: AwokenState, seat: int, a: Any) -> str:
    """Why ``a`` is refused, in a sentence a player understands."""
    f = s.figures.get(getattr(a, "figure", "") or "")
    hand = s.seats[seat].hand
    for c in [getattr(a, "card", None), *getattr(a, "cards", ())]:
        if isinstance(c, str) and c not in hand:
            return f"{card_label(c) if c in cards() else 'That card'} is not in your hand."
    if f is not None and f.owner is not None and f.owner != seat and f.kind == "character":
        return f"{f.name} is not one of your characters."
    if f is not None and f.space is None:
        return f"{f.name} is not on the board."
    if f is not None and s.ensnared(f.id) and isinstance(a, Move | Climb):
        return f"{f.name} is ensnared by a stasis trap and cannot move or climb."
    if s.pending is not None or s.choice is not None:
        return "That does not answer the question the game is asking now."
    if a.__class__.__name__ == "Claim":
        return "The claim shard action is not used in The Awoken."
    return "That action is not allowed right now."
