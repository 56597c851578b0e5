"""The test cases of reference §14, one test (or a few) per case, named after it."""

from __future__ import annotations

import pytest

from engines.arcadia import actions as A
from engines.arcadia.building import budget, court_of
from engines.arcadia.chronicle import ChronicleCharacter, game_xp
from engines.arcadia.common import set_cell, set_character, set_merit, waylay_budget
from engines.arcadia.content import content
from engines.arcadia.engine import snapshot
from engines.arcadia.mapping import placement_ok, sides_match
from engines.arcadia.selection import solo_target
from engines.arcadia.state import MeritSlot, Placed, QuestState, StepProgress, WaylayInPlay

from .builder import (
    ENGINE,
    annoyicus,
    day_state,
    dice,
    events_passing,
    game,
    pass_window,
    play,
    winerdria,
)


def put_waylay(s, cell: str, wid: str, order: int = 0) -> None:
    w = content().waylays[wid]
    laid = WaylayInPlay(id=wid, order=order, wins_left=w.wins_required, target=0)
    set_cell(s, cell, waylays=(*s.cells[cell].waylays, laid))
    s.waylay_count = order + 1


# -- T1, T2: character building ----------------------------------------------------------


def test_t1_budget_with_a_flaw() -> None:
    seven = ["eloquent_speech", "lightning_quick", "fae_armor"]  # 3 + 2 + 2
    eight = ["eloquent_speech", "strong_arm", "fae_armor"]  # 3 + 3 + 2
    assert budget("sidhe_female", seven, ["indecisive"]).total == 7
    assert budget("sidhe_female", seven, ["indecisive"]).valid
    assert not budget("sidhe_female", eight, ["indecisive"]).valid
    assert budget("sidhe_female", [], []).total == 5


def test_t2_winerdrias_build() -> None:
    merits = ["fae_armor", "lightning_quick", "eloquent_speech"]
    b = budget("sidhe_female", merits, ["indecisive"])
    assert (b.total, b.spent, b.valid, b.lost) == (7, 7, True, 0)
    assert court_of("sidhe_female", merits, ["indecisive"]) == "Seelie"
    assert not budget("sidhe_female", merits, []).valid


def test_t2_variant_tie_asks_for_a_court_and_stores_it() -> None:
    s = game([winerdria(), annoyicus()])
    set_character(
        s.players[0],
        built=False,
        court=None,
        merits=(MeritSlot(id="eloquent_speech"), MeritSlot(id="lightning_quick")),
        flaws=(),
    )
    s.phase, s.cursor = "build", 0
    assert court_of("sidhe_female", ["eloquent_speech", "lightning_quick"], []) is None
    legal = ENGINE.legal_actions(s, 0)
    assert A.ChooseCourt(court="Unseelie") in legal
    assert A.FinishBuild() not in legal
    s = play(s, 0, A.ChooseCourt(court="Unseelie"))
    assert s.players[0].character.court == "Unseelie"
    assert s.players[0].character.built


# -- T3 Forest Spiders --------------------------------------------------------------------


def spiders_state():
    s = day_state(
        [winerdria(), annoyicus()], {"0,0": "kyrrian_tower", "1,0": "huntinglane"}, ["0,0", "0,0"]
    )
    s.players[0].pos = "1,0"
    s.players[0].came_from = "0,0"
    put_waylay(s, "1,0", "forest_spiders")
    return s


def test_t3_forest_spiders_win() -> None:
    s = spiders_state()
    dice(s, [5, 4])  # Winerdria 5, Spiders 4
    s = play(s, 0, A.Stay())
    assert s.contest is not None and s.contest.die == 5
    s = pass_window(s)
    assert s.cells["1,0"].waylays == ()
    assert not any(m.exhausted for m in s.players[0].character.merits)
    assert s.day is not None and s.day.seat == 1  # her Day ended
    # Next Day she may rest or pick up a treasure there.
    s.day.seat = 0
    s.day.stage = "event"
    s.day.encountered = False
    set_merit(s.players[0], 0, exhausted=True)
    assert any(isinstance(a, A.Rest) for a in ENGINE.legal_actions(s, 0))


