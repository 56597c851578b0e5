"""The modifier window of a Trial (reference §8, ``modifier_window=alternating_after_roll``;
§6 D4 crossing trials, §10 rest gate trials, §12 quest trials).

After the one die of a Trial, the tested character acts first, then its opponent (who holds
its flaws), alternately, until everyone has passed in a row; the character is asked only
while failing. Winerdria (Might 2, Savvy 2) has Lightning Quick (+1 Might or Combat),
Eloquent Speech (+2 to any score) and Fae Armor (Combat only); Annoyicus holds her
Indecisive (re-roll a Test she is winning).
"""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.ai import ArcadiaAI
from engines.arcadia.chronicle import ChronicleCharacter, create_character
from engines.arcadia.common import set_cell, set_merit
from engines.arcadia.menus import modifier_window
from engines.arcadia.state import ArcadiaState, Placed, QuestState, StepProgress
from engines.core.rng import Rng

from .builder import (
    ENGINE,
    annoyicus,
    day_state,
    dice,
    events_passing,
    pass_window,
    play,
    winerdria,
)

LIGHTNING, ELOQUENT, FAE_ARMOR = 1, 2, 0  # Winerdria's merit slots


def huntinglane(chars: list[ChronicleCharacter] | None = None) -> ArcadiaState:
    """Winerdria in a Forest league west of Huntinglane (enter via Forest: Might 5)."""
    chars = chars or [winerdria(), annoyicus()]
    return day_state(chars, {"0,0": "greenwood_glade", "1,0": "huntinglane"}, ["0,0"] * len(chars))


def test_failing_trial_asks_the_character_first_and_a_merit_can_pass_it() -> None:
    s = huntinglane()
    dice(s, [1])  # total 3 against 5
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    assert s.contest is not None and s.contest.kind == "trial"
    assert ENGINE.to_act(s) == frozenset({0})
    legal = ENGINE.legal_actions(s, 0)
    assert A.UseMerit(slot=ELOQUENT, seat=0) in legal
    assert A.UseMerit(slot=LIGHTNING, seat=0) in legal  # a Might effect serves a Might trial
    assert A.UseMerit(slot=FAE_ARMOR, seat=0) not in legal  # Combat only
    s = play(s, 0, A.UseMerit(slot=ELOQUENT, seat=0))  # 5 of 5: passing
    # Now the opponent may answer with her Indecisive; he passes and she, passing, is not
    # asked again: the window closes and she enters.
    assert ENGINE.to_act(s) == frozenset({1})
    assert A.UseFlaw(slot=0, seat=0) in ENGINE.legal_actions(s, 1)
    s = play(s, 1, A.Pass())
    assert s.contest is None
    assert s.players[0].pos == "1,0"
    assert s.players[0].character.merits[ELOQUENT].exhausted


def test_passing_trial_skips_the_character_and_the_opponent_can_force_a_reroll() -> None:
    s = huntinglane()
    dice(s, [3, 1])  # 5 of 5, then the re-roll: 3 of 5
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    assert ENGINE.to_act(s) == frozenset({1})  # passing: nothing to ask her
    s = play(s, 1, A.UseFlaw(slot=0, seat=0))
    assert s.players[0].character.flaws[0].exhausted
    assert s.contest is not None and s.contest.die == 1
    # The window goes back to her, failing now.
    assert ENGINE.to_act(s) == frozenset({0})
    s = pass_window(s)
    assert s.players[0].pos == "0,0"  # failed: she stays, and her Day is over
    assert s.day is not None and s.day.seat == 1


def test_a_flaw_played_on_a_failing_trial_costs_the_next_day() -> None:
    # Warrant: the opponent exhausts it while she is losing, and she loses her next Day.
    her = create_character(
        "Winerdria",
        "sidhe_female",
        ("fae_armor", "lightning_quick", "eloquent_speech"),
        ("warrant",),
        court_choice="Seelie",
    )
    s = huntinglane([her, annoyicus()])
    dice(s, [1])
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    s = play(s, 0, A.Pass())
    assert ENGINE.to_act(s) == frozenset({1})
    s = play(s, 1, A.UseFlaw(slot=0, seat=0))
    s = pass_window(s)
    assert s.players[0].pos == "0,0"
    assert s.players[0].skip_next_day


