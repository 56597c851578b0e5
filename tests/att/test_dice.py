"""Pool building, rolling, re-rolls and card effects (seed §Dice, §4; reference §5.4, §7)."""

from __future__ import annotations

import pytest

from engines.att.actions import (
    BumpFeatDie,
    ExhaustSwag,
    FocusedReroll,
    LuckStart,
    PlayFeat,
    Roll,
    Spend,
    UnfocusedReroll,
)
from engines.att.content import catalog
from engines.core.errors import IllegalAction

from .builders import (
    BAD_EGG,
    ENGINE,
    act,
    at_encounter,
    feat_with,
    find_spend,
    give_cards,
    give_swag,
    set_tokens,
    set_values,
    spend_options,
    swag_where,
)


def kinds_of(s) -> list[str]:
    return [die.kind for die in s.dice.pool]


def c_name(card: str) -> str:
    return catalog().swag[card].name


def test_before_the_roll_only_pool_building_is_offered() -> None:
    bump, add, swap, gain = (
        feat_with("bump", dice=1),
        feat_with("add_die", die="panic"),
        feat_with("swap_die", die="feat"),
        feat_with("gain", token="focus"),
    )
    s = at_encounter(BAD_EGG)
    give_cards(s, 0, [bump, add, swap, gain])
    set_tokens(s, 0, feat=5)
    legal = ENGINE.legal_actions(s, 0)
    assert legal[0] == Roll()
    assert {a.card for a in legal if isinstance(a, PlayFeat)} == {add, swap}
    s = act(s, PlayFeat(card=swap))
    assert kinds_of(s) == ["basic"] * 4 + ["feat"]
    assert s.players[0].tokens["feat"] == 4
    s = act(s, PlayFeat(card=add))
    assert kinds_of(s) == ["basic"] * 4 + ["feat", "panic"]
    assert all(die.value is None for die in s.dice.pool)
    s = act(s, Roll())
    assert all(die.value is not None for die in s.dice.pool)
    assert s.players[0].hand == [bump, gain]


def test_permanent_luck_swag_swaps_once_per_encounter() -> None:
    (charm, _) = swag_where(luck_start=True)
    s = at_encounter(BAD_EGG)
    give_swag(s, 0, [charm])
    assert LuckStart(card=charm) in ENGINE.legal_actions(s, 0)
    s = act(s, LuckStart(card=charm))
    assert kinds_of(s).count("luck") == 1
    assert LuckStart(card=charm) not in ENGINE.legal_actions(s, 0)
    assert charm not in s.players[0].exhausted


def test_exhausting_swag_before_the_roll_and_after() -> None:
    swap = swag_where(exhaust_op="swap_die")[0]
    s = at_encounter(BAD_EGG)
    give_swag(s, 0, [swap])
    s = act(s, ExhaustSwag(card=swap))
    assert kinds_of(s).count("feat") == 1
    assert s.players[0].exhausted == (swap,)
    assert not any(isinstance(a, ExhaustSwag) for a in ENGINE.legal_actions(s, 0))


def test_swag_bump_with_a_focus_cost_and_never_for_no_effect() -> None:
    (paid,) = [c for c in swag_where(exhaust_op="bump") if "Focus" in c_name(c)]
    s = at_encounter(BAD_EGG, values=[6, 6, 6, 6, 5])
    give_swag(s, 0, [paid])
    set_tokens(s, 0, focus=1)
    assert [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, ExhaustSwag)] == [
        ExhaustSwag(card=paid, dice=(4,))
    ]
    after = act(s, ExhaustSwag(card=paid, dice=(4,)))
    assert after.dice.pool[4].value == 6
    assert after.players[0].tokens["focus"] == 0
    set_values(s, [6, 6, 6, 6, 6])
    assert not any(isinstance(a, ExhaustSwag) for a in ENGINE.legal_actions(s, 0))
    set_values(s, [6, 6, 6, 6, 5])
    set_tokens(s, 0, focus=0)
    assert not any(isinstance(a, ExhaustSwag) for a in ENGINE.legal_actions(s, 0))