def test_t3_forest_spiders_tie() -> None:
    s = spiders_state()
    dice(s, [4, 4])
    s = pass_window(play(s, 0, A.Stay()))
    assert [w.id for w in s.cells["1,0"].waylays] == ["forest_spiders"]
    assert not any(m.exhausted for m in s.players[0].character.merits)


# -- T4 Huntinglane -----------------------------------------------------------------------


@pytest.mark.parametrize(("die", "passes"), [(1, False), (3, True)])
def test_t4_huntinglane(die: int, passes: bool) -> None:
    s = day_state(
        [winerdria(), annoyicus()], {"0,0": "kyrrian_tower", "1,0": "huntinglane"}, ["0,0", "0,0"]
    )
    s.cells["0,0"] = Placed(league="greenwood_glade", owner=0, order=0)  # Forest side to the east
    dice(s, [die])
    s, said = events_passing(s, 0, A.Move(cell="1,0", via="Forest"))
    assert any(f"Might 5 trial at Huntinglane: die {die}, total {die + 2}." in t for t in said)
    assert s.players[0].pos == ("1,0" if passes else "0,0")


# -- T5 Manticora -------------------------------------------------------------------------


def manticora_state(merits: tuple[str, ...] = ("sidhe_sword", "lightning_quick")):
    s = day_state(
        [annoyicus(merits), winerdria()],
        {"0,0": "balanvale", "1,0": "kyrrian_tower"},
        ["0,0", "1,0"],
    )
    s.players[0].pos = "1,0"
    s.players[0].came_from = "0,0"
    s.players[1].pos = "0,0"
    put_waylay(s, "1,0", "manticora")
    return s


def test_t5_manticora_day_a_loss_then_only_retreat() -> None:
    s = manticora_state()
    dice(s, [3, 3])
    s = play(s, 0, A.Stay())
    assert s.contest is not None
    s = pass_window(s)
    assert s.day is not None and s.day.stage == "pay"
    s = play(s, 0, A.Exhaust(slot=1))
    assert s.players[0].character.merits[1].exhausted
    assert [w.id for w in s.cells["1,0"].waylays] == ["manticora"]
    # Next Day: the only move is the retreat to where he came from (or staying).
    s.day.seat = 0
    s.day.stage = "move"
    moves = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Move)]
    assert moves and {a.cell for a in moves} == {"0,0"}


def test_t5_manticora_day_b_win() -> None:
    s = manticora_state()
    dice(s, [6, 4])
    s = pass_window(play(s, 0, A.Stay()))
    assert s.cells["1,0"].waylays == ()
    assert "manticora@1,0" in s.players[0].defeated


def test_t5_variant_sword_exhausted_ties() -> None:
    s = manticora_state()
    set_merit(s.players[0], 0, exhausted=True)  # the Sidhe Sword
    dice(s, [6, 4])
    s = play(s, 0, A.Stay())
    from engines.arcadia.contest import scores

    assert s.contest is not None and scores(s, s.contest) == (8, 8)
    s = pass_window(s)
    assert [w.id for w in s.cells["1,0"].waylays] == ["manticora"]


# -- T6 Tim and Josh ----------------------------------------------------------------------


def test_t6_budgets_order_and_opening() -> None:
    tim, josh = winerdria(), annoyicus()
    s = game([tim, josh])
    s.players[0].quests = [QuestState(id="q7", branches=[StepProgress(), StepProgress()])]
    s.players[1].quests = [QuestState(id="q5", branches=[StepProgress()])]
    assert waylay_budget(s, s.players[0]) == 10 and waylay_budget(s, s.players[1]) == 10
    assert content().quests["q7"].treasure_rating == 5
    assert content().quests["q5"].treasure_rating == 3
    # Josh (seat 1) selects waylays against Tim within 10 points.
    s.phase, s.cursor = "waylays", 0
    assert ENGINE.to_act(s) == frozenset({1})
    legal = ENGINE.legal_actions(s, 1)
    assert all(
        content().waylays[a.waylay].rating <= 10 for a in legal if isinstance(a, A.SelectWaylay)
    )