def test_solo_engine_exhausts_a_flaw_on_a_trial_the_first_time() -> None:
    # §13.3 solo_flaw_trigger=first_eligible applies to a Trial's window too.
    s = huntinglane([winerdria()])
    dice(s, [4, 1])  # 6 of 5; Indecisive forces the re-roll: 3 of 5
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    assert s.players[0].character.flaws[0].exhausted
    assert s.contest is not None and s.contest.die == 1
    s = pass_window(s)
    assert s.players[0].pos == "0,0"


def test_rest_gate_trial_has_a_window_and_the_rest_goes_on_after_it() -> None:
    # Border Woods Watch: rest behind a Savvy 5 gate (§10); Savvy 2 + die 1 = 3, +2 = 5.
    s = day_state([winerdria(), annoyicus()], {"0,0": "border_woods_watch"}, ["1,0", "0,0"])
    s.cells["1,0"] = Placed(league="kyrrian_tower", owner=0, order=1)
    s.players[0].pos = "0,0"
    s.day.stage = "event"
    set_merit(s.players[0], LIGHTNING, exhausted=True)
    dice(s, [1])
    s = play(s, 0, A.Rest(option=0))
    assert s.contest is not None and s.contest.kind == "trial"
    assert A.UseMerit(slot=LIGHTNING, seat=0) not in ENGINE.legal_actions(s, 0)  # exhausted
    s = play(s, 0, A.UseMerit(slot=ELOQUENT, seat=0))
    s = pass_window(s)
    assert s.day is not None and s.day.stage == "recover"
    s = play(s, 0, A.Recover(slot=LIGHTNING))
    assert not s.players[0].character.merits[LIGHTNING].exhausted


def test_quest_trial_has_a_window_and_counts_when_passed() -> None:
    # Quest 105's Savvy 4 trial at the village (§12 ``trial`` goal).
    s = day_state(
        [winerdria(), annoyicus()],
        {"0,0": "kyrrian_tower", "1,0": "irondew_road"},
        ["0,0", "1,0"],
        quests=["q105", "q1"],
    )
    set_cell(s, "1,0", names=("0:q105:village",))
    s.players[0].pos = "1,0"
    s.players[0].quests[0] = QuestState(id="q105", branches=[StepProgress(step=1)])
    s.day.stage = "event"
    dice(s, [1])  # Savvy 2 + 1 = 3 of 4
    s = play(s, 0, A.QuestAction(quest="q105"))
    assert s.contest is not None and ENGINE.to_act(s) == frozenset({0})
    s, said = events_passing(s, 0, A.UseMerit(slot=ELOQUENT, seat=0))
    assert any("passes the trial (total 5, 4 needed)" in t for t in said)
    assert s.players[0].quests[0].branches[0].step == 2


def test_trial_window_is_a_quick_prompt() -> None:
    s = huntinglane()
    dice(s, [1])
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    prompt = modifier_window(s)
    assert prompt is not None and prompt.label == "the modifier window" and prompt.fresh


def test_ai_spends_a_merit_only_when_it_turns_a_failed_trial_into_a_pass() -> None:
    s = huntinglane()
    dice(s, [1])  # 3 of 5: Lightning Quick (+1) is not enough, Eloquent Speech (+2) is
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    assert ArcadiaAI().choose(ENGINE, s, 0, Rng(1)) == A.UseMerit(slot=ELOQUENT, seat=0)
    s = play(s, 0, A.UseMerit(slot=ELOQUENT, seat=0))
    # As the opponent, the AI forces a re-roll of a trial she now passes.
    assert ArcadiaAI().choose(ENGINE, s, 1, Rng(1)) == A.UseFlaw(slot=0, seat=0)
