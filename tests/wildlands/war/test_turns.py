"""Team turns, team claims, windows for the other team, private hands (§12)."""

from __future__ import annotations

from engines.core.conformance import json_strings, seats_for
from engines.wildlands.actions import Attack, Claim, EndTurn, Move, Pass
from engines.wildlands.war.options import WarOptions

from .builder import ENGINE, Position, four_leaders, play


def table() -> Position:
    return (
        four_leaders()
        .hand(0, "mages.01", "mages.02")
        .hand(1, "gnomads.01", "gnomads.02", "gnomads.03")
    )


def test_members_act_in_any_order_and_the_turn_ends_when_all_are_done() -> None:
    s = table().quiet(2, 3).state()
    assert ENGINE.to_act(s) == {0, 1}
    s = play(s, 0, EndTurn())
    assert ENGINE.to_act(s) == {1} and s.active_team == 0
    # A teammate's action after a "done" makes the done player decide again.
    s = play(s, 1, Move(card="gnomads.02", figure="gnomads.1", to=13))
    assert ENGINE.to_act(s) == {0, 1} and s.done == ()
    s = play(s, 1, EndTurn())
    assert s.active_team == 0
    turn = s.turn_number
    s = play(s, 0, EndTurn())
    assert s.active_team == 1 and s.turn_number == turn + 1
    assert ENGINE.to_act(s) == {2, 3}
    # Each member drew min(3, 7 - hand): 2 + 3 and 2 + 3 cards.
    assert len(s.seats[0].hand) == 5 and len(s.seats[1].hand) == 5


def test_a_members_action_opens_a_window_to_the_other_team_only() -> None:
    s = table().state()
    s = play(s, 0, Move(card="mages.01", figure="mages.1", to=11))
    assert s.pending is not None and s.pending.kind == "window"
    assert set(s.pending.seats) == {2, 3}
    s = play(play(s, 2, Pass()), 3, Pass())
    assert ENGINE.to_act(s) == {0, 1}


def test_no_single_target_attack_on_a_teammate() -> None:
    p = table().place("gnomads.1", 10).place("lawbringers.1", 10).hand(0, "mages.01")
    targets = {a.target for a in ENGINE.legal_actions(p.state(), 0) if isinstance(a, Attack)}
    assert "gnomads.1" not in targets and "lawbringers.1" in targets


def test_any_member_claims_the_team_colour_for_the_team() -> None:
    p = table().shard(0, 20).shard(1, 20).hand(1, "gnomads.01", "gnomads.02", "gnomads.03")
    s = p.quiet(2, 3).state()
    claims = [a for a in ENGINE.legal_actions(s, 1) if isinstance(a, Claim)]
    assert {a.shard for a in claims} == {"shard.t0.1"}
    s = play(s, 1, claims[0])
    assert s.seats[1].score == 1
    assert ENGINE.view(s, None).data["teams"][0]["score"] == 1


def test_hands_are_private_even_from_teammates() -> None:
    s = table().state()
    seen = set(json_strings(ENGINE.view(s, 1).data))
    assert "mages.01" not in seen and "gnomads.01" in seen


def test_first_turn_reveals_come_before_anyone_acts() -> None:
    s = ENGINE.setup(seats_for(4), WarOptions(pregame_reveal=False), 2)
    while s.phase == "placing":
        seat = min(ENGINE.to_act(s))
        s = ENGINE.apply(s, seat, ENGINE.default_action(s, seat)).state
    team = s.teams[s.active_team]
    assert set(s.to_reveal) == set(team)
    first = team[0]
    s = play(s, first, ENGINE.legal_actions(s, first)[0])
    assert s.pending is None  # no window until the last start-of-turn reveal
    assert ENGINE.to_act(s) == {team[1]}
    s = play(s, team[1], ENGINE.legal_actions(s, team[1])[0])
    assert s.pending is not None and s.pending.kind == "window"


def test_the_ancients_claim_any_colour_for_no_points_in_war() -> None:
    p = (
        Position(seats=5, team=1)
        .place("ancients.1", 20)
        .shard(0, 20)
        .hand(4, "ancients.01", "ancients.02", "ancients.03")
        .quiet(0, 1, 2)
    )
    s = p.state()
    claims = [a for a in ENGINE.legal_actions(s, 4) if isinstance(a, Claim)]
    assert {a.shard for a in claims} == {"shard.t0.6"}  # the other team's colour
    s = play(s, 4, claims[0])
    assert s.carried["shard.t0.6"] == "ancients.1"
    assert ENGINE.view(s, None).data["teams"][1]["score"] == 0


def test_claim_colour_own_keeps_a_member_to_their_own_colour() -> None:
    """claim_colour=own (the options help's promise): the team's shards take seat 0's colour
    (team_colours default), so seat 1 cannot claim them; seat 0 can."""
    p = Position(claim_colour="own").place("gnomads.1", 20).place("mages.1", 20).shard(0, 20)
    p = p.hand(1, "gnomads.01", "gnomads.02", "gnomads.03")
    p = p.hand(0, "mages.01", "mages.02", "mages.03")
    s = p.quiet(2, 3).state()
    assert not [a for a in ENGINE.legal_actions(s, 1) if isinstance(a, Claim)]
    assert [a for a in ENGINE.legal_actions(s, 0) if isinstance(a, Claim)]
