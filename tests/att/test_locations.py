"""Explore phase, the six Location actions and Desperation (seed §2, §3, §Location Actions;
reference §5.2, §5.3, §6, §9)."""

from __future__ import annotations

import pytest

from engines.att.actions import (
    DeclineDesperateAct,
    DesperateAct,
    ExchangeToken,
    Explore,
    GainToken,
    RedrawFeats,
    RemoteDesperateAct,
    Roll,
    SkipLocationAction,
    TakeMap,
)
from engines.core.errors import IllegalAction
from engines.core.trusted import replaced

from .builders import (
    BAD_EGG,
    BOOK,
    ENGINE,
    act,
    at_location,
    give_cards,
    place_encounter,
    set_tokens,
    start_turn,
)

SHRINE, GORGE, CHATEAU, CHASM, GUNSLOOP, RUIN = range(1, 7)


def test_explore_moves_to_an_active_location_and_takes_its_tokens() -> None:
    s = start_turn(first=1)
    assert s.phase == "explore" and ENGINE.to_act(s) == {1}
    assert ENGINE.legal_actions(s, 1) == [Explore(slot=i) for i in range(1, 7)]
    s.rumours += (s.locations[2].encounter,)
    s.locations[2] = replaced(s.locations[2], encounter=None)
    assert Explore(slot=3) not in ENGINE.legal_actions(s, 1)
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 1, Explore(slot=3))
    before = dict(s.players[1].tokens)
    loc_tokens = dict(s.locations[0].tokens)
    s = act(s, Explore(slot=1))
    assert s.players[1].pawn == "shrine"
    assert all(s.players[1].tokens[t] >= before[t] + loc_tokens[t] for t in before)
    assert s.locations[0].tokens == {"focus": 0, "treasure": 0, "feat": 0, "courage": 0}


def test_shrine_and_gunsloop_gain_one_token_of_a_choice() -> None:
    for slot, choices in ((SHRINE, ["focus", "feat"]), (GUNSLOOP, ["courage", "treasure"])):
        s = at_location(BAD_EGG, slot=slot)
        legal = ENGINE.legal_actions(s, 0)
        assert legal == [*(GainToken(token=t) for t in choices), SkipLocationAction()]
        before = s.players[0].tokens[choices[1]]
        s = act(s, GainToken(token=choices[1]))
        assert s.players[0].tokens[choices[1]] == before + 1
        assert s.phase != "location_action"


def test_gorge_discards_chosen_feat_cards_and_draws_as_many() -> None:
    s = at_location(BAD_EGG, slot=GORGE)
    give_cards(s, 0, ["feat-01", "feat-02", "feat-03"])
    pick = ("feat-01", "feat-03")
    assert RedrawFeats(discard=pick) in ENGINE.legal_actions(s, 0)
    step = ENGINE.apply(s, 0, RedrawFeats(discard=pick))
    hand = step.state.players[0].hand
    assert len(hand) == 3 and "feat-02" in hand
    assert step.state.feat_discard[-2:] == list(pick)
    assert step.reveals
    private = [e for e in step.events if e.to == 0]
    public = [e for e in step.events if e.to is None]
    assert private and all("feat-" not in e.text for e in public)


def test_gorge_with_an_empty_hand_passes_by_itself() -> None:
    s = at_location(BAD_EGG, slot=GORGE)
    give_cards(s, 0, [])
    s.phase = "explore"
    s.players[0].pawn = "riverboat"
    s = act(s, Explore(slot=GORGE))
    assert s.phase != "location_action"


def test_chateau_swaps_one_token_each_way() -> None:
    s = at_location(BAD_EGG, slot=CHATEAU, n=3)
    set_tokens(s, 0, focus=1, treasure=0, feat=0, courage=0)
    set_tokens(s, 1, focus=0, treasure=2, feat=0, courage=0)
    set_tokens(s, 2, focus=0, treasure=0, feat=0, courage=0)
    assert ENGINE.legal_actions(s, 0) == [
        ExchangeToken(give="focus", take="treasure", target=1),
        SkipLocationAction(),
    ]
    s = act(s, ExchangeToken(give="focus", take="treasure", target=1))
    assert s.players[0].tokens["treasure"] == 1 and s.players[0].tokens["focus"] == 0
    assert s.players[1].tokens == {"focus": 1, "treasure": 1, "feat": 0, "courage": 0}


def test_chasm_overcomes_another_location_and_returns_its_tokens() -> None:
    s = at_location(BAD_EGG, slot=CHASM)
    place_encounter(s, RUIN, BOOK)
    ruin = s.locations[RUIN - 1]
    s.locations[RUIN - 1] = replaced(ruin, tokens={**ruin.tokens, "treasure": 1})
    set_tokens(s, 0, courage=12, treasure=0)
    legal = ENGINE.legal_actions(s, 0)
    assert RemoteDesperateAct(slot=RUIN) in legal
    assert RemoteDesperateAct(slot=CHASM) not in legal
    s = act(s, RemoteDesperateAct(slot=RUIN))
    assert s.players[0].score_pile == (BOOK,)
    assert s.players[0].tokens["courage"] == 4
    assert s.locations[RUIN - 1].encounter is None
    assert s.locations[RUIN - 1].tokens["treasure"] == 0
    assert s.players[0].tokens["treasure"] == 0
    # The usual Desperation phase at the Chasm itself still follows (4 Courage, 4 Secrets).
    assert s.phase == "desperation"
    s = act(s, DesperateAct())
    assert s.players[0].score_pile == (BOOK, BAD_EGG)


def test_chasm_needs_enough_courage() -> None:
    s = at_location(BAD_EGG, slot=CHASM)
    place_encounter(s, RUIN, BOOK)
    set_tokens(s, 0, courage=2)
    assert RemoteDesperateAct(slot=RUIN) not in ENGINE.legal_actions(s, 0)


def test_ruin_takes_the_map_unless_already_held() -> None:
    s = at_location(BAD_EGG, slot=RUIN, n=3)
    s.map_holder = 1
    assert ENGINE.legal_actions(s, 0) == [TakeMap(), SkipLocationAction()]
    assert act(s, TakeMap()).map_holder == 0
    s.map_holder = 0
    s.phase = "explore"
    s.players[0].pawn = "riverboat"
    s = act(s, Explore(slot=RUIN))
    assert s.phase != "location_action"


def test_location_action_is_optional_and_used_once() -> None:
    s = at_location(BAD_EGG, slot=SHRINE)
    set_tokens(s, 0, courage=0)
    s = act(s, SkipLocationAction())
    assert s.phase == "encounter"
    s = at_location(BAD_EGG, slot=SHRINE)
    set_tokens(s, 0, courage=0)
    s = act(s, GainToken(token="focus"))
    assert s.phase == "encounter"
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, 0, GainToken(token="focus"))


def test_desperation_is_offered_only_when_affordable() -> None:
    s = at_location(BAD_EGG, slot=SHRINE)
    set_tokens(s, 0, courage=3)
    s = act(s, SkipLocationAction())
    assert s.phase == "encounter"
    s = at_location(BAD_EGG, slot=SHRINE)
    set_tokens(s, 0, courage=4)
    s = act(s, SkipLocationAction())
    assert ENGINE.legal_actions(s, 0) == [DesperateAct(), DeclineDesperateAct()]
    s = act(s, DeclineDesperateAct())
    assert s.phase == "encounter" and ENGINE.legal_actions(s, 0)[0] == Roll()
    assert s.players[0].tokens["courage"] == 4
