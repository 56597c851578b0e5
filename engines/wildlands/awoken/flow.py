"""The order of play in The Awoken (wildlands.md §10.3-§10.7, §10.9, §10.10).

``advance`` resolves everything the rules automate: first the effect queue of the action
in progress (hits, entries, pushes, belts), then the program of the Ancients' turn, step by
step, until the game needs a player (a defence, an interrupt window, a "you choose") or the
players' turn begins. Minion cards activate the top type, then the bottom type, each minion
in ascending space order with its actions left to right, then the scenario effect; Ancient
cards resolve their actions in order; every resolved card is discarded.
"""

from __future__ import annotations

from functools import cache
from operator import attrgetter

from engines.core.context import Ctx
from engines.wildlands.awoken import damage, monsters, narrate, objects
from engines.wildlands.awoken.codes import (
    ADVANCE,
    Advance,
    DrawAncientCard,
    KeywordEffect,
    NoEffect,
    ScenarioEffectCode,
    SummonAncient,
    SummonMinion,
)
from engines.wildlands.awoken.content import ancient_cards, minion_cards, minion_types, scenarios
from engines.wildlands.awoken.keywords import keyword
from engines.wildlands.awoken.state import (
    Act,
    Activate,
    AwokenState,
    Choice,
    Discard,
    DrawAncient,
    DrawMinion,
    EndAncients,
    Order,
    ProgramStep,
    ScenarioEffect,
    Window,
)
from engines.wildlands.awoken.summon import summon, summon_ancient
from engines.wildlands.board import Board, load_board
from engines.wildlands.decks import END_OF_TURN_DRAW, draw, shuffle
from engines.wildlands.frozen import shared
from engines.wildlands.state import BeltOffer, Enter, Hit, Pending, Relocate, Slip
from engines.wildlands.terrain import enter, offer_belt, offer_push, relocate

_HOLDER = attrgetter("holder")


def advance(s: AwokenState, ctx: Ctx) -> None:
    board = load_board(s.board)
    # Only a player's object reveal ensnares anyone, never a step of this loop: with nobody
    # held when it starts, nobody is ever freed in it.
    holding = any(map(_HOLDER, s.objects))  # a holder is a figure id, never empty
    while s.phase != "over" and s.pending is None and s.choice is None:
        if holding:
            release_stasis(s, ctx)
        if s.queue:
            _settle_one(s, board, ctx)
        elif s.interrupter is not None:
            return
        elif s.program:
            run_step(s, board, s.program.pop(0), ctx)
        else:
            return


def _settle_one(s: AwokenState, board: Board, ctx: Ctx) -> None:
    match s.queue.pop(0):
        case Hit() as hit:
            damage.process_hit(s, hit, ctx)
        case Enter() as entry:
            enter(s, board, entry, ctx)
        case Relocate() as move:
            relocate(s, move)
        case Slip() as slip:
            offer_push(s, slip)
        case BeltOffer(seat=seat):
            offer_belt(s, board, seat)


def release_stasis(s: AwokenState, ctx: Ctx) -> None:
    """A stasis trap is removed once its character left the space in any way: knocked out,
    moved by a treasure or displaced (stasis_displacement_frees); all revealed ones go
    once every on-board character of one faction is ensnared, which a knock-out or a move
    can bring about as well as a reveal (§10.8)."""
    held = [o for o in s.objects if o.holder is not None]
    if not held:
        return  # nobody is ensnared, so nobody is freed (asked after every step)
    for o in held:
        assert o.holder is not None
        if s.figures[o.holder].space != o.space:
            ctx.say(f"{s.figures[o.holder].name} is free of the stasis trap.")
            s.update_object(o.id, holder=None, space=None)
    if objects.faction_ensnared(s):
        objects.remove_revealed_stasis(s, ctx)


def run_step(s: AwokenState, board: Board, step: ProgramStep, ctx: Ctx) -> None:
    # The commonest steps first (one act per activated monster, a window per card).
    match step:
        case Act():
            monsters.perform(s, board, step, ctx)
        case Window(seat=seat):
            open_window(s, seat)
        case DrawMinion(scenario=n):
            draw_minion(s, n, ctx)
        case DrawAncient():
            draw_ancient(s, step, ctx)
        case Activate():
            activate(s, step)
        case Order():
            order(s, step)
        case ScenarioEffect(scenario=n, effect=effect):
            scenario_effect(s, n, effect, ctx)
        case Discard(scenario=n, deck=deck, card=card_id):
            piles = s.minion_discards if deck == "minion" else s.ancient_discards
            piles[n] = (*piles[n], card_id)
            s.revealed_card = None
        case EndAncients():
            begin_players_turn(s, ctx)


