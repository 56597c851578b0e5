"""Treasure cards (wildlands.md §10.8 "Treasures", §14.6) and standing orders (§8.1)."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.actions import Attack, Defend, EndTurn, Move, Orders, Pass
from engines.wildlands.awoken.actions import Choose, Collect, RevealObject, UseTreasure
from engines.wildlands.awoken.treasures import gain

from .builder import ENGINE, Table, act, play, step, texts

OWL, PYRO, HEX, STORM, LUNK = "mages.1", "mages.2", "mages.3", "mages.4", "mages.5"


def _holding(t: Table, figure: str, *names: str) -> Table:
    for name in names:
        gain(t.s, figure, f"treasure.{name}", Ctx())
    return t


def _use(t: Table, **fields: object) -> UseTreasure:
    return UseTreasure(**fields)  # type: ignore[arg-type]


def test_healing_draught_is_used_once() -> None:
    t = _holding(Table().place(OWL, 10, damage=2), OWL, "healing_draught")
    s = play(t.state(), 0, _use(t, treasure="treasure.healing_draught", figure=OWL))
    assert s.figures[OWL].damage == 0 and s.treasures[OWL] == []
    assert s.treasure_discard == ["treasure.healing_draught"]


def test_winged_boots_move_once_per_turn_and_free_from_stasis() -> None:
    t = _holding(Table().place(OWL, 10).place(PYRO, 30), OWL, "winged_boots")
    oid = t.obj("stasis", 10)
    t.obj("stasis", 40)
    s = play(t.state(), 0, RevealObject(figure=OWL, object=oid))
    assert s.ensnared(OWL)
    boots = _use(t, treasure="treasure.winged_boots", figure=OWL, to=11)
    assert boots in ENGINE.legal_actions(s, 0)
    s = play(s, 0, boots)
    assert s.figures[OWL].space == 11 and not s.ensnared(OWL)
    assert not any(
        isinstance(a, UseTreasure) and "boots" in a.treasure for a in ENGINE.legal_actions(s, 0)
    )
    assert s.treasures[OWL] == ["treasure.winged_boots"]  # lasting


def test_blink_charm_moves_to_any_adjacent_space() -> None:
    t = _holding(Table(board="ruins").place(OWL, 2), OWL, "blink_charm")
    s = play(t.state(), 0, _use(t, treasure="treasure.blink_charm", figure=OWL, to=9))
    assert s.figures[OWL].space == 9  # 9 is high ground: a climb, allowed


def test_grappling_hook_lets_a_basic_move_climb() -> None:
    t = Table(board="ruins").place(STORM, 2).hand(0, "mages.17")
    assert Move(card="mages.17", figure=STORM, to=9) not in ENGINE.legal_actions(t.state(), 0)
    _holding(t, STORM, "grappling_hook")
    assert Move(card="mages.17", figure=STORM, to=9) in ENGINE.legal_actions(t.state(), 0)


def test_smoke_flask_answers_a_ranged_hit() -> None:
    t = _holding(Table(auto_defend="ask").place(OWL, 31), OWL, "smoke_flask")
    tempest = t.minion("tempest", 29)
    s = act(t.state(), tempest, "rng")
    flask = _use(t, treasure="treasure.smoke_flask", figure=OWL)
    assert flask in ENGINE.legal_actions(s, 0)
    s = play(s, 0, flask)
    assert s.figures[OWL].damage == 0 and s.treasures[OWL] == []


def test_ward_stone_stops_a_pit_trap_once_per_turn() -> None:
    t = _holding(Table(auto_defend="best").place(OWL, 10), OWL, "ward_stone")
    oid = t.obj("pit", 10)
    deck = tuple(c for c in t.s.seats[0].deck if c not in ("mages.11", "mages.20"))
    t.s.update_seat(0, deck=(*deck, "mages.20", "mages.11"))
    done = step(t.state(), 0, RevealObject(figure=OWL, object=oid))
    assert done.state.figures[OWL].damage == 0
    assert any("Ward Stone" in line for line in texts(done))


def test_tower_shield_makes_any_linked_card_a_shield() -> None:
    t = Table(auto_defend="ask").place(OWL, 30).hand(0, "mages.01")
    wildfyre = t.minion("wildfyre", 30)
    s = act(t.state(), wildfyre, "hmel")
    assert ENGINE.legal_actions(s, 0)[:2] == [Defend(card=None), Orders(auto_defend="best")]
    _holding(t, OWL, "tower_shield")
    s = act(t.state(), wildfyre, "hmel")
    assert Defend(card="mages.01") in ENGINE.legal_actions(s, 0)


def test_crystal_lens_collects_with_two_cards() -> None:
    t = _holding(Table().place(OWL, 10).hand(0, "mages.01", "mages.02"), OWL, "crystal_lens")
    oid = t.obj("crystal", 10, face_up=True)
    s = play(t.state(), 0, Collect(figure=OWL, object=oid, cards=("mages.01", "mages.02")))
    assert s.crystals == {OWL: 1}


def test_trap_kit_disarms_a_trap() -> None:
    t = _holding(Table().place(OWL, 10).place(PYRO, 11), OWL, "trap_kit")
    oid = t.obj("explosive", 10)
    s = play(t.state(), 0, RevealObject(figure=OWL, object=oid))
    assert s.figures[OWL].damage == 0 and s.figures[PYRO].damage == 0
    assert s.treasures[OWL] == []


def test_stout_armour_raises_health_while_held() -> None:
    t = _holding(Table().place(PYRO, 10), PYRO, "stout_armour")
    assert t.s.figures[PYRO].health == 3


def test_vampiric_blade_heals_on_knocking_out_a_minion() -> None:
    t = _holding(Table().place(LUNK, 30, damage=2).hand(0, "mages.20"), LUNK, "vampiric_blade")
    tempest = t.minion("tempest", 30, health=1)
    t.top("minion", 1, "minion.1.01")
    s = play(t.state(), 0, Attack(card="mages.20", figure=LUNK, style="melee", target=tempest))
    assert s.figures[tempest].space is None and s.figures[LUNK].damage == 1


def test_fire_bomb_throwing_axes_and_lucky_coin_need_no_card() -> None:
    t = _holding(Table().place(OWL, 29), OWL, "fire_bomb", "throwing_axes", "lucky_coin")
    tempest = t.minion("tempest", 31, health=2)
    t.top("minion", 1, "minion.1.01", "minion.1.04")
    s = play(t.state(), 0, _use(t, treasure="treasure.throwing_axes", figure=OWL, target=tempest))
    assert s.figures[tempest].damage == 1
    s.update_figure(tempest, space=30)
    s = play(s, 0, _use(t, treasure="treasure.fire_bomb", figure=OWL, to=30))
    assert s.figures[tempest].space is None
    s = play(s, 0, _use(t, treasure="treasure.lucky_coin", figure=OWL))
    assert len(s.seats[0].hand) == 2 and s.treasures[OWL] == []


def test_war_horn_rallies_without_a_card() -> None:
    t = _holding(Table().place(STORM, 30).place(OWL, 31), STORM, "war_horn")
    s = play(t.state(), 0, _use(t, treasure="treasure.war_horn", figure=STORM, pulled=(OWL,)))
    assert s.figures[OWL].space == 30


def test_seeing_stone_shows_two_minion_cards_to_its_user_only() -> None:
    t = _holding(Table(players=2, scenarios=[1, 2]).place(OWL, 30), OWL, "seeing_stone")
    t.top("minion", 1, "minion.1.04", "minion.1.07")
    done = step(t.state(), 0, _use(t, treasure="treasure.seeing_stone", figure=OWL, scenario=1))
    s = done.state
    assert s.choice is not None and s.choice.kind == "peek"
    told = [e for e in done.events if "from the top" in e.text]
    assert len(told) == 2 and all(e.to == 0 for e in told)
    assert "peek" not in ENGINE.view(s, 1).data and "peek" not in ENGINE.view(s, None).data
    assert [line.split(":")[0] for line in ENGINE.view(s, 0).data["peek"]] == [
        "Card 1 from the top",
        "Card 2 from the top",
    ]
    s = play(s, 0, Choose(option="swap"))
    assert s.minion_decks[1][-1] == "minion.1.07"


def test_standing_orders_answer_windows_and_hits() -> None:
    t = Table(auto_pass="off", auto_defend="ask").place(OWL, 30).hand(0, "mages.02")
    tempest = t.minion("tempest", 29)
    t.top("minion", 1, "minion.1.03")  # tempest rep+rng, wildfyre rep+area
    s = play(t.state(), 0, EndTurn())
    assert s.pending is not None and s.pending.kind == "window"
    assert Pass() in ENGINE.legal_actions(s, 0)
    s = play(s, 0, Orders(auto_pass="turn"))
    assert s.pending is not None and s.pending.kind == "defence"
    s = play(s, 0, Orders(auto_defend="best"))
    assert s.figures[OWL].damage == 0 and s.figures[tempest].space == 29
    assert s.seats[0].auto_pass == "off"  # "turn" lasted for that Ancients' turn
