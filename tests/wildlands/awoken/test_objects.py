"""Objects, traps, treasures and ancient crystals (wildlands.md §10.8; seed AW › Object
Counters, Traps, Treasure Cards, Ancient Crystals)."""

from __future__ import annotations

from collections import Counter

from engines.core.clone import clone
from engines.core.conformance import seats_for
from engines.wildlands.actions import EndTurn, Move
from engines.wildlands.awoken.actions import Choose, Collect, RevealObject
from engines.wildlands.awoken.state import AwokenState

from .builder import ENGINE, Table, act, play, step, texts

OWL, PYRO, HEX, LUNK = "mages.1", "mages.2", "mages.3", "mages.5"
TAK = "gnomads.1"


def _reveal(s: AwokenState, figure: str, oid: str, card: str | None = None) -> AwokenState:
    return play(s, 0, RevealObject(figure=figure, object=oid, card=card))


def _deck_top(t: Table, *cards: str) -> None:
    """The next cards the solo player's deck gives, the first one first."""
    deck = tuple(c for c in t.s.seats[0].deck if c not in cards)
    t.s.update_seat(0, deck=(*deck, *reversed(cards)))


def test_revealing_is_free_solo() -> None:
    t = Table().place(OWL, 10)
    oid = t.obj("blank", 10)
    assert RevealObject(figure=OWL, object=oid) in ENGINE.legal_actions(t.state(), 0)
    s = _reveal(t.state(), OWL, oid)
    assert s.objects[0].space is None  # a blank counter is removed


def test_revealing_costs_a_linked_card_with_two_players() -> None:
    t = Table(players=2, scenarios=[1, 2]).place(OWL, 10).place(TAK, 10)
    oid = t.obj("crystal", 10)
    t.hand(0, "mages.01", "mages.07", "mages.27")
    legal = [a for a in ENGINE.legal_actions(t.state(), 0) if isinstance(a, RevealObject)]
    assert legal == [RevealObject(figure=OWL, object=oid, card="mages.01")]
    s = play(t.state(), 0, legal[0])
    assert s.seats[0].discard == ("mages.01",)
    assert s.objects[0].face_up and s.objects[0].space == 10  # a crystal stays


def test_two_player_games_use_only_the_lowest_scenarios_objects() -> None:
    s = ENGINE.setup(seats_for(2), ENGINE.options_model(scenarios=[4, 2]), 3)
    # Scenario 2's sheet (5 crystals, 2 treasures, 2 explosive, 1 pit, 2 blanks), not 4's
    # (1 explosive, 2 pits).
    kinds = Counter(o.kind for o in s.objects)
    assert kinds == {"crystal": 5, "treasure": 2, "explosive": 2, "pit": 1, "blank": 2}
    assert all(o.space is not None and not o.face_up for o in s.objects)


def test_pit_trap_hurts_everyone_in_the_space_unless_a_card_saves_them() -> None:
    t = Table().place(OWL, 10).place(PYRO, 10)
    oid = t.obj("pit", 10)
    _deck_top(t, "mages.11", "mages.20")  # Hexwitch and Lunk cards, no move icon
    s = _reveal(t.state(), OWL, oid)
    assert (s.figures[OWL].damage, s.figures[PYRO].damage) == (1, 1)
    assert s.objects[0].space is None and "mages.11" in s.seats[0].discard
    _deck_top(t, "mages.11", "mages.27")  # a move icon saves them
    s = _reveal(t.state(), OWL, oid)
    assert (s.figures[OWL].damage, s.figures[PYRO].damage) == (0, 0)
    _deck_top(t, "mages.02", "mages.20")  # a card linked to the revealer saves them
    assert _reveal(t.state(), OWL, oid).figures[OWL].damage == 0


def test_unpredictable_draws_an_ancient_card_after_a_pit_trap() -> None:
    t = Table().place(OWL, 10).place("ancient.1", 42)
    oid = t.obj("pit", 10)
    _deck_top(t, "mages.27", "mages.28")
    done = step(t.state(), 0, RevealObject(figure=OWL, object=oid))
    assert len(done.state.ancient_discards[1]) == 1
    assert any(line.startswith("Magus card") for line in texts(done))


def test_explosive_trap_hits_same_and_adjacent_spaces_minions_included() -> None:
    t = Table().place(OWL, 10).place(PYRO, 11).place(HEX, 12)
    tempest = t.minion("tempest", 3, health=1)
    t.top("minion", 1, "minion.1.01")  # reaction: none
    oid = t.obj("explosive", 10)
    s = _reveal(t.state(), OWL, oid)
    assert [s.figures[f].damage for f in (OWL, PYRO, HEX)] == [1, 1, 0]
    assert s.figures[tempest].space is None
    assert s.objects[0].space is None


