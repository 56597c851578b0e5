"""Every monster action and tie-break (wildlands.md §10.6; seed AW › Monster Actions)."""

from __future__ import annotations

from engines.wildlands.actions import Area, Attack
from engines.wildlands.awoken.actions import Choose

from .builder import ENGINE, Table, act, act_step, play, step, texts

OWL, PYRO, HEX = "mages.1", "mages.2", "mages.3"


def test_move_steps_toward_the_closest_character() -> None:
    t = Table().place(OWL, 31)
    tempest = t.minion("tempest", 29)
    s = act(t.state(), tempest, "mv")
    assert s.figures[tempest].space == 30


def test_move_tie_goes_to_the_character_in_the_lowest_space() -> None:
    t = Table().place(OWL, 33).place(PYRO, 29)
    tempest = t.minion("tempest", 31)
    s = act(t.state(), tempest, "mv")
    assert s.figures[tempest].space == 30


def test_move_step_tie_goes_to_the_lowest_neighbour() -> None:
    t = Table().place(OWL, 38)
    tempest = t.minion("tempest", 30)
    s = act(t.state(), tempest, "mv")
    assert s.figures[tempest].space == 31  # 31 and 37 both lie on a shortest path


def test_move_does_nothing_when_sharing_a_space_with_a_character() -> None:
    t = Table().place(OWL, 30).place(PYRO, 31)
    tempest = t.minion("tempest", 30)
    assert act(t.state(), tempest, "mv").figures[tempest].space == 30


def test_fly_is_two_moves_re_aimed_each_time() -> None:
    t = Table().place(OWL, 33)
    tempest = t.minion("tempest", 29)
    assert act(t.state(), tempest, "fly").figures[tempest].space == 31


def test_reposition_stops_one_space_short() -> None:
    t = Table().place(OWL, 31)
    tempest = t.minion("tempest", 30)
    assert act(t.state(), tempest, "rep").figures[tempest].space == 30
    t.place(OWL, 32)
    assert act(t.state(), tempest, "rep").figures[tempest].space == 31


def test_melee_hits_the_only_character_in_the_space() -> None:
    t = Table().place(OWL, 30)
    wildfyre = t.minion("wildfyre", 30)
    done = act_step(t.state(), wildfyre, "mel")
    assert done.state.figures[OWL].damage == 1
    assert any("melee attack" in line for line in texts(done))


def test_melee_target_among_several_is_the_players_choice() -> None:
    t = Table().place(OWL, 30).place(PYRO, 30)
    wildfyre = t.minion("wildfyre", 30)
    s = act(t.state(), wildfyre, "hmel")
    assert ENGINE.to_act(s) == {0}
    legal = ENGINE.legal_actions(s, 0)
    assert legal == [Choose(option=OWL), Choose(option=PYRO)]
    label = ENGINE.describe(legal[1], s)
    assert "The Wildfyre attacks: choose which of your characters in space 30 it targets" in label
    done = step(s, 0, legal[1])
    assert (done.state.figures[OWL].damage, done.state.figures[PYRO].damage) == (0, 1)
    assert any("heavy melee attack" in line for line in texts(done))


def test_melee_without_a_character_does_nothing() -> None:
    t = Table().place(OWL, 31)
    wildfyre = t.minion("wildfyre", 30)
    assert act(t.state(), wildfyre, "mel").figures[OWL].damage == 0


def test_ranged_hits_the_closest_character_in_line_of_sight() -> None:
    t = Table().place(OWL, 31).place(PYRO, 32)
    tempest = t.minion("tempest", 29)
    s = act(t.state(), tempest, "rng")
    assert (s.figures[OWL].damage, s.figures[PYRO].damage) == (1, 0)


def test_ranged_tie_goes_to_the_lowest_space() -> None:
    t = Table().place(OWL, 33).place(PYRO, 29)
    tempest = t.minion("tempest", 31)
    s = act(t.state(), tempest, "rng")
    assert (s.figures[OWL].damage, s.figures[PYRO].damage) == (0, 1)


def test_ranged_needs_line_of_sight() -> None:
    t = Table().place(OWL, 35)  # a wall stands between 34 and 35
    tempest = t.minion("tempest", 29)
    assert act(t.state(), tempest, "rng").figures[OWL].damage == 0


def test_ranged_target_among_several_in_the_closest_space_is_chosen() -> None:
    t = Table().place(OWL, 31).place(PYRO, 31).place(HEX, 30)
    tempest = t.minion("tempest", 33)
    s = act(t.state(), tempest, "rng")
    assert s.choice is not None and s.choice.options == (OWL, PYRO)
    s = play(s, 0, Choose(option=OWL))
    assert s.figures[OWL].damage == 1


