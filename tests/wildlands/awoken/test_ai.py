"""The co-operative Awoken AI seat (engines/wildlands/awoken/ai.py, ai_reading.py)."""

from __future__ import annotations

from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng
from engines.wildlands.actions import Attack, EndTurn, Move
from engines.wildlands.awoken.actions import Collect, RevealObject
from engines.wildlands.awoken.ai import AwokenAI
from engines.wildlands.awoken.ai_reading import Reading
from engines.wildlands.awoken.codes import AreaStrike, Strike
from engines.wildlands.awoken.content import minion_cards

from .builder import ENGINE, Table, play

OWL, PYRO, LUNK = "mages.1", "mages.2", "mages.5"
AI = AwokenAI()


def _reading(t: Table) -> Reading:
    return Reading(dict(ENGINE.view(t.state(), 0).data), 0)


def test_it_collects_a_crystal_as_soon_as_it_holds_the_cards() -> None:
    t = Table().place(OWL, 10).hand(0, "mages.01", "mages.02", "mages.03", "mages.20")
    t.obj("crystal", 10, face_up=True)
    a = AI.choose(ENGINE, t.state(), 0, Rng(1))
    assert isinstance(a, Collect) and a.figure == OWL


def test_it_reveals_a_face_down_object_under_its_character() -> None:
    t = Table().place(OWL, 10).hand(0, "mages.20")
    oid = t.obj("blank", 10)
    assert AI.choose(ENGINE, t.state(), 0, Rng(1)) == RevealObject(figure=OWL, object=oid)


def test_each_revealed_crystal_gets_its_own_collector() -> None:
    t = Table().place(OWL, 10).place(LUNK, 12).hand(0, "mages.01", "mages.20")
    t.obj("crystal", 11, face_up=True)
    t.obj("crystal", 13, face_up=True)
    r = _reading(t)
    assert r.plan == {OWL: 11, LUNK: 13}
    assert r.reserved == {"mages.01", "mages.20"}


def test_the_collector_walks_with_a_card_it_does_not_need_to_collect() -> None:
    t = Table().place(OWL, 10).hand(0, "mages.01", "mages.02", "mages.27", "mages.07")
    t.obj("crystal", 11, face_up=True)
    a = AI.choose(ENGINE, t.state(), 0, Rng(1))
    assert isinstance(a, Move) and a.figure == OWL and a.to == 11
    assert a.card == "mages.27"


def test_a_whole_game_is_played_with_legal_decisions() -> None:
    for players, scenarios in ((1, [4]), (2, [2, 3])):
        options = parse_options(ENGINE, {"scenarios": scenarios})
        s = ENGINE.setup(seats_for(players), options, 3)
        rng = Rng(3)
        for _ in range(ENGINE.max_decisions):
            if ENGINE.outcome(s) is not None:
                break
            seat = min(ENGINE.to_act(s))
            s = play(s, seat, AI.choose(ENGINE, s, seat, rng))
        assert ENGINE.outcome(s) is not None


def test_it_spends_cards_above_four_instead_of_cutting_the_draw() -> None:
    hand = ("mages.01", "mages.02", "mages.03", "mages.05", "mages.07", "mages.20", "mages.27")
    t = Table().place(OWL, 10).place(LUNK, 30).hand(0, *hand)
    t.obj("blank", 3)
    s = t.state()
    for _ in range(20):
        a = AI.choose(ENGINE, s, 0, Rng(2))
        if isinstance(a, EndTurn):
            break
        s = play(s, 0, a)
    assert isinstance(a, EndTurn)
    assert len(s.seats[0].hand) <= 4


def test_it_keeps_at_most_four_cards_for_collections() -> None:
    hand = ("mages.01", "mages.02", "mages.03", "mages.05", "mages.20", "mages.21", "mages.22")
    t = Table().place(OWL, 10).place(LUNK, 30).place(PYRO, 20).hand(0, *hand)
    for space in (10, 30, 20):
        t.obj("crystal", space, face_up=True)
    r = _reading(t)
    assert set(r.plan) == {OWL, LUNK, PYRO}
    assert len(r.reserved) == 4


