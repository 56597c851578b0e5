"""How an Awoken game is won and lost (wildlands.md §10.2; seed AW › Objective)."""

from __future__ import annotations

from engines.wildlands.actions import Attack
from engines.wildlands.awoken.actions import Collect
from engines.wildlands.awoken.state import ScenarioEffect

from .builder import ENGINE, Table, act, play, run

OWL, PYRO = "mages.1", "mages.2"


def test_five_carried_crystals_win() -> None:
    t = Table().place(OWL, 10).place(PYRO, 20).hand(0, "mages.01", "mages.02", "mages.03")
    t.s.crystals = {OWL: 2, PYRO: 2}
    oid = t.obj("crystal", 10, face_up=True)
    s = play(
        t.state(), 0, Collect(figure=OWL, object=oid, cards=("mages.01", "mages.02", "mages.03"))
    )
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {0} and "crystals" in out.summary


def test_knocking_out_every_ancient_wins() -> None:
    t = Table().place(OWL, 29).place("ancient.1", 31, damage=5).hand(0, "mages.01")
    t.top("ancient", 1, "ancient.1.03")  # reaction: none
    s = play(t.state(), 0, Attack(card="mages.01", figure=OWL, style="ranged", target="ancient.1"))
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {0} and "Ancient" in out.summary


def test_the_automaton_is_never_knocked_out() -> None:
    t = Table(scenarios=[2]).place(OWL, 29).place("ancient.2", 31, damage=9).hand(0, "mages.01")
    t.top("ancient", 2, "ancient.2.02")  # reaction: none
    s = play(t.state(), 0, Attack(card="mages.01", figure=OWL, style="ranged", target="ancient.2"))
    assert ENGINE.outcome(s) is None
    assert s.figures["ancient.2"].space == 31 and s.figures["ancient.2"].damage == 10


def test_a_shard_at_the_end_of_an_event_track_loses() -> None:
    t = Table().place(OWL, 10)
    t.s.tracks[1] = 9
    s = run(t.state(), ScenarioEffect(scenario=1, effect="adv"))
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == frozenset() and s.loss_reason == "event_track"


def test_a_faction_with_every_character_knocked_out_loses() -> None:
    t = Table().place(OWL, 10, damage=2)
    for n in (2, 3, 4, 5):
        t.s.update_figure(f"mages.{n}", ko=True)
    tempest = t.minion("tempest", 10)
    s = act(t.state(), tempest, "mel")
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == frozenset() and s.loss_reason == "faction_wiped"
    assert not ENGINE.to_act(s)
