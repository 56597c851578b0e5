"""Every decision a player makes in Ancient Terrible Things (reference §4-§6).

Actions are frozen pydantic models told apart by ``kind``; ``ACTION`` decodes any of them
from JSON. Being frozen, one object can stand in every list of legal moves: the moves offered
again and again come from the shared instances at the end of this module (issue 33), since
building and validating a model costs more than working out that the move is legal.

Location slots and Trading Post slots are numbered from 1, as on the board; dice are named by
their index in the pool (0-based, stable for the whole Encounter).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from engines.att.content import Token
from engines.core.codec import ActionCodec


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ChooseCharacter(_Action):
    """At set-up, take this character (seed §Setup—Players; reference §2 step 6)."""

    kind: Literal["choose_character"] = "choose_character"
    character: str


class ChooseFirst(_Action):
    """The Map holder names the round's first player (reference §4)."""

    kind: Literal["choose_first"] = "choose_first"
    seat: int


class Explore(_Action):
    """Move to the active Location in ``slot`` (1..6) and take its tokens (§5.2)."""

    kind: Literal["explore"] = "explore"
    slot: int


class GainToken(_Action):
    """Accursed Shrine / Rusted Gunsloop: gain one token of a listed type (§6)."""

    kind: Literal["location_gain"] = "location_gain"
    token: Token


class RedrawFeats(_Action):
    """Ghastly Gorge: discard these Feat cards and draw as many (§6)."""

    kind: Literal["location_redraw"] = "location_redraw"
    discard: tuple[str, ...]


class ExchangeToken(_Action):
    """Sinister Chateau: give one ``give`` token to ``target`` and take one ``take`` (§6)."""

    kind: Literal["location_exchange"] = "location_exchange"
    give: Token
    take: Token
    target: int


class RemoteDesperateAct(_Action):
    """Yawning Chasm: pay Courage to overcome the Encounter at another Location (§6)."""

    kind: Literal["location_chasm"] = "location_chasm"
    slot: int


class TakeMap(_Action):
    """Crumbling Ruin: take the Map (§6)."""

    kind: Literal["location_map"] = "location_map"


class SkipLocationAction(_Action):
    kind: Literal["skip_location_action"] = "skip_location_action"


class DesperateAct(_Action):
    """Pay Courage equal to the Encounter's Secrets and overcome it at once (§5.3)."""

    kind: Literal["desperate_act"] = "desperate_act"


class DeclineDesperateAct(_Action):
    kind: Literal["decline_desperate_act"] = "decline_desperate_act"


class LuckStart(_Action):
    """Permanent Swag: start this pool with a Luck die in place of a Basic die (§14.4)."""

    kind: Literal["luck_start"] = "luck_start"
    card: str


class PlayFeat(_Action):
    """Play a Feat card from hand; ``dice`` are its targets, if it has any (§5.4)."""

    kind: Literal["play_feat"] = "play_feat"
    card: str
    dice: tuple[int, ...] = ()


class ExhaustSwag(_Action):
    """Exhaust a Swag card for its effect; ``dice`` are its targets, if any (§5.4)."""

    kind: Literal["exhaust_swag"] = "exhaust_swag"
    card: str
    dice: tuple[int, ...] = ()


class Roll(_Action):
    """The initial roll of the whole pool (§5.4 step 3)."""

    kind: Literal["roll"] = "roll"


class FocusedReroll(_Action):
    """Re-roll the chosen dice, paying Focus for each one that is not a Luck die (§7)."""

    kind: Literal["focused_reroll"] = "focused_reroll"
    dice: tuple[int, ...]


class UnfocusedReroll(_Action):
    """Re-roll every die except Panic dice, for free (§7)."""

    kind: Literal["unfocused_reroll"] = "unfocused_reroll"


class BumpFeatDie(_Action):
    """Pay 1 Feat token to raise a Feat die by 1 (§7)."""

    kind: Literal["bump_feat_die"] = "bump_feat_die"
    die: int


class Spend(_Action):
    """Spend these dice on the Encounter (``row`` None) or on Scenario row ``row`` (§8)."""

    kind: Literal["spend"] = "spend"
    dice: tuple[int, ...]
    row: int | None = None


class EndEncounter(_Action):
    """Stop rolling or spending; the Encounter phase ends (§5.4 step 6)."""

    kind: Literal["end_encounter"] = "end_encounter"


class ReplaceSwag(_Action):
    """Move the card in Trading Post ``slot`` (1..3) to Old Stock and deal a new one (§5.6)."""

    kind: Literal["replace_swag"] = "replace_swag"
    slot: int
    card: str


