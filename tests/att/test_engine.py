"""The engine contract for Ancient Terrible Things: view, hidden information, labels,
defaults, JSON and determinization."""

from __future__ import annotations

import json

import pytest

from engines.att.actions import ChooseFirst, Explore, Roll
from engines.att.content import catalog
from engines.att.options import AttOptions
from engines.core.conformance import json_strings, random_playout, seats_for
from engines.core.errors import BadOptions, CorruptRecord, IllegalAction
from engines.core.protocol import parse_options
from engines.core.replay import replay

from .builders import (
    BAD_EGG,
    ENGINE,
    all_encounters,
    all_feats,
    all_swag,
    at_encounter,
    new_game,
    start_turn,
)

TOP_KEYS = {
    "game", "round", "phase", "active", "to_act", "map_holder", "scenario", "locations",
    "riverboat", "trading_post_pawns", "deck", "rumours", "track", "track_size",
    "trading_post", "feats", "achievements", "players", "dice", "last_roll", "outcome",
}  # fmt: skip
PLAYER_KEYS = {
    "seat", "name", "character", "tokens", "hand_count", "rerolls_left", "score_pile",
    "swag", "terrible_things", "type_counts", "score",
}  # fmt: skip


def test_view_follows_the_contract() -> None:
    s = at_encounter(BAD_EGG, values=[3, 4, 5, 1, 1])
    public = ENGINE.view(s, None).data
    assert set(public) == TOP_KEYS
    mine = ENGINE.view(s, 0).data
    assert set(mine) == TOP_KEYS | {"hand"}
    assert public["game"] == "att" and public["to_act"] == [0]
    assert public["scenario"]["face"] == "I"
    assert public["scenario"]["rows"][0] == {
        "kind": "high",
        "label": "High 4+",
        "reward": "1 Focus",
    }
    assert len(public["locations"]) == 6
    shrine = public["locations"][0]
    assert set(shrine) == {"slot", "name", "action", "encounter", "tokens", "pawns"}
    assert shrine["slot"] == 1 and shrine["pawns"] == [0]
    assert shrine["encounter"] == {
        "id": BAD_EGG, "name": "The Bad Egg", "back": "green", "types": ["villain"],
        "combo": {"kind": "run", "count": 3, "min": 3}, "combo_label": "Run of 3 from 3+",
        "secrets": 4,
    }  # fmt: skip
    assert set(public["deck"]) == {"remaining", "next_back"}
    assert set(public["trading_post"]) == {"slots", "old_stock", "deck_remaining"}
    swag = public["trading_post"]["slots"][0]
    assert set(swag) == {"id", "name", "cost", "secrets", "counts_as", "text"}
    assert set(public["feats"]) == {"deck_remaining", "discard_top", "discard_count"}
    assert set(public["feats"]["discard_top"]) == {"id", "name", "cost", "text"}
    assert set(public["achievements"][0]) == {"id", "name", "type", "secrets", "holder"}
    for p in public["players"]:
        assert set(p) == PLAYER_KEYS
        assert set(p["type_counts"]) == {"pitfall", "villain", "artefact", "horror"}
    dice = public["dice"]
    assert set(dice) == {
        "owner",
        "pool",
        "rolled",
        "spending",
        "rerolls_left",
        "spent",
        "desperate",
    }
    assert dice["pool"][0] == {"index": 0, "kind": "basic", "value": 3}
    assert public["outcome"] is None
    json.dumps(public)


def test_view_title_and_text() -> None:
    s = at_encounter(BAD_EGG, values=[3, 4, 5, 1, 1])
    v = ENGINE.view(s, 0)
    assert v.title == "Round 1 - Player 1's turn: encounter"
    assert "Your hand" in v.text and "The Bad Egg" in v.text
    assert "Your hand" not in ENGINE.view(s, None).text
    assert (
        ENGINE.view(new_game(2), None).title == "Round 1 - Player 1 (Map) chooses the first player"
    )


def test_spent_dice_and_last_roll_in_the_view() -> None:
    from .builders import act, find_spend

    s = at_encounter(BAD_EGG, values=[3, 4, 5, 6, 1])
    s = act(s, find_spend(s, [3, 4, 5], "encounter"))
    dice = ENGINE.view(s, None).data["dice"]
    assert dice["spent"] == [{"dice": [0, 1, 2], "label": "Run 3-4-5 overcomes The Bad Egg"}]
    assert dice["spending"] is True
    s = at_encounter(BAD_EGG)
    s = act(s, Roll())
    last = ENGINE.view(s, None).data["last_roll"]
    assert last["owner"] == 0 and len(last["values"]) == 5 and last["kinds"] == ["basic"] * 5


