"""Recovering flaws at a rest (reference §9 "Flaws ... are recovered only at the start of
the next game, or when a league's rest allows the opponent to recover one"; §10 "If the
rest lists flaws, the holder's opponent may recover that many of the holder's exhausted
flaws", ``flaw_recovery_when=holder_rests``)."""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.ai import ArcadiaAI
from engines.arcadia.card_list import league_entry
from engines.arcadia.common import set_flaw, set_merit
from engines.arcadia.content import content
from engines.arcadia.state import ArcadiaState
from engines.core.rng import Rng

from .builder import ENGINE, annoyicus, day_state, events, play, winerdria


def resting(league: str, seats: int = 2, base: bool = False) -> ArcadiaState:
    """Winerdria on ``league`` with Indecisive exhausted and Lightning Quick tired, at the
    moment of her Day's event."""
    chars = [winerdria(), annoyicus()][:seats]
    s = day_state(
        chars, {"0,0": league, "1,0": "kyrrian_tower"}, ["0,0" if base else "1,0"] * seats
    )
    s.players[0].pos = "0,0"
    set_flaw(s.players[0], 0, exhausted=True)
    set_merit(s.players[0], 1, exhausted=True)
    s.day.stage = "event"
    return s


def test_the_opponent_recovers_a_flaw_after_a_rest_that_lists_one() -> None:
    assert content().leagues["crossroads_inn"].rest.flaw_recovery == 1
    s = play(resting("crossroads_inn"), 0, A.Rest(option=0))  # one merit of any type
    s = play(s, 0, A.Recover(slot=1))
    # Her merit first, then the opponent decides on her flaws.
    assert ENGINE.to_act(s) == frozenset({1})
    assert ENGINE.legal_actions(s, 1) == [A.Done(), A.RecoverFlaw(slot=0)]
    s, said = events(s, 1, A.RecoverFlaw(slot=0))
    assert not s.players[0].character.flaws[0].exhausted
    assert s.day is not None and s.day.seat == 1  # her Day is over
    assert "Annoyicus recovers Winerdria's flaw Indecisive." in said


def test_the_opponent_may_leave_the_flaw_exhausted() -> None:
    s = play(resting("crossroads_inn"), 0, A.Rest(option=0))
    s = play(play(s, 0, A.Recover(slot=1)), 1, A.Done())
    assert s.players[0].character.flaws[0].exhausted
    assert s.day is not None and s.day.seat == 1


def test_flaws_come_back_even_when_no_merit_can() -> None:
    # Stone Circle rests Arts only; Winerdria has none, yet her flaw may come back.
    s = play(resting("stone_circle"), 0, A.Rest(option=0))
    assert ENGINE.to_act(s) == frozenset({1})
    assert A.RecoverFlaw(slot=0) in ENGINE.legal_actions(s, 1)


def test_a_rest_without_flaws_recovers_none() -> None:
    s = play(resting("old_forest_track"), 0, A.Rest(option=0))  # one Ability
    s = play(s, 0, A.Recover(slot=1))
    assert s.day is not None and s.day.seat == 1
    assert s.players[0].character.flaws[0].exhausted


def test_the_base_camp_merit_recovers_no_flaw() -> None:
    # In her base camp, the "one merit of any type" rest is the camp's, not the league's.
    s = play(resting("crossroads_inn", base=True), 0, A.Rest(option=-1))
    s = play(s, 0, A.Recover(slot=1))
    assert s.day is not None and s.day.seat == 1
    assert s.players[0].character.flaws[0].exhausted


def test_nobody_recovers_flaws_in_solo_play() -> None:
    s = play(resting("stone_circle", seats=1), 0, A.Rest(option=0))
    assert s.players[0].character.flaws[0].exhausted
    assert s.day is not None and s.day.stage == "move"  # her next Day


def test_the_ai_opponent_recovers_the_flaw() -> None:
    s = play(resting("stone_circle"), 0, A.Rest(option=0))
    assert ArcadiaAI().choose(ENGINE, s, 1, Rng(1)) == A.RecoverFlaw(slot=0)


def test_the_card_list_says_so() -> None:
    text = league_entry(content().leagues["stone_circle"]).text
    assert "After a rest here your opponent may recover 1 of your flaws." in text