class BuySwag(_Action):
    """Buy ``card`` from Trading Post ``slot`` (1..3), or from the top of Old Stock."""

    kind: Literal["buy_swag"] = "buy_swag"
    card: str
    slot: int | None = None  # None: the top of Old Stock


class RefreshSwag(_Action):
    """Pay 2 Treasure to move the cards in these slots to Old Stock and deal new ones."""

    kind: Literal["refresh_swag"] = "refresh_swag"
    slots: tuple[int, ...]


class LeaveTradingPost(_Action):
    kind: Literal["leave_trading_post"] = "leave_trading_post"


Action = Annotated[
    ChooseCharacter
    | ChooseFirst
    | Explore
    | GainToken
    | RedrawFeats
    | ExchangeToken
    | RemoteDesperateAct
    | TakeMap
    | SkipLocationAction
    | DesperateAct
    | DeclineDesperateAct
    | LuckStart
    | PlayFeat
    | ExhaustSwag
    | Roll
    | FocusedReroll
    | UnfocusedReroll
    | BumpFeatDie
    | Spend
    | EndEncounter
    | ReplaceSwag
    | BuySwag
    | RefreshSwag
    | LeaveTradingPost,
    Field(discriminator="kind"),
]
CODEC = ActionCodec(Action, "Ancient Terrible Things")
ACTION_TYPES: tuple[type[_Action], ...] = get_args(get_args(Action)[0])
encode_action = CODEC.encode
decode_action = CODEC.decode


# Shared instances: the moves without fields, and a cache per move with fields. Each cache
# holds at most one object per distinct move of the game (dice indices, card ids, slots),
# a few thousand at most.
ROLL = Roll()
UNFOCUSED_REROLL = UnfocusedReroll()
END_ENCOUNTER = EndEncounter()
SKIP_LOCATION_ACTION = SkipLocationAction()
DESPERATE_ACT = DesperateAct()
DECLINE_DESPERATE_ACT = DeclineDesperateAct()
TAKE_MAP = TakeMap()
LEAVE_TRADING_POST = LeaveTradingPost()


@cache
def choose_character_move(character: str) -> ChooseCharacter:
    return ChooseCharacter(character=character)


@cache
def choose_first_move(seat: int) -> ChooseFirst:
    return ChooseFirst(seat=seat)


@cache
def explore_move(slot: int) -> Explore:
    return Explore(slot=slot)


@cache
def gain_token_move(token: Token) -> GainToken:
    return GainToken(token=token)


# Hands can grow large, and each subset of one is a redraw: the cache keeps the latest only.
@lru_cache(maxsize=1024)
def redraw_feats_move(discard: tuple[str, ...]) -> RedrawFeats:
    return RedrawFeats(discard=discard)


@cache
def exchange_token_move(give: Token, take: Token, target: int) -> ExchangeToken:
    return ExchangeToken(give=give, take=take, target=target)


@cache
def remote_desperate_act_move(slot: int) -> RemoteDesperateAct:
    return RemoteDesperateAct(slot=slot)


@cache
def focused_reroll_move(dice: tuple[int, ...]) -> FocusedReroll:
    return FocusedReroll(dice=dice)


@cache
def bump_feat_die_move(die: int) -> BumpFeatDie:
    return BumpFeatDie(die=die)


@cache
def spend_move(dice: tuple[int, ...], row: int | None) -> Spend:
    return Spend(dice=dice) if row is None else Spend(dice=dice, row=row)


@cache
def play_feat_move(card: str, dice: tuple[int, ...] | None) -> PlayFeat:
    """``dice`` None: the card played for no effect."""
    return PlayFeat(card=card) if dice is None else PlayFeat(card=card, dice=dice)


@cache
def exhaust_swag_move(card: str, dice: tuple[int, ...]) -> ExhaustSwag:
    return ExhaustSwag(card=card, dice=dice)


@cache
def luck_start_move(card: str) -> LuckStart:
    return LuckStart(card=card)


@cache
def replace_swag_move(slot: int, card: str) -> ReplaceSwag:
    return ReplaceSwag(slot=slot, card=card)


@cache
def buy_swag_move(card: str, slot: int | None) -> BuySwag:
    """``slot`` None: the top of Old Stock."""
    return BuySwag(card=card) if slot is None else BuySwag(card=card, slot=slot)


@cache
def refresh_swag_move(slots: tuple[int, ...]) -> RefreshSwag:
    return RefreshSwag(slots=slots)