def test_t6_lowest_roller_lays_first_and_players_alternate() -> None:
    s = game([winerdria(), annoyicus()])
    s.phase, s.cursor = "quest", 0
    for seat, q in ((0, "q7"), (1, "q5")):
        s = play(s, seat, A.PickQuest(quest=q))
    # Josh's opponent (Tim) picks a quest item for the oracle; waylays, treasures follow.
    while s.phase == "items":
        (seat,) = ENGINE.to_act(s)
        s = play(s, seat, ENGINE.legal_actions(s, seat)[0])
    while s.phase in ("waylays", "treasures"):
        (seat,) = ENGINE.to_act(s)
        s = play(s, seat, A.Done())
    picks = {
        0: ["balanvale", "irondew_road", "kyrrian_tower", "huntinglane", "crossroads_inn"],
        1: [
            "shepherd_s_downs",
            "old_forest_track",
            "hollow_oak_wood",
            "market_town_of_fennick",
            "lakeside_mill",
        ],
    }
    for seat in (0, 1):
        for lid in picks[seat]:
            s = play(s, seat, A.SelectLeague(league=lid))
    assert s.phase == "place"
    first = s.order[0]
    assert s.players[first].roll < s.players[1 - first].roll
    (placer,) = ENGINE.to_act(s)
    assert placer == first
    s = play(s, first, ENGINE.legal_actions(s, first)[0])
    assert ENGINE.to_act(s) == frozenset({1 - first})
    # The second league must match the first on the facing side.
    for a in ENGINE.legal_actions(s, 1 - first):
        assert placement_ok(s, a.league, a.cell, a.rot)


def test_t6_treasures_alternate_under_different_leagues_and_opponents_pick_sites() -> None:
    s = game([winerdria(), annoyicus()])
    s.players[0].quests = [QuestState(id="q7", branches=[StepProgress(), StepProgress()])]
    s.players[1].quests = [QuestState(id="q5", branches=[StepProgress()])]
    leagues = [
        "kyrrian_tower",
        "irondew_road",
        "crossroads_inn",
        "shepherd_s_downs",
        "market_town_of_fennick",
    ]
    for i, lid in enumerate(leagues):
        s.cells[f"{i},0"] = Placed(league=lid, owner=0, order=i)
    s.order = [1, 0]
    s.players[0].treasures = ("fae_blade", "pearl_of_wisdom")
    s.players[1].treasures = ("bag_of_gold", "pixie_dust")
    s.phase, s.cursor = "treasure_place", 0
    placed: list[tuple[int, str]] = []
    for _ in range(4):
        (seat,) = ENGINE.to_act(s)
        a = ENGINE.legal_actions(s, seat)[0]
        placed.append((seat, a.cell))
        s = play(s, seat, a)
    assert [x for x, _ in placed] == [1, 0, 1, 0]
    assert len({c for _, c in placed}) == 4
    # Base camps: Josh (the opponent) picks Tim's, then Tim picks Josh's.
    assert s.phase == "base"
    (seat,) = ENGINE.to_act(s)
    assert seat == opponent_of(s, s.order[0])
    s = play(s, seat, A.ChooseBase(cell="0,0"))
    (seat,) = ENGINE.to_act(s)
    assert A.ChooseBase(cell="0,0") not in ENGINE.legal_actions(s, seat)
    s = play(s, seat, A.ChooseBase(cell="1,0"))
    # Sibylline Swamp is not in play: Tim designates the oracle; Josh designates the lair,
    # never on the quester's own base camp.
    assert s.phase == "designate"
    (seat,) = ENGINE.to_act(s)
    tag = s.designations[0]
    quester = int(tag.split(":")[0])
    base = s.players[quester].base
    assert A.Designate(cell=base) not in ENGINE.legal_actions(s, seat)


