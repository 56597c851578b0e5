"""Chronicle characters (reference §13.1): creation, snapshots, XP and fame, spending."""

from __future__ import annotations

import pytest

from engines.arcadia import actions as A
from engines.arcadia.chronicle import (
    ChronicleCharacter,
    ChronicleError,
    GameResult,
    QuestRecord,
    award,
    buy_off_flaw,
    create_character,
    fame,
    makes_a_tie,
    retire,
    spend_on_merit,
    spend_options,
)
from engines.arcadia.common import set_merit
from engines.arcadia.engine import snapshot
from engines.arcadia.keeper import ChronicleKeeper
from engines.core.errors import GameError

from .builder import ENGINE, annoyicus, game, winerdria


def test_create_refuses_an_over_budget_build_with_a_sentence() -> None:
    with pytest.raises(ChronicleError, match="budget is 5"):
        create_character(
            "Winerdria", "sidhe_female", ("fae_armor", "lightning_quick", "eloquent_speech")
        )


def test_create_asks_for_a_court_on_a_tie_and_keeps_the_choice() -> None:
    with pytest.raises(ChronicleError, match="choose the character's court"):
        create_character("Tie", "sidhe_female", ("eloquent_speech", "lightning_quick"))
    ch = create_character(
        "Tie", "sidhe_female", ("eloquent_speech", "lightning_quick"), court_choice="Unseelie"
    )
    assert ch.court == "Unseelie" and ch.court_choice == "Unseelie"


def test_dragonkin_is_always_seelie() -> None:
    ch = create_character("Scale", "dragonkin_male", ("lightning_quick",))
    assert ch.court == "Seelie"


def test_a_game_snapshots_the_character_and_never_touches_the_record() -> None:
    ch = winerdria().model_copy(update={"xp_earned_total": 4, "xp_unspent": 1})
    s = game([ch, annoyicus()])
    p = s.players[0].character
    assert p.chronicle and p.built and p.name == "Winerdria"
    assert [m.id for m in p.merits] == list(ch.merits)
    assert not any(m.exhausted for m in p.merits)
    assert p.fame == 2
    set_merit(s.players[0], 0, exhausted=True)
    assert ch.merits[0] == "fae_armor"  # the stored record is a separate thing
    assert snapshot(ch).merits[0].exhausted is False


def test_winner_earns_quest_xp_and_the_loser_none() -> None:
    s = game([winerdria(), annoyicus()])
    s.over, s.winner = True, 0
    from engines.arcadia.state import QuestState, StepProgress

    s.players[0].quests = [
        QuestState(id="q1", branches=[StepProgress(done=True)], goal_met=True, complete=True)
    ]
    s.players[1].quests = [QuestState(id="q1", branches=[StepProgress()])]
    results = ENGINE.chronicle_results(s)
    assert results[0].xp == 1 and results[0].won
    assert results[1].xp == 0
    after = award(winerdria(), results[0])
    assert (after.xp_unspent, after.xp_earned_total, after.xp_solo) == (1, 1, 0)
    assert after.quest_history[-1].quest == "q1" and after.quest_history[-1].completed


def test_solo_xp_also_counts_as_solo() -> None:
    result = GameResult(
        won=True,
        solo=True,
        epic=False,
        xp=1,
        quests=(
            QuestRecord(
                quest="q1", name="Prove Yourself", completed=True, won=True, solo=True, xp=1
            ),
        ),
    )
    after = award(winerdria(), result)
    assert (after.xp_unspent, after.xp_earned_total, after.xp_solo) == (1, 1, 1)


def test_spend_on_a_merit_and_buy_off_a_flaw() -> None:
    ch = winerdria().model_copy(update={"xp_unspent": 4, "xp_earned_total": 4})
    assert ("merit", "sidhe_sword", 2) in spend_options(ch)
    ch2 = spend_on_merit(ch, "sidhe_sword")
    assert "sidhe_sword" in ch2.merits and ch2.xp_unspent == 2
    # Court recomputed between games: buying off Indecisive leaves one Seelie and one
    # Unseelie Ability, a new tie, so the player chooses the court with it (§2.6, issue 30).
    assert makes_a_tie(ch2, "flaw", "indecisive")
    with pytest.raises(ChronicleError, match="tied: choose the character's court"):
        buy_off_flaw(ch2, "indecisive")
    ch3 = buy_off_flaw(ch2, "indecisive", court_choice="Unseelie")
    assert ch3.flaws == () and ch3.xp_unspent == 0
    assert fame(ch3) == 2  # spending does not lower fame
    assert ch3.court == "Unseelie" and ch3.court_choice == "Unseelie"
    # The stored choice stands while the count stays tied; a majority clears it.
    assert not makes_a_tie(ch3, "merit", "sidhe_sword")


def test_the_keeper_offers_the_court_with_a_purchase_that_ties_it() -> None:
    """/character spend lists a tying purchase once per court, and each choice sticks."""
    keeper = ChronicleKeeper()
    ch = spend_on_merit(
        winerdria().model_copy(update={"xp_unspent": 4, "xp_earned_total": 4}), "sidhe_sword"
    )
    item = ch.model_dump()
    offered = dict(keeper.spend_options(item))
    assert "flaw:indecisive" not in offered
    assert offered["flaw:indecisive:Seelie"] == "Buy off flaw: Indecisive (2 XP), then Seelie"
    assert keeper.spend(item, "flaw:indecisive:Unseelie")["court"] == "Unseelie"
    with pytest.raises(GameError, match="choose the character's court"):
        keeper.spend(item, "flaw:indecisive")


def test_spending_refusals_are_sentences() -> None:
    ch = winerdria().model_copy(update={"xp_unspent": 1})
    with pytest.raises(ChronicleError, match="costs 2 XP but Winerdria has 1 unspent"):
        spend_on_merit(ch, "sidhe_sword")
    with pytest.raises(ChronicleError, match="already has Fae Armor"):
        spend_on_merit(ch.model_copy(update={"xp_unspent": 9}), "fae_armor")
    with pytest.raises(ChronicleError, match="Buying off Indecisive costs 2 XP"):
        buy_off_flaw(ch, "indecisive")
    with pytest.raises(ChronicleError, match="no flaw called"):
        buy_off_flaw(ch, "pansy")
    with pytest.raises(ChronicleError, match="retired"):
        spend_on_merit(retire(ch), "pixie_dust")


def test_a_bought_merit_comes_to_the_next_game() -> None:
    ch = spend_on_merit(winerdria().model_copy(update={"xp_unspent": 2}), "sidhe_sword")
    s = game([ch, annoyicus()])
    assert "sidhe_sword" in [m.id for m in s.players[0].character.merits]
    assert ENGINE.to_act(s) == frozenset({0})  # built characters skip building
    assert all(isinstance(a, A.PickQuest) for a in ENGINE.legal_actions(s, 0))


def test_record_round_trips_through_json() -> None:
    ch = winerdria()
    assert ChronicleCharacter.model_validate_json(ch.model_dump_json()) == ch
