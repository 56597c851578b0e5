"""What a seat sees in War for the Crystals (wildlands.md §12): the Wrath view plus the
teams, their shard colours and scores, the team taking its turn and who has declared done.
Hands stay private to their owner, teammates included.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.wildlands.scoring import side_score
from engines.wildlands.war.state import WarState
from engines.wildlands.wrath.view import build_view as wrath_view


def team_data(s: WarState) -> list[dict[str, Any]]:
    colours = {sh.side: sh.colour for sh in s.shards if not sh.id.startswith("spare.")}
    return [
        {
            "team": i + 1,
            "seats": list(members),
            "score": side_score(s, i),
            "colour": colours.get(i),
            "active": i == s.active_team and s.phase == "turn" and s.stage == "play",
        }
        for i, members in enumerate(s.teams)
    ]


def build_view(s: WarState, viewer: int | None) -> View:
    view = wrath_view(s, viewer, "war")
    data = {
        **view.data,
        "teams": team_data(s),
        "active_team": s.active_team,
        "done": list(s.done),
        "to_reveal": list(s.to_reveal),
        "stage": s.stage,
    }
    title = view.title.replace("Wrath of the Ancients", "War for the Crystals", 1)
    scores = " · ".join(f"team {t['team']} {t['score']}" for t in data["teams"])
    if s.phase != "over":
        title += f" ({scores} of {s.options.target_score})"
    text = f"{view.text}\nTeams: {scores}."
    return View(viewer=viewer, title=title, data=data, text=text)