def test_feat_for_no_effect_is_allowed_by_default_and_pays_its_cost() -> None:
    bump = feat_with("bump", dice=1)
    s = at_encounter(BAD_EGG, values=[6, 6, 6, 6, 6])
    give_cards(s, 0, [bump])
    set_tokens(s, 0, feat=1)
    assert PlayFeat(card=bump) in ENGINE.legal_actions(s, 0)
    s = act(s, PlayFeat(card=bump))
    assert s.players[0].tokens["feat"] == 0
    assert s.feat_discard[-1] == bump
    assert [d.value for d in s.dice.pool] == [6, 6, 6, 6, 6]


def test_no_effect_plays_can_be_switched_off() -> None:
    bump = feat_with("bump", dice=1)
    s = at_encounter(BAD_EGG, values=[6, 6, 6, 6, 6], allow_no_effect_plays=False)
    give_cards(s, 0, [bump])
    set_tokens(s, 0, feat=1)
    assert not any(isinstance(a, PlayFeat) for a in ENGINE.legal_actions(s, 0))


def test_bump_flip_and_two_dice_bump() -> None:
    one, two, flip = feat_with("bump", dice=1), feat_with("bump", dice=2), feat_with("flip")
    s = at_encounter(BAD_EGG, values=[2, 3, 6, 1, 1])
    give_cards(s, 0, [one, two, flip])
    set_tokens(s, 0, feat=5)
    legal = ENGINE.legal_actions(s, 0)
    assert PlayFeat(card=one, dice=(2,)) not in legal  # a 6 cannot go higher
    s = act(s, PlayFeat(card=one, dice=(0,)))
    s = act(s, PlayFeat(card=two, dice=(1, 3)))
    s = act(s, PlayFeat(card=flip, dice=(4,)))
    assert [d.value for d in s.dice.pool] == [3, 4, 6, 2, 6]
    assert s.players[0].tokens["feat"] == 1


def test_dice_supply_limits_added_dice() -> None:
    add = feat_with("add_die", die="luck")
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1, 1, 1], kinds=["basic"] * 5 + ["luck"] * 2)
    give_cards(s, 0, [add])
    set_tokens(s, 0, feat=2)
    after = act(s, PlayFeat(card=add))
    assert len(after.dice.pool) == 7, "no third Luck die exists: the card has no effect"
    s = at_encounter(
        BAD_EGG,
        values=[1, 1, 1, 1, 1, 1, 1],
        kinds=["basic"] * 5 + ["luck"] * 2,
        dice_supply_limit=False,
    )
    give_cards(s, 0, [add])
    set_tokens(s, 0, feat=2)
    assert len(act(s, PlayFeat(card=add)).dice.pool) == 8


def test_extra_reroll_lasts_until_refresh() -> None:
    extra = feat_with("extra_reroll")
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1])
    give_cards(s, 0, [extra])
    set_tokens(s, 0, feat=2)
    s = act(s, PlayFeat(card=extra))
    assert s.players[0].rerolls_left == 3
    for _ in range(3):
        s = act(s, UnfocusedReroll())
        set_values(s, [1, 1, 1, 1, 1])
    assert s.players[0].rerolls_left == 0
    assert UnfocusedReroll() not in ENGINE.legal_actions(s, 0)


def test_card_reroll_targets_non_panic_dice_and_uses_no_reroll() -> None:
    card = feat_with("card_reroll")
    s = at_encounter(BAD_EGG, values=[1, 2, 3], kinds=["basic", "panic", "feat"])
    give_cards(s, 0, [card])
    set_tokens(s, 0, feat=1)
    plays = {a.dice for a in ENGINE.legal_actions(s, 0) if isinstance(a, PlayFeat)}
    assert plays == {(0,), (2,), (0, 2)}
    after = act(s, PlayFeat(card=card, dice=(0, 2)))
    assert after.players[0].rerolls_left == 2
    assert after.dice.pool[1].value == 2


def test_card_reroll_can_use_the_track() -> None:
    card = feat_with("card_reroll")
    s = at_encounter(BAD_EGG, values=[1, 2, 3], card_reroll_uses_track=True)
    give_cards(s, 0, [card])
    set_tokens(s, 0, feat=1)
    assert act(s, PlayFeat(card=card, dice=(0,))).players[0].rerolls_left == 1


