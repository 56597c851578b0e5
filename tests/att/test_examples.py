"""The reference's worked examples T1-T12 (reference §13), with injected dice."""

from __future__ import annotations

import pytest

from engines.att.actions import (
    BumpFeatDie,
    DesperateAct,
    EndEncounter,
    FocusedReroll,
    PlayFeat,
    Roll,
    Spend,
    UnfocusedReroll,
)
from engines.att.combos import effective, satisfies
from engines.att.content import catalog
from engines.att.riverboat import refill
from engines.att.scoring import finish, secrets
from engines.att.terrible_things import order_track
from engines.core.context import Ctx
from engines.core.errors import IllegalAction
from engines.core.rng import Rng

from .builders import (
    BAD_EGG,
    BOOK,
    ENGINE,
    OCCULTIST,
    act,
    at_encounter,
    at_location,
    feat_with,
    find_spend,
    give_cards,
    new_game,
    set_tokens,
    set_values,
    spend_options,
)


def test_t1_bad_egg_encounter_sequence() -> None:
    s = at_encounter(BAD_EGG, values=[1, 1, 2, 3, 4])
    set_tokens(s, 0, focus=2, feat=0)
    # a) no run from 3: Overcome is not legal.
    assert not any(t == "encounter" for t, _ in spend_options(s))
    assert s.players[0].rerolls_left == 2
    # b) Unfocused re-roll: free, one re-roll used.
    s = act(s, UnfocusedReroll())
    set_values(s, [1, 3, 5, 5, 6])
    assert s.players[0].tokens["focus"] == 2
    assert s.players[0].rerolls_left == 1
    assert not any(t == "encounter" for t, _ in spend_options(s))
    # c) Focused re-roll of the 1 and the 3 costs exactly 2 Focus.
    s = act(s, FocusedReroll(dice=(0, 1)))
    assert s.players[0].tokens["focus"] == 0
    assert s.players[0].rerolls_left == 0
    set_values(s, [4, 5, 5, 5, 6])
    # d) Spend 4-5-6 on the Bad Egg.
    s = act(s, find_spend(s, [4, 5, 6], "encounter"))
    assert s.players[0].score_pile == (BAD_EGG,)
    assert spend_options(s) == {("pair", (5, 5)), ("high", (5,))}
    for late in (UnfocusedReroll(), FocusedReroll(dice=(2,))):
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, 0, late)
    s = act(s, find_spend(s, [5, 5], "pair"))
    # No dice remain: the phase ends by itself, the Bad Egg is safe, no Terrible Thing.
    assert s.dice is None
    assert s.phase == "trading_post" or s.active != 0
    p = s.players[0]
    assert (p.tokens["focus"], p.tokens["feat"]) == (0, 2)
    assert p.score_pile == (BAD_EGG,)
    assert p.terrible_things == ()


def test_t1_high_plus_high_is_the_alternative_for_the_two_fives() -> None:
    s = at_encounter(BAD_EGG, values=[4, 5, 5, 5, 6])
    set_tokens(s, 0, focus=0)
    s = act(s, find_spend(s, [4, 5, 6], "encounter"))
    s = act(s, find_spend(s, [5], "high"))
    s = act(s, find_spend(s, [5], "high"))
    assert s.players[0].tokens["focus"] == 2


T2_SPENDS = [
    ([([3, 4, 5, 6], "run")], {"treasure": 4}, False),
    ([([3, 4, 5], "run"), ([6], "high")], {"treasure": 3, "focus": 1}, False),
    ([([3, 4, 5], "encounter"), ([6], "high")], {"focus": 1}, True),
    ([([3, 3], "pair"), ([4, 5, 6], "run")], {"feat": 2, "treasure": 3}, False),
    ([([3, 3], "pair"), ([4, 5, 6], "encounter")], {"feat": 2}, True),
]


@pytest.mark.parametrize(("steps", "gains", "overcome"), T2_SPENDS)
def test_t2_roll_33456_against_the_bad_egg(
    steps: list[tuple[list[int], str]], gains: dict[str, int], overcome: bool
) -> None:
    s = at_encounter(BAD_EGG, values=[3, 3, 4, 5, 6])
    set_tokens(s, 0, focus=0, treasure=0, feat=0, courage=0)
    for values, target in steps:
        s = act(s, find_spend(s, values, target))
    if s.dice is not None:
        s = act(s, EndEncounter())
    p = s.players[0]
    for token in ("focus", "treasure", "feat", "courage"):
        assert p.tokens[token] == gains.get(token, 0)
    assert (p.score_pile == (BAD_EGG,)) is overcome
    assert (len(p.terrible_things) == 1) is not overcome


