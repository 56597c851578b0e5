"""Battle (root.md §8): ambush, roll, after-roll effects, hits, defenceless.

A battle is a small state machine in ``State.battle``; the defender's ambush, the attacker's
counter-ambush and each side's after-roll cards are ``Pending`` decisions of those seats.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.core.context import Ctx
from engines.core.words import count
from engines.root.board import graph
from engines.root.cards import discard, matches
from engines.root.coalition import is_enemy
from engines.root.content import card
from engines.root.removal import deal_hits, enemies_in, name, score, settle_seizure
from engines.root.state import FACTION_NAMES as NAMES
from engines.root.state import OWNER, Battle, Pending, Player, State


def ambush_cards(s: State, p: Player, cid: int) -> list[str]:
    need = graph(s).suit[cid]
    return [x for x in p.hand if card(x).type == "ambush" and matches(x, need)]


def has_persistent(p: Player, key: str) -> bool:
    return bool(p.persistent) and any(card(x).key == key for x in p.persistent)


def can_battle(s: State, p: Player, cid: int) -> list[Player]:
    """Enemies with a piece where ``p`` has warriors (L4.3)."""
    if s.clearing(cid).warriors.get(p.faction, 0) <= 0:
        return []
    return enemies_in(s, cid, p)


def battles(s: State, p: Player) -> Iterator[tuple[int, Player]]:
    """``can_battle`` in every clearing, in clearing order: each clearing and enemy ``p``
    may battle there, the enemies found once for the whole map (issue 33)."""
    me = p.faction
    foes = [o for o in s.players if is_enemy(s, p, o)]
    here = s.vagabond.where if s.vagabond is not None else ""
    for c in s.clearings:
        if c.warriors.get(me, 0) <= 0:
            continue
        owners = {OWNER.get(x) for x in (*c.buildings, *c.tokens)}
        for o in foes:
            f = o.faction
            if c.warriors.get(f, 0) > 0 or f in owners or (f == "vagabond" and here == str(c.id)):
                yield c.id, o


def fighters(s: State, p: Player, warriors: dict[str, int]) -> int:
    """What caps rolled hits: warriors, or the Vagabond's undamaged swords plus the Allied
    warriors fighting with him (L9.2.6, L9.2.9.2)."""
    if p.faction == "vagabond" and s.vagabond is not None:
        swords = sum(1 for it in s.vagabond.items if it.kind == "sword" and not it.damaged)
        ally = s.battle.ally if s.battle is not None else ""
        return swords + (warriors.get(ally, 0) if ally else 0)
    return warriors.get(p.faction, 0)


def start(
    s: State, att: Player, cid: int, dfd: Player, origin: str, ctx: Ctx, ally: str = ""
) -> None:
    ctx.say(f"{name(att)} battles {name(dfd)} in clearing {cid}.")
    s.battle = Battle(clearing=cid, attacker=att.seat, defender=dfd.seat, origin=origin, ally=ally)
    if att.faction == "vagabond":  # his Battle costs a sword, granted battles too
        v = s.vagabond
        assert v is not None
        for i, it in enumerate(v.items):
            if it.kind == "sword" and not it.exhausted and not it.damaged:
                v.set_item(i, exhausted=True, track=False)
                break
    # The window opens on what the table sees (a defender holding cards, no Scouting Party),
    # never on whether the hidden hand holds a matching ambush: a battle that paused only
    # then would tell the attacker it does.
    blocked = has_persistent(att, "scouting_party")
    if not blocked and dfd.hand:
        s.pending.append(Pending(seat=dfd.seat, kind="ambush", clearing=cid))
    else:
        s.battle.stage = "roll"


def play_ambush(s: State, cid_card: str, ctx: Ctx) -> None:
    b = s.battle
    assert b is not None
    dfd, att = s.players[b.defender], s.players[b.attacker]
    dfd.hand.remove(cid_card)
    b.ambush = cid_card
    ctx.say(f"{name(dfd)} springs an ambush ({card(cid_card).suit})!")
    if att.hand:  # as for the ambush: on the hand's size, not on what it holds
        s.pending.append(Pending(seat=att.seat, kind="counter", clearing=b.clearing))
    b.stage = "ambush_hits"


def counter_ambush(s: State, cid_card: str, ctx: Ctx) -> None:
    b = s.battle
    assert b is not None
    s.players[b.attacker].hand.remove(cid_card)
    discard(s, cid_card)
    discard(s, b.ambush)
    ctx.say("The attacker foils the ambush with one of their own: both are discarded.")
    b.ambush = ""
    b.stage = "roll"


def after_roll_options(s: State, p: Player, attacker: bool) -> list[str]:
    """After-roll cards this seat may still use in this battle (L4.3.4; C)."""
    b = s.battle
    assert b is not None
    out = []
    if has_persistent(p, "armorers") and not (b.att_ignore if attacker else b.def_ignore):
        out.append("armorers")
    if attacker and has_persistent(p, "brutal_tactics") and not b.brutal:
        out.append("brutal_tactics")
    if not attacker and has_persistent(p, "sappers") and b.def_extra == 0:
        out.append("sappers")
    return out


def use_effect(s: State, p: Player, key: str, ctx: Ctx) -> None:
    b = s.battle
    assert b is not None
    attacker = p.seat == b.attacker
    if key == "brutal_tactics":
        b.brutal = True
        b.att_extra += 1
        ctx.say(f"{name(p)} uses Brutal Tactics: +1 hit.")
        score(s, s.players[b.defender], 1, ctx, "Brutal Tactics")
    else:
        cid = next(x for x in p.persistent if card(x).key == key)
        p.persistent.remove(cid)
        discard(s, cid)
        if key == "armorers":
            if attacker:
                b.att_ignore = True
            else:
                b.def_ignore = True
            ctx.say(f"{name(p)} discards Armorers: rolled hits against them are ignored.")
        else:
            b.def_extra += 1
            ctx.say(f"{name(p)} discards Sappers: +1 hit.")
    if after_roll_options(s, p, attacker):
        s.pending.append(Pending(seat=p.seat, kind="effect", clearing=b.clearing))


def step(s: State, ctx: Ctx) -> bool:
    """Advance the battle by one automatic stage; False when it is over."""
    b = s.battle
    assert b is not None
    att, dfd = s.players[b.attacker], s.players[b.defender]
    c = s.clearing(b.clearing)
    if b.stage == "ambush_hits":
        if b.ambush:
            discard(s, b.ambush)
            b.ambush = ""
            deal_hits(s, b.clearing, att, 2, dfd, ctx)
        b.stage = "after_ambush"
    elif b.stage == "after_ambush":
        stays = c.warriors.get(att.faction, 0) > 0 or att.faction == "vagabond"
        b.stage = "roll" if stays else "end"
    elif b.stage == "roll":
        with ctx.rng(s) as rng:
            dice = sorted([rng.below(4), rng.below(4)], reverse=True)
        b.rolled = dice
        ctx.say(f"The dice show {dice[0]} and {dice[1]}.")
        b.stage = "effects"
        if after_roll_options(s, att, True):
            s.pending.append(Pending(seat=att.seat, kind="effect", clearing=b.clearing))
        if after_roll_options(s, dfd, False):
            s.pending.append(Pending(seat=dfd.seat, kind="effect", clearing=b.clearing))
    elif b.stage == "effects":
        hi, lo = b.rolled
        # Guerrilla War: a defending Alliance takes the higher die (L8.2.2).
        att_roll, def_roll = (lo, hi) if dfd.faction == "alliance" else (hi, lo)
        att_w = fighters(s, att, c.warriors)
        def_w = fighters(s, dfd, c.warriors)
        eyrie = s.eyrie
        commander = att.faction == "eyrie" and eyrie is not None and eyrie.leader == "commander"
        to_def = (0 if b.def_ignore else min(att_roll, att_w)) + b.att_extra
        to_def += int(commander) + int(def_w == 0)
        to_att = (0 if b.att_ignore else min(def_roll, def_w)) + b.def_extra
        ctx.say(f"{name(att)} deals {count(to_def, 'hit')}; {name(dfd)} deals {to_att}.")
        deal_hits(s, b.clearing, dfd, to_def, att, ctx)
        deal_hits(s, b.clearing, att, to_att, dfd, ctx)
        b.stage = "end"
    elif b.stage == "end":
        spent_ally = b.ally and b.ally_hits > b.item_hits  # (L9.2.9.2)
        if att.faction == "vagabond" and spent_ally and s.vagabond is not None:
            s.vagabond.relations[b.ally] = "hostile"
            ctx.say(f"{NAMES[b.ally]} become Hostile: the Vagabond spent their warriors.")
        if att.faction == "vagabond" and s.turn.active == att.seat and s.vagabond is not None:
            for f in b.v_removed:  # Despot Infamy, once per Hostile faction (W.11.1)
                if s.vagabond.relations.get(f) == "hostile":
                    score(s, att, 1, ctx, "Despot Infamy")
        settle_seizure(s, ctx)
        return False
    return True
