"""What a seat sees in War for the Crystals (wildlands.md §12): the Wrath view plus the
teams, their shard colours and scores, the team taking its turn and who has declared done.
Hands stay private to their owner, teammates included.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.words import count
from engines.wildlands.scoring import side_name, side_score
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
    title = view.title
    free = s.pending is None and s.interrupter is None and s.special is None
    free = free and s.carrying is None
    if s.phase == "turn" and s.stage == "play" and free and not s.discarding:
        # "Player 1 and Player 2 and Player 3 to play their turn" is too long for a title.
        title = f"War — turn {s.turn_number}: team {s.active_team + 1} to play"
    # The teams right under the headline, before the seats and figures they group.
    head, _, rest = view.text.partition("\n")
    text = "\n".join([head, *(_team_line(s, t) for t in data["teams"]), rest])
    return View(viewer=viewer, title=title, data=data, text=text)


def _team_line(s: WarState, team: dict[str, Any]) -> str:
    """ "Team 1 (Ann and Bo): 3 of 10 points, playing this turn." """
    name = side_name(s, team["team"] - 1)
    playing = ", playing this turn" if team["active"] else ""
    score = f"{team['score']} of {count(s.options.target_score, 'point')}"
    return f"{name[:1].upper()}{name[1:]}: {score}{playing}."
