"""Object counters, traps and ancient crystals (wildlands.md §10.8; seed AW › Object
Counters, Traps, Ancient Crystals) and conveyor belts carrying objects (§10.10).

A character sharing a space with a face-down object may reveal it in the players' turn or
an interrupting turn: free solo, and with two players for a discarded card linked to a
character in that space. A pit trap tests two cards of the revealer's deck; an explosive
trap hits the same and adjacent spaces; a stasis trap ensnares the revealer until it leaves
the space or every stasis trap is revealed or a whole faction is ensnared. A revealed
crystal is collected with three cards showing the collector (or one and the same
knocked-out character).
"""

from __future__ import annotations

from itertools import combinations

from engines.core.context import Ctx
from engines.wildlands.actions import Belt
from engines.wildlands.awoken import damage, treasures
from engines.wildlands.awoken.actions import Collect, RevealObject
from engines.wildlands.awoken.content import scenarios
from engines.wildlands.awoken.state import AwokenState, DrawAncient, ObjectCounter
from engines.wildlands.board import Board, load_board
from engines.wildlands.cards import card, card_label, hand_plan
from engines.wildlands.decks import play_card, shuffle
from engines.wildlands.frozen import shared
from engines.wildlands.state import BeltOffer, Hit
from engines.wildlands.terrain import run_belt

TRAPS = ("pit", "explosive", "stasis")
NAMES = {
    "crystal": "an ancient crystal",
    "treasure": "a treasure",
    "explosive": "an explosive trap",
    "pit": "a pit trap",
    "stasis": "a stasis trap",
    "blank": "a blank counter",
}


def object_by_id(s: AwokenState, object_id: str) -> ObjectCounter:
    return next(o for o in s.objects if o.id == object_id)


def reveal_options(s: AwokenState, seat: int) -> list[RevealObject]:
    out: list[RevealObject] = []
    # Face-down counters by space, only where a character of the seat stands: most of the
    # time none lies there, and the hand is not looked at (issue 33).
    on_board = s.characters()
    mine = {f.space for f in on_board if f.owner == seat}
    hidden: dict[int, list[ObjectCounter]] = {}
    for o in s.objects:
        space = o.space
        if space in mine and space is not None and not o.face_up:
            hidden.setdefault(space, []).append(o)
    if not hidden:
        return out
    solo = len(s.seats) == 1
    for f in on_board:
        if f.owner != seat or f.space not in hidden:
            continue
        here_objects = hidden[f.space]
        if solo:
            out += [shared(RevealObject, figure=f.id, object=o.id) for o in here_objects]
            continue
        here = {c.id for c in on_board if c.space == f.space}
        usable = [
            c for c in hand_plan(s.seats[seat].hand).cards if not here.isdisjoint(card(c).links())
        ]
        for o in here_objects:
            out += [shared(RevealObject, figure=f.id, object=o.id, card=c) for c in usable]
    return out


def reveal(s: AwokenState, seat: int, a: RevealObject, ctx: Ctx) -> None:
    f = s.figures[a.figure]
    o = object_by_id(s, a.object)
    if a.card is not None:
        play_card(s, seat, a.card)
    o = s.update_object(o.id, face_up=True)
    ctx.reveal()
    cost = f" (discarding {card_label(a.card)})" if a.card else ""
    ctx.say(f"{f.name} reveals {NAMES[o.kind]} in space {o.space}{cost}.")
    if o.kind in TRAPS and treasures.holds(s, f.id, "trap_kit"):
        treasures.spend(s, f.id, "trap_kit")
        ctx.say("The Trap Kit disarms it.")
        s.update_object(o.id, space=None)
        return
    if o.kind == "pit":
        pit_trap(s, seat, a.figure, o, ctx)
    elif o.kind == "explosive":
        explosive_trap(s, o)
    elif o.kind == "stasis":
        stasis_trap(s, a.figure, o, ctx)
    elif o.kind == "treasure":
        s.update_object(o.id, space=None)
        tid = treasures.draw_treasure(s, ctx)
        if tid is not None:
            treasures.gain(s, f.id, tid, ctx)
    elif o.kind == "blank":
        s.update_object(o.id, space=None)


