"""Root's immediate gain for the ``greedy`` baseline (issue 32; root.md §1 "the race to 30").

The obvious move a beginner sees at once: the VP it scores now (a building placed, a
building or token removed in battle, a card crafted, all score at once, L3.2-L3.3), and,
among moves that score the same, the one that leaves more of the seat's own pieces on the
map and fewer of its rivals' (a battle that kills warriors, a recruit, a build, an item
kept whole). The pieces weigh a tenth of a VP each, so they break ties between moves that
score alike and never outweigh a point scored now; nothing is looked at past the turn.
Everything it reads is on the table (the map, the score track, the Vagabond's items).
"""

from __future__ import annotations

from engines.core.protocol import SeatId
from engines.root.state import OWNER, State

PIECE = 0.1  # a piece on the map, against a VP scored now


def pieces(s: State, faction: str) -> int:
    """A faction's warriors, buildings and tokens on the map; the Vagabond's undamaged items
    (his only pieces besides his pawn, and what a battle against him takes)."""
    n = 0
    for c in s.clearings:
        n += c.warriors.get(faction, 0)
        n += sum(1 for x in c.buildings if OWNER.get(x) == faction)
        n += sum(1 for x in c.tokens if OWNER.get(x) == faction)
    if faction == "vagabond" and s.vagabond is not None:
        n += sum(1 for it in s.vagabond.items if not it.damaged)
    return n


def gain(s: State, seat: SeatId) -> float:
    """``seat``'s VP, then its pieces on the map against its rivals' (see the module)."""
    me = s.players[seat]
    rivals = sum(pieces(s, p.faction) for p in s.players if p.seat != seat)
    return me.vp + PIECE * (pieces(s, me.faction) - rivals)
