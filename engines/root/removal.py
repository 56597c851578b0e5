"""Scoring, removing pieces and what removal triggers (root.md §8 step 6, §10, §16.6–16.7).

Removals happen at once; the choices they trigger (Field Hospitals, Surrender, hit
allocation, Seizure) are queued as ``Pending`` decisions addressed to the seat that makes
them, and settled before the game moves on.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.core.words import count
from engines.root.board import has_piece, pieces_of
from engines.root.coalition import declare_win, is_enemy
from engines.root.outrage import BASES, base_lost, outrage
from engines.root.state import FACTION_NAMES, OWNER, Pending, Player, State
from engines.root.words import piece, player_label

WIN_VP = 30


def name(p: Player) -> str:
    return FACTION_NAMES[p.faction]


def score(s: State, p: Player, n: int, ctx: Ctx, why: str) -> None:
    """VP never below 0; an activated dominance card (a coalition's too) stops scoring; 30
    wins at once, for a coalition partner's Vagabond as well (L9.2.8)."""
    if p.dominance or n == 0 or s.winners:
        return
    p.vp = max(0, p.vp + n)
    ctx.say(f"{name(p)} {'scores' if n > 0 else 'loses'} {abs(n)} VP ({why}): {p.vp} VP in all.")
    if p.vp >= WIN_VP:
        declare_win(s, p.seat, f"{player_label(p)} reaches {p.vp} VP")


def count_casualty(s: State, remover: Player | None, owner: Player) -> None:
    """W.5: pieces the active player removes from an enemy count toward Seizure."""
    if remover is None or remover.seat != s.turn.active or not is_enemy(s, remover, owner):
        return
    key = str(owner.seat)
    s.turn.casualties[key] = s.turn.casualties.get(key, 0) + 1


def remove_warriors(
    s: State, cid: int, owner: Player, k: int, remover: Player | None, ctx: Ctx, score_it: bool
) -> int:
    """Remove up to ``k`` warriors; Marquise may answer with Field Hospitals (L6.2.3)."""
    k = min(k, s.clearing(cid).warriors.get(owner.faction, 0))
    if k <= 0:
        return 0
    c = s.edit(cid)
    c.warriors[owner.faction] -= k
    if not c.warriors[owner.faction]:
        del c.warriors[owner.faction]
    ctx.say(f"{count(k, name(owner) + ' warrior')} removed in clearing {cid}.")
    for _ in range(k if score_it else 0):
        count_casualty(s, remover, owner)
        if remover is not None and remover.faction == "vagabond":
            vagabond_removes(s, remover, owner, warrior=True, ctx=ctx)
    # Field Hospitals is asked whenever the Marquise holds cards, not only when one matches
    # the clearing: asking only then would tell the table that her hand holds one.
    if owner.faction == "marquise" and s.keep and owner.hand:
        s.pending.append(Pending(seat=owner.seat, kind="hospital", clearing=cid, count=k))
    return k


def remove_piece(s: State, cid: int, kind: str, remover: Player | None, ctx: Ctx) -> None:
    """Remove one building or token; the remover scores 1 or takes Surrender WATER (W.6)."""
    c = s.edit(cid)
    if kind in c.buildings:
        c.buildings.remove(kind)
    else:
        c.tokens.remove(kind)
    if kind == "keep":
        s.keep = 0
    owner = s.player(OWNER[kind])
    ctx.say(f"The {piece(kind)} in clearing {cid} is removed.")
    if kind in BASES:
        base_lost(s, kind, ctx)
    if kind == "sympathy" and remover is not None and remover.faction != "alliance":
        outrage(s, remover, cid, ctx)
    if owner is None or remover is None or not is_enemy(s, remover, owner):
        return  # only an enemy's building or token scores (L3.2.1) or surrenders (W.6)
    count_casualty(s, remover, owner)
    if remover.faction == "vagabond":
        vagabond_removes(s, remover, owner, warrior=False, ctx=ctx)
    may_surrender = not remover.dominance or s.options.surrender_when_cannot_score
    if s.options.economy and owner.water > 0 and may_surrender:
        s.pending.append(Pending(seat=remover.seat, kind="surrender", other=owner.seat))
    else:
        score(s, remover, 1, ctx, f"{piece(kind)} removed")
    b = s.battle
    eyrie = s.eyrie
    if (
        b is not None
        and remover.faction == "eyrie"
        and eyrie is not None
        and eyrie.leader == "despot"
        and not b.despot_scored
    ):
        b.despot_scored = True
        score(s, remover, 1, ctx, "Despot")


def vagabond_removes(s: State, v: Player, owner: Player, warrior: bool, ctx: Ctx) -> None:
    """Hostility and Infamy (L9.2.9.3; W.11.1): removing a warrior of a non-Hostile faction
    makes it Hostile at once; pieces of a Hostile faction removed in battle on his turn score
    official Infamy per piece, or Despot Infamy once per faction per battle."""
    vg = s.vagabond
    assert vg is not None
    if vg.relations.get(owner.faction) != "hostile":
        if warrior:
            vg.relations[owner.faction] = "hostile"
            ctx.say(f"{name(owner)} becomes Hostile to the Vagabond.")
        return
    b = s.battle
    if b is None or s.turn.active != v.seat:
        return
    if s.options.infamy == "official":
        score(s, v, 1, ctx, "Infamy")
    elif owner.faction not in b.v_removed:
        b.v_removed.append(owner.faction)


def damage_vagabond(s: State, victim: Player, k: int, hitter: Player | None) -> None:
    """Each hit on the Vagabond damages an undamaged item of his choice (L9.2.7)."""
    vg = s.vagabond
    assert vg is not None
    b = s.battle
    allies = 0
    if b is not None and b.ally and b.attacker == victim.seat:
        allies = s.clearing(b.clearing).warriors.get(b.ally, 0)
    k = min(k, sum(1 for it in vg.items if not it.damaged) + allies)
    if k > 0:
        s.pending.append(
            Pending(
                seat=victim.seat,
                kind="v_damage",
                count=k,
                other=-1 if hitter is None else hitter.seat,
            )
        )


def deal_hits(s: State, cid: int, victim: Player, k: int, hitter: Player, ctx: Ctx) -> None:
    """Hits remove warriors first, then buildings and tokens of the victim's choice (L4.3.6)."""
    if victim.faction == "vagabond":
        damage_vagabond(s, victim, k, hitter)
        return
    k -= remove_warriors(s, cid, victim, k, hitter, ctx, score_it=True)
    if k <= 0:
        return
    rest = pieces_of(s.clearing(cid), victim.faction)
    if k >= len(rest) or len(set(rest)) == 1:
        for kind in rest[:k]:
            remove_piece(s, cid, kind, hitter, ctx)
    else:
        s.pending.append(
            Pending(seat=victim.seat, kind="hit", clearing=cid, count=k, other=hitter.seat)
        )


def full_removal(s: State, p: Player, cid: int) -> None:
    """ "Remove all enemy pieces" makes the Vagabond damage 3 items instead (L9.2.2); each
    counts toward Seizure (W.5)."""
    v = s.vagabond
    vp = s.player("vagabond")
    if v is None or vp is None or not is_enemy(s, p, vp) or v.where != str(cid):
        return
    damage_vagabond(s, vp, 3, None)
    for _ in range(3):
        count_casualty(s, p, vp)


def settle_seizure(s: State, ctx: Ctx) -> None:
    """After an effect: one Seizure chance per 3 casualties per enemy (W.5); lost if empty."""
    if not s.options.economy:
        return
    active = s.players[s.turn.active]
    for key, n in sorted(s.turn.casualties.items()):
        enemy = s.players[int(key)]
        new = n // 3 - s.turn.settled.get(key, 0)
        s.turn.settled[key] = n // 3
        for _ in range(new):
            if enemy.water > 0:
                s.pending.append(Pending(seat=active.seat, kind="seize", other=enemy.seat))
            else:
                ctx.say(f"{name(active)} could seize WATER from {name(enemy)}, who has none.")


def enemies_in(s: State, cid: int, me: Player) -> list[Player]:
    """Enemies with a piece (or the pawn) in ``cid``; coalition partners are not (L4.3)."""
    c = s.clearing(cid)
    here = s.vagabond.where if s.vagabond is not None else ""
    return [
        p
        for p in s.players
        if is_enemy(s, me, p)
        and (has_piece(c, p.faction) or (p.faction == "vagabond" and here == str(cid)))
    ]