def opponent_of(s, seat: int) -> int:
    return ENGINE.opponent_of(s, seat)


def test_t6_tim_leaves_his_treasure_and_josh_retests_without_a_window() -> None:
    from engines.arcadia.state import Treasure

    s = day_state(
        [winerdria(), annoyicus()],
        {"0,0": "kyrrian_tower", "1,0": "irondew_road", "2,0": "balanvale"},
        ["0,0", "2,0"],
        quests=["q7", "q5"],
    )
    s.players[0].quests[0] = QuestState(id="q7", branches=[StepProgress(), StepProgress()])
    set_cell(s, "1,0", treasures=(Treasure(owner=0, id="fae_blade"),))
    s.players[1].hand = ("manticora",)
    s = play(s, 0, A.Move(cell="1,0", via="Road"))
    assert ENGINE.to_act(s) == frozenset({1})  # Josh may waylay her
    s = play(s, 1, A.Decline())
    assert A.PickUp() in ENGINE.legal_actions(s, 0)
    s = play(s, 0, A.EndDay())
    assert s.cells["1,0"].treasures  # the treasure stays
    # Picked up now it would not count: the collect step of Quest VII is not active.
    from engines.arcadia import goals

    before = [b.counter for b in s.players[0].quests[0].branches]
    goals.on_pickup(s, s.players[0], "own_treasure")
    assert [b.counter for b in s.players[0].quests[0].branches] == before
    # Josh stays where he is: no waylay window opens.
    s.players[0].hand = ("forest_spiders",)
    s = play(s, 1, A.Stay())
    assert s.day is not None and s.day.stage != "window"


# -- T7 placement -------------------------------------------------------------------------


def test_t7_placement_sides() -> None:
    assert sides_match({"Forest", "Road"}, {"Road", "Hills"})
    assert sides_match({"Border"}, {"Ocean"})
    assert sides_match({"Ocean"}, {"Ocean"})
    assert not sides_match({"Forest"}, {"Hills"})
    assert not sides_match({"Border"}, {"Road"})
    assert not sides_match({"Ocean", "Ruins"}, {"Ruins"})
    assert not sides_match({"Border"}, {"Border"})


def test_t7_quarter_turn_and_lonely_cell_are_illegal() -> None:
    s = game([winerdria(), annoyicus()])
    s.cells["0,0"] = Placed(league="irondew_road", owner=0, order=0)
    assert placement_ok(s, "kyrrian_tower", "1,0", 0)
    assert not placement_ok(s, "kyrrian_tower", "1,0", 90)
    assert not placement_ok(s, "kyrrian_tower", "3,0", 0)


# -- T8 treasure spread -------------------------------------------------------------------


def test_t8_treasure_spread() -> None:
    from engines.arcadia.state import Treasure

    s = game([winerdria(), annoyicus()])
    for i in range(10):
        s.cells[f"{i},0"] = Placed(league="irondew_road", owner=0, order=i)
    s.order = [0, 1]
    s.phase, s.cursor = "treasure_place", 0
    for i in range(9):
        set_cell(s, f"{i},0", treasures=(Treasure(owner=1, id="bag_of_gold"),))
    s.players[0].treasures = ("pixie_dust", "hawk_knife")
    assert {a.cell for a in ENGINE.legal_actions(s, 0)} == {"9,0"}
    set_cell(s, "9,0", treasures=(Treasure(owner=1, id="bag_of_gold"),))
    assert {a.cell for a in ENGINE.legal_actions(s, 0)} == {f"{i},0" for i in range(10)}


# -- T9 wipe-out --------------------------------------------------------------------------