def _draw(
    s: AwokenState,
    decks: dict[int, tuple[str, ...]],
    piles: dict[int, tuple[str, ...]],
    n: int,
    what: str,
    ctx: Ctx,
) -> str:
    """The top card of scenario ``n``'s deck, taken off it (``decks[n]``); an empty deck is
    first made again from its discard pile, shuffled."""
    deck = decks[n]
    if not deck:
        fresh = list(piles[n])
        piles[n] = ()
        shuffle(s, fresh, ctx)
        deck = tuple(fresh)
        ctx.say(f"The {what} discard pile is shuffled into a new deck.")
    ctx.reveal()
    decks[n] = deck[:-1]
    return deck[-1]


def draw_minion(s: AwokenState, n: int, ctx: Ctx) -> None:
    c = minion_cards()[_draw(s, s.minion_decks, s.minion_discards, n, "minion", ctx)]
    s.revealed_card = c.id
    ctx.say(_minion_card_text(n, c.id))
    s.program[0:0] = [*_window(s), *_minion_card_steps(n, c.id)]


# A card's text and steps depend on the content only: worked out once per scenario and card
# rather than at every draw (the Ancients' turn runs after every players' turn, issue 33).
@cache
def _minion_card_text(n: int, card_id: str) -> str:
    c = minion_cards()[card_id]
    top, bottom = minion_types()[c.top].name, minion_types()[c.bottom].name
    return (
        f"Minion card ({scenarios()[n].ancient_name}): "
        f"{narrate.actions(f'each {top}', c.top_actions)}; "
        f"{narrate.actions(f'each {bottom}', c.bottom_actions)}; "
        f"then: {narrate.effect(n, c.effect)}."
    )


@cache
def _minion_card_steps(n: int, card_id: str) -> tuple[ProgramStep, ...]:
    c = minion_cards()[card_id]
    return (
        shared(Activate, scenario=n, mtype=c.top, actions=c.top_actions),
        shared(Activate, scenario=n, mtype=c.bottom, actions=c.bottom_actions),
        shared(ScenarioEffect, scenario=n, effect=c.effect),
        shared(Discard, scenario=n, deck="minion", card=c.id),
    )


def draw_ancient(s: AwokenState, step: DrawAncient, ctx: Ctx) -> None:
    """Illusory skips the turn-sequence draw; Awakening turns a draw for the unsummoned
    Phantasm into an advance; never for an Ancient off the board (§10.4, §10.9)."""
    n = step.scenario
    sheet = scenarios()[n]
    name = sheet.ancient_name
    if step.normal and "illusory" in sheet.special_rules:
        ctx.say(f"Illusory: no {name} card this turn.")
        return
    ancient = s.figures[s.ancient_id(n)]
    if ancient.space is None:
        if "awakening" in sheet.special_rules and not ancient.ko:
            ctx.say(f"Awakening: the {name} has not been summoned, so its track advances.")
            s.program.insert(0, shared(ScenarioEffect, scenario=n, effect=ADVANCE))
        return
    c = ancient_cards()[_draw(s, s.ancient_decks, s.ancient_discards, n, "Ancient", ctx)]
    s.revealed_card = c.id
    ctx.say(_ancient_card_text(name, c.id))
    s.program[0:0] = [
        *_window(s),
        shared(Act, scenario=n, figure=ancient.id, actions=c.actions),
        shared(Discard, scenario=n, deck="ancient", card=c.id),
    ]


@cache
def _ancient_card_text(name: str, card_id: str) -> str:
    return f"{name} card: {narrate.actions(f'the {name}', ancient_cards()[card_id].actions)}."


def _window(s: AwokenState) -> list[Window]:
    """Interrupt windows open in the Ancients' turn; in the players' own turn (an Ancient
    card drawn through Unpredictable) the players are already acting."""
    return [shared(Window, seat=0)] if s.ancients_turn else []


def open_window(s: AwokenState, seat: int) -> None:
    """Ask ``seat`` whether it interrupts, then the next player (coop_interrupts)."""
    if seat >= len(s.seats):
        return
    s.program.insert(0, shared(Window, seat=seat + 1))
    if s.seats[seat].auto_pass == "off":
        s.pending = shared(Pending, kind="window", seats=(seat,))


