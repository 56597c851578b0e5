"""Rules fixes from the balance audit (issue 10): Ward Stone's "once per turn" across the
Ancients' turn and its question before use (§14.6), stasis traps released whenever a whole
faction ends up ensnared (§10.8), hit order among minions (§7), the round limit named as
the engine safeguard it is (§15), and the War Horn's uses as one multi-select."""

from __future__ import annotations

from engines.core.context import Ctx
from engines.wildlands.actions import Defend, EndTurn
from engines.wildlands.awoken.actions import RevealObject, UseTreasure
from engines.wildlands.awoken.game import GAME
from engines.wildlands.awoken.treasures import gain

from .builder import ENGINE, Table, act, play, step, texts

OWL, PYRO = "mages.1", "mages.2"
WARD = UseTreasure(treasure="treasure.ward_stone", figure=OWL)


def _warded(t: Table) -> Table:
    gain(t.s, OWL, "treasure.ward_stone", Ctx())
    return t


def test_ward_stone_is_ready_again_when_the_ancients_turn_begins() -> None:
    t = _warded(Table(auto_defend="ask").place(OWL, 30))
    t.minion("wildfyre", 30)
    t.top("minion", 1, "minion.1.03")  # wildfyre reposition, area
    t.s.used_this_turn = [f"{OWL}:ward_stone"]  # spent in the players' turn
    s = play(t.state(), 0, EndTurn())
    assert s.pending is not None and s.pending.kind == "defence"
    assert WARD in ENGINE.legal_actions(s, 0)


def test_ward_stone_asks_before_it_stops_a_pit_trap() -> None:
    t = _warded(Table(auto_defend="ask").place(OWL, 10))
    oid = t.obj("pit", 10)
    deck = tuple(c for c in t.s.seats[0].deck if c not in ("mages.11", "mages.20"))
    t.s.update_seat(0, deck=(*deck, "mages.20", "mages.11"))  # neither shows Owl-Sage nor a move
    s = play(t.state(), 0, RevealObject(figure=OWL, object=oid))
    assert s.pending is not None and s.pending.kind == "defence"
    assert ENGINE.legal_actions(s, 0)[0] == Defend(card=None)
    assert WARD in ENGINE.legal_actions(s, 0)
    taken = play(s, 0, Defend(card=None))
    assert taken.figures[OWL].damage == 1 and taken.treasures[OWL] == ["treasure.ward_stone"]
    kept = play(s, 0, WARD)
    assert kept.figures[OWL].damage == 0


def test_stasis_traps_go_when_a_knock_out_leaves_only_ensnared_characters() -> None:
    t = Table().place(OWL, 10).place(PYRO, 20, damage=1)
    oid = t.obj("stasis", 10)
    t.obj("stasis", 40)
    tempest = t.minion("tempest", 20)
    s = play(t.state(), 0, RevealObject(figure=OWL, object=oid))
    assert s.ensnared(OWL)  # Pyromancer still walks free
    s = act(s, tempest, "mel")
    assert s.figures[PYRO].ko
    assert not s.ensnared(OWL)
    assert s.objects[0].space is None


def test_an_explosion_reaches_minions_in_ascending_counter_id() -> None:
    t = Table(scenarios=[2]).place("mages.5", 10)
    gnome = t.minion("gnomes", 10)
    gizmo = t.minion("gizmos", 10)
    assert gizmo < gnome  # the sheet lists Gnomes first; ids put the Gizmo first
    oid = t.obj("explosive", 10)
    done = step(t.state(), 0, RevealObject(figure="mages.5", object=oid))
    reacting = [line.split(" reacts")[0] for line in texts(done) if " reacts " in line]
    assert reacting == ["Gizmo", "Gnome"]


def test_the_round_limit_is_reported_as_the_round_limit() -> None:
    t = Table(max_rounds=5)
    t.s.round = 5
    done = step(t.state(), 0, EndTurn())
    s = done.state
    assert s.phase == "over" and not s.winners
    assert s.loss_reason == "round_limit"
    assert "round limit" in s.summary and "lose" not in s.summary


def test_the_war_horn_is_one_pick_of_characters() -> None:
    t = Table().place(OWL, 30).place(PYRO, 31).place("mages.3", 23).place("mages.4", 29)
    gain(t.s, OWL, "treasure.war_horn", Ctx())
    s = t.state()
    horns = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, UseTreasure)]
    assert len(horns) == 7  # every subset of the three neighbours
    assert GAME.menus is not None
    picks = {GAME.menus.pick_set(a, s) for a in horns}
    assert all(
        p is not None and p.menu == "Owl-Sage sounds the War Horn: pick who comes" for p in picks
    )
    biggest = max((p for p in picks if p is not None), key=lambda p: len(p.items))
    assert [name for _, name in biggest.items] == [
        "Elder Pyromancer",
        "Elder Hexwitch",
        "Elder Stormcaller",
    ]
