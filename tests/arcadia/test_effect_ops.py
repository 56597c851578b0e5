"""The effect ops of reference §15.1 that no shipped card uses yet, each carried out on a
test card added to the content for the test only: ``ignore_trial`` (in a Trial's window,
§8), ``auto_pass_trial`` (a static power that passes trials with no roll, like a mer's
Ocean trials, §15.3), ``skip_league`` (a long move over a league, §6), ``return_to_base`` and
``move_character`` (the forced moves of §6, from a flaw played on a loss, §9, or from a
trial's ``on_fail``, §7 "If you fail a Trial ... you suffer its listed effects")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engines.arcadia import actions as A
from engines.arcadia.ai import ArcadiaAI
from engines.arcadia.chronicle import ChronicleCharacter, create_character
from engines.arcadia.common import set_cell, set_merit
from engines.arcadia.content import Card, Effect, Flaw, Merit, Trial, When, content
from engines.arcadia.state import ArcadiaState, WaylayInPlay
from engines.core.rng import Rng

from .builder import ENGINE, annoyicus, day_state, dice, events, pass_window, play

AddCard = Callable[[str, Card], None]

LOSING = When(state="losing")


@pytest.fixture
def card(monkeypatch: pytest.MonkeyPatch) -> AddCard:
    """Add a test record to the loaded content (``merits``, ``flaws``, ``leagues``) for
    this test only."""

    def add(kind: str, record: Card) -> None:
        monkeypatch.setitem(getattr(content(), kind), record.id, record)

    return add


def charm(op: str, **params: object) -> Merit:
    return Merit(
        id="test_charm",
        name="Test Charm",
        source="stand-in",
        type="Treasure",
        cost=1,
        effects=(Effect(trigger="exhaust", op=op, params=params),),
    )


def carrier(
    merits: tuple[str, ...] = ("test_charm",), flaws: tuple[str, ...] = ()
) -> ChronicleCharacter:
    return create_character("Tester", "sidhe_female", merits, flaws, court_choice="Seelie")


def spiders(chars: list[ChronicleCharacter]) -> ArcadiaState:
    """The tester stands in Huntinglane (east of her base camp) with Forest Spiders."""
    s = day_state(
        chars,
        {"0,0": "kyrrian_tower", "1,0": "huntinglane", "2,0": "irondew_road"},
        ["0,0"] * len(chars),
    )
    s.players[0].pos, s.players[0].came_from = "1,0", "0,0"
    set_cell(s, "1,0", waylays=(WaylayInPlay(id="forest_spiders", order=0, wins_left=1, target=0),))
    s.waylay_count = 1
    return s


# -- ignore_trial -------------------------------------------------------------------------


def test_ignore_trial_passes_a_failing_trial(card: AddCard) -> None:
    card("merits", charm("ignore_trial"))
    s = day_state(
        [carrier(), annoyicus()], {"0,0": "greenwood_glade", "1,0": "huntinglane"}, ["0,0"] * 2
    )
    dice(s, [1])  # Might 2 + 1 = 3 of 5
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    assert A.UseMerit(slot=0, seat=0) in ENGINE.legal_actions(s, 0)
    s = pass_window(play(s, 0, A.UseMerit(slot=0, seat=0)))
    assert s.players[0].pos == "1,0"
    assert s.players[0].character.merits[0].exhausted


def test_ignore_trial_is_not_offered_while_passing_nor_in_a_test(card: AddCard) -> None:
    card("merits", charm("ignore_trial"))
    s = day_state(
        [carrier(), annoyicus()], {"0,0": "greenwood_glade", "1,0": "huntinglane"}, ["0,0"] * 2
    )
    dice(s, [6])
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    assert s.contest is None and s.players[0].pos == "1,0"  # nothing to ask anyone
    s = spiders([carrier(), annoyicus()])
    dice(s, [1, 6])
    s = play(s, 0, A.Stay())  # a lost Test: the charm serves Trials only, so nobody is asked
    assert s.contest is None and s.day is not None and s.day.stage == "pay"
    assert not s.players[0].character.merits[0].exhausted


def test_ignore_trial_keeps_to_its_test_types(card: AddCard) -> None:
    card(
        "merits",
        charm("ignore_trial").model_copy(
            update={
                "effects": (
                    Effect(trigger="exhaust", op="ignore_trial", when=When(tests=("Resolve",))),
                )
            }
        ),
    )
    s = day_state(
        [carrier(), annoyicus()], {"0,0": "greenwood_glade", "1,0": "huntinglane"}, ["0,0"] * 2
    )
    dice(s, [1])
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))  # a Might trial: the charm cannot help
    assert s.contest is None and s.players[0].pos == "0,0"


def test_the_ai_ignores_a_trial_it_fails(card: AddCard) -> None:
    card("merits", charm("ignore_trial"))
    s = day_state(
        [carrier(), annoyicus()], {"0,0": "greenwood_glade", "1,0": "huntinglane"}, ["0,0"] * 2
    )
    dice(s, [1])
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    assert ArcadiaAI().choose(ENGINE, s, 0, Rng(1)) == A.UseMerit(slot=0, seat=0)


# -- auto_pass_trial ----------------------------------------------------------------------


def static_charm(**params: object) -> Merit:
    return charm("auto_pass_trial").model_copy(
        update={"effects": (Effect(trigger="static", op="auto_pass_trial", params=params),)}
    )


def test_auto_pass_trial_passes_the_trials_of_its_terrains_with_no_roll(card: AddCard) -> None:
    card("merits", static_charm(terrains=["Forest"]))  # Huntinglane lists Forest
    s = day_state(
        [carrier(), annoyicus()], {"0,0": "greenwood_glade", "1,0": "huntinglane"}, ["0,0"] * 2
    )
    dice(s, [1])
    rng = s.rng
    s, said = events(s, 0, A.Move(cell="1,0", via="Forest"))
    assert s.players[0].pos == "1,0" and s.contest is None
    assert any("passes the Might trial of Huntinglane without a roll" in t for t in said)
    assert s.rng == rng  # no die was rolled


def test_auto_pass_trial_keeps_to_its_terrains(card: AddCard) -> None:
    card("merits", static_charm(terrains=["Ocean"]))
    s = day_state(
        [carrier(), annoyicus()], {"0,0": "greenwood_glade", "1,0": "huntinglane"}, ["0,0"] * 2
    )
    dice(s, [1])
    s, said = events(s, 0, A.Move(cell="1,0", via="Forest"))
    assert any("Might 5 trial at Huntinglane: die 1" in t for t in said)
    assert s.players[0].pos == "0,0"


def test_an_exhausted_auto_pass_merit_gives_nothing(card: AddCard) -> None:
    card("merits", static_charm())
    s = day_state(
        [carrier(), annoyicus()], {"0,0": "greenwood_glade", "1,0": "huntinglane"}, ["0,0"] * 2
    )
    set_merit(s.players[0], 0, exhausted=True)  # §9: an exhausted merit gives no effect
    dice(s, [1])
    s = play(s, 0, A.Move(cell="1,0", via="Forest"))
    assert s.players[0].pos == "0,0"


# -- skip_league --------------------------------------------------------------------------

ROW = {"0,0": "irondew_road", "1,0": "kyrrian_tower", "2,0": "crossroads_inn"}


def test_skip_league_leaps_over_the_league_between(card: AddCard) -> None:
    card("merits", charm("skip_league", not_over=["Forest"]))
    s = day_state([carrier(), annoyicus()], ROW, ["0,0"] * 2)
    s.players[1].hand = ("oathfriend",)
    set_cell(s, "1,0", waylays=(WaylayInPlay(id="giant_slug", order=0, wins_left=1, target=1),))
    leap = next(
        a
        for a in ENGINE.legal_actions(s, 0)
        if isinstance(a, A.Move) and a.merit == 0 and a.cell == "2,0"
    )
    assert leap.mid == "1,0"
    s = play(s, 0, leap)
    p = s.players[0]
    # Never entered: the waylay lying there is not faced, and nothing counts it as visited.
    assert p.pos == "2,0" and p.came_from == "0,0"
    assert p.quests[0].branches[0].seen == ("2,0",)
    assert p.character.merits[0].exhausted


def test_skip_league_cannot_leap_over_its_not_over_terrain(card: AddCard) -> None:
    card("merits", charm("skip_league", not_over=["Town"]))  # Kyrrian Tower is a Town
    s = day_state([carrier(), annoyicus()], ROW, ["0,0"] * 2)
    assert not [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Move) and a.merit == 0]


def test_flight_is_a_skip_league_power() -> None:
    flight = content().icons["dragonkin_female"].special.effects[0]
    assert flight.op == "skip_league" and flight.params["not_over"] == ["Forest", "Mountains"]


# -- return_to_base -----------------------------------------------------------------------


def homesick() -> Flaw:
    return Flaw(
        id="test_homesick",
        name="Test Homesickness",
        source="stand-in",
        type="Curse",
        bonus=1,
        effects=(Effect(trigger="opponent_exhaust", op="return_to_base", when=LOSING),),
    )


def test_return_to_base_flaw_sends_the_loser_home(card: AddCard) -> None:
    card("merits", charm("add_score", amount=1))
    card("flaws", homesick())
    s = spiders([carrier(flaws=("test_homesick",)), annoyicus()])
    dice(s, [1, 6])  # 3 against 8: she loses
    s = play(s, 0, A.Stay())
    s = play(s, 0, A.Pass())
    assert A.UseFlaw(slot=0, seat=0) in ENGINE.legal_actions(s, 1)
    s = pass_window(play(s, 1, A.UseFlaw(slot=0, seat=0)))
    p = s.players[0]
    assert p.pos == "0,0" and p.came_from is None  # a transport clears came_from (§6)
    assert s.day is not None and s.day.stage == "pay"  # the lost Test's exhaustion follows
    s = play(s, 0, A.Exhaust(slot=0))
    assert s.day is not None and s.day.seat == 1


def test_return_to_base_on_a_failed_trial(card: AddCard) -> None:
    lane = content().leagues["huntinglane"]
    trial = Trial(
        attribute="Might",
        difficulty=5,
        key="via:Forest",
        on_fail=(Effect(trigger="on_event", op="return_to_base"),),
    )
    card("leagues", lane.model_copy(update={"enter_trials": (trial,)}))
    card("merits", charm("add_score", amount=1))
    s = day_state(
        [carrier(), annoyicus()],
        {"0,0": "kyrrian_tower", "1,0": "greenwood_glade", "2,0": "huntinglane"},
        ["0,0"] * 2,
    )
    s.players[0].pos, s.players[0].came_from = "1,0", "0,0"
    dice(s, [1])
    s = pass_window(play(s, 0, A.Move(cell="2,0", via="Forest")))
    assert s.players[0].pos == "0,0" and s.players[0].came_from is None


# -- move_character -----------------------------------------------------------------------


def shove() -> Flaw:
    return Flaw(
        id="test_shove",
        name="Test Shoving Rival",
        source="stand-in",
        type="Enemy",
        bonus=1,
        effects=(Effect(trigger="opponent_exhaust", op="move_character", when=LOSING),),
    )


def test_move_character_flaw_lets_the_opponent_push_the_loser(card: AddCard) -> None:
    card("merits", charm("add_score", amount=1))
    card("flaws", shove())
    s = spiders([carrier(flaws=("test_shove",)), annoyicus()])
    set_cell(s, "2,0", waylays=(WaylayInPlay(id="giant_slug", order=1, wins_left=1, target=0),))
    s.waylay_count = 2
    dice(s, [1, 6])
    s = play(play(s, 0, A.Stay()), 0, A.Pass())
    s = pass_window(play(s, 1, A.UseFlaw(slot=0, seat=0)))
    # The opponent chooses where she goes (§6 a push), then she pays for the lost Test.
    assert ENGINE.to_act(s) == frozenset({1})
    assert sorted(ENGINE.legal_actions(s, 1), key=str) == [
        A.Push(cell="0,0"),
        A.Push(cell="2,0"),
    ]
    s = play(s, 1, A.Push(cell="2,0"))
    p = s.players[0]
    assert p.pos == "2,0" and p.came_from == "1,0"
    s = play(s, 0, A.Exhaust(slot=0))
    # No encounter with the waylay she was pushed onto that Day (forced_move_encounters).
    assert s.contest is None and s.day is not None and s.day.seat == 1
    assert [w.id for w in s.cells["2,0"].waylays] == ["giant_slug"]


def test_move_character_in_solo_play_pushes_away_from_the_base_camp(card: AddCard) -> None:
    card("merits", charm("add_score", amount=1))
    card("flaws", shove())
    s = spiders([carrier(flaws=("test_shove",))])
    dice(s, [1, 6, 6])
    s = play(s, 0, A.Stay())
    # The solo engine exhausts the flaw the first time it can (after she passes).
    s = pass_window(s)
    assert s.players[0].character.flaws[0].exhausted
    assert s.players[0].pos == "2,0"


def test_no_forced_move_after_a_lost_character_encounter(card: AddCard) -> None:
    # §11: a challenger who loses suffers nothing (cvc_defender_win=no_effect), so a flaw
    # that would push it is not offered.
    card("merits", charm("add_score", amount=1))
    card("flaws", shove())
    s = day_state(
        [carrier(flaws=("test_shove",)), annoyicus()],
        {"0,0": "kyrrian_tower", "1,0": "irondew_road"},
        ["0,0", "0,0"],
    )
    s.players[0].pos = s.players[1].pos = "1,0"
    s.day.stage = "event"
    dice(s, [1, 6])
    s = play(s, 0, A.Challenge(target=1, test="Might"))
    while s.contest is not None:
        (seat,) = ENGINE.to_act(s)
        assert A.UseFlaw(slot=0, seat=0) not in ENGINE.legal_actions(s, seat)
        s = play(s, seat, A.Pass())
    assert s.players[0].pos == "1,0" and not s.players[0].character.flaws[0].exhausted
