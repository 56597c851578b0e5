"""Achievements and final scoring (seed §Card Types—Achievement, §Unspeakable Event;
reference §10, §11, §14.6)."""

from __future__ import annotations

from engines.att.achievements import check, type_counts
from engines.att.actions import BuySwag, EndEncounter
from engines.att.scoring import finish, score
from engines.core.context import Ctx

from .builders import (
    BAD_EGG,
    ENGINE,
    act,
    at_encounter,
    at_trading_post,
    find_spend,
    new_game,
    put_swag_in_slot,
    swag_where,
)

VILLAINS = ["enc-g04", "enc-g09", "enc-o05"]  # three single-typed Villains


def test_score_counts_encounters_swag_achievements_and_the_map() -> None:
    s = new_game(2)
    p = s.players[1]
    p.score_pile = ["enc-g08", "enc-r07"]  # 4 + 8
    p.swag = [swag_where(secrets=3)[0], swag_where(counts_as="pitfall")[0]]  # 3 + 1
    s.achievements["ach-villain"] = 1  # 2
    s.map_holder = 1  # 1
    p.terrible_things = [0, 2, 3]
    assert score(s, 1) == 4 + 8 + 3 + 1 + 2 + 1 - 5


def test_type_counts_include_swag_and_both_types_of_dual_cards() -> None:
    s = new_game(2, dual_type_counts_both=True)
    p = s.players[0]
    p.score_pile = ["enc-g10"]  # Pitfall + Horror
    p.swag = swag_where(counts_as="horror")
    assert type_counts(s, 0) == {"pitfall": 1, "villain": 0, "artefact": 0, "horror": 2}
    s = new_game(2, dual_type_counts_both=False)
    s.players[0].score_pile = ["enc-g10"]
    assert type_counts(s, 0) == {"pitfall": 1, "villain": 0, "artefact": 0, "horror": 0}


def test_claim_at_three_and_steal_with_strictly_more() -> None:
    s = new_game(2)
    s.players[0].score_pile = VILLAINS[:2]
    check(s, Ctx(), 0)
    assert s.achievements["ach-villain"] is None
    s.players[0].score_pile = VILLAINS
    check(s, Ctx(), 0)
    assert s.achievements["ach-villain"] == 0
    s.players[1].score_pile = ["enc-o07", "enc-r02", "enc-r11"]
    check(s, Ctx(), 1)
    assert s.achievements["ach-villain"] == 0, "a tie does not steal"
    s.players[1].score_pile += ("enc-g11",)
    ctx = Ctx()
    check(s, ctx, 1)
    assert s.achievements["ach-villain"] == 1
    assert any("steals" in e.text for e in ctx.events)


def test_overcoming_claims_at_once() -> None:
    s = at_encounter(BAD_EGG, values=[3, 4, 5])
    s.players[0].score_pile = VILLAINS[:2]
    s = act(s, find_spend(s, [3, 4, 5], "encounter"))
    assert s.achievements["ach-villain"] == 0


def test_buying_a_trophy_can_claim() -> None:
    s = at_trading_post(treasure=10)
    trophy = swag_where(counts_as="villain")[0]
    put_swag_in_slot(s, 1, trophy)
    s.players[0].score_pile = [BAD_EGG, "enc-g04"]
    s = act(s, BuySwag(card=trophy, slot=1))
    assert s.achievements["ach-villain"] == 0


def test_end_of_turn_achievement_check() -> None:
    s = at_encounter(BAD_EGG, values=[3, 4, 5], achievement_check="end_of_turn")
    s.players[0].score_pile = VILLAINS[:2]
    s = act(s, find_spend(s, [3, 4, 5], "encounter"))
    assert s.achievements["ach-villain"] is None or s.active != 0
    while s.active == 0:
        s = act(s, ENGINE.default_action(s, 0))
    assert s.achievements["ach-villain"] == 0


def test_full_tie_is_shared_and_courage_breaks_ties() -> None:
    s = new_game(3)
    s.map_holder = 2
    for p in s.players:
        p.score_pile, p.terrible_things = [BAD_EGG], [1]
        p.tokens["courage"] = 2
    s.players[2].score_pile = []
    finish(s, Ctx(), "Test.")
    assert ENGINE.outcome(s).winners == {0, 1}
    s = new_game(3)
    s.map_holder = 2
    for p in s.players:
        p.score_pile, p.terrible_things = [BAD_EGG], [1]
    s.players[2].score_pile = []
    s.players[1].tokens["courage"] = 5
    finish(s, Ctx(), "Test.")
    assert ENGINE.outcome(s).winners == {1}


def test_outcome_is_recorded_in_the_state_and_the_view() -> None:
    s = at_encounter(BAD_EGG, values=[1, 1, 1, 1, 1])
    s.track = [3]
    s = act(s, EndEncounter())
    out = ENGINE.outcome(s)
    assert out is not None and out.scores[0] == score(s, 0)
    data = ENGINE.view(s, None).data
    assert data["outcome"]["winners"] == sorted(out.winners)
    assert data["outcome"]["scores"] == {str(k): v for k, v in out.scores.items()}
