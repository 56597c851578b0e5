"""Explore phase and the six Location actions (seed §2, §Location Actions; reference §5.2, §6).

The active player must move to a Location holding an Encounter, takes its tokens, and may
then use that Location's action once (ruling location_action_uses=1).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engines.att.actions import (
    SKIP_LOCATION_ACTION,
    TAKE_MAP,
    Action,
    ExchangeToken,
    Explore,
    GainToken,
    RedrawFeats,
    RemoteDesperateAct,
    TakeMap,
    exchange_token_move,
    explore_move,
    gain_token_move,
    redraw_feats_move,
    remote_desperate_act_move,
)
from engines.att.content import TOKENS, catalog
from engines.att.feats import discard_from_hand, draw_feats, feat_name
from engines.att.riverboat import active_slots
from engines.att.spending import claim_encounter
from engines.att.stash import gain, pay, to_supply
from engines.att.state import AttState
from engines.core.context import Ctx
from engines.core.trusted import replaced

# Each Location's action is taken at most once per visit (ruling location_action_uses=1).
LOCATION_ACTION_USES = 1


def explore_options(s: AttState) -> list[Explore]:
    return [explore_move(i + 1) for i in active_slots(s)]


def go_to(s: AttState, ctx: Ctx, slot: int) -> None:
    """Move the pawn to Location ``slot`` (1..6) and take every token there."""
    assert s.active is not None
    index = slot - 1
    loc = s.locations[index]
    player = s.players[s.active]
    player.pawn = loc.id
    assert s.turn is not None
    s.turn.slot = index
    taken = [f"{n} {t.capitalize()}" for t, n in loc.tokens.items() if n]
    for token, n in loc.tokens.items():
        player.tokens[token] += n
    s.locations[index] = replaced(loc, tokens=dict.fromkeys(loc.tokens, 0))
    place = catalog().locations[loc.id].name
    got = f" and takes {', '.join(taken)}" if taken else ""
    ctx.say(f"{s.name(s.active)} goes to {place}{got}.")


def _here(s: AttState) -> str:
    loc = s.current_location()
    assert loc is not None
    return loc.id


def action_options(s: AttState) -> list[Action]:
    """The Location action's choices at the active player's Location; empty when it can do
    nothing (no Feat cards at the Gorge, no trade at the Chateau, ...)."""
    out = list(_choices(s))
    if out:
        out.append(SKIP_LOCATION_ACTION)
    return out


def has_action(s: AttState) -> bool:
    """Whether the Location action can do anything; works out only its first choice."""
    return next(_choices(s), None) is not None


def _choices(s: AttState) -> Iterator[Action]:
    assert s.active is not None and s.turn is not None
    if s.turn.location_actions_used >= LOCATION_ACTION_USES:
        return
    seat = s.active
    player = s.players[seat]
    place = catalog().locations[_here(s)]
    if place.action == "gain_choice":
        yield from map(gain_token_move, place.gain_choices)
    elif place.action == "redraw_feats":
        hand = sorted(player.hand)
        for size in range(1, len(hand) + 1):
            yield from map(redraw_feats_move, combinations(hand, size))
    elif place.action == "exchange_token":
        for other in s.players:
            if other.seat == seat:
                continue
            for give in TOKENS:
                for take in TOKENS:
                    if give != take and player.tokens[give] and other.tokens[take]:
                        yield exchange_token_move(give, take, other.seat)
    elif place.action == "remote_desperate_act":
        cards = catalog().encounters
        for i in active_slots(s):
            if i == s.turn.slot:
                continue
            card_id = s.locations[i].encounter
            assert card_id is not None
            if player.tokens["courage"] >= cards[card_id].secrets:
                yield remote_desperate_act_move(i + 1)
    elif s.map_holder != seat:
        yield TAKE_MAP


def take_action(s: AttState, ctx: Ctx, a: Action) -> None:
    """Carry out one Location action choice (skipping is handled by the turn flow)."""
    assert s.active is not None and s.turn is not None
    seat = s.active
    who = s.name(seat)
    s.turn.location_actions_used += 1
    match a:
        case GainToken(token=token):
            got = gain(s, seat, token, 1)
            ctx.say(f"{who} gains {got} {token.capitalize()}.")
        case RedrawFeats(discard=cards):
            for card in cards:
                discard_from_hand(s, seat, card)
            names = ", ".join(feat_name(c) for c in cards)
            ctx.say(f"{who} discards {names}.")
            draw_feats(s, ctx, seat, len(cards))
        case ExchangeToken(give=give, take=take, target=target):
            s.players[seat].tokens[give] -= 1
            s.players[target].tokens[give] += 1
            s.players[target].tokens[take] -= 1
            s.players[seat].tokens[take] += 1
            ctx.say(
                f"{who} gives 1 {give.capitalize()} to {s.name(target)} "
                f"and takes 1 {take.capitalize()} in return."
            )
        case RemoteDesperateAct(slot=slot):
            loc = s.locations[slot - 1]
            assert loc.encounter is not None
            pay(s, seat, "courage", catalog().encounters[loc.encounter].secrets)
            # The far Location's tokens go back to the supply.
            for token, n in loc.tokens.items():
                to_supply(s, token, n)
            s.locations[slot - 1] = replaced(loc, tokens=dict.fromkeys(loc.tokens, 0))
            place = catalog().locations[loc.id].name
            claim_encounter(s, ctx, seat, slot - 1, f"reaches across to {place} and overcomes")
        case TakeMap():
            s.map_holder = seat
            ctx.say(f"{who} takes the Map.")
        case _:
            raise AssertionError(a)