def test_explosive_trap_damage_is_blocked_by_a_shield() -> None:
    t = Table(auto_defend="best").place(LUNK, 10).hand(0, "mages.22")
    oid = t.obj("explosive", 10)
    s = _reveal(t.state(), LUNK, oid)
    assert s.figures[LUNK].damage == 0 and "mages.22" in s.seats[0].discard


def test_stasis_trap_ensnares_until_every_stasis_trap_is_revealed() -> None:
    t = Table().place(OWL, 10).place(PYRO, 20).hand(0, "mages.02", "mages.06")
    first = t.obj("stasis", 10)
    second = t.obj("stasis", 20)
    s = _reveal(t.state(), OWL, first)
    assert s.ensnared(OWL)
    assert not any(isinstance(a, Move) and a.figure == OWL for a in ENGINE.legal_actions(s, 0))
    s = _reveal(s, PYRO, second)
    assert not s.ensnared(OWL) and not s.ensnared(PYRO)
    assert all(o.space is None for o in s.objects)


def test_stasis_trap_goes_when_the_ensnared_character_is_knocked_out() -> None:
    t = Table().place(OWL, 10, damage=2).place(PYRO, 20)
    t.obj("stasis", 30)
    first = t.obj("stasis", 10)
    tempest = t.minion("tempest", 10)
    s = _reveal(t.state(), OWL, first)
    s = act(s, tempest, "mel")
    assert s.figures[OWL].ko and not s.ensnared(OWL)
    assert s.objects[1].space is None


def test_treasure_counter_gives_the_top_treasure_card() -> None:
    t = Table().place(OWL, 10)
    t.s.treasure_deck = [c for c in t.s.treasure_deck if c != "treasure.healing_draught"] + [
        "treasure.healing_draught"
    ]
    oid = t.obj("treasure", 10)
    s = _reveal(t.state(), OWL, oid)
    assert s.treasures[OWL] == ["treasure.healing_draught"]
    assert s.objects[0].space is None


def test_crystal_is_collected_with_three_linked_cards() -> None:
    t = Table().place(OWL, 10).hand(0, "mages.01", "mages.02", "mages.03", "mages.07")
    oid = t.obj("crystal", 10, face_up=True)
    action = Collect(figure=OWL, object=oid, cards=("mages.01", "mages.02", "mages.03"))
    assert action in ENGINE.legal_actions(t.state(), 0)
    s = play(t.state(), 0, action)
    assert s.crystals == {OWL: 1} and s.objects[0].space is None


def test_crystal_may_be_paid_with_one_knocked_out_characters_cards() -> None:
    t = Table().place(PYRO, 10).hand(0, "mages.01", "mages.02", "mages.03")
    t.s.update_figure(OWL, ko=True)
    oid = t.obj("crystal", 10, face_up=True)
    action = Collect(figure=PYRO, object=oid, cards=("mages.01", "mages.02", "mages.03"))
    assert action in ENGINE.legal_actions(t.state(), 0)
    mixed = t.hand(0, "mages.01", "mages.02", "mages.07")
    collects = [a for a in ENGINE.legal_actions(mixed.state(), 0) if isinstance(a, Collect)]
    assert collects == []  # never mixing the collector's and a knocked-out character's


def test_carried_crystals_pass_to_a_character_of_the_owners_choice() -> None:
    t = Table().place(OWL, 10, damage=2).place(PYRO, 20).place(HEX, 30)
    t.s.crystals = {OWL: 2}
    tempest = t.minion("tempest", 10)
    s = act(t.state(), tempest, "mel")
    assert s.choice is not None and s.choice.kind == "crystal"
    assert s.choice.options == (PYRO, HEX)
    s = play(s, 0, Choose(option=HEX))
    assert s.crystals == {HEX: 2}


def test_revealing_is_only_for_the_own_turn() -> None:
    t = Table().place(OWL, 10)
    t.obj("blank", 10)
    s = play(t.state(), 0, EndTurn())
    assert s.round == 2  # the Ancients' turn ran without asking about objects


def test_stasis_traps_go_when_a_whole_faction_is_ensnared() -> None:
    t = Table().place(OWL, 10)
    oid = t.obj("stasis", 10)
    t.obj("stasis", 30)
    done = step(t.state(), 0, RevealObject(figure=OWL, object=oid))
    assert not done.state.ensnared(OWL)
    assert any("stasis traps are removed" in line for line in texts(done))


def test_an_ensnared_character_is_never_rallied() -> None:
    t = Table().place(OWL, 10).place(PYRO, 20).place(HEX, 30).place("mages.4", 31)
    oid = t.obj("stasis", 30)
    t.obj("stasis", 40)
    s = _reveal(t.state(), HEX, oid)
    s.update_seat(0, hand=("mages.16",))  # Stormcaller's rally
    s = clone(s)
    assert not any(a.kind == "rally" for a in ENGINE.legal_actions(s, 0))