def test_heavy_ranged_reaches_only_two_spaces() -> None:
    t = Table().place(OWL, 32)
    tempest = t.minion("tempest", 29)
    assert act(t.state(), tempest, "hrng").figures[OWL].damage == 0
    t.place(OWL, 31)
    assert act(t.state(), tempest, "hrng").figures[OWL].damage == 1


def test_area_targets_the_space_with_most_characters() -> None:
    t = Table().place(OWL, 30).place(PYRO, 31).place(HEX, 31)
    wildfyre = t.minion("wildfyre", 30)
    s = act(t.state(), wildfyre, "area")
    assert [s.figures[f].damage for f in (OWL, PYRO, HEX)] == [0, 1, 1]


def test_area_tie_goes_to_the_lowest_space() -> None:
    t = Table().place(OWL, 29).place(PYRO, 31)
    wildfyre = t.minion("wildfyre", 30)
    s = act(t.state(), wildfyre, "area")
    assert [s.figures[f].damage for f in (OWL, PYRO)] == [1, 0]


def test_area_on_its_own_space_hits_the_attacker_too() -> None:
    t = Table().place(OWL, 30).top("minion", 1, "minion.1.01")  # reaction: none
    wildfyre = t.minion("wildfyre", 30, health=1)
    done = act_step(t.state(), wildfyre, "area")
    assert done.state.figures[OWL].damage == 1
    assert done.state.figures[wildfyre].space is None  # knocked out by its own attack
    assert any("Wildfyre reacts to an area attack" in line for line in texts(done))


def test_heal_prefers_most_damage() -> None:
    t = Table().place(OWL, 40)
    wildfyre = t.minion("wildfyre", 30)
    a = t.minion("tempest", 29, health=2, damage=1)
    b = t.minion("wildfyre", 31, health=2, damage=1)
    t.place("ancient.1", 23, damage=2)
    s = act(t.state(), wildfyre, "heal(tempest,wildfyre,magus)")
    assert (s.figures[a].damage, s.figures[b].damage, s.figures["ancient.1"].damage) == (1, 1, 1)


def test_heal_tie_goes_to_highest_starting_health_then_lowest_space() -> None:
    t = Table().place(OWL, 40)
    wildfyre = t.minion("wildfyre", 30)
    a = t.minion("tempest", 29, health=2, damage=1)
    b = t.minion("tempest", 31, health=2, damage=1)
    t.place("ancient.1", 37, damage=1)
    s = act(t.state(), wildfyre, "heal(tempest,wildfyre,magus)")
    assert s.figures["ancient.1"].damage == 0  # the Magus has the highest health
    t.place("ancient.1", 37, damage=0)
    s = act(t.state(), wildfyre, "heal(tempest,wildfyre,magus)")
    assert (s.figures[a].damage, s.figures[b].damage) == (0, 1)  # lowest space


def test_heal_random_final_tie_is_seeded() -> None:
    t = Table().place(OWL, 40)
    wildfyre = t.minion("wildfyre", 30)
    a = t.minion("tempest", 31, health=2, damage=1)
    b = t.minion("wildfyre", 31, health=2, damage=1)
    s1 = act(t.state(), wildfyre, "heal(tempest,wildfyre)")
    s2 = act(t.state(), wildfyre, "heal(tempest,wildfyre)")
    healed = [f for f in (a, b) if s1.figures[f].damage == 0]
    assert len(healed) == 1 and s2.figures[healed[0]].damage == 0


def test_reaction_blocks_matching_damage_and_is_discarded() -> None:
    t = Table().place(OWL, 29).hand(0, "mages.01")
    tempest = t.minion("tempest", 31, health=2)
    t.top("minion", 1, "minion.1.03")  # reaction: shield, which stops a ranged attack
    s = play(t.state(), 0, Attack(card="mages.01", figure=OWL, style="ranged", target=tempest))
    assert s.figures[tempest].damage == 0
    assert s.minion_discards[1] == ("minion.1.03",)
    t.top("minion", 1, "minion.1.02")  # reaction: parry, which does not
    s = play(t.state(), 0, Attack(card="mages.01", figure=OWL, style="ranged", target=tempest))
    assert s.figures[tempest].damage == 1


def test_reactions_are_drawn_for_each_monster_hit_in_turn() -> None:
    t = Table().place(PYRO, 30).hand(0, "mages.07")
    a = t.minion("tempest", 31, health=2)
    b = t.minion("wildfyre", 31, health=2)
    t.top("minion", 1, "minion.1.05", "minion.1.01")  # cover blocks area, then none
    s = play(t.state(), 0, Area(card="mages.07", figure=PYRO, space=31))
    assert (s.figures[a].damage, s.figures[b].damage) == (0, 1)
    assert s.minion_discards[1] == ("minion.1.05", "minion.1.01")
