"""What War for the Crystals says about its teams (issue 29): each team named with its
members in the text, the shards by team (never by one member's name), and the Desperate
Measures step of a team's end (issue 35)."""

from __future__ import annotations

from engines import registry
from engines.wildlands.actions import EndTurn

from .builder import ENGINE, Position, play


def test_the_text_names_each_team_with_its_members() -> None:
    # Teams not seated alternately: a shard's side is a team, not the seat of that number.
    p = Position(team_of=[1, 2, 1, 2]).place("mages.1", 4).shard(1, 20).shard(1, 30)
    text = ENGINE.view(p.state(), None).text
    assert "Team 1 (Player 1 and Player 3): 0 of 10 points, playing this turn." in text
    assert "Team 2 (Player 2 and Player 4): 0 of 10 points." in text
    assert "Shards on the board: team 2's in spaces 20 and 30." in text
    assert "Teams: team 1 0" not in text


def test_a_member_ends_with_done_and_the_team_then_may_discard() -> None:
    p = Position(ancients=True).place("mages.1", 4).place("gnomads.1", 9)
    p = p.hand(0, "mages.01").hand(1, "gnomads.01").quiet(2, 3)
    s = p.state()
    menus = registry.entry("war").menus
    assert menus is not None
    assert ENGINE.describe(EndTurn(), s) == "Done for this turn"
    hint = menus.hint(EndTurn(), s)
    assert hint is not None and "every member is done" in hint
    s = play(play(s, 0, EndTurn()), 1, EndTurn())
    assert s.discarding == (0, 1)
    assert ENGINE.describe(EndTurn(), s) == "Draw without discarding"
    assert "to discard or draw" in ENGINE.view(s, None).data["waiting_for"]
