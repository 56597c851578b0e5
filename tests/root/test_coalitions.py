"""Vagabond coalitions (root.md §2 `coalitions`, §15.6; Law L9.2.8, L9.2.9.3, L4.3; FAQ;
Glossary "Enemy"; §16.7 a player who cannot score may still take WATER)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engines.core.errors import BadOptions
from engines.core.protocol import Seat, parse_options
from engines.core.render_kit import clear_caches, tracing
from engines.core.rng import Rng
from engines.root.actions import Fight, Move, Pick
from engines.root.ai import RootAI
from engines.root.ai_coalition import coalition_filter
from engines.root.battle import can_battle
from engines.root.hand import hand_sheet
from engines.root.options import RULINGS, RootOptions
from engines.root.render import render
from engines.root.state import Item, State
from engines.root.vagabond import vb
from tests.root.builders import E, act, blank, dice, legal, pick, put, run, turn_of, whats, who

FOX = "dominance_fox.1"


def table(**options: Any) -> State:
    """Four seats with coalitions on; scores M 4, E 9, A 7, V 12; V holds the fox dominance
    card and stands in clearing 8 with a sword, a crossbow, a torch and a boot."""
    s = blank(seats=4, coalitions=True, **options)
    for faction, vp in (("marquise", 4), ("eyrie", 9), ("alliance", 7), ("vagabond", 12)):
        who(s, faction).vp = vp
    who(s, "vagabond").hand = [FOX, "anvil.1"]
    v = vb(s)
    v.where = "8"
    v.items = [Item(kind=k) for k in ("sword", "crossbow", "torch", "boot")]
    return s


def joined(partner: str = "marquise", **options: Any) -> State:
    s = table(**options)
    who(s, partner).vp = 3
    turn_of(s, "vagabond", "v_daylight")
    return pick(s, "coalition", card=FOX, n=who(s, partner).seat)


def coalition_picks(s: State) -> list[Pick]:
    return [a for a in legal(s) if isinstance(a, Pick) and a.what == "coalition"]


# -- the option --------------------------------------------------------------------------


def test_coalitions_is_an_offered_option_off_by_default() -> None:
    assert "coalitions" not in RULINGS
    assert RootOptions().coalitions is False
    assert parse_options(E, {"coalitions": True}) == RootOptions(coalitions=True)


def test_coalitions_are_refused_below_four_players_with_a_sentence() -> None:
    for n in (2, 3):
        seats = [Seat(i, "ABCD"[i]) for i in range(n)]
        with pytest.raises(BadOptions) as refused:
            E.setup(seats, RootOptions(coalitions=True), 1)
        assert str(refused.value) == (
            "Coalitions are a four-player rule (the Vagabond joins the lowest-scoring of three "
            f"rivals); this table has {n} players, so leave coalitions off."
        )
    assert E.setup([Seat(i, "ABCD"[i]) for i in range(4)], RootOptions(coalitions=True), 1)


def test_no_coalition_offered_when_the_option_is_off() -> None:
    s = blank(seats=4)
    who(s, "vagabond").vp = 15
    who(s, "vagabond").hand = [FOX]
    turn_of(s, "vagabond", "v_daylight")
    assert "coalition" not in whats(s) and "dominance" not in whats(s)


def test_no_coalition_below_ten_vp() -> None:
    s = table()
    who(s, "vagabond").vp = 9
    turn_of(s, "vagabond", "v_daylight")
    assert not coalition_picks(s)


# -- forming it --------------------------------------------------------------------------


def test_vagabond_joins_the_lowest_scoring_player() -> None:
    s = table()
    turn_of(s, "vagabond", "v_daylight")
    assert coalition_picks(s) == [Pick(what="coalition", card=FOX, n=who(s, "marquise").seat)]
    s = act(s, coalition_picks(s)[0])
    v = who(s, "vagabond")
    assert vb(s).coalition == "marquise" and v.dominance == FOX and FOX not in v.hand


def test_a_tie_for_fewest_is_his_pick() -> None:
    s = table()
    who(s, "alliance").vp = 4
    turn_of(s, "vagabond", "v_daylight")
    assert {a.n for a in coalition_picks(s)} == {who(s, "marquise").seat, who(s, "alliance").seat}
    s = pick(s, "coalition", card=FOX, n=who(s, "alliance").seat)
    assert vb(s).coalition == "alliance"


def test_a_player_with_dominance_in_play_cannot_be_joined() -> None:
    s = table()
    who(s, "marquise").dominance = "dominance_mouse.1"  # no score marker (FAQ)
    turn_of(s, "vagabond", "v_daylight")
    assert [a.n for a in coalition_picks(s)] == [who(s, "alliance").seat]


def test_only_one_coalition() -> None:
    s = joined()
    who(s, "vagabond").hand = ["dominance_rabbit.1"]
    assert not coalition_picks(s)


def test_a_hostile_partner_resets_to_indifferent() -> None:
    s = table()
    vb(s).relations["marquise"] = "hostile"
    turn_of(s, "vagabond", "v_daylight")
    s = pick(s, "coalition", card=FOX, n=who(s, "marquise").seat)
    assert vb(s).relations["marquise"] == "indifferent"


def test_he_takes_an_available_dominance_card_to_form_one() -> None:
    s = table()
    who(s, "vagabond").hand = ["anvil.1"]
    s.available = [FOX]
    turn_of(s, "vagabond", "v_daylight")
    s = pick(s, "take_dominance", card=FOX, card2="anvil.1")
    assert coalition_picks(s)


# -- what it changes ---------------------------------------------------------------------


def test_he_stops_scoring_even_infamy() -> None:
    s = joined(vagabond_infamy="official", bot_mode="w12")
    vb(s).relations["eyrie"] = "hostile"
    vb(s).items += [Item(kind="sword"), Item(kind="sword")]
    put(s, 8, 0, 1, "roost")
    dice(s, 3, 0)
    s = act(s, Fight(clearing=8, defender=who(s, "eyrie").seat))
    assert "roost" not in s.clearing(8).buildings
    assert who(s, "vagabond").vp == 12


def test_partners_cannot_battle_each_other() -> None:
    s = joined()
    put(s, 8, 2, 1)
    fights = [a for a in legal(s) if isinstance(a, Fight)]
    assert {a.defender for a in fights} == {who(s, "eyrie").seat}
    m = who(s, "marquise")
    assert [p.faction for p in can_battle(s, m, 8)] == ["eyrie"]


def test_partner_battles_exclude_the_vagabond_pawn() -> None:
    s = joined()
    put(s, 8, 2, 0)
    turn_of(s, "marquise", "m_main", actions_left=3)
    assert not [a for a in legal(s) if isinstance(a, Fight)]


def test_strike_spares_the_partner() -> None:
    s = joined()
    put(s, 8, 1, 1)
    strikes = [a for a in legal(s) if isinstance(a, Pick) and a.what == "strike"]
    assert [a.clearing for a in strikes] == [who(s, "eyrie").seat]


def test_aid_is_not_about_enemies_he_may_aid_his_partner_for_no_vp() -> None:
    s = joined()
    put(s, 8, 1, 0)
    who(s, "vagabond").hand = ["cobbler.1"]  # rabbit, like clearing 8
    m = who(s, "marquise")
    aids = [a for a in legal(s) if isinstance(a, Pick) and a.what == "aid"]
    assert aids and {a.clearing for a in aids} == {m.seat}
    s = act(s, aids[0])
    assert vb(s).relations["marquise"] == "1" and who(s, "vagabond").vp == 12
    assert "cobbler.1" in who(s, "marquise").hand


def test_a_partners_favor_spares_the_vagabond_and_hits_enemies() -> None:
    s = joined()
    vb(s).where = "7"  # fox
    put(s, 2, 0, 0, "workshop")
    put(s, 3, 0, 0, "workshop")
    put(s, 7, 0, 0, "workshop")
    put(s, 12, 0, 2, "roost")
    who(s, "marquise").hand = ["favor_foxes.1"]
    turn_of(s, "marquise", "m_craft", actions_left=3)
    s = pick(s, "craft", card="favor_foxes.1")
    assert not any(it.damaged for it in vb(s).items)  # no Full Removal for a partner
    assert s.clearing(12).buildings == ["ruin"] and who(s, "marquise").vp == 4


def test_an_enemy_favor_still_makes_him_damage_three() -> None:
    s = joined()
    vb(s).where = "7"
    for cid in (2, 3, 7):
        put(s, cid, 0, 0, "roost")
    who(s, "eyrie").hand = ["favor_foxes.1"]
    turn_of(s, "eyrie", "e_craft")
    s = pick(s, "craft", card="favor_foxes.1")
    assert s.pending[0].kind == "v_damage" and s.pending[0].count == 3


def test_a_partners_revolt_spares_the_vagabond() -> None:
    s = joined("alliance")
    vb(s).where = "6"  # mouse
    put(s, 6, 2, 0, "sympathy")
    assert s.alliance is not None
    s.alliance.supporters = ["codebreakers.1", "codebreakers.2"]
    turn_of(s, "alliance", "a_birdsong", phase="birdsong")
    s = pick(s, "revolt", clearing=6, n=0)
    assert "marquise" not in s.clearing(6).warriors
    assert not any(it.damaged for it in vb(s).items) and not s.pending


def test_outrage_is_owed_by_any_other_player_partner_or_not() -> None:
    s = joined()
    put(s, 9, 2, 0)
    put(s, 1, 0, 0, "sympathy")  # rabbit
    who(s, "marquise").hand = ["cobbler.1"]
    turn_of(s, "marquise", "march", march_left=2)
    s = act(s, Move(src=9, dst=1, n=1, pay="warrior"))
    assert s.pending[0].kind == "outrage" and s.pending[0].seat == who(s, "marquise").seat


# -- winning -----------------------------------------------------------------------------


def test_the_partner_reaching_thirty_wins_for_both() -> None:
    s = joined()
    who(s, "marquise").vp = 29
    put(s, 6, 2, 0, "roost")
    dice(s, 1, 0)
    turn_of(s, "marquise", "m_main", actions_left=3)
    s = act(s, Fight(clearing=6, defender=who(s, "eyrie").seat))
    out = E.outcome(s)
    assert out is not None
    assert out.winners == frozenset({who(s, "marquise").seat, who(s, "vagabond").seat})
    assert (
        s.ended == "B (Marquise de Cat) reaches 30 VP, and the Vagabond wins with them (coalition)."
    )
    assert E.view(s, None).title == "Root — B (Marquise de Cat) and A (Vagabond) win"


def test_the_partners_dominance_wins_for_both() -> None:
    s = joined()
    m = who(s, "marquise")
    m.dominance = "dominance_bird.1"  # activated after the coalition (FAQ)
    put(s, 1, 1, 0)
    put(s, 3, 1, 0)
    turn_of(s, "marquise", "birdsong", phase="birdsong")
    run(s)
    assert set(s.winners) == {m.seat, who(s, "vagabond").seat}


def test_round_limit_the_partner_leads_and_his_old_score_does_not_count() -> None:
    s = joined(round_limit=1)
    who(s, "vagabond").vp = 25  # frozen: his marker sits on the Marquise's board
    who(s, "marquise").vp = 11
    turn_of(s, "vagabond", "end_turn", phase="evening")
    s.order = [who(s, f).seat for f in ("marquise", "eyrie", "alliance", "vagabond")]
    run(s)
    assert s.winners == [who(s, "marquise").seat, who(s, "vagabond").seat]


# -- Wastelands: a player who cannot score may still take WATER --------------------------


def test_a_coalition_vagabond_may_take_surrender_water() -> None:
    s = joined()
    e = who(s, "eyrie")
    e.water, s.supply_water = 1, 3
    put(s, 8, 0, 0, "roost")
    dice(s, 3, 0)
    s = act(s, Fight(clearing=8, defender=e.seat))
    assert whats(s) == {"surrender_vp", "surrender_water"}
    assert E.describe(Pick(what="surrender_vp"), s).startswith("Take no WATER (you score no")
    s = pick(s, "surrender_water")
    assert who(s, "vagabond").water == 1 and who(s, "vagabond").vp == 12


def test_a_coalition_vagabond_may_seize_water() -> None:
    s = joined()
    vb(s).items += [Item(kind="sword"), Item(kind="sword")]
    e = who(s, "eyrie")
    e.water, s.supply_water = 1, 3
    put(s, 8, 0, 3)
    dice(s, 3, 0)
    s = act(s, Fight(clearing=8, defender=e.seat))
    assert whats(s) == {"seize", "no_seize"}
    s = pick(s, "seize")
    assert who(s, "vagabond").water == 1


def test_a_coalition_vagabond_may_take_water_at_the_start_of_his_turn() -> None:
    s = joined()
    s.supply_water = 4
    turn_of(s, "vagabond", "end_turn", phase="evening")
    s.order = [who(s, f).seat for f in ("marquise", "eyrie", "alliance", "vagabond")]
    s.turn.active = who(s, "alliance").seat
    run(s)
    assert s.turn.active == who(s, "vagabond").seat and s.turn.step == "water_take"
    s = pick(s, "take_water")
    assert who(s, "vagabond").water == 1


# -- words and picture -------------------------------------------------------------------


def test_the_coalition_in_words_and_on_the_picture() -> None:
    s = table()
    turn_of(s, "vagabond", "v_daylight")
    a = coalition_picks(s)[0]
    assert E.describe(a, s) == (
        "Activate Dominance (fox) to form a coalition with Marquise de Cat: "
        "you score no more and win if they win"
    )
    s = act(s, a)
    view = E.view(s, None)
    assert "coalition with Marquise de Cat" in view.text
    assert view.data["vagabond"]["coalition"] == "marquise"
    by = {p["faction"]: p["coalition"] for p in view.data["players"]}
    assert by == {"marquise": "vagabond", "vagabond": "marquise", "eyrie": "", "alliance": ""}
    clear_caches()
    with tracing() as trace:
        img = Image.open(io.BytesIO(render(view)))
    assert img.width == 1100
    drawn = [text for text, _, _ in trace.texts]
    assert any(t.startswith("V is in coalition with Marquise (M+V)") for t in drawn)
    assert any("IN COALITION with Marquise de Cat" in t for t in drawn)
    assert "M+V" in drawn  # the partner's marker on the VP track carries both letters


# -- the AI ------------------------------------------------------------------------------


def ai_table() -> State:
    """A runaway Eyrie at 20; the Marquise at 9, the Alliance at 10, the Vagabond at 12."""
    s = table()
    who(s, "eyrie").vp = 20
    who(s, "marquise").vp = 9
    who(s, "alliance").vp = 10
    turn_of(s, "vagabond", "v_daylight")
    return s


def test_ai_joins_when_a_runaway_leader_is_ahead_of_both() -> None:
    s = ai_table()
    a = RootAI().choose(E, s, who(s, "vagabond").seat, Rng(3))
    assert a == Pick(what="coalition", card=FOX, n=who(s, "marquise").seat)


def test_ai_does_not_join_a_partner_far_behind_him() -> None:
    s = ai_table()
    who(s, "marquise").vp = 7  # 5 behind him
    kept = coalition_filter(s, who(s, "vagabond").seat, legal(s))
    assert len(kept) == len(legal(s)) - 1 and coalition_picks(s)[0] not in kept


def test_ai_keeps_its_own_race_when_close_to_the_leader() -> None:
    s = ai_table()
    who(s, "eyrie").vp = 17
    seat = who(s, "vagabond").seat
    kept = coalition_filter(s, seat, E.legal_actions(s, seat))
    assert kept and not [a for a in kept if isinstance(a, Pick) and a.what == "coalition"]
    a = RootAI().choose(E, s, seat, Rng(3))
    assert not (isinstance(a, Pick) and a.what == "coalition")


def test_ai_joins_the_tied_player_with_more_on_the_map_spending_a_plain_suit() -> None:
    s = ai_table()
    who(s, "alliance").vp = 9
    who(s, "vagabond").hand = ["dominance_bird.1", FOX]
    put(s, 6, 0, 0, "sympathy")
    put(s, 9, 0, 0, "sympathy", "base_mouse")
    put(s, 5, 3, 0)
    turn_of(s, "vagabond", "v_daylight")
    seat = who(s, "vagabond").seat
    assert coalition_filter(s, seat, E.legal_actions(s, seat)) == [
        Pick(what="coalition", card=FOX, n=who(s, "alliance").seat)
    ]


def test_the_vagabonds_hand_says_what_his_dominance_card_does() -> None:
    for on in (True, False):
        s = table() if on else blank(seats=4)
        who(s, "vagabond").hand = [FOX]
        sheet = hand_sheet(E.view(s, who(s, "vagabond").seat))
        text = sheet.cards[0].text
        assert ("form a coalition with the lowest-scoring player" in text) == on
        assert ("coalitions are off" in text) != on and text.endswith("Or spend it as a fox.")
    s = table()
    who(s, "marquise").hand = [FOX]
    assert "3 clearings" in hand_sheet(E.view(s, who(s, "marquise").seat)).cards[0].text


def test_the_ai_counts_a_coalition_partner_on_its_own_side() -> None:
    """After joining, the Vagabond's AI races with his partner's score; neither sees the
    other as a rival (their VP and pieces count for the side, not against it)."""
    from engines.root.ai_search import base_value

    s = table()
    turn_of(s, "vagabond", "v_daylight")
    s = act(s, coalition_picks(s)[0])
    vagabond = who(s, "vagabond").seat
    partner = who(s, "marquise")
    before = base_value(s, vagabond)
    partner.vp += 5
    assert base_value(s, vagabond) == before + 50  # his score is his partner's
    who(s, "eyrie").vp = 25
    assert base_value(s, vagabond) < before  # a real rival's lead still counts against him