def test_a_spare_character_backs_up_the_collector_when_nothing_is_left_to_explore() -> None:
    t = Table().place(OWL, 10).place(LUNK, 30).hand(0, "mages.20")
    t.obj("crystal", 12, face_up=True)
    r = _reading(t)
    assert r.plan == {OWL: 12}
    assert r.support == {LUNK: 12}


def test_monster_threat_comes_from_the_attack_lines_of_its_deck() -> None:
    t = Table().place(OWL, 10)
    tempest = t.minion("tempest", 20)
    r = _reading(t)
    lines = [
        c.top_actions if c.top == "tempest" else c.bottom_actions
        for c in minion_cards().values()
        if c.scenario == 1
    ]
    attacks = sum(1 for line in lines for a in line if isinstance(a, Strike | AreaStrike))
    assert r.threat[tempest] == attacks / len(lines)


def test_a_seat_parked_on_crystals_sends_a_collector_exploring_while_one_is_missing() -> None:
    # Three crystals face up, none carried, a face-down object left: with every character
    # parked nobody would find the other two (a traced game passed ten turns like this).
    hand = ("mages.01", "mages.02", "mages.07", "mages.20")
    t = Table().place(OWL, 10).place(PYRO, 20).place(LUNK, 30).hand(0, *hand)
    for space in (10, 20, 30):
        t.obj("crystal", space, face_up=True)
    t.obj("blank", 31)
    r = _reading(t)
    # Owl misses one card, Pyro and Lunk two each: the last of those (by id) explores.
    assert r.plan == {OWL: 10, PYRO: 20}
    assert r.scouts == {LUNK: 31}


def test_nobody_explores_once_five_crystals_are_known() -> None:
    t = Table().place(OWL, 10).place(LUNK, 30).hand(0, "mages.01", "mages.20")
    t.obj("crystal", 12, face_up=True)
    t.obj("blank", 31)
    s = t.state()
    s.crystals[PYRO] = 4
    r = Reading(dict(ENGINE.view(s, 0).data), 0)
    assert not r.searching
    assert r.scouts == {}
    assert len(r.plan) == 1 and set(r.plan.values()) == {12}
    assert set(r.plan) | set(r.support) == {OWL, LUNK}


def test_it_plays_a_card_rather_than_end_the_turn_on_a_full_hand() -> None:
    # Every character waits on a crystal, none can collect, nothing is left to explore:
    # ending the turn with seven cards would draw none, so it spends a spare card (a
    # step off a crystal, back next turn) to keep the hand cycling.
    hand = ("mages.01", "mages.02", "mages.07", "mages.08", "mages.20", "mages.21", "mages.11")
    t = Table().place(OWL, 10).place(PYRO, 20).place(LUNK, 30).hand(0, *hand)
    for space in (10, 20, 30):
        t.obj("crystal", space, face_up=True)
    s = t.state()
    a = AI.choose(ENGINE, s, 0, Rng(4))
    assert not isinstance(a, EndTurn)
    assert a.card not in _reading(t).reserved


def test_a_scout_steps_toward_its_object_rather_than_chip_at_a_healthy_ancient() -> None:
    # The Magus (Illusory, about one attack in sixteen turns) shares Owl-Sage's space at
    # full health: a hit is far from a knock-out and removes little threat, so the card
    # walks Owl-Sage toward the face-down object instead.
    t = Table().place(OWL, 10).place("ancient.1", 10).hand(0, "mages.01")
    t.obj("blank", 12)
    a = AI.choose(ENGINE, t.state(), 0, Rng(1))
    assert isinstance(a, Move) and (a.figure, a.to) == (OWL, 11)


def test_it_still_finishes_an_ancient_one_hit_from_a_knock_out() -> None:
    t = Table().place(OWL, 10).place("ancient.1", 10, damage=5).hand(0, "mages.01")
    t.obj("blank", 12)
    a = AI.choose(ENGINE, t.state(), 0, Rng(1))
    assert isinstance(a, Attack) and a.target == "ancient.1"
