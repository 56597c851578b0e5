"""Rounds, turns and the seven phases in order (seed §Turn Overview, §1-§7; reference §4, §5).

Each phase in which a player decides is one entry of ``PHASES``: its moves come from the
phase module, its resolution and timeout choice sit beside them. Everything automatic
(Riverboat refill, Terrible Thing phase, Refresh, round end, the game's end) resolves here,
inside ``apply``. A step that leaves a player nothing to decide but "stop" or "skip" passes
by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.att import desperation, encounter, locations, trading_post
from engines.att.achievements import check as check_achievements
from engines.att.actions import (
    Action,
    ChooseCharacter,
    ChooseFirst,
    DeclineDesperateAct,
    DesperateAct,
    EndEncounter,
    Explore,
    LeaveTradingPost,
    Roll,
    SkipLocationAction,
    choose_character_move,
    choose_first_move,
)
from engines.att.content import catalog
from engines.att.feats import draw_up_to
from engines.att.riverboat import active_slots, refill
from engines.att.scoring import finish
from engines.att.setup import STARTING_HAND, characters_left, choosing_seat, finish_setup
from engines.att.state import RIVERBOAT, AttState, TurnState
from engines.att.terrible_things import unleash
from engines.core.context import Ctx
from engines.core.trusted import replaced

REROLLS_PER_TURN = 2
# A turn as it begins, copied for each turn (a copy costs less than validating a new one).
NEW_TURN = TurnState()
# The answers of ``to_act``, built once: the game asks one seat at a time (4 seats at most).
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset({seat}) for seat in range(4))


@dataclass(frozen=True)
class Phase:
    """One phase in which a player decides (boardgame.io's ``phases``): the moves on offer,
    what a move does, and the rules' choice when the player times out."""

    moves: Callable[[AttState], list[Action]]
    resolve: Callable[[AttState, Ctx, Action], None]
    timeout: Callable[[AttState], Action]


def to_act(s: AttState) -> frozenset[int]:
    seat = asked(s)
    return _NOBODY if seat is None else _ONLY[seat]


def asked(s: AttState) -> int | None:
    """The one seat the game waits for, if any: ATT asks one player at a time."""
    if s.phase == "over":
        return None
    if s.phase == "choose_character":
        return choosing_seat(s)
    if s.phase == "choose_first":
        return s.map_holder
    assert s.active is not None
    return s.active


def legal(s: AttState, seat: int) -> list[Action]:
    phase = PHASES.get(s.phase)
    if phase is None or seat != asked(s):
        return []
    return phase.moves(s)


def apply(s: AttState, ctx: Ctx, a: Action) -> None:
    """Carry out a legal action and every automatic step after it."""
    PHASES[s.phase].resolve(s, ctx, a)


def timeout_move(s: AttState) -> Action:
    """The rules' choice for a player who does not decide in time."""
    return PHASES[s.phase].timeout(s)


def _character_options(s: AttState) -> list[Action]:
    return [choose_character_move(c) for c in characters_left(s)]


def _choose_character(s: AttState, ctx: Ctx, a: Action) -> None:
    """A seat takes its character; after the last one, set-up ends and round 1 begins."""
    assert isinstance(a, ChooseCharacter)
    seat = choosing_seat(s)
    assert seat is not None
    s.players[seat].character = a.character
    ctx.say(f"{s.name(seat)} plays {catalog().characters[a.character].name}.")
    if choosing_seat(s) is None:
        finish_setup(s, ctx)
        ctx.say(f"{s.name(s.map_holder)} holds the Map.")
        start_round(s, ctx)


def _first_player_options(s: AttState) -> list[Action]:
    n = len(s.players)
    return [choose_first_move((s.map_holder + k) % n) for k in range(n)]


def _choose_first(s: AttState, ctx: Ctx, a: Action) -> None:
    assert isinstance(a, ChooseFirst)
    _set_order(s, ctx, a.seat)


def _explore(s: AttState, ctx: Ctx, a: Action) -> None:
    assert isinstance(a, Explore)
    locations.go_to(s, ctx, a.slot)
    _enter_location_action(s, ctx)


def _location_action(s: AttState, ctx: Ctx, a: Action) -> None:
    if isinstance(a, SkipLocationAction):
        _enter_desperation(s, ctx)
    else:
        locations.take_action(s, ctx, a)
        _enter_location_action(s, ctx)


def _desperation(s: AttState, ctx: Ctx, a: Action) -> None:
    if isinstance(a, DesperateAct):
        desperation.act(s, ctx)
    encounter.start(s, ctx)


def _encounter(s: AttState, ctx: Ctx, a: Action) -> None:
    if not isinstance(a, EndEncounter):
        encounter.apply(s, ctx, a)
    if isinstance(a, EndEncounter) or encounter.finished(s):
        _end_encounter(s, ctx)


def _encounter_timeout(s: AttState) -> Action:
    return Roll() if s.dice is not None and not s.dice.rolled else EndEncounter()


def _trading_post(s: AttState, ctx: Ctx, a: Action) -> None:
    if not isinstance(a, LeaveTradingPost):
        trading_post.apply(s, ctx, a)
    _settle_trading_post(s, ctx, leaving=isinstance(a, LeaveTradingPost))


PHASES: dict[str, Phase] = {
    # Timeout: the first character left in catalogue order.
    "choose_character": Phase(
        _character_options, _choose_character, lambda s: _character_options(s)[0]
    ),
    "choose_first": Phase(
        _first_player_options, _choose_first, lambda s: ChooseFirst(seat=s.map_holder)
    ),
    "explore": Phase(
        lambda s: list(locations.explore_options(s)),
        _explore,
        lambda s: locations.explore_options(s)[0],
    ),
    "location_action": Phase(
        locations.action_options, _location_action, lambda s: SkipLocationAction()
    ),
    "desperation": Phase(desperation.options, _desperation, lambda s: DeclineDesperateAct()),
    "encounter": Phase(encounter.legal, _encounter, _encounter_timeout),
    "trading_post": Phase(trading_post.options, _trading_post, lambda s: LeaveTradingPost()),
}


def start_round(s: AttState, ctx: Ctx) -> None:
    """All pawns board the Riverboat; the Map holder names the first player
    (ruling first_player="holder_chooses") or goes first ("holder_first")."""
    for p in s.players:
        p.pawn = RIVERBOAT
    s.turns_taken = 0
    s.turn = None
    s.active = None
    ctx.say(f"Round {s.round} begins.")
    if s.options.first_player == "holder_first":
        _set_order(s, ctx, s.map_holder)
    else:
        s.phase = "choose_first"


def _set_order(s: AttState, ctx: Ctx, first: int) -> None:
    n = len(s.players)
    s.turn_order = tuple([(first + k) % n for k in range(n)])
    ctx.say(f"{s.name(first)} takes the first turn of round {s.round}.")
    _begin_turn(s, ctx)


def _begin_turn(s: AttState, ctx: Ctx) -> None:
    """Riverboat phase: refill the Locations when none is active, or end the game when the
    deck is also empty (End B)."""
    seat = s.turn_order[s.turns_taken]
    s.active = seat
    s.turn = replaced(NEW_TURN)
    s.phase = "riverboat"
    ctx.say(f"It is {s.name(seat)}'s turn.", kind="turn")
    if not active_slots(s):
        if not s.encounter_deck:
            finish(s, ctx, "The Encounter deck is empty and no Location holds an Encounter.")
            return
        refill(s, ctx)
    s.phase = "explore"


def _enter_location_action(s: AttState, ctx: Ctx) -> None:
    s.phase = "location_action"
    if not locations.has_action(s):
        _enter_desperation(s, ctx)


def _enter_desperation(s: AttState, ctx: Ctx) -> None:
    s.phase = "desperation"
    if not desperation.options(s):
        encounter.start(s, ctx)


def _end_encounter(s: AttState, ctx: Ctx) -> None:
    """Terrible Thing phase: a failure takes the lowest track token; the last one ends the
    game at once (End A), before the Trading Post."""
    assert s.turn is not None
    s.dice = None
    if not s.turn.overcome and unleash(s, ctx):
        _end_of_turn_checks(s, ctx)
        finish(s, ctx, "The last Terrible Thing has left the Expedition Track.")
        return
    trading_post.enter(s, ctx)
    _settle_trading_post(s, ctx, leaving=False)


def _settle_trading_post(s: AttState, ctx: Ctx, leaving: bool) -> None:
    if not leaving and not trading_post.only_leaving(s):
        return
    trading_post.leave(s, ctx)
    _refresh(s, ctx)
    s.turns_taken += 1
    if s.turns_taken < len(s.players):
        _begin_turn(s, ctx)
    else:
        _end_round(s, ctx)


def _refresh(s: AttState, ctx: Ctx) -> None:
    """Refresh phase: draw up to 3 Feat cards, ready every Swag, reset the re-roll track."""
    assert s.active is not None
    s.phase = "refresh"
    player = s.players[s.active]
    draw_up_to(s, ctx, s.active, STARTING_HAND)
    player.exhausted = ()
    player.rerolls_left = REROLLS_PER_TURN
    _end_of_turn_checks(s, ctx)


def _end_of_turn_checks(s: AttState, ctx: Ctx) -> None:
    if s.options.achievement_check == "end_of_turn" and s.active is not None:
        check_achievements(s, ctx, s.active)


def _end_round(s: AttState, ctx: Ctx) -> None:
    """Round end: the game ends when the deck is empty and no Location is active (End B);
    with end_on_empty_deck_at_round_end, an empty deck alone ends it."""
    if not s.encounter_deck and (not active_slots(s) or s.options.end_on_empty_deck_at_round_end):
        finish(s, ctx, "The Encounter deck is empty at the end of the round.")
        return
    s.round += 1
    start_round(s, ctx)