def test_t9_wipe_out() -> None:
    s = manticora_state(("sidhe_sword",))
    set_merit(s.players[0], 0, exhausted=True)
    dice(s, [1, 6])
    s = pass_window(play(s, 0, A.Stay()))
    assert s.day is not None and s.day.stage == "pay"
    assert ENGINE.legal_actions(s, 0) == [A.Discard(slot=0)]
    s = play(s, 0, A.Discard(slot=0))
    p = s.players[0]
    assert p.pos == p.base == "0,0" and p.skip_next_day


# -- T10 solo waylay total ----------------------------------------------------------------


def test_t10_solo_waylay_total() -> None:
    assert solo_target([3, 3, 3, 2], 10) == 11
    assert solo_target([3, 3, 2, 2, 1], 10) == 10


# -- T11 fame -----------------------------------------------------------------------------


def test_t11_chronicle_fame() -> None:
    ch = winerdria().model_copy(update={"xp_earned_total": 5, "xp_unspent": 0})
    s = game([ch, annoyicus()])
    p = s.players[0]
    assert p.character.fame == 2 == snapshot(ch).fame
    p.quests = [QuestState(id="q7", branches=[StepProgress(), StepProgress()])]
    assert waylay_budget(s, p) == 12


# -- T12 epic XP --------------------------------------------------------------------------


def test_t12_epic_xp() -> None:
    assert game_xp([1, 1, 1], won=False, epic=True) == 4
    assert game_xp([1], won=False, epic=False) == 0


def test_t12_later_quest_cannot_complete_first() -> None:
    from engines.arcadia import goals
    from engines.core.context import Ctx

    s = day_state(
        [winerdria(), annoyicus()],
        {"0,0": "kyrrian_tower", "1,0": "irondew_road"},
        ["0,0", "1,0"],
        quests_each=2,
    )
    p = s.players[0]
    p.quests = [
        QuestState(id="q1", branches=[StepProgress()]),
        QuestState(id="q2", branches=[StepProgress()]),
    ]
    p.quests[1] = QuestState(id="q2", branches=[StepProgress(done=True)])
    goals.check(s, Ctx())
    assert p.quests[1].goal_met and not p.quests[1].complete
    p.quests[0] = QuestState(id="q1", branches=[StepProgress(done=True)])
    goals.check(s, Ctx())
    assert p.quests[0].complete and p.quests[1].complete and s.winner == 0


# -- T13 smaller examples -----------------------------------------------------------------


def test_t13_hurricane_cannot_become_savvy() -> None:
    ch = annoyicus(("mirror_mirror", "sidhe_sword"))
    s = day_state(
        [ch, winerdria()], {"0,0": "kyrrian_tower", "1,0": "irondew_road"}, ["0,0", "0,0"]
    )
    s.players[0].pos = "1,0"
    put_waylay(s, "1,0", "hurricane")
    from engines.arcadia.day import _test_choices

    tests = {a.test for a in _test_choices(s, s.players[0], "1,0#0")}
    assert tests == {"Might"}
    put_waylay(s, "1,0", "rockslide", order=1)
    assert "Savvy" in {a.test for a in _test_choices(s, s.players[0], "1,0#1")}


def test_t13_swamp_means_marsh_for_waylay_terrain() -> None:
    from engines.arcadia.day import _terrain_ok

    assert _terrain_ok("bog_lights", ("Marsh", "Fields"))  # Marsh and Lake
    assert not _terrain_ok("thorn_thicket", ("Marsh", "Hills"))  # Forest and Fields only