def activate(s: AwokenState, step: Activate) -> None:
    """Fix the roster, then activate by ascending space; a shared space is ordered by the
    players (minion_activation=fixed_roster)."""
    mtype = step.mtype
    roster = sorted(
        (f.space, f.id)
        for f in s.figures.values()
        if f.space is not None and f.faction == mtype and f.kind == "minion"
    )
    by_space: dict[int, list[str]] = {}
    for space, fid in roster:
        by_space.setdefault(space, []).append(fid)
    n, actions = step.scenario, step.actions
    # Program steps are shared values: one per minion, type card and group (issue 33).
    s.program[0:0] = [
        shared(Act, scenario=n, figure=group[0], actions=actions)
        if len(group) == 1
        else shared(Order, scenario=n, group=tuple(group), actions=actions)
        for group in by_space.values()
    ]


def order(s: AwokenState, step: Order) -> None:
    alive = tuple(fid for fid in step.group if s.figures[fid].space is not None)
    if len(alive) <= 1:
        s.program[0:0] = [
            shared(Act, scenario=step.scenario, figure=fid, actions=step.actions) for fid in alive
        ]
        return
    name = s.figures[alive[0]].name
    s.choice = Choice(
        kind="order",
        seat=s.owner_of_scenario(step.scenario),
        options=alive,
        scenario=step.scenario,
        actions=step.actions,
        prompt=f"Several {name}s share space {s.figures[alive[0]].space}: choose which acts next",
    )


def answer_order(s: AwokenState, c: Choice, figure_id: str) -> None:
    rest = tuple(fid for fid in c.options if fid != figure_id)
    s.program[0:0] = [
        shared(Act, scenario=c.scenario, figure=figure_id, actions=c.actions),
        shared(Order, scenario=c.scenario, group=rest, actions=c.actions),
    ]


def scenario_effect(s: AwokenState, n: int, effect: ScenarioEffectCode, ctx: Ctx) -> None:
    match effect:
        case Advance():
            advance_tracker(s, n, ctx)
        case SummonMinion(mtype=mtype):
            summon(s, mtype, ctx)
        case DrawAncientCard():
            s.program.insert(0, shared(DrawAncient, scenario=n))
        case KeywordEffect():
            keyword(s, n, ctx)
        case SummonAncient():
            summon_ancient(s, n, ctx)
        case NoEffect():
            pass  # a blank track step


def advance_tracker(s: AwokenState, n: int, ctx: Ctx) -> None:
    sheet = scenarios()[n]
    s.tracks[n] += 1
    pos = s.tracks[n]
    if pos > len(sheet.track):
        damage.lose(
            s, "event_track", f"the {sheet.ancient_name}'s event track reaches its end", ctx
        )
        return
    effect = sheet.track[pos - 1]
    ctx.say(
        f"The {sheet.ancient_name}'s event track advances to step {pos}: "
        f"{narrate.effect(n, effect)}."
    )
    s.program.insert(0, shared(ScenarioEffect, scenario=n, effect=effect))


def begin_players_turn(s: AwokenState, ctx: Ctx) -> None:
    s.ancients_turn = False
    s.round += 1
    s.turn_number += 1
    s.done = []
    s.used_this_turn = []
    s.reset_moves()
    for player in s.seats:
        if player.auto_pass == "turn":
            # "For the rest of this turn" meant the Ancients' turn.
            s.update_seat(player.seat, auto_pass="off")
    if s.round > s.options.max_rounds:
        damage.stop_at_round_limit(s, ctx)
        return
    ctx.say(f"Round {s.round}: the players' turn.")


def end_players_turn(s: AwokenState, ctx: Ctx) -> None:
    """Each player draws (player 1 first), then the Ancients' turn runs (§10.3, §10.4)."""
    for player in s.seats:
        draw(s, player.seat, END_OF_TURN_DRAW, ctx)
    s.ancients_turn = True
    s.turn_number += 1
    s.used_this_turn = []  # the Ancients' turn is a main turn too ("once per turn")
    s.reset_moves()
    ctx.say("The Ancients' turn.")
    steps: list[ProgramStep] = []
    for n in s.scenarios:
        steps += [shared(DrawMinion, scenario=n), shared(DrawAncient, scenario=n, normal=True)]
    s.program = [*steps, shared(EndAncients)]
    advance(s, ctx)