def pit_trap(s: AwokenState, seat: int, figure_id: str, o: ObjectCounter, ctx: Ctx) -> None:
    """Two cards from the revealer's deck to its discard: one linked to the revealer or
    showing the move icon saves everyone; else each character there takes a hit."""
    player = s.seats[seat]
    deck, discard = list(player.deck), list(player.discard)
    drawn = []
    for _ in range(2):
        if not deck and discard:
            deck, discard = discard, []
            shuffle(s, deck, ctx)
        if deck:
            drawn.append(deck.pop())
    s.update_seat(seat, deck=tuple(deck), discard=(*discard, *drawn))
    ctx.say(
        "The pit trap turns over " + (", ".join(card_label(c) for c in drawn) or "no card") + "."
    )
    space = o.space
    s.update_object(o.id, space=None)
    if any(figure_id in card(c).links() or "move" in card(c).icons for c in drawn):
        ctx.say("Nobody falls in.")
    else:
        s.queue += [
            Hit(target=c.id, style="pit", scorer=None) for c in s.characters() if c.space == space
        ]
    for n in s.scenarios:
        if "unpredictable" in scenarios()[n].special_rules:
            ctx.say("Unpredictable: an Ancient card is drawn.")
            s.program.insert(0, DrawAncient(scenario=n))


def explosive_trap(s: AwokenState, o: ObjectCounter) -> None:
    assert o.space is not None
    board = load_board(s.board)
    spaces = sorted((o.space, *board.neighbours(o.space)))
    s.update_object(o.id, space=None)
    s.queue += [
        Hit(target=f.id, style="explosive", scorer=None) for sp in spaces for f in s.figures_at(sp)
    ]


def stasis_trap(s: AwokenState, figure_id: str, o: ObjectCounter, ctx: Ctx) -> None:
    s.update_object(o.id, holder=figure_id)
    ctx.say(f"{s.figures[figure_id].name} is ensnared: no move or climb until the trap goes.")
    if all(x.face_up for x in s.objects if x.kind == "stasis") or faction_ensnared(s):
        remove_revealed_stasis(s, ctx)


def faction_ensnared(s: AwokenState) -> bool:
    """Whether every on-board character of some faction is ensnared."""
    held = {o.holder for o in s.objects if o.holder is not None}
    if not held:  # asked after every step: most of the time nobody is ensnared
        return False
    on_board = s.characters()  # once, not once per faction
    return any(
        (mine := [c for c in on_board if c.owner == p.seat]) and all(c.id in held for c in mine)
        for p in s.seats
    )


def remove_revealed_stasis(s: AwokenState, ctx: Ctx) -> None:
    ctx.say("All revealed stasis traps are removed.")
    for x in list(s.objects):
        if x.kind == "stasis" and x.face_up:
            s.update_object(x.id, holder=None, space=None)


def collect_options(s: AwokenState, seat: int) -> list[Collect]:
    out: list[Collect] = []
    shown = [o for o in s.objects if o.kind == "crystal" and o.face_up and o.space is not None]
    if not shown:
        return out  # no crystal lies face up on the board
    hand = sorted(s.seats[seat].hand)
    knocked = [f.id for f in s.characters_of(seat) if f.ko]
    for f in s.characters():
        if f.owner != seat:
            continue
        crystals = [o.id for o in shown if o.space == f.space]
        if not crystals:
            continue
        sets = set()
        own = [c for c in hand if f.id in card(c).links()]
        sets |= set(combinations(own, treasures.crystal_cost(s, f.id)))
        for ko in knocked:
            sets |= set(combinations([c for c in hand if ko in card(c).links()], 3))
        out += [
            shared(Collect, figure=f.id, object=o, cards=cs)
            for o in crystals
            for cs in sorted(sets)
        ]
    return out


def collect(s: AwokenState, seat: int, a: Collect, ctx: Ctx) -> None:
    for c in a.cards:
        play_card(s, seat, c)
    o = object_by_id(s, a.object)
    ctx.say(f"{s.figures[a.figure].name} collects the ancient crystal in space {o.space}.")
    s.update_object(o.id, space=None)
    damage.give_crystals(s, a.figure, 1, ctx)
    damage.check_crystal_win(s, ctx)
    if s.phase != "over" and load_board(s.board).belts:
        s.queue.extend(BeltOffer(seat=seat) for _ in range(s.options.belt_per_event))


def awoken_belt(s: AwokenState, board: Board, seat: int, a: Belt, ctx: Ctx) -> None:
    """Belts carry characters, minions, Ancients and objects, face-down ones too (§10.10)."""
    run_belt(s, board, seat, a, ctx)
    if a.colour is None:
        return
    for o in list(s.objects):
        to = board.belt_next(a.colour, o.space) if o.space is not None else None
        if to is not None and o.holder is None:
            s.update_object(o.id, space=to)
