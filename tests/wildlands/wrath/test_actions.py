"""Wrath's action union (§11): every base action plus the shard, special-action and Desperate
Measures choices and the carrier of a claimed shard, each decoded back to its own class."""

from __future__ import annotations

from typing import get_args

from engines.wildlands.actions import Action
from engines.wildlands.wrath.actions import (
    CODEC,
    WRATH_ACTIONS,
    Carry,
    Discard,
    SpecialSkip,
    WrathAction,
)


def test_wrath_actions_are_the_base_ones_and_wraths_own() -> None:
    base = set(get_args(get_args(Action)[0]))
    wrath = set(get_args(get_args(WrathAction)[0]))
    assert wrath == base | set(WRATH_ACTIONS) | {SpecialSkip, Carry, Discard}


def test_a_wrath_action_round_trips_through_the_codec() -> None:
    a = Discard(card="wl.mages.01")
    assert CODEC.decode(CODEC.encode(a)) == a