def test_no_view_shows_another_hand_or_any_deck_order() -> None:
    s = start_turn(n=4)
    hidden = set(s.feat_deck) | set(s.swag_deck) | set(s.encounter_deck) | set(s.encounter_box)
    for viewer in (None, 0, 1, 2, 3):
        shown = set(json_strings(dict(ENGINE.view(s, viewer).data)))
        assert not shown & hidden
        for seat in range(4):
            if seat != viewer:
                assert not shown & ENGINE.private_items(s, seat)
    assert set(ENGINE.private_items(s, 2)) == set(s.players[2].hand)


def test_drawn_cards_are_named_only_to_their_owner() -> None:
    s = start_turn(n=2)
    s.players[0].hand = []
    from engines.att.feats import draw_feats
    from engines.core.context import Ctx

    ctx = Ctx()
    drawn = draw_feats(s, ctx, 0, 2)
    names = [catalog().feats[c].name for c in drawn]
    private = [e for e in ctx.events if e.to == 0]
    public = [e for e in ctx.events if e.to is None]
    assert all(n in private[0].text for n in names)
    assert public and all(n not in e.text for e in public for n in names)


def test_apply_never_changes_its_input_and_refuses_illegal_moves() -> None:
    s = start_turn(n=2)
    before = ENGINE.encode_state(s)
    step = ENGINE.apply(s, 0, Explore(slot=2))
    assert ENGINE.encode_state(s) == before
    assert step.state.players[0].pawn == "gorge"
    with pytest.raises(IllegalAction, match="waiting for Player 1"):
        ENGINE.apply(s, 1, Explore(slot=2))
    with pytest.raises(IllegalAction, match="can't"):
        ENGINE.apply(s, 0, Roll())
    assert ENGINE.encode_state(s) == before


def test_rolls_and_draws_are_marked_as_revealing() -> None:
    s = at_encounter(BAD_EGG)
    assert ENGINE.apply(s, 0, Roll()).reveals
    s = new_game(2)
    assert ENGINE.apply(s, 0, ChooseFirst(seat=0)).reveals  # the Riverboat deals
    s = start_turn(n=2)
    assert not ENGINE.apply(s, 0, Explore(slot=1)).reveals


def test_labels_defaults_and_groups_over_a_random_game() -> None:
    play = random_playout(ENGINE, 3, 11)
    s = ENGINE.setup(seats_for(3), ENGINE.options_model(), 11)
    groups = set()
    for seat, action in play.actions:
        legal = ENGINE.legal_actions(s, seat)
        default = ENGINE.default_action(s, seat)
        assert default is not None and default in legal
        for a in legal:
            label = ENGINE.describe(a, s)
            assert 0 < len(label) <= 100
            groups.add(ENGINE.group(a, s))
        s = ENGINE.apply(s, seat, action).state
    assert {"Location", "Dice", "Spend", "Done"} <= groups


def test_state_and_actions_round_trip_through_json() -> None:
    play = random_playout(ENGINE, 2, 4)
    data = json.loads(json.dumps(ENGINE.encode_state(play.state)))
    assert ENGINE.encode_state(ENGINE.decode_state(data)) == ENGINE.encode_state(play.state)
    for _, action in play.actions:
        encoded = json.loads(json.dumps(ENGINE.encode_action(action)))
        assert ENGINE.decode_action(encoded) == action


@pytest.mark.parametrize(
    "bad",
    [{}, {"kind": "teleport"}, {"kind": "spend"}, {"kind": "explore", "slot": "far"}, {"x": 1}],
)
def test_malformed_actions_raise_corrupt_record(bad: dict) -> None:
    with pytest.raises(CorruptRecord, match="could not be read"):
        ENGINE.decode_action(bad)


def test_malformed_state_raises_corrupt_record() -> None:
    with pytest.raises(CorruptRecord):
        ENGINE.decode_state({"players": "nobody"})


def test_a_full_random_game_replays_exactly() -> None:
    play = random_playout(ENGINE, 4, 21)
    assert play.finished
    rebuilt = replay(ENGINE, seats_for(4), {}, 21, play.actions)
    assert ENGINE.encode_state(rebuilt) == ENGINE.encode_state(play.state)


