"""AI seats for Ancient Terrible Things (engines/att/ai/): legal play through whole games,
no peeking at hidden information, sensible decisions in built positions, and a seeded match."""

from __future__ import annotations

from typing import Any

import pytest

from engines.att.actions import (
    DeclineDesperateAct,
    DesperateAct,
    EndEncounter,
    Explore,
    FocusedReroll,
    RemoteDesperateAct,
    Spend,
    UnfocusedReroll,
)
from engines.att.ai import AttPolicy, GreedyPolicy
from engines.att.ai.reroll import Plan, Stage, reroller
from engines.att.ai.spend import Rewards, Scoring
from engines.att.content import Combo
from engines.att.spending import scenario_rows
from engines.att.state import AttState
from engines.core.ai import Policy, RandomPolicy
from engines.core.conformance import seats_for
from engines.core.rng import Rng, seed_from
from engines.core.trusted import replaced

from .builders import (
    BAD_EGG,
    BOOK,
    ENGINE,
    act,
    at_encounter,
    at_location,
    clear_locations,
    give_cards,
    place_encounter,
    set_tokens,
    start_turn,
)

CLIFF_PATH = "enc-g01"  # High 6+, 2 Secrets
ATT = AttPolicy()


def decide(policy: Policy, s: AttState, seed: int = 0) -> Any:
    (seat,) = ENGINE.to_act(s)
    action = policy.choose(ENGINE, s, seat, Rng(seed))
    assert action in ENGINE.legal_actions(s, seat)
    return action


def play(policies: list[Policy], seed: int, visit: Any = None) -> AttState:
    """A whole seeded game; every choice must be legal. ``visit(state, seat)`` sees each
    decision point first."""
    s = ENGINE.setup(seats_for(len(policies)), ENGINE.options_model(), seed)
    rngs = [Rng(seed_from(seed, "test-ai", i)) for i in range(len(policies))]
    for _ in range(ENGINE.max_decisions):
        if ENGINE.outcome(s) is not None:
            return s
        seat = min(ENGINE.to_act(s))
        if visit is not None:
            visit(s, seat)
        action = policies[seat].choose(ENGINE, s, seat, rngs[seat])
        assert action in ENGINE.legal_actions(s, seat), ENGINE.describe(action, s)
        s = ENGINE.apply(s, seat, action).state
    raise AssertionError("the game did not end")


# Whole games.


@pytest.mark.parametrize("seed", [1, 2])
def test_two_seat_games_are_played_to_the_end(seed: int) -> None:
    s = play([AttPolicy(), GreedyPolicy()], seed)
    assert ENGINE.outcome(s) is not None


def test_four_seat_game_is_played_to_the_end() -> None:
    s = play([AttPolicy(), GreedyPolicy(), RandomPolicy(), AttPolicy()], 3)
    assert ENGINE.outcome(s) is not None


def test_att_policy_beats_random_in_a_seeded_match() -> None:
    wins = 0.0
    for game in range(10):
        hero = game % 2
        policies: list[Policy] = [RandomPolicy(), RandomPolicy()]
        policies[hero] = AttPolicy()
        out = ENGINE.outcome(play(policies, 100 + game))
        assert out is not None
        if hero in out.winners:
            wins += 1 / len(out.winners)
    assert wins >= 8


# Hidden information.


def test_decisions_do_not_depend_on_hidden_information() -> None:
    """Re-dealing what the seat cannot see (other hands, deck orders, boxed cards, future
    dice) never changes its decision."""
    checked = 0

    def same_choice_in_every_deal(s: AttState, seat: int) -> None:
        nonlocal checked
        if len(ENGINE.legal_actions(s, seat)) < 2:
            return
        mine = ATT.choose(ENGINE, s, seat, Rng(7))
        for deal in range(2):
            other = ENGINE.determinize(s, seat, deal)
            assert ATT.choose(ENGINE, other, seat, Rng(7)) == mine
        checked += 1

    play([AttPolicy(), GreedyPolicy()], 5, same_choice_in_every_deal)
    assert checked > 20


def test_the_opponents_hand_does_not_change_the_choice() -> None:
    s = start_turn(seed=4)
    mine = decide(ATT, s)
    swapped = s.model_copy(deep=True)
    theirs = swapped.players[1].hand
    swapped.players[1].hand = swapped.feat_deck[: len(theirs)]
    swapped.feat_deck = theirs + swapped.feat_deck[len(theirs) :]
    assert decide(ATT, swapped) == mine


# Built positions.


def test_spends_to_overcome_when_no_reroll_is_left() -> None:
    s = at_encounter(BAD_EGG, [3, 4, 5, 1, 1])
    s.players[0].rerolls_left = 0
    give_cards(s, 0, [])
    a = decide(ATT, s)
    assert isinstance(a, Spend) and a.row is None


