"""Trading Post and Refresh phases (seed §6, §7; reference §5.6, §5.7)."""

from __future__ import annotations

import pytest

from engines.att.actions import BuySwag, LeaveTradingPost, RefreshSwag, ReplaceSwag
from engines.att.content import catalog
from engines.core.errors import IllegalAction

from .builders import (
    BAD_EGG,
    ENGINE,
    act,
    all_swag,
    at_encounter,
    at_trading_post,
    feat_with,
    find_spend,
    give_cards,
    set_tokens,
)


def cost(card: str) -> int:
    return catalog().swag[card].cost


def test_one_free_replacement_before_buying() -> None:
    s = at_trading_post(treasure=0)
    first = s.swag_slots[0]
    top = s.swag_deck[-1]
    s = act(s, ReplaceSwag(slot=1, card=first))
    assert s.old_stock == [first] and s.swag_slots[0] == top
    assert not any(isinstance(a, ReplaceSwag) for a in ENGINE.legal_actions(s, 0))


def test_free_replacements_option() -> None:
    s = at_trading_post(treasure=0, free_replacements=0)
    assert s.phase != "trading_post" or not any(
        isinstance(a, ReplaceSwag) for a in ENGINE.legal_actions(s, 0)
    )
    s = at_trading_post(treasure=0, free_replacements=2)
    s = act(s, ReplaceSwag(slot=1, card=s.swag_slots[0]))
    assert any(isinstance(a, ReplaceSwag) for a in ENGINE.legal_actions(s, 0))


def test_buying_closes_the_free_replacement_and_leaves_the_slot_empty_until_done() -> None:
    s = at_trading_post(treasure=20)
    card = s.swag_slots[1]
    s = act(s, BuySwag(card=card, slot=2))
    p = s.players[0]
    assert card in p.swag and p.tokens["treasure"] == 20 - cost(card)
    assert s.swag_slots[1] is None
    assert not any(isinstance(a, ReplaceSwag) for a in ENGINE.legal_actions(s, 0))
    s = act(s, LeaveTradingPost())
    assert all(c is not None for c in s.swag_slots)


def test_only_the_top_of_old_stock_can_be_bought() -> None:
    s = at_trading_post(treasure=20)
    s.old_stock = [s.swag_deck.pop(), s.swag_deck.pop()]
    buys = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, BuySwag) and a.slot is None]
    assert buys == [BuySwag(card=s.old_stock[-1])]
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, BuySwag(card=s.old_stock[0]))


def test_cannot_buy_without_enough_treasure() -> None:
    s = at_trading_post(treasure=1)
    assert not any(isinstance(a, BuySwag) for a in ENGINE.legal_actions(s, 0))


def test_paid_refresh_moves_cards_to_old_stock_highest_slot_on_top() -> None:
    s = at_trading_post(treasure=5)
    s.turn.free_replacements_left = 0
    one, three = s.swag_slots[0], s.swag_slots[2]
    s = act(s, RefreshSwag(slots=(1, 3)))
    assert s.old_stock == [one, three]
    assert s.players[0].tokens["treasure"] == 3
    assert all(c is not None for c in s.swag_slots)
    assert RefreshSwag(slots=(1, 2, 3)) in ENGINE.legal_actions(s, 0)


def test_paid_refresh_limit() -> None:
    s = at_trading_post(treasure=10, paid_refresh_limit=1)
    s = act(s, RefreshSwag(slots=(1,)))
    assert not any(isinstance(a, RefreshSwag) for a in ENGINE.legal_actions(s, 0))


def test_empty_swag_deck_is_rebuilt_from_old_stock_below_its_top() -> None:
    s = at_trading_post(treasure=2)
    s.old_stock = s.swag_deck[:]
    s.swag_deck = []
    step = ENGINE.apply(s, 0, RefreshSwag(slots=(1,)))
    t = step.state
    assert step.reveals
    # The refreshed card went on top of Old Stock; everything below it became the deck.
    assert t.old_stock == [s.swag_slots[0]]
    assert len(t.swag_deck) == len(s.old_stock) - 1
    assert all_swag(t) == all_swag(s)


def test_empty_swag_deck_can_stay_empty() -> None:
    s = at_trading_post(treasure=2, swag_deck_empty="leave_empty")
    s.old_stock = s.swag_deck[:]
    s.swag_deck = []
    t = act(s, RefreshSwag(slots=(1,)))
    assert t.swag_slots[0] is None


def test_bought_swag_may_start_exhausted() -> None:
    s = at_trading_post(treasure=20, bought_swag_ready=False)
    card = s.swag_slots[0]
    s = act(s, BuySwag(card=card, slot=1))
    assert card in s.players[0].exhausted


def test_refresh_phase_draws_to_three_readies_swag_and_resets_rerolls() -> None:
    s = at_trading_post(treasure=0)
    give_cards(s, 0, [feat_with("flip")])
    p = s.players[0]
    p.rerolls_left = 0
    p.swag = [s.swag_deck.pop()]
    p.exhausted = list(p.swag)
    s = act(s, LeaveTradingPost())
    p = s.players[0]
    assert len(p.hand) == 3
    assert p.exhausted == () and p.rerolls_left == 2
    assert s.active == 1


def test_refresh_keeps_a_hand_above_three() -> None:
    s = at_trading_post(treasure=0)
    give_cards(s, 0, ["feat-01", "feat-02", "feat-03", "feat-04"])
    s = act(s, LeaveTradingPost())
    assert len(s.players[0].hand) == 4


def test_trading_post_passes_by_itself_when_nothing_can_be_done() -> None:
    s = at_encounter(BAD_EGG, values=[3, 4, 5], free_replacements=0)
    set_tokens(s, 0, treasure=0)
    s = act(s, find_spend(s, [3, 4, 5], "encounter"))
    assert s.active == 1 and s.players[0].pawn == "trading_post"
