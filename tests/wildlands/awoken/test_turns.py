"""The players' turn and the Ancients' turn (wildlands.md §10.3-§10.5, §10.9 Illusory and
Awakening, §10.10 changes to actions)."""

from __future__ import annotations

from engines.wildlands.actions import Attack, Done, EndTurn, Interrupt, Move, Pass, Rally
from engines.wildlands.awoken.actions import Choose
from engines.wildlands.awoken.state import DrawAncient, DrawMinion

from .builder import ENGINE, Table, play, run, run_step, step, texts

OWL, LUNK = "mages.1", "mages.5"
TAK, ELSIE = "gnomads.1", "gnomads.2"


def _pair(**options: object) -> Table:
    t = Table(players=2, scenarios=[2, 4], **options)
    t.place(OWL, 40).place(TAK, 42).place("ancient.2", 1).place("ancient.4", 7)
    return t


def _end_turn(s, players: int = 2):  # type: ignore[no-untyped-def]
    for seat in range(players):
        s = play(s, seat, EndTurn())
    return s


def test_two_player_turn_order_is_minion_ancient_minion_ancient() -> None:
    t = _pair()
    t.top("minion", 2, "minion.2.02").top("ancient", 2, "ancient.2.01")
    t.top("minion", 4, "minion.4.04").top("ancient", 4, "ancient.4.01")
    done = step(play(t.state(), 0, EndTurn()), 1, EndTurn())
    s = done.state
    order = [
        line
        for line in texts(done)
        if line.startswith(("Minion card", "Automaton card", "Lizardman card"))
    ]
    assert [line.split(":")[0] for line in order] == [
        "Minion card (Automaton)",
        "Automaton card",
        "Minion card (Lizardman)",
        "Lizardman card",
    ]
    assert s.minion_discards == {2: ("minion.2.02",), 4: ("minion.4.04",)}
    assert s.round == 2 and not s.ancients_turn and ENGINE.to_act(s) == {0, 1}


def test_players_act_in_any_order_and_an_action_clears_done() -> None:
    t = _pair().hand(0, "mages.27").hand(1, "gnomads.26")
    s = play(t.state(), 0, EndTurn())
    assert ENGINE.to_act(s) == {1}
    s = play(s, 1, Move(card="gnomads.26", figure=TAK, to=41))
    assert ENGINE.to_act(s) == {0, 1}  # player 1's "done" was cleared
    s = play(s, 1, EndTurn())
    assert ENGINE.to_act(s) == {0}


def test_each_player_draws_three_up_to_seven() -> None:
    t = _pair().hand(0, "mages.01", "mages.02", "mages.03", "mages.04", "mages.05")
    s = _end_turn(t.state())
    assert (len(s.seats[0].hand), len(s.seats[1].hand)) == (7, 3)


def test_claim_shard_is_never_offered() -> None:
    t = Table().place(OWL, 10).hand(0, "mages.01", "mages.02", "mages.03")
    kinds = {a.kind for a in ENGINE.legal_actions(t.state(), 0)}
    assert "claim" not in kinds


def test_rally_pulls_the_partners_characters() -> None:
    t = _pair().place(TAK, 30).place(OWL, 31).hand(1, "gnomads.02")
    legal = ENGINE.legal_actions(t.state(), 1)
    assert Rally(card="gnomads.02", figure=TAK, pulled=(OWL,)) in legal
    s = play(t.state(), 1, Rally(card="gnomads.02", figure=TAK, pulled=(OWL,)))
    assert s.figures[OWL].space == 30


def test_interrupt_window_opens_after_a_minion_card_is_revealed() -> None:
    t = Table(auto_pass="off").place(OWL, 31).hand(0, "mages.01", "mages.27")
    tempest = t.minion("tempest", 29, health=2)
    t.top("minion", 1, "minion.1.09", "minion.1.10")  # tempest fly+hrng; reactions follow
    s = play(t.state(), 0, EndTurn())
    assert s.pending is not None and s.pending.kind == "window"
    assert s.figures[tempest].space == 29  # nothing has acted yet
    assert Pass() in ENGINE.legal_actions(s, 0)
    s = play(s, 0, Interrupt(card="mages.27"))
    assert s.interrupter == 0
    s = play(s, 0, Attack(card="mages.01", figure=OWL, style="ranged", target=tempest))
    assert s.figures[tempest].damage == 1
    s = play(s, 0, Done())
    assert s.interrupter is None
    assert s.figures[OWL].damage >= 1  # then the Tempest acted


def test_minions_activate_lowest_space_first() -> None:
    t = Table().place(OWL, 33)
    far = t.minion("tempest", 35)
    near = t.minion("tempest", 29)
    t.top("minion", 1, "minion.1.01")
    done = run_step(t.state(), DrawMinion(scenario=1))
    s = done.state
    moves = [line for line in texts(done) if line.startswith("Tempest moves")]
    assert moves[0].startswith("Tempest moves from space 29")
    assert s.figures[near].space != 29 and s.figures[far].space != 35


def test_minions_sharing_a_space_are_ordered_by_the_players() -> None:
    t = Table().place(OWL, 33)
    a = t.minion("tempest", 29)
    b = t.minion("tempest", 29)
    t.top("minion", 1, "minion.1.01")
    s = run(t.state(), DrawMinion(scenario=1))
    assert s.choice is not None and s.choice.kind == "order"
    assert set(s.choice.options) == {a, b}
    s = play(s, 0, Choose(option=b))
    assert s.choice is None


def test_discard_is_reshuffled_when_a_deck_runs_out() -> None:
    t = Table().place(OWL, 40)
    t.s.minion_discards[1] = t.s.minion_decks[1]
    t.s.minion_decks[1] = ()
    done = run_step(t.state(), DrawMinion(scenario=1))
    assert any("shuffled into a new deck" in line for line in texts(done))
    s = done.state
    assert len(s.minion_decks[1]) + len(s.minion_discards[1]) == 10


def test_illusory_skips_the_turn_draw_but_not_an_effect_draw() -> None:
    t = Table().place(OWL, 40).place("ancient.1", 1)
    done = run_step(t.state(), DrawAncient(scenario=1, normal=True))
    assert len(done.state.ancient_decks[1]) == 5
    assert any("Illusory" in line for line in texts(done))
    s = run(t.state(), DrawAncient(scenario=1))
    assert len(s.ancient_decks[1]) == 4


def test_never_draw_for_an_ancient_off_the_board() -> None:
    t = Table(scenarios=[2]).place(OWL, 40)
    s = run(t.state(), DrawAncient(scenario=2, normal=True))
    assert len(s.ancient_decks[2]) == 5 and s.ancient_discards[2] == ()


def test_awakening_advances_the_track_while_the_phantasm_sleeps() -> None:
    t = Table(scenarios=[3]).place(OWL, 40)
    done = run_step(t.state(), DrawAncient(scenario=3, normal=True))
    assert done.state.tracks[3] == 1 and len(done.state.ancient_decks[3]) == 5
    assert any("Awakening" in line for line in texts(done))