def test_gain_card() -> None:
    card = feat_with("gain", token="courage")
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1])
    give_cards(s, 0, [card])
    set_tokens(s, 0, feat=1, courage=0)
    assert act(s, PlayFeat(card=card)).players[0].tokens["courage"] == 2


def test_added_die_waits_for_the_next_reroll_when_the_ruling_is_off() -> None:
    add = feat_with("add_die", die="panic")
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1], added_die_rolled_immediately=False)
    give_cards(s, 0, [add])
    set_tokens(s, 0, feat=1, focus=0)
    s = act(s, PlayFeat(card=add))
    assert s.dice.pool[5].value is None
    assert all(5 not in a.dice for a in ENGINE.legal_actions(s, 0) if isinstance(a, Spend))
    s = act(s, UnfocusedReroll())
    assert s.dice.pool[5].value is not None


def test_focused_reroll_pays_focus_except_for_luck_dice() -> None:
    s = at_encounter(BAD_EGG, values=[1, 1, 1], kinds=["basic", "luck", "luck"])
    set_tokens(s, 0, focus=0)
    picks = {a.dice for a in ENGINE.legal_actions(s, 0) if isinstance(a, FocusedReroll)}
    assert picks == {(1,), (2,), (1, 2)}
    s0 = at_encounter(BAD_EGG, values=[1, 1], focused_min_dice=0)
    set_tokens(s0, 0, focus=0)
    assert FocusedReroll(dice=()) in ENGINE.legal_actions(s0, 0)


def test_unfocused_reroll_can_leave_feat_dice_alone() -> None:
    s = at_encounter(BAD_EGG, values=[1, 4], kinds=["basic", "feat"], unfocused_includes_feat=False)
    for _ in range(2):
        s = act(s, UnfocusedReroll())
        assert s.dice.pool[1].value == 4


def test_feat_bump_window_can_close_at_the_first_reroll() -> None:
    s = at_encounter(
        BAD_EGG,
        values=[3, 1],
        kinds=["feat", "basic"],
        feat_bump_window="before_first_reroll",
    )
    set_tokens(s, 0, feat=2)
    assert BumpFeatDie(die=0) in ENGINE.legal_actions(s, 0)
    s = act(s, FocusedReroll(dice=(1,)))
    set_values(s, [3, 1])
    assert BumpFeatDie(die=0) not in ENGINE.legal_actions(s, 0)


def test_cards_close_at_the_first_spend_unless_the_table_allows_them() -> None:
    bump = feat_with("bump", dice=1)
    for allowed in (False, True):
        s = at_encounter(BAD_EGG, values=[6, 1, 2], cards_after_first_spend=allowed)
        give_cards(s, 0, [bump])
        set_tokens(s, 0, feat=1)
        s = act(s, find_spend(s, [6], "high"))
        plays = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, PlayFeat)]
        assert bool(plays) is allowed
        assert UnfocusedReroll() not in ENGINE.legal_actions(s, 0)


def test_the_phase_ends_when_nothing_is_left_to_spend() -> None:
    s = at_encounter(BAD_EGG, values=[6, 1, 1, 2, 2])
    set_tokens(s, 0, feat=0)
    give_cards(s, 0, [])
    s = act(s, find_spend(s, [6], "high"))
    assert s.dice is None and len(s.players[0].terrible_things) == 1


def test_a_spent_die_cannot_be_spent_again() -> None:
    s = at_encounter(BAD_EGG, values=[6, 5, 1, 1, 2])
    s = act(s, find_spend(s, [6], "high"))
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, Spend(dice=(0,), row=0))


def test_scenario_faces_and_minimums() -> None:
    s = at_encounter(BAD_EGG, values=[1, 2, 3, 1, 1])
    assert ("run", (1, 2, 3)) in spend_options(s) and ("block", (1, 1, 1)) in spend_options(s)
    s = at_encounter(BAD_EGG, values=[1, 2, 3, 1, 1], scenario1_run_min=2, scenario1_block_min=2)
    assert not {t for t, _ in spend_options(s)} & {"run", "block"}
    s = at_encounter(BAD_EGG, values=[4, 4, 2, 3, 4], scenario="II")
    options = spend_options(s)
    assert ("pair", (4, 4)) in options and ("high", (4,)) not in options
    assert ("run", (2, 3, 4)) in options and ("block", (4, 4, 4)) in options
