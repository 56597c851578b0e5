"""The immediate gain of the Wildlands family's ``greedy`` baseline (issue 32; wildlands.md §6
"Claim shard", §7 "Scoring", §11, §12): what a beginner sees after one move of its own, with
no look-ahead past it (``engines.core.greedy``).

The public score alone barely moves: a point needs a character on a shard with three linked
cards, or a knock-out, so a baseline that reads only the score plays at random until one
falls into its lap. A beginner sees more than the score:

- points, its side's (a War team's sum, §12) above the best other side's;
- damage dealt and taken: every damage token on an enemy counts for it, on a friend against
  it, a knocked-out figure counting its whole health (a knock-out is worth more than the hits
  before it), and a hit still waiting for its defence at half, a knock-out's points included;
- its characters on the board (a reveal brings one), its closest character's way to the
  nearest shard it may claim, and every character's way toward the nearest enemy;
- not its cards: a beginner plays the card with the biggest effect now and keeps none back
  for a claim or a defence (a baseline that keeps four wins about half its games against the
  normal AI: no longer the obvious move);
- the Ancients (§11) score no point for a claim: a shard they claimed counts half a point
  (it powers a special action);
- standing orders are left as they are (a beginner does not set them).

It reads the state it is given, which the greedy policy builds with ``engine.determinize``:
the hidden things the seat cannot know are re-dealt there.
"""

from __future__ import annotations

from engines.wildlands.board import load_board
from engines.wildlands.scoring import side_score
from engines.wildlands.state import Hit, Shard, State

POINT = 100.0  # a point scored
DAMAGE = 10.0  # a damage token on an enemy (against: on a friend)
WAITING = 0.5  # a hit waiting for its defence: the share of it a beginner counts on
ON_BOARD = 5.0  # each of the seat's characters on the board
CLOSEST = 4.0  # each step the closest character is from a claimable shard
TOWARD_ENEMY = 0.5  # each step a character is from the nearest enemy
FAR = 8  # distances beyond this are all "far"
CLAIMED = 50.0  # a shard the Ancients claimed (they score none for it, §11)
ORDERS = 1.0  # a standing order changed


def wildlands_gain(s: State, seat: int) -> float:
    """What the position is worth to ``seat`` in a beginner's immediate terms."""
    me = s.seats[seat]
    side = me.side
    rivals = [side_score(s, other) for other in {p.side for p in s.seats} if other != side]
    value = POINT * (side_score(s, side) - max(rivals, default=0))
    mine: list[int] = []  # where the seat's characters stand, and the enemies
    enemies: list[int] = []
    for f in s.figures.values():
        dealt = f.health if f.ko else f.damage
        value += DAMAGE * dealt * (-1 if f.side == side else 1)
        if f.space is not None and f.side != side:
            enemies.append(f.space)
        elif f.space is not None and f.owner == seat:
            mine.append(f.space)
    for hit in _waiting_hits(s):
        target = s.figures[hit.target]
        worth = DAMAGE
        if target.health - target.damage <= 1:
            worth += POINT * target.ko_points
        value += WAITING * worth * (-1 if target.side == side else 1)
    value += ON_BOARD * len(mine) + _progress(s, seat, mine, enemies)
    if getattr(s, "ancients", None) == seat:
        value += CLAIMED * sum(1 for sh in s.shards if sh.space is None and sh.claimed_by == seat)
    if me.auto_pass != "off" or me.auto_defend != "ask":
        value -= ORDERS
    return value


def _waiting_hits(s: State) -> list[Hit]:
    """Hits not yet dealt: the one awaiting its defence and those queued behind it."""
    hits = [fx for fx in s.queue if isinstance(fx, Hit)]
    if s.pending is not None and s.pending.hit is not None:
        hits.append(s.pending.hit)
    return hits


def _progress(s: State, seat: int, mine: list[int], enemies: list[int]) -> float:
    """The seat's characters (``mine``, their spaces) on their way to a shard it may claim
    and toward the enemies (``enemies``, theirs)."""
    if not mine:
        return 0.0
    board = load_board(s.board)
    targets = [sh.space for sh in s.shards if sh.space is not None and _may_claim(s, seat, sh)]
    value = 0.0
    if targets:
        value -= CLOSEST * min(FAR, *(board.distance(m, t) for m in mine for t in targets))
    if enemies:
        value -= TOWARD_ENEMY * sum(
            min(FAR, *(board.distance(m, e) for e in enemies)) for m in mine
        )
    return value


def _may_claim(s: State, seat: int, shard: Shard) -> bool:
    """Whether ``seat`` may claim the shard (§6): its own colour (a War team's, §12), any
    colour for the Ancients (§11)."""
    if getattr(s, "ancients", None) == seat:
        return True
    player = s.seats[seat]
    own = s.options.claim_colour == "own"
    return shard.side == player.side and (not own or shard.colour == player.colour)
