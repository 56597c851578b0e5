"""What a seat sees in War for the Crystals (wildlands.md §12): the Wrath view plus the
teams, their shard colours and scores, the team taking its turn and who has declared done.
Hands stay private to their owner, teammates included.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.wildlands.scoring import side_score
from engines.wildlands.war.setup import team_colour
from engines.wildlands.war.state import WarState
from engines.wildlands.wrath.view import build_view as wrath_view


def team_data(s: WarState) -> list[dict[str, Any]]:
    return [
        {
            "team": i + 1,
            "seats": list(members),
            "score": side_score(s, i),
            "colour": team_colour(s, i),
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
    scores = " · ".join(f"team {t['team']} {t['score']}" for t in data["teams"])
    title = view.title
    free = s.pending is None and s.interrupter is None and s.special is None
    free = free and s.carrying is None
    if s.phase == "turn" and s.stage == "play" and free and not s.discarding:
        # "Player 1 and Player 2 and Player 3 to play their turn" is too long for a title.
        title = f"War — turn {s.turn_number}: team {s.active_team + 1} to play"
    text = f"{view.text}\nTeams: {scores} (of {s.options.target_score})."
    return View(viewer=viewer, title=title, data=data, text=text)
