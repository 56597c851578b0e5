"""Rest, base camp, character encounters, solo waylay pile and multi-player opposition
(reference §10, §11, §13.2, §13.3)."""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.common import opponent, set_merit
from engines.arcadia.state import DayState

from .builder import ENGINE, annoyicus, day_state, dice, game, pass_window, play, winerdria

ROW = {"0,0": "irondew_road", "1,0": "kyrrian_tower", "2,0": "crossroads_inn"}


def test_base_camp_rest_offers_any_merit_or_the_leagues_own_rest() -> None:
    s = day_state([winerdria(), annoyicus()], ROW, ["0,0", "2,0"])
    s.day = DayState(seat=0, stage="event")
    set_merit(s.players[0], 1, exhausted=True)
    rests = [a.option for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Rest)]
    assert rests == [-1, 0]
    s = play(s, 0, A.Rest(option=-1))
    assert ENGINE.legal_actions(s, 0) == [A.EndDay(), A.Recover(slot=1)]
    s = play(s, 0, A.Recover(slot=1))
    assert not s.players[0].character.merits[1].exhausted


def test_one_any_base_rest_under_the_other_ruling() -> None:
    s = day_state([winerdria(), annoyicus()], ROW, ["0,0", "2,0"], base_camp_rest="any_one_only")
    s.day = DayState(seat=0, stage="event")
    assert [a.option for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Rest)] == [-1]


def test_no_rest_after_a_waylay_encounter() -> None:
    s = day_state([winerdria(), annoyicus()], ROW, ["0,0", "2,0"])
    s.players[0].pos = "1,0"
    s.day = DayState(seat=0, stage="event", encountered=True)
    assert not any(isinstance(a, A.Rest) for a in ENGINE.legal_actions(s, 0))


def test_trolls_bridge_rests_two_only_the_day_after_a_defeat_there() -> None:
    s = day_state([winerdria(), annoyicus()], {"0,0": "troll_s_bridge"}, ["0,0", "0,0"])
    s.players[0].base = "9,9"
    s.day = DayState(seat=0, stage="event")
    assert [a.option for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Rest)] == [0]
    s.players[0].last_defeat = "0,0"
    assert [a.option for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Rest)] == [0, 1]


def test_challenge_win_lets_the_challenger_drain_or_push() -> None:
    s = day_state([winerdria(), annoyicus()], ROW, ["0,0", "2,0"])
    s.players[0].pos = s.players[1].pos = "1,0"
    s.day = DayState(seat=0, stage="event")
    assert A.Challenge(target=1, test="Savvy") in ENGINE.legal_actions(s, 0)
    dice(s, [6, 1])
    s = pass_window(play(s, 0, A.Challenge(target=1, test="Savvy")))
    assert s.day is not None and s.day.stage == "cvc_outcome"
    legal = ENGINE.legal_actions(s, 0)
    assert A.Push(cell="0,0") in legal and A.Drain(slot=0) in legal
    s = play(s, 0, A.Push(cell="0,0"))
    assert s.players[1].pos == "0,0" and s.players[1].came_from == "1,0"


def test_no_challenge_in_the_defenders_own_base_camp() -> None:
    s = day_state([winerdria(), annoyicus()], ROW, ["0,0", "1,0"])
    s.players[0].pos = "1,0"
    s.day = DayState(seat=0, stage="event")
    assert not any(isinstance(a, A.Challenge) for a in ENGINE.legal_actions(s, 0))


def test_solo_pile_plays_the_top_waylay_on_entry() -> None:
    s = day_state([winerdria()], ROW, ["0,0"])
    s.pile = ["oathfriend", "forest_spiders"]
    s = play(s, 0, A.Move(cell="1,0", via="Road"))
    # Oathfriend fits Kyrrian Tower (Town, Road, Castle): played and faced at once.
    assert s.pile == ["forest_spiders"]
    s = pass_window(s)
    played = [w.id for w in s.cells["1,0"].waylays] + [
        d.split("@")[0] for d in s.players[0].defeated
    ]
    assert played == ["oathfriend"]


def test_solo_pile_sends_a_misfit_to_the_bottom() -> None:
    s = day_state([winerdria()], ROW, ["0,0"])
    s.pile = ["pirates", "oathfriend"]
    s = play(s, 0, A.Move(cell="1,0", via="Road"))
    assert s.pile == ["oathfriend", "pirates"]
    assert s.cells["1,0"].waylays == ()


def test_three_players_each_is_opposed_by_the_next_seat() -> None:
    s = game([winerdria(), annoyicus(), winerdria()])
    assert [opponent(s, k) for k in range(3)] == [1, 2, 0]
    s.phase, s.cursor = "waylays", 0
    assert ENGINE.to_act(s) == frozenset({1})  # seat 2 picks the waylays against seat 1
    s.cursor = 2
    assert ENGINE.to_act(s) == frozenset({0})


def test_only_the_assigned_opponent_may_waylay() -> None:
    s = day_state([winerdria(), annoyicus(), winerdria()], ROW, ["0,0", "2,0", "2,0"])
    s.players[1].hand = ("oathfriend",)
    s.players[2].hand = ("oathfriend",)
    s = play(s, 0, A.Move(cell="1,0", via="Road"))
    assert ENGINE.to_act(s) == frozenset({1})
