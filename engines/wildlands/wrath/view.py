"""What a seat sees in a game with the Ancients (wildlands.md §11): the base view plus the shards
each Ancient carries, the Ancients' seat, a claimed shard waiting for its carrier, the special
action in progress and who is discarding. Carried shards are public: they sit on the Ancient's
character card.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.words import joined
from engines.wildlands.view import build_view as base_view
from engines.wildlands.wrath.state import WrathState


def wrath_data(s: WrathState) -> dict[str, Any]:
    carried: dict[str, list[int]] = {}
    colours = {sh.id: sh.colour for sh in s.shards}
    for shard_id, fid in sorted(s.carried.items()):
        carried.setdefault(fid, []).append(colours[shard_id])
    sp = s.special
    return {
        "ancients_seat": s.ancients,
        # Each seat's side: its own seat under Wrath, its team's index in War.
        "sides": [p.side for p in s.seats],
        "carried": carried,
        "carriers": dict(sorted(s.carried.items())),
        "special": None if sp is None else {"kind": sp.kind, "ancient": sp.ancient},
        "carrying": None if s.carrying is None else {"space": s.carrying.space},
        "discarding": list(s.discarding),
    }


def build_view(s: WrathState, viewer: int | None, game: str = "wrath") -> View:
    view = base_view(s, viewer)
    data = {**view.data, **wrath_data(s), "game": game}
    short = "War" if game == "war" else "Wrath"
    title = view.title.replace("Wildlands", short, 1)
    text = view.text
    if s.carried:
        carried = data["carried"].items()
        held = joined([f"{len(shards)} on the {s.figures[fid].name}" for fid, shards in carried])
        text += f"\nShards carried by the Ancients: {held}."
    if s.carrying is not None:
        text += (
            f"\nThe Ancients choose which Ancient in space {s.carrying.space} carries the "
            "shard they claimed."
        )
    if s.special is not None:
        text += f"\nSpecial action under way: the {s.figures[s.special.ancient].name}'s."
    return View(viewer=viewer, title=title, data=data, text=text)
