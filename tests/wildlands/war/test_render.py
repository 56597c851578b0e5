"""Pictures for War and Wrath: six factions, teams, Ancients and carried shards drawn from
public view data only."""

from __future__ import annotations

import io

from PIL import Image

from engines.wildlands.wrath.render import mode_legend, mode_tokens, render

from .builder import ENGINE, Position


def test_six_factions_teams_and_carried_shards_are_drawn() -> None:
    p = Position(seats=6).place("ancients.5", 10).place("wayfarers.1", 11).place("mages.1", 12)
    s = p.state()
    s.carried["shard.t0.1"] = "ancients.5"
    from engines.wildlands.state import Shard

    s.shards.append(Shard(id="shard.t0.1", side=0, colour=0, origin=3, space=None, claimed_by=5))
    view = ENGINE.view(s, None)
    entries = mode_legend(dict(view.data))
    rows = [e.text for e in entries]
    assert rows[0].startswith("Team 1") and rows[1].startswith("Team 2")
    assert entries[0].score == "0 of 10 points"
    assert any(r.startswith("3. Player 3") and "Wayfarers" in r for r in rows)
    carried = next(e for e in entries if e.text == "Shards carried")
    assert [(c.token.label, c.name) for c in carried.chips] == [("Ty", "Tyrant 1")]
    tyrant = next(t for t in mode_tokens(dict(view.data)) if t.label == "Ty+1")
    assert tyrant.shape == "ancient" and tyrant.ring is not None
    img = Image.open(io.BytesIO(render(view)))
    assert img.width >= 1000