def test_plays_an_overcomable_encounter_through_to_the_score_pile() -> None:
    s = at_encounter(BAD_EGG, [3, 4, 5, 1, 1])
    set_tokens(s, 0, focus=3)
    while s.phase == "encounter":
        s = act(s, decide(ATT, s))
    assert BAD_EGG in s.players[0].score_pile
    assert not s.players[0].terrible_things


def test_rerolls_rather_than_stops_when_the_dice_cannot_overcome() -> None:
    s = at_encounter(BAD_EGG, [1, 1, 2, 2, 6])
    set_tokens(s, 0, focus=2)
    assert isinstance(decide(ATT, s), FocusedReroll | UnfocusedReroll)


def test_on_its_last_turn_keeps_the_dice_that_already_make_most_of_the_run() -> None:
    s = at_encounter(BAD_EGG, [3, 4, 1, 1, 6])
    clear_locations(s, keep=[1])
    s.encounter_box += tuple(s.encounter_deck)
    s.encounter_deck = []
    give_cards(s, 0, [])
    set_tokens(s, 0, focus=3)
    s.players[0].rerolls_left = 1
    a = decide(ATT, s)
    assert isinstance(a, FocusedReroll)
    assert 0 not in a.dice and 1 not in a.dice  # the 3 and the 4 stay


def test_spends_leftover_dice_on_resources_after_overcoming() -> None:
    s = at_encounter(BAD_EGG, [3, 4, 5, 6, 6])
    s.players[0].rerolls_left = 0
    give_cards(s, 0, [])
    a = decide(ATT, s)
    assert isinstance(a, Spend) and a.row is None
    s = act(s, a)
    assert s.phase == "encounter"
    assert isinstance(decide(ATT, s), Spend)


def test_pays_for_a_hard_encounter_it_can_afford() -> None:
    s = at_location(BOOK)
    s.phase = "desperation"
    set_tokens(s, 0, courage=8)
    assert decide(ATT, s) == DesperateAct()


def test_rolls_for_an_easy_encounter_rather_than_paying() -> None:
    s = at_location(CLIFF_PATH)
    s.phase = "desperation"
    set_tokens(s, 0, courage=2)
    assert decide(ATT, s) == DeclineDesperateAct()


def test_does_not_pay_for_a_desperate_act_it_cannot_afford() -> None:
    s = start_turn(seed=3)
    clear_locations(s, keep=[1])
    place_encounter(s, 1, BOOK)
    set_tokens(s, 0, courage=7)
    s.locations[0] = replaced(s.locations[0], tokens=dict.fromkeys(s.locations[0].tokens, 0))
    while s.phase != "encounter":
        a = decide(ATT, s)
        assert not isinstance(a, DesperateAct | RemoteDesperateAct)
        s = act(s, a)
    assert s.players[0].tokens["courage"] == 7
    assert BOOK not in s.players[0].score_pile


def test_reaches_across_the_chasm_for_a_card_it_can_buy_with_courage() -> None:
    s = start_turn(seed=2)
    clear_locations(s, keep=[1, 4])
    place_encounter(s, 1, "enc-r03")  # a hard red card worth 7
    place_encounter(s, 4, CLIFF_PATH)  # the Yawning Chasm holds an easy one
    set_tokens(s, 0, courage=7)
    assert decide(ATT, s) == Explore(slot=4)
    s = act(s, Explore(slot=4))
    assert decide(ATT, s) == RemoteDesperateAct(slot=1)


def test_ends_the_game_with_the_last_terrible_thing_when_that_wins() -> None:
    s = at_encounter(BAD_EGG, [3, 4, 5, 1, 1])
    s.tt_box += s.track[1:]
    s.track = s.track[:1]
    s.players[1].terrible_things = [3, 3]  # the rival trails by 6
    give_cards(s, 0, [])
    assert decide(ATT, s) == EndEncounter()


def test_overcomes_rather_than_ends_the_game_when_that_loses() -> None:
    s = at_encounter(BAD_EGG, [3, 4, 5, 1, 1])
    s.tt_box += s.track[1:]
    s.track = s.track[:1]
    s.players[0].terrible_things = [3, 3]  # the AI trails by 6
    give_cards(s, 0, [])
    a = decide(ATT, s)
    assert isinstance(a, Spend) and a.row is None


def test_greedy_is_deterministic_and_legal() -> None:
    s = at_encounter(BAD_EGG, [1, 1, 2, 2, 6])
    assert decide(GreedyPolicy(), s, 1) == decide(GreedyPolicy(), s, 2) == UnfocusedReroll()


# The expectimax itself.


def test_expectimax_matches_the_closed_form_for_a_single_six() -> None:
    rows = tuple(scenario_rows(ENGINE.options_model()))
    scoring = Scoring(Combo(kind="high", count=1, min=6), 1.0, 0.0, Rewards(rows, (0.0,) * 4))
    plan = Plan(scoring, size=5, stages=(Stage("track"), Stage("track")), focus_value=0.0)
    assert reroller(plan).before_roll(0) == pytest.approx(1 - (5 / 6) ** 15)
