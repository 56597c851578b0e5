"""Scenario special rules, keywords, summons and the event track (wildlands.md §10.7, §10.9;
§14.3 stand-in keywords)."""

from __future__ import annotations

from engines.wildlands.actions import Area, Attack
from engines.wildlands.awoken.state import ScenarioEffect

from .builder import Table, act, play, run, run_step, step, texts

OWL, PYRO, HEX = "mages.1", "mages.2", "mages.3"


def test_ethereal_form_takes_damage_once_per_turn() -> None:
    t = Table(scenarios=[3]).place(OWL, 29).place(PYRO, 30).place("ancient.3", 31)
    t.hand(0, "mages.01", "mages.07")
    t.s.ancient_decks[3] = ("ancient.3.03", "ancient.3.02")  # none, then shield
    s = play(t.state(), 0, Attack(card="mages.01", figure=OWL, style="ranged", target="ancient.3"))
    assert s.figures["ancient.3"].damage == 1
    done = step(s, 0, Area(card="mages.07", figure=PYRO, space=31))
    assert done.state.figures["ancient.3"].damage == 1
    assert any("Ethereal Form" in line for line in texts(done))
    s = done.state
    assert len(s.ancient_discards[3]) == 2  # the reaction card is still revealed


def test_haunt_ignores_its_own_space_and_attacks_every_character_it_enters() -> None:
    t = Table(scenarios=[3]).place(OWL, 33).place(PYRO, 31).place(HEX, 31)
    t.place("ancient.3", 33)
    s = act(t.state(), "ancient.3", "haunt", scenario=3)
    assert s.figures["ancient.3"].space == 31  # 32, then the tie goes to space 31
    assert (s.figures[OWL].damage, s.figures[PYRO].damage, s.figures[HEX].damage) == (0, 1, 1)


def test_haunt_keyword_needs_the_phantasm_on_the_board() -> None:
    t = Table(scenarios=[3]).place(OWL, 29)
    s = run(t.state(), ScenarioEffect(scenario=3, effect="K"))
    assert s.figures[OWL].damage == 0


def test_poisonous_fumes_hurt_every_wounded_character_unless_covered() -> None:
    t = Table(scenarios=[4], auto_defend="best").place(OWL, 10, damage=1).place(PYRO, 20)
    t.place(HEX, 30, damage=1).hand(0, "mages.12")  # Hexwitch holds a cover card
    s = run(t.state(), ScenarioEffect(scenario=4, effect="K"))
    assert [s.figures[f].damage for f in (OWL, PYRO, HEX)] == [2, 0, 1]


def test_arcane_shift_moves_the_magus_to_the_richest_carrier() -> None:
    t = Table().place(OWL, 10).place(PYRO, 20).place("ancient.1", 42)
    t.s.crystals = {PYRO: 2, OWL: 1}
    s = run(t.state(), ScenarioEffect(scenario=1, effect="K"))
    assert s.figures["ancient.1"].space == 20


def test_arcane_shift_without_carriers_flies() -> None:
    t = Table().place(OWL, 29).place("ancient.1", 33)
    s = run(t.state(), ScenarioEffect(scenario=1, effect="K"))
    assert s.figures["ancient.1"].space == 31


def test_overclock_moves_gizmos_then_the_automaton() -> None:
    t = Table(scenarios=[2]).place(OWL, 31).place("ancient.2", 33)
    gizmo = t.minion("gizmos", 29)
    s = run(t.state(), ScenarioEffect(scenario=2, effect="K"))
    assert s.figures[gizmo].space == 30 and s.figures["ancient.2"].space == 32


def test_warband_summons_a_goblin_beside_the_tyrant() -> None:
    t = Table(scenarios=[5]).place(OWL, 40).place("ancient.5", 17)
    s = run(t.state(), ScenarioEffect(scenario=5, effect="K"))
    assert [f.space for f in s.figures.values() if f.faction == "goblins" and f.space] == [17]


def test_summon_places_a_counter_by_map_card_and_skips_when_none_is_left() -> None:
    t = Table().place(OWL, 40)
    s = run(t.state(), ScenarioEffect(scenario=1, effect="S:tempest"))
    placed = [f for f in s.figures.values() if f.faction == "tempest" and f.space]
    assert len(placed) == 1 and placed[0].space == s.map_discard[-1]
    for f in list(t.s.figures.values()):
        if f.faction == "tempest":
            t.s.update_figure(f.id, space=1)
    before = len(t.s.map_deck)
    done = run_step(t.state(), ScenarioEffect(scenario=1, effect="S:tempest"))
    assert len(done.state.map_deck) == before and any("No Tempest" in line for line in texts(done))


def test_advance_tracker_resolves_the_step_it_reaches() -> None:
    t = Table(scenarios=[3]).place(OWL, 40)
    t.s.tracks[3] = 2  # the next step, P, summons the Phantasm
    s = run(t.state(), ScenarioEffect(scenario=3, effect="adv"))
    assert s.tracks[3] == 3 and s.figures["ancient.3"].space is not None
