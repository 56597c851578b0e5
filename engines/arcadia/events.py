"""The one event of a Day (reference §5 D8, §9, §10, §11): character encounters, pick-up,
rest (its gate trial, the merits it recovers, then the flaws the opponent may recover), quest
and league actions.

Fixed rulings: quest_action_is_event=true, flaw_recovery_when=holder_rests (nobody recovers
flaws in solo play, where nobody holds them).
"""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia import goals
from engines.arcadia.common import (
    attribute,
    facts,
    held,
    live,
    merit_of,
    opponent,
    set_cell,
    set_character,
    set_flaw,
    set_merit,
)
from engines.arcadia.content import RestOption, Trial, content
from engines.arcadia.contest import wipe_out
from engines.arcadia.encounters import auto_recover, owe, run_test
from engines.arcadia.forced_moves import push, transport
from engines.arcadia.rounds import end_day
from engines.arcadia.state import ArcadiaState, Contest, MeritSlot, Player
from engines.arcadia.trials import fail_trial, start_trial
from engines.arcadia.waylays import holds_waylay
from engines.arcadia.wording import league_label
from engines.core.context import Ctx

TESTS = ("Might", "Savvy", "Resolve", "Combat")


def _tags(p: Player) -> set[str]:
    out = set(content().icons[p.character.icon or ""].tags)
    for _, m in live(p):
        out |= set(merit_of(m).tags)
    return out


def _rest_ok(s: ArcadiaState, p: Player, o: RestOption) -> bool:
    if o.requires_court and p.character.court != o.requires_court:
        return False
    if o.requires_tag and o.requires_tag not in _tags(p):
        return False
    return not (o.requires_defeat_here and p.last_defeat != p.pos)


def rest_options(s: ArcadiaState, p: Player) -> list[int]:
    d = s.day
    here = p.pos or ""
    if d is None or d.encountered or (holds_waylay(s, here) and here != p.base):
        return []
    rest = content().leagues[s.cells[here].league].rest
    blocked = (
        rest.blocked_after_failed_trial
        and s.options.ocean_fail_blocks_rest
        and here in p.failed_trial_at
    )
    own = [] if blocked else [i for i, o in enumerate(rest.options) if _rest_ok(s, p, o)]
    if here == p.base:
        return [-1] + (own if s.options.base_camp_rest == "best_of" else [])
    return own


def _pickups(s: ArcadiaState, p: Player) -> list[int]:
    here = s.cells[p.pos or ""]
    out = []
    for i, t in enumerate(here.treasures):
        if t.owner != p.seat:
            continue
        if t.item is None or goals.pickable_item(s, p, t.item.split("/")[1]):
            out.append(i)
    return out


def event_legal(s: ArcadiaState, p: Player) -> list[A.Action]:
    out: list[A.Action] = [A.made(A.EndDay)]
    here = p.pos or ""
    if not s.solo:
        for o in s.players:
            if o.seat == p.seat or o.pos != here or here == o.base:
                continue
            related = opponent(s, o.seat) == p.seat or opponent(s, p.seat) == o.seat
            if s.options.cvc_targets == "opponents_only" and not related:
                continue
            out += [A.made(A.Challenge, target=o.seat, test=t) for t in TESTS]
    if _pickups(s, p):
        out.append(A.made(A.PickUp))
    out += [A.made(A.Rest, option=i) for i in rest_options(s, p)]
    for quest_id, st in goals.quest_actions(s, p):
        if st.type == "trial":
            out.append(A.made(A.QuestAction, quest=quest_id))
        else:
            npc = content().npcs[st.npc or ""]
            out += [A.made(A.QuestAction, quest=quest_id, test=t) for t in npc.tests]
    lg = content().leagues[s.cells[here].league]
    if not (holds_waylay(s, here) and here != p.base):
        for i, sp in enumerate(lg.specials):
            e = sp.effects[0]
            if e.params.get("once") and f"{here}:{i}" in p.specials_used:
                continue
            if e.params.get("handler") == "wishing_bridge":
                out += [
                    A.made(A.LeagueSpecial, index=i, slot=k)
                    for k, m in held(p)
                    if merit_of(m).type == "Treasure"
                ]
            else:
                out.append(A.made(A.LeagueSpecial, index=i))
    return out


def recoverable(s: ArcadiaState, p: Player) -> list[int]:
    d = s.day
    assert d is not None
    out = []
    for i, m in held(p):
        if not m.exhausted:
            continue
        t = merit_of(m).type
        if "any" not in d.recover_types and t not in d.recover_types:
            continue
        if t in d.recover_except:
            continue
        out.append(i)
    return out