def test_t13_unique_league_goes_to_fewer_character_points() -> None:
    s = game([winerdria(), annoyicus(("sidhe_sword",))])
    s.players[0].quests = [QuestState(id="q1", branches=[StepProgress()])]
    s.players[1].quests = [QuestState(id="q1", branches=[StepProgress()])]
    s.phase, s.cursor = "leagues", 0
    common = ["highcrown_castle", "irondew_road", "kyrrian_tower", "balanvale", "crossroads_inn"]
    for lid in common:
        s = play(s, 0, A.SelectLeague(league=lid))
    for lid in [
        "highcrown_castle",
        "shepherd_s_downs",
        "old_forest_track",
        "hollow_oak_wood",
        "lakeside_mill",
    ]:
        s = play(s, 1, A.SelectLeague(league=lid))
    assert "highcrown_castle" in s.players[1].to_place  # 2 points against Winerdria's 7
    assert "highcrown_castle" not in s.players[0].to_place
    assert len(s.players[0].to_place) + len(s.players[1].to_place) == 9


def test_t13_treasure_rating_three() -> None:
    s = game([winerdria(), annoyicus()])
    s.players[0].quests = [QuestState(id="q5", branches=[StepProgress()])]
    s.phase, s.cursor = "treasures", 0

    def can_take(taken: list[str], merit: str) -> bool:
        s.players[0].treasures = tuple(taken)
        return A.SelectTreasure(merit=merit) in ENGINE.legal_actions(s, 0)

    assert can_take([], "lance_of_ardlanth")  # {3}
    assert can_take(["bag_of_gold", "pixie_dust"], "hawk_knife")  # {1, 1, 1}
    assert can_take(["fae_armor"], "bag_of_gold")  # {2, 1}
    assert not can_take(["fae_armor"], "sidhe_sword")  # {2, 2}


def test_t13_leave_and_enter_trials_on_the_same_day() -> None:
    s = day_state(
        [winerdria(), annoyicus()],
        {"0,0": "river_meadow", "1,0": "rust_river_fields"},
        ["0,0", "0,0"],
    )
    # River Meadow: leave via River, Might 4; Rust River Fields: enter via River, Might 4.
    dice(s, [6, 1])
    s, said = events_passing(s, 0, A.Move(cell="1,0", via="River"))
    assert sum("Might 4 trial at" in t for t in said) == 2
    assert s.players[0].pos == "0,0"
    dice(s, [6, 6])
    s.day.seat, s.day.stage = 0, "move"
    s = pass_window(play(s, 0, A.Move(cell="1,0", via="River")))
    assert s.players[0].pos == "1,0"


def test_t13_epic_two_players_two_quests_lay_twenty_leagues() -> None:
    s = game([winerdria(), annoyicus()], quests_each=2)
    s.phase, s.cursor = "quest", 0
    for seat in (0, 1):
        s = play(s, seat, A.PickQuest(quest="q1"))
        s = play(s, seat, A.PickQuest(quest="q101"))
    while s.phase in ("waylays", "treasures"):
        (seat,) = ENGINE.to_act(s)
        s = play(s, seat, A.Done())
    assert s.phase == "leagues"
    ids = sorted(k for k, lg in content().leagues.items() if not lg.unique)
    for seat in (0, 1):
        for lid in ids[:10]:
            s = play(s, seat, A.SelectLeague(league=lid))
    assert sum(len(p.to_place) for p in s.players) == 20


def test_ruling_character_points_are_merit_costs() -> None:
    ch: ChronicleCharacter = winerdria()
    from engines.arcadia.building import character_points

    assert character_points(ch.merits) == 7


def test_ruling_collect_counts_any_time_counts_earlier_pickups() -> None:
    from engines.arcadia import goals
    from engines.core.context import Ctx

    for mode, expected in (("active_step", 0), ("any_time", 1)):
        s = day_state(
            [winerdria(), annoyicus()],
            {"0,0": "kyrrian_tower", "1,0": "irondew_road"},
            ["0,0", "1,0"],
            quests=["q103", "q1"],
            collect_counts=mode,
        )
        p = s.players[0]
        set_character(
            p, merits=(*p.character.merits, MeritSlot(id="bag_of_gold", origin="treasure"))
        )
        goals.check(s, Ctx())
        assert p.quests[0].branches[0].counter == expected