def test_t2_seed_list_is_a_subset_of_the_engine_options() -> None:
    s = at_encounter(BAD_EGG, values=[3, 3, 4, 5, 6])
    options = spend_options(s)
    seed_firsts = {
        ("run", (3, 4, 5, 6)),
        ("run", (3, 4, 5)),
        ("encounter", (3, 4, 5)),
        ("pair", (3, 3)),
        ("run", (4, 5, 6)),
        ("encounter", (4, 5, 6)),
    }
    assert seed_firsts <= options
    assert {("high", (4,)), ("high", (5,)), ("high", (6,))} <= options


T3_SPENDS = [
    ([([5, 5, 5, 5], "block")], {"courage": 4}),
    ([([5, 5, 5], "block"), ([5], "high")], {"courage": 3, "focus": 1}),
    ([([5, 5], "pair"), ([5, 5], "pair")], {"feat": 4}),
    ([([5, 5], "pair"), ([5], "high"), ([5], "high")], {"feat": 2, "focus": 2}),
    ([([5], "high")] * 4, {"focus": 4}),
]


@pytest.mark.parametrize(("steps", "gains"), T3_SPENDS)
def test_t3_roll_35555_against_the_bad_egg(
    steps: list[tuple[list[int], str]], gains: dict[str, int]
) -> None:
    s = at_encounter(BAD_EGG, values=[3, 5, 5, 5, 5])
    set_tokens(s, 0, focus=0, treasure=0, feat=0, courage=0)
    for values, target in steps:
        assert not any(t == "encounter" for t, _ in spend_options(s))
        assert all(3 not in values for _, values in spend_options(s))
        s = act(s, find_spend(s, values, target))
    if s.dice is not None:
        s = act(s, EndEncounter())
    p = s.players[0]
    for token in ("focus", "treasure", "feat", "courage"):
        assert p.tokens[token] == gains.get(token, 0)
    assert p.score_pile == ()
    assert len(p.terrible_things) == 1


def test_t3_a_pair_of_three_dice_is_rejected() -> None:
    s = at_encounter(BAD_EGG, values=[3, 5, 5, 5, 5])
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, Spend(dice=(1, 2, 3), row=1))


def test_t4_run_to_six_reads_as_dice_of_that_value_or_higher() -> None:
    combo = effective(catalog().encounters[OCCULTIST].combo, run_to_six_is_highset=True)
    assert (combo.kind, combo.count, combo.min) == ("highset", 3, 4)
    assert satisfies(combo, [4, 4, 6])
    assert satisfies(combo, [4, 4, 4])
    assert not satisfies(combo, [3, 5, 6])
    s = at_encounter(OCCULTIST, values=[4, 4, 6, 3, 1])
    assert ("encounter", (4, 4, 6)) in spend_options(s)


def test_t4_plain_run_reading_when_the_ruling_is_off() -> None:
    s = at_encounter(OCCULTIST, values=[4, 4, 6, 5, 1], run_to_six_is_highset=False)
    overcome = {v for t, v in spend_options(s) if t == "encounter"}
    assert overcome == {(4, 5, 6)}


def test_t5_no_combining_or_splitting() -> None:
    s = at_encounter(BAD_EGG, values=[2, 2])
    assert not any(t == "high" for t, _ in spend_options(s))
    s = at_encounter(BAD_EGG, values=[6, 1])
    # A single 6 fills one slot only: no pair, block or run can use it twice.
    assert spend_options(s) == {("high", (6,))}


def test_t6_rerolls_respect_die_kinds() -> None:
    kinds = ["basic", "basic", "luck", "panic", "feat"]
    s = at_encounter(BAD_EGG, values=[1, 2, 3, 4, 5], kinds=kinds)
    set_tokens(s, 0, focus=5)
    rng = Rng(s.rng)
    expected = [rng.randint(1, 6) for _ in range(4)]
    after = act(s, UnfocusedReroll())
    values = [die.value for die in after.dice.pool]
    assert values[3] == 4, "the Panic die never re-rolls"
    assert [values[i] for i in (0, 1, 2, 4)] == expected, "the Feat die re-rolls too"
    assert after.players[0].tokens["focus"] == 5
    # Focused {luck, basic} costs 1 Focus.
    after = act(s, FocusedReroll(dice=(0, 2)))
    assert after.players[0].tokens["focus"] == 4
    for bad in ((0, 3), (0, 4), (3,), (4,)):
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, 0, FocusedReroll(dice=bad))


def test_t6_swap_after_the_roll_is_rejected_but_adding_is_not() -> None:
    swap = feat_with("swap_die", die="luck")
    add = feat_with("add_die", die="luck")
    s = at_encounter(BAD_EGG, values=[1, 2, 3, 4, 5])
    give_cards(s, 0, [swap, add])
    set_tokens(s, 0, feat=5)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, PlayFeat(card=swap))
    after = act(s, PlayFeat(card=add))
    assert len(after.dice.pool) == 6
    assert after.dice.pool[5].kind == "luck" and after.dice.pool[5].value is not None
    assert after.players[0].rerolls_left == 2


