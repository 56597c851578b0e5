"""Long moves (§6): Flight skips a league; a Warhorse chain stops where a waylay lands; a
long move declares its crossing terrains (§5 D3) like any move."""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.ai import ArcadiaAI
from engines.arcadia.chronicle import create_character
from engines.arcadia.hints import hint
from engines.arcadia.menus import ArcadiaMenus
from engines.arcadia.state import ArcadiaState

from .builder import ENGINE, annoyicus, day_state, play

ROW = {"0,0": "irondew_road", "1,0": "kyrrian_tower", "2,0": "crossroads_inn"}


def test_flight_skips_the_middle_league() -> None:
    flyer = create_character("Scale", "dragonkin_female", ("lightning_quick",))
    s = day_state([flyer, annoyicus()], ROW, ["0,0", "0,0"])
    moves = [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Move) and a.merit is not None]
    assert moves and all(a.merit == -1 for a in moves)
    s = play(s, 0, next(a for a in moves if a.cell == "2,0"))
    p = s.players[0]
    assert p.pos == "2,0" and p.came_from == "0,0"
    assert p.character.merits[0].exhausted
    assert p.quests[0].branches[0].seen == ("2,0",)  # the skipped league was not entered


def test_warhorse_chain_stops_where_a_waylay_is_played() -> None:
    rider = create_character("Rider", "human_male", ("warhorse",), court_choice="Seelie")
    s = day_state([rider, annoyicus()], ROW, ["0,0", "2,0"])
    s.players[1].hand = ("oathfriend",)
    move = next(
        a
        for a in ENGINE.legal_actions(s, 0)
        if isinstance(a, A.Move) and a.merit == 0 and a.cell == "2,0"
    )
    s = play(s, 0, move)
    assert s.players[0].pos == "1,0"
    assert ENGINE.to_act(s) == frozenset({1})
    s = play(s, 1, A.PlayWaylay(waylay="oathfriend"))
    assert s.players[0].pos == "1,0"  # the chain stops at the waylay
    assert s.contest is not None or s.day is None or s.day.seat == 1


def test_warhorse_chain_goes_on_when_no_waylay_is_played() -> None:
    rider = create_character("Rider", "human_male", ("warhorse",), court_choice="Seelie")
    s = day_state([rider, annoyicus()], ROW, ["0,0", "0,0"])
    s.players[1].hand = ("oathfriend",)
    move = next(
        a
        for a in ENGINE.legal_actions(s, 0)
        if isinstance(a, A.Move) and a.merit == 0 and a.cell == "2,0"
    )
    s = play(s, 0, move)
    s = play(s, 1, A.Decline())
    assert s.players[0].pos == "2,0"


CASTLE_ROW = {"0,0": "irondew_road", "1,0": "kyrrian_tower", "2,0": "highcrown_castle"}


def test_a_long_move_declares_each_crossing_terrain() -> None:
    # D3: the mover declares the terrain of each crossing. Irondew Road and Kyrrian Tower
    # share Road and Fields, Kyrrian Tower and Highcrown Castle Road, Fields and Castle;
    # the Warhorse goes by Road or Fields only: four ways to the castle.
    rider = create_character("Rider", "human_male", ("warhorse",), court_choice="Seelie")
    s = day_state([rider, annoyicus()], CASTLE_ROW, ["0,0", "0,0"])
    ways = {
        (a.mid_via, a.via)
        for a in ENGINE.legal_actions(s, 0)
        if isinstance(a, A.Move) and a.merit == 0 and a.cell == "2,0"
    }
    assert ways == {("Road", "Road"), ("Road", "Fields"), ("Fields", "Road"), ("Fields", "Fields")}


def test_the_long_move_menu_ends_with_the_terrains() -> None:
    rider = create_character("Rider", "human_male", ("warhorse",), court_choice="Seelie")
    s = day_state([rider, annoyicus()], CASTLE_ROW, ["0,0", "0,0"])
    move = A.Move(cell="2,0", via="Fields", merit=0, mid="1,0", mid_via="Road")
    path = ArcadiaMenus().path(move, s)
    assert path is not None and path.heading == "Long move"
    assert path.steps == (
        "Warhorse",
        "Long move over Kyrrian Tower (1,0) to Highcrown Castle (2,0)",
        "Via Road, then Fields",
    )


def test_the_ai_declares_the_crossing_without_a_trial() -> None:
    # Highcrown Castle: entering via Road needs a Savvy 5 trial; via Fields none.
    rider = create_character("Rider", "human_male", ("warhorse",), court_choice="Seelie")
    s = day_state([rider, annoyicus()], CASTLE_ROW, ["0,0", "0,0"])
    scores = {
        (a.mid_via, a.via): ArcadiaAI().score(s, 0, a)
        for a in ENGINE.legal_actions(s, 0)
        if isinstance(a, A.Move) and a.merit == 0 and a.cell == "2,0"
    }
    assert scores[("Road", "Fields")] > scores[("Road", "Road")]
    assert scores[("Fields", "Fields")] > scores[("Fields", "Road")]


def _step_to(s: ArcadiaState, cell: str) -> A.Action:
    """The plain one-league move to ``cell`` (no merit)."""
    return next(
        a
        for a in ENGINE.legal_actions(s, 0)
        if isinstance(a, A.Move) and a.cell == cell and a.merit is None
    )


def test_the_waylay_window_opens_whether_or_not_the_hand_holds_a_fitting_waylay() -> None:
    # D6: the opponent answers every entry into a league while holding waylays; a window
    # that opened only for a card that fits (Oathfriend on Kyrrian Tower's roads and towns)
    # and not for one that doesn't (Forest Spiders) would tell the quester what the hidden
    # hand holds. Only the answers differ.
    answers, hints = {}, {}
    for card in ("oathfriend", "forest_spiders"):
        s = day_state([annoyicus(), annoyicus()], ROW, ["0,0", "2,0"])
        s.players[1].hand = (card,)
        s = play(s, 0, _step_to(s, "1,0"))
        assert s.day is not None and s.day.stage == "window"
        assert ENGINE.to_act(s) == frozenset({1})
        answers[card] = ENGINE.legal_actions(s, 1)
        hints[card] = hint(A.Decline(), s)
    assert answers["oathfriend"] == [A.Decline(), A.PlayWaylay(waylay="oathfriend")]
    assert answers["forest_spiders"] == [A.Decline()]
    # The holder alone reads why passing is all there is this time.
    assert "None of your waylays can be played here" in (hints["forest_spiders"] or "")
    assert hints["oathfriend"] == "Let it pass."


def test_no_window_when_the_opponent_holds_no_waylay() -> None:
    s = day_state([annoyicus(), annoyicus()], ROW, ["0,0", "2,0"])
    s.players[1].hand = ()
    s = play(s, 0, _step_to(s, "1,0"))
    assert ENGINE.to_act(s) == frozenset({0})  # on with the quester's day