def test_cards_are_never_created_or_lost() -> None:
    for seed in range(3):
        play = random_playout(ENGINE, 4, seed)
        s = ENGINE.setup(seats_for(4), ENGINE.options_model(), seed)
        for seat, action in play.actions:
            s = ENGINE.apply(s, seat, action).state
            assert len(all_feats(s)) == 37 == len(set(all_feats(s)))
            assert len(all_encounters(s)) == 36 == len(set(all_encounters(s)))
            assert len(all_swag(s)) == 26 == len(set(all_swag(s)))
            taken = sum(len(p.terrible_things) for p in s.players)
            assert len(s.track) + len(s.tt_box) + taken == 16


def test_determinize_keeps_what_the_seat_knows() -> None:
    s = at_encounter(BAD_EGG, values=[1, 2, 3, 4, 5], n=3)
    t = ENGINE.determinize(s, 1, 99)
    assert t.players[1].hand == s.players[1].hand
    assert [len(p.hand) for p in t.players] == [len(p.hand) for p in s.players]
    assert sorted(t.feat_deck + t.players[0].hand + t.players[2].hand) == sorted(
        s.feat_deck + s.players[0].hand + s.players[2].hand
    )
    backs = catalog().encounters
    assert [backs[c].back for c in t.encounter_deck] == [backs[c].back for c in s.encounter_deck]
    assert all_encounters(t) == all_encounters(s) and all_swag(t) == all_swag(s)
    assert sorted(t.tt_box) == sorted(s.tt_box)
    assert t.rng != s.rng
    public = ENGINE.view(s, 1).data
    assert ENGINE.view(t, 1).data == public
    assert ENGINE.determinize(s, 1, 99) == t
    assert any(ENGINE.determinize(s, 1, k).players[0].hand != s.players[0].hand for k in range(5))


def test_menu_labels_read_as_plain_english() -> None:
    from engines.att.actions import FocusedReroll

    from .builders import find_spend, place_encounter

    s = start_turn(n=2)
    place_encounter(s, 3, BAD_EGG)
    assert ENGINE.describe(Explore(slot=3), s) == "Go to Sinister Chateau (The Bad Egg, 4 Secrets)"
    s = at_encounter(BAD_EGG, values=[4, 5, 5, 5, 6])
    overcome = find_spend(s, [4, 5, 6], "encounter")
    assert ENGINE.describe(overcome, s) == (
        f"Spend 4-5-6 (dice {', '.join(str(i + 1) for i in overcome.dice)}): "
        "overcome The Bad Egg (+4 Secrets)"
    )
    pair = find_spend(s, [5, 5], "pair")
    assert ENGINE.describe(pair, s).endswith(": Pair for 2 Feat")
    assert ENGINE.describe(FocusedReroll(dice=(0, 2)), s) == "Re-roll dice 1, 3 (costs 2 Focus)"
    assert ENGINE.group(pair, s) == "Spend"


def test_rulings_are_not_options_but_old_tables_naming_them_still_load() -> None:
    assert "tt_public" not in AttOptions.model_fields
    stored = {**AttOptions().model_dump(mode="json"), "tt_public": True, "chasm_uses": 1}
    assert AttOptions.model_validate(stored) == AttOptions()
    with pytest.raises(BadOptions, match="chasm_uses is a fixed ruling"):
        parse_options(ENGINE, {"chasm_uses": 2})


def test_a_failed_encounter_names_the_token_in_words() -> None:
    """Issue 18: "takes a Terrible Thing (0)" left the 0 unexplained."""
    from engines.att.actions import EndEncounter

    s = at_encounter(BAD_EGG, values=[1, 1, 2, 2, 6])
    s.track = [0, 2]
    step = ENGINE.apply(s, 0, EndEncounter())
    texts = [e.text for e in step.events]
    assert "Player 1 takes a Terrible Thing token that costs no points at the end of the game." in (
        texts
    )
    s = at_encounter(BAD_EGG, values=[1, 1, 2, 2, 6])
    s.track = [2, 3]
    texts = [e.text for e in ENGINE.apply(s, 0, EndEncounter()).events]
    assert any("token that costs 2 points at the end" in t for t in texts)


def test_the_text_view_counts_in_words() -> None:
    s = new_game(2)
    s.players[0].score_pile += (BAD_EGG,)
    text = ENGINE.view(s, 0).text
    assert "3 Feat cards; 1 Encounter overcome;" in text and "1 Encounters" not in text
