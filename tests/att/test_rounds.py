"""Set-up, rounds, turn order, the Riverboat and the game's end (seed §Setup, §Turn
Overview, §1, §Unspeakable Event; reference §2-§5.1, §11)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.att.actions import ChooseCharacter, ChooseFirst, EndEncounter, Explore, TakeMap
from engines.att.content import catalog
from engines.att.options import AttOptions
from engines.att.setup import SETUP_TABLE
from engines.core.conformance import seats_for
from engines.core.errors import BadOptions
from engines.core.protocol import parse_options

from .builders import (
    BAD_EGG,
    ENGINE,
    act,
    all_encounters,
    all_feats,
    all_swag,
    at_encounter,
    clear_locations,
    drive,
    new_game,
    start_turn,
)


@pytest.mark.parametrize(("n", "length"), sorted(SETUP_TABLE))
def test_setup_table(n: int, length: str) -> None:
    per_colour, tt = SETUP_TABLE[(n, length)]
    s = new_game(n, game_length=length)
    backs = [catalog().encounters[c].back for c in s.encounter_deck]
    assert backs == ["red"] * per_colour + ["orange"] * per_colour + ["green"] * per_colour
    assert len(s.encounter_box) == 36 - 3 * per_colour
    assert len(s.track) == tt and len(s.tt_box) == 16 - tt
    assert list(s.track) == sorted(s.track)
    assert len(all_encounters(s)) == 36 and len(all_feats(s)) == 37 and len(all_swag(s)) == 26


def test_setup_players() -> None:
    s = new_game(4)
    captain, heiress, scholar, hunter = s.players
    assert [p.character for p in s.players] == ["captain", "heiress", "scholar", "hunter"]
    assert captain.tokens == {"focus": 2, "treasure": 1, "feat": 1, "courage": 2}
    assert heiress.tokens == {"focus": 1, "treasure": 4, "feat": 1, "courage": 1}
    assert scholar.tokens == {"focus": 1, "treasure": 1, "feat": 2, "courage": 1}
    assert hunter.tokens == {"focus": 2, "treasure": 1, "feat": 1, "courage": 3}
    assert [len(p.hand) for p in s.players] == [3, 3, 4, 3]
    assert s.map_holder == 0
    assert all(p.rerolls_left == 2 and p.pawn == "riverboat" for p in s.players)
    assert len(s.feat_discard) == 1 and s.old_stock == []
    assert all(c is not None for c in s.swag_slots)
    assert all(h is None for h in s.achievements.values())
    assert s.phase == "choose_first" and ENGINE.to_act(s) == {0}


def test_without_the_captain_the_last_to_pick_holds_the_map() -> None:
    s = new_game(3, characters=["hunter", "scholar", "heiress"])
    assert s.map_holder == 2
    s = new_game(3, characters=["hunter", "captain", "heiress"])
    assert s.map_holder == 1


def test_bad_tables_are_refused_with_a_sentence() -> None:
    with pytest.raises(BadOptions):
        new_game(3, characters=["hunter", "scholar"])
    with pytest.raises(BadOptions):
        parse_options(ENGINE, {"characters": ["wizard", "captain"]})
    with pytest.raises(BadOptions):
        parse_options(ENGINE, {"slot_order": ["shrine"] * 6})
    with pytest.raises(BadOptions):
        new_game(1)
    with pytest.raises(BadOptions):
        new_game(5)


def test_promo_joins_the_orange_stack() -> None:
    s = new_game(2, include_promo=True)
    orange = [c for c in all_encounters(s) if catalog().encounters[c].back == "orange"]
    assert len(orange) == 13 and "enc-promo-harbinger" in orange
    assert "enc-promo-harbinger" not in all_encounters(new_game(2))


def test_finite_supply_counts_the_starting_tokens() -> None:
    s = new_game(4, finite_token_supply=True)
    held = Counter()
    for p in s.players:
        held.update(p.tokens)
    physical = {"focus": 26, "treasure": 26, "feat": 26, "courage": 32}
    assert s.supply == {t: n - held[t] for t, n in physical.items()}


def test_value_ascending_track_puts_the_worst_at_the_bottom() -> None:
    s = new_game(4, game_length="double_hourglass", tt_order="value_ascending")
    assert list(s.track) == sorted(s.track, reverse=True)


def test_slot_order_option() -> None:
    order = ["ruin", "gunsloop", "chasm", "chateau", "gorge", "shrine"]
    s = new_game(2, slot_order=order)
    assert [loc.id for loc in s.locations] == order


def test_the_map_holder_chooses_the_first_player_then_play_goes_clockwise() -> None:
    s = new_game(3)
    assert ENGINE.legal_actions(s, 0) == [ChooseFirst(seat=k) for k in (0, 1, 2)]
    s = act(s, ChooseFirst(seat=2))
    assert s.turn_order == (2, 0, 1) and s.active == 2 and s.phase == "explore"
    assert all(loc.encounter is not None for loc in s.locations)


def test_holder_first_option_skips_the_choice() -> None:
    s = new_game(3, first_player="holder_first")
    assert s.phase == "explore" and s.active == 0


def test_map_changing_hands_keeps_this_rounds_order() -> None:
    s = start_turn(n=3, first=1)
    s = act(s, Explore(slot=6))
    s = act(s, TakeMap())
    assert s.map_holder == 1 and s.turn_order == (1, 2, 0)
    s = drive(s, lambda t: t.round == 2)
    assert ENGINE.to_act(s) == {1}


def test_riverboat_skips_while_an_encounter_remains_and_refills_when_none_do() -> None:
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1], n=2)
    clear_locations(s, keep=[1, 6])
    deck = len(s.encounter_deck)
    s = drive(s, lambda t: t.active == 1)
    assert s.phase == "explore" and len(s.encounter_deck) == deck
    assert [loc.encounter is not None for loc in s.locations] == [False] * 5 + [True]
    s = drive(s, lambda t: t.round == 2 and t.phase == "explore")
    assert len(s.encounter_deck) == deck - 6
    assert all(loc.encounter is not None for loc in s.locations)


def test_round_end_returns_pawns_and_asks_the_holder_again() -> None:
    s = drive(start_turn(n=2, first=0), lambda t: t.round == 2)
    assert s.phase == "choose_first"
    assert all(p.pawn == "riverboat" for p in s.players)
    assert ENGINE.to_act(s) == {s.map_holder}


def test_game_ends_when_the_deck_and_the_locations_are_empty() -> None:
    s = at_encounter(BAD_EGG, values=[3, 4, 5], n=2)
    clear_locations(s, keep=[1])
    s.encounter_box += tuple(s.encounter_deck)
    s.encounter_deck = []
    s = act(s, EndEncounter())
    s = drive(s, lambda t: t.active != 0)
    assert s.phase == "over" and ENGINE.outcome(s) is not None
    assert "empty" in ENGINE.outcome(s).summary


def test_empty_deck_at_round_end_option() -> None:
    for ends in (False, True):
        s = at_encounter(BAD_EGG, values=[3, 4, 5], n=2, end_on_empty_deck_at_round_end=ends)
        s.turns_taken = 1  # seat 0 takes the round's last turn
        s.encounter_box += tuple(s.encounter_deck)
        s.encounter_deck = []
        s = act(s, EndEncounter())
        s = drive(s, lambda t: t.active != 0)
        assert (s.phase == "over") is ends


def test_players_choose_characters_in_seat_order() -> None:
    s = ENGINE.setup(seats_for(2), AttOptions(), 1)
    assert s.phase == "choose_character" and ENGINE.to_act(s) == {0}
    picks = ENGINE.legal_actions(s, 0)
    assert picks == [ChooseCharacter(character=c) for c in catalog().characters]
    assert {ENGINE.group(a, s) for a in picks} == {"Character"}
    assert ENGINE.describe(picks[0], s) == "Play the Captain (takes the Map, +1 Focus, +1 Courage)"
    assert all(not p.hand and not any(p.tokens.values()) for p in s.players)
    assert ENGINE.view(s, 0).data["map_holder"] is None
    s = act(s, ChooseCharacter(character="scholar"))
    assert ENGINE.to_act(s) == {1}
    assert ChooseCharacter(character="scholar") not in ENGINE.legal_actions(s, 1)
    s = act(s, ChooseCharacter(character="hunter"))
    assert [p.character for p in s.players] == ["scholar", "hunter"]
    # No Captain: the last player to choose holds the Map (seed §Setup—Players).
    assert s.map_holder == 1 and s.phase == "choose_first" and ENGINE.to_act(s) == {1}
    assert [len(p.hand) for p in s.players] == [4, 3]
    assert s.players[1].tokens == {"focus": 2, "treasure": 1, "feat": 1, "courage": 3}


def test_the_captain_takes_the_map_whoever_chooses_it() -> None:
    s = ENGINE.setup(seats_for(3), AttOptions(), 1)
    for character in ("heiress", "captain", "hunter"):
        s = act(s, ChooseCharacter(character=character))
    assert s.map_holder == 1


def test_a_timed_out_seat_takes_the_first_character_left() -> None:
    s = ENGINE.setup(seats_for(2), AttOptions(), 1)
    s = act(s, ChooseCharacter(character="captain"))
    assert ENGINE.default_action(s, 1) == ChooseCharacter(character="heiress")
    assert ENGINE.default_action(s, 0) is None


def test_random_deal_option_skips_the_choice() -> None:
    dealt = set()
    for seed in range(6):
        s = ENGINE.setup(seats_for(2), AttOptions(character_pick="random"), seed)
        assert s.phase == "choose_first"
        dealt.add(tuple(p.character for p in s.players))
        again = ENGINE.setup(seats_for(2), AttOptions(character_pick="random"), seed)
        assert [p.character for p in again.players] == [p.character for p in s.players]
    assert len(dealt) > 1 and any("scholar" in d or "hunter" in d for d in dealt)


def test_ai_seats_choose_a_character() -> None:
    from engines.att.ai import AttPolicy, GreedyPolicy
    from engines.core.rng import Rng

    s = ENGINE.setup(seats_for(2), AttOptions(), 1)
    for policy in (AttPolicy(), GreedyPolicy()):
        assert policy.choose(ENGINE, s, 0, Rng(1)) == ChooseCharacter(character="captain")
    s = act(s, ChooseCharacter(character="captain"))
    pick = AttPolicy().choose(ENGINE, s, 1, Rng(1))
    assert pick in ENGINE.legal_actions(s, 1)