def _rest(s: ArcadiaState, p: Player, a: A.Rest, ctx: Ctx) -> None:
    """§10: a league's rest may first ask for its gate trial (with its window)."""
    rest = content().leagues[s.cells[p.pos or ""].league].rest
    if a.option != -1 and rest.gate_trial:
        done = start_trial(s, p, rest.gate_trial, p.pos or "", f"rest:{a.option}", ctx)
        if done is not None:
            rest_trial_done(s, p, *done, ctx)
        return
    _recover(s, p, a.option, ctx)


def rest_trial_done(s: ArcadiaState, p: Player, c: Contest, result: str, ctx: Ctx) -> None:
    """The gate trial of a rest: passed, the rest goes on; failed, no recovery."""
    d = s.day
    assert d is not None
    if result == "win":
        _recover(s, p, int((d.trial_for or "rest:0").split(":")[1]), ctx)
    else:
        fail_trial(s, p, c, content().leagues[s.cells[p.pos or ""].league].rest.gate_trial, ctx)


def _recover(s: ArcadiaState, p: Player, option: int, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    if option == -1:
        types, exc, count = ("any",), (), 1
    else:
        o = content().leagues[s.cells[p.pos or ""].league].rest.options[option]
        types, exc, count = o.types, o.except_types, o.count
    extra = 0
    for e in facts(p.character).statics:  # the icon's and the face-up merits' static effects
        if e.op == "recover_merits":
            extra += int(e.params.get("amount", 0))
    d.recover_types, d.recover_except, d.recover_left = types, exc, count + extra
    # Only the league's own rest lists flaws, not the base camp's "one merit of any type".
    if option >= 0:
        d.flaws_left = content().leagues[s.cells[p.pos or ""].league].rest.flaw_recovery
    ctx.say(f"{p.character.name} rests at {league_label(s, p.pos or '')}.")
    d.stage = "recover"
    if not recoverable(s, p):
        after_recovery(s, p, ctx)


def flaws_to_recover(s: ArcadiaState, p: Player) -> list[int]:
    """The resting character's exhausted flaws, while its rest still lets its opponent
    recover some (§10, ``flaw_recovery_when=holder_rests``). Nobody holds them in solo play."""
    d = s.day
    if d is None or d.flaws_left <= 0 or s.solo:
        return []
    return [i for i, f in enumerate(p.character.flaws) if f.exhausted]


def after_recovery(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    """The merits are recovered: the opponent may now recover flaws the rest lists, else
    the Day ends."""
    d = s.day
    assert d is not None
    if flaws_to_recover(s, p):
        d.stage = "flaws"
        return
    end_day(s, ctx)


def recover_flaw(s: ArcadiaState, p: Player, a: A.Action, ctx: Ctx) -> None:
    """The opponent recovers one of the resting character's flaws, or stops (Done)."""
    d = s.day
    assert d is not None
    if isinstance(a, A.RecoverFlaw):
        set_flaw(p, a.slot, exhausted=False)
        d.flaws_left -= 1
        name = content().flaws[p.character.flaws[a.slot].id].name
        holder = s.players[opponent(s, p.seat)].character.name
        ctx.say(f"{holder} recovers {p.character.name}'s flaw {name}.")
        if flaws_to_recover(s, p):
            return
    end_day(s, ctx)


def _special(s: ArcadiaState, p: Player, a: A.LeagueSpecial, ctx: Ctx) -> None:
    here = p.pos or ""
    sp = content().leagues[s.cells[here].league].specials[a.index]
    e = sp.effects[0]
    ctx.say(f"{p.character.name}: {sp.name}.")
    if e.params.get("once"):
        p.specials_used = (*p.specials_used, f"{here}:{a.index}")
    if e.op == "roll_table":
        which = e.params.get("attribute", "Resolve")
        value = (
            min(attribute(p, x) for x in ("Might", "Savvy", "Resolve"))
            if which == "lowest"
            else attribute(p, which)
        )
        with ctx.rng(s) as rng:
            roll = rng.randint(1, 6) + value
        row = next(r for r in e.params["table"] if r["low"] <= roll <= r["high"])
        ctx.say(f"Roll total {roll}.", kind="roll")
        op = row["op"]
        if op == "exhaust_merit":
            owe(s, p, 1, "end", ctx)
            return
        if op == "lose_day":
            p.skip_next_day = True
        elif op == "recover_merits":
            auto_recover(p, int(row.get("amount", 1)), ctx)
        elif op == "add_score":
            p.next_test_bonus += int(row.get("amount", 0))
        elif op == "ignore_waylay":
            p.ignore_next_waylay = True
        elif op == "return_to_base":
            transport(s, p, ctx)
        end_day(s, ctx)
        return
    handler = e.params.get("handler")
    if handler == "boar_hunt":
        d = s.day
        assert d is not None
        d.stage = "contest"
        run_test(s, ctx, "boar", p.seat, "boar", "Combat", int(e.params.get("combat", 5)))
        return
    if handler == "wishing_bridge" and a.slot is not None:
        set_merit(p, a.slot, discarded=True)
        with ctx.rng(s) as rng:
            roll = rng.randint(1, 6)
        if roll % 2 == 0:
            set_merit(p, a.slot, discarded=False)
            for i, _m in held(p):
                set_merit(p, i, exhausted=False)
            ctx.say(f"Roll {roll}: the treasure returns and every merit recovers.", kind="roll")
        else:
            ctx.say(f"Roll {roll}: the treasure is gone for this game.", kind="roll")
            if not held(p):
                wipe_out(s, p, ctx)
    end_day(s, ctx)


def resolve_event(s: ArcadiaState, p: Player, a: A.Action, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    if isinstance(a, A.EndDay):
        end_day(s, ctx)
    elif isinstance(a, A.Challenge):
        ctx.say(f"{p.character.name} challenges {s.players[a.target].character.name}.")
        d.stage = "contest"
        target = s.players[a.target]
        run_test(s, ctx, "cvc", p.seat, str(a.target), a.test, attribute(target, a.test))
    elif isinstance(a, A.PickUp):
        here = p.pos or ""
        for i in sorted(_pickups(s, p), reverse=True):
            left = s.cells[here].treasures
            t = left[i]
            set_cell(s, here, treasures=left[:i] + left[i + 1 :])
            origin = "treasure" if t.item is None else f"item:{t.item.split('/')[1]}"
            set_character(p, merits=(*p.character.merits, MeritSlot(id=t.id, origin=origin)))
            ctx.say(f"{p.character.name} picks up {content().merits[t.id].name}.")
            goals.on_pickup(
                s, p, "own_treasure" if t.item is None else f"quest_item:{t.item.split('/')[1]}"
            )
        end_day(s, ctx)
    elif isinstance(a, A.Rest):
        _rest(s, p, a, ctx)
    elif isinstance(a, A.QuestAction):
        for quest_id, st in goals.quest_actions(s, p):
            if quest_id != a.quest:
                continue
            if st.type == "trial":
                trial = Trial(attribute=st.attribute or "Resolve", difficulty=st.difficulty or 4)
                done = start_trial(s, p, trial, p.pos or "", f"quest:{quest_id}", ctx)
                if done is not None:
                    quest_trial_done(s, p, *done, ctx)
                return
            npc = content().npcs[st.npc or ""]
            d.quest_event = quest_id
            d.stage = "contest"
            test = a.test or npc.tests[0]
            run_test(s, ctx, "npc", p.seat, npc.id, test, npc.attributes[test])
            return
    elif isinstance(a, A.LeagueSpecial):
        _special(s, p, a, ctx)


def quest_trial_done(s: ArcadiaState, p: Player, c: Contest, result: str, ctx: Ctx) -> None:
    """A quest's trial (§12 ``trial`` goal): passed, the step is done; either way the Day
    ends."""
    d = s.day
    assert d is not None
    if result == "win":
        goals.on_quest_action(s, p, (d.trial_for or "quest:").split(":")[1], "trial")
        end_day(s, ctx)
    else:
        fail_trial(s, p, c, None, ctx)


def cvc_outcome(s: ArcadiaState, p: Player, a: A.Action, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    loser = s.players[d.cvc_loser]
    if isinstance(a, A.Drain):
        slot = loser.character.merits[a.slot]
        if slot.exhausted:
            set_merit(loser, a.slot, discarded=True)
            ctx.say(f"{loser.character.name} discards {merit_of(slot).name}.")
            if not held(loser):
                wipe_out(s, loser, ctx)
        else:
            set_merit(loser, a.slot, exhausted=True)
            ctx.say(f"{loser.character.name} exhausts {merit_of(slot).name}.")
    elif isinstance(a, A.Push):
        push(s, loser, a.cell, ctx)
    end_day(s, ctx)