def test_t6_a_third_reroll_is_rejected() -> None:
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1])
    set_tokens(s, 0, focus=5)
    s = act(s, UnfocusedReroll())
    set_values(s, [1, 1, 1, 1, 1])
    s = act(s, FocusedReroll(dice=(0,)))
    set_values(s, [1, 1, 1, 1, 1])
    assert s.players[0].rerolls_left == 0
    for third in (UnfocusedReroll(), FocusedReroll(dice=(0,))):
        with pytest.raises(IllegalAction):
            ENGINE.apply(s, 0, third)


def test_t7_feat_bump() -> None:
    s = at_encounter(BAD_EGG, values=[5, 1, 1, 1, 1], kinds=["feat"] + ["basic"] * 4)
    set_tokens(s, 0, feat=3)
    s = act(s, BumpFeatDie(die=0))
    assert s.dice.pool[0].value == 6
    assert s.players[0].tokens["feat"] == 2
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, BumpFeatDie(die=0))
    s = at_encounter(BAD_EGG, values=[4, 5, 1, 1, 1], kinds=["feat"] + ["basic"] * 4)
    set_tokens(s, 0, feat=3)
    s = act(s, find_spend(s, [5], "high"))
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, BumpFeatDie(die=0))


def test_t8_desperate_act_then_roll_for_resources_only() -> None:
    s = at_location(BOOK)
    s.phase = "desperation"
    set_tokens(s, 0, courage=8)
    s = act(s, DesperateAct())
    p = s.players[0]
    assert p.score_pile == (BOOK,) and p.tokens["courage"] == 0
    assert s.phase == "encounter" and s.dice is not None and s.dice.desperate
    s = act(s, Roll())
    set_values(s, [2, 2, 2, 2, 6])
    assert not any(t == "encounter" for t, _ in spend_options(s))
    s = act(s, EndEncounter())
    assert s.players[0].terrible_things == ()


def test_t9_setup_three_players_long_game() -> None:
    s = new_game(3, game_length="double_hourglass")
    backs = [catalog().encounters[c].back for c in s.encounter_deck]
    assert len(backs) == 24
    assert backs == ["red"] * 8 + ["orange"] * 8 + ["green"] * 8  # bottom first
    assert len(s.track) == s.track_size == 10
    assert order_track([2, 0, 3, 0, 1, 3, 1, 2, 0, 1], "penalty_ascending") == [
        0, 0, 0, 1, 1, 1, 2, 2, 3, 3,
    ]  # fmt: skip


def test_t9_first_failure_takes_a_zero() -> None:
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1], n=3, game_length="double_hourglass")
    s.track = order_track([2, 0, 3, 0, 1, 3, 1, 2, 0, 1], "penalty_ascending")
    s = act(s, EndEncounter())
    assert s.players[0].terrible_things == (0,)
    assert s.track == (0, 0, 1, 1, 1, 2, 2, 3, 3)


def test_t10_last_terrible_thing_ends_the_game_at_once() -> None:
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1], n=3)
    s.track = [2]
    s = act(s, EndEncounter())
    assert s.phase == "over"
    assert ENGINE.to_act(s) == frozenset()
    assert ENGINE.outcome(s) is not None
    assert s.players[0].pawn != "trading_post"
    assert s.players[0].terrible_things == (2,)


def test_t11_tie_break_by_token_count() -> None:
    s = new_game(3)
    a, b = s.players[0], s.players[1]
    s.map_holder = 2
    a.score_pile = ["enc-o05", "enc-o06"]  # 5 + 5 Secrets
    a.terrible_things = [0, 0]
    b.score_pile = ["enc-r12", "enc-g12"]  # 9 + 4 = 13 Secrets
    b.terrible_things = [3]
    assert secrets(s, 0) == 10 and secrets(s, 1) == 13
    finish(s, Ctx(), "Test.")
    result = ENGINE.outcome(s)
    assert result is not None
    assert result.scores[0] == result.scores[1] == 10
    assert result.winners == frozenset({1})


def test_t12_riverboat_deals_a_dual_typed_card_to_slot_one() -> None:
    s = new_game(2)
    dual = "enc-g10"  # Pitfall + Horror
    assert catalog().encounters[dual].types == ["pitfall", "horror"]
    if dual in s.encounter_deck:
        s.encounter_deck.remove(dual)
    else:
        box = list(s.encounter_box)
        box[box.index(dual)] = s.encounter_deck.pop()
        s.encounter_box = tuple(box)
    s.encounter_deck.append(dual)
    refill(s, Ctx())
    shrine = s.locations[0]
    assert shrine.id == "shrine" and shrine.encounter == dual
    assert shrine.tokens == {"focus": 1, "treasure": 0, "feat": 0, "courage": 1}
