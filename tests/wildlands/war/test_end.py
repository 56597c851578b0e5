"""War game end (§12): first team to 10, a wiped faction ends the game (more points wins;
a tie loses for the team that lost the faction; double_elimination=first_eliminated_loses),
and a 5-player Ancient's starting shards go back to the box."""

from __future__ import annotations

from engines.wildlands.actions import Area, Attack, Claim

from .builder import ENGINE, Position, play


def lone(p: Position, *keep: str) -> Position:
    """Knock out every character except ``keep``."""
    for fid in p.s.figures:
        if fid not in keep:
            p.knock_out(fid)
    return p


def test_first_team_to_ten_wins() -> None:
    p = (
        Position()
        .place("gnomads.1", 20)
        .shard(0, 20)
        .hand(1, "gnomads.01", "gnomads.02", "gnomads.03")
        .quiet(2, 3)
    )
    s = p.state()
    s.update_seat(0, score=6)
    s.update_seat(1, score=3)
    claim = next(a for a in ENGINE.legal_actions(s, 1) if isinstance(a, Claim))
    s = play(s, 1, claim)
    assert s.phase == "over" and s.winners == [0, 1]
    assert ENGINE.outcome(s).scores[0] == 10.0
    # Issue 29: the end names the teams with their members and the final scores.
    assert s.summary == (
        "Team 1 reaches 10 points and wins. Final scores: team 1 (Player 1 and Player 2): "
        "10, team 2 (Player 3 and Player 4): 0."
    )
    assert ENGINE.outcome(s).sides[2] == "team 2, Lawbringers"
    assert ENGINE.view(s, None).title == "War — game over: Team 1 wins"


def test_wiped_faction_more_points_wins() -> None:
    p = Position().place("mages.1", 10).place("lawbringers.1", 10, damage=3).hand(0, "mages.01")
    p.s.update_seat(2, score=5)  # team 2 leads 5 to 0 (+1 for the knock-out)
    for k in range(2, 6):
        p.knock_out(f"lawbringers.{k}")
    s = play(
        p.quiet(2, 3).state(),
        0,
        Attack(card="mages.01", figure="mages.1", style="ranged", target="lawbringers.1"),
    )
    assert s.phase == "over" and s.winners == [2, 3]


def test_wiped_faction_on_a_tie_its_team_loses() -> None:
    p = Position().place("mages.1", 10).place("lawbringers.1", 10, damage=3).hand(0, "mages.01")
    p.s.update_seat(2, score=1)  # 1 all after the knock-out
    for k in range(2, 6):
        p.knock_out(f"lawbringers.{k}")
    s = play(
        p.quiet(2, 3).state(),
        0,
        Attack(card="mages.01", figure="mages.1", style="ranged", target="lawbringers.1"),
    )
    assert s.phase == "over" and s.winners == [0, 1]
    assert "Team 1 and team 2 tie on 1 point; team 2 lost a faction, so team 1 wins the tie." in (
        s.summary
    )


def test_double_elimination_the_first_wiped_faction_loses_the_tie() -> None:
    # One area attack would wipe both gnomads (team 1) and lawbringers (team 2): the hits
    # go in id order, the gnomads fall first, and the game ends there at 0 all.
    p = (
        Position()
        .place("mages.2", 10)
        .place("gnomads.1", 11)
        .place("lawbringers.1", 11)
        .hand(0, "mages.07")
        .quiet(1, 2, 3)
    )
    for k in range(2, 6):
        p.knock_out(f"gnomads.{k}").knock_out(f"lawbringers.{k}")
    p.s.update_figure("gnomads.1", damage=p.s.figures["gnomads.1"].health - 1)
    p.s.update_figure("lawbringers.1", damage=p.s.figures["lawbringers.1"].health - 1)
    s = play(p.state(), 0, Area(card="mages.07", figure="mages.2", space=11))
    assert s.phase == "over" and s.winners == [2, 3]
    assert not s.figures["lawbringers.1"].ko


def test_five_player_ancient_returns_its_starting_shard_to_the_box() -> None:
    p = (
        Position(seats=5)
        .place("mages.1", 10)
        .place("ancients.1", 10, damage=3)
        .hand(0, "mages.01")
        .quiet(3, 4)
    )
    s = play(
        p.state(), 0, Attack(card="mages.01", figure="mages.1", style="ranged", target="ancients.1")
    )
    assert "spare.ancients.1" not in s.carried
    shard = next(sh for sh in s.shards if sh.id == "spare.ancients.1")
    assert shard.space is None and shard.claimed_by is None
    assert s.seats[0].score == 2  # Infamous Adversaries, for the team
