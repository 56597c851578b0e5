"""The Day (reference §5–§7, §10, §11): movement and trials, the waylay window, waylay
encounters, the one event (character encounter, pick-up, rest, quest or league action).

Fixed rulings: plays_per_entry=1, forced_move_encounters=false, trial_key=via|side|any,
quest_action_is_event=true, victory_check=after_each_step, waylay_gate_metric=grid_steps,
engine_rolls_all=true. A multi-league move (Warhorse, Flight) goes via the first shared
terrain of each crossing.
"""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia import goals
from engines.arcadia.common import (
    NOBODY,
    attribute,
    held,
    icon_effects,
    live,
    merit_of,
    opponent,
    set_merit,
    static_bonus,
)
from engines.arcadia.content import Effect, RestOption, Trial, content
from engines.arcadia.contest import (
    Finished,
    open_test,
    pay_legal,
    window_legal,
    window_seat,
    wipe_out,
)
from engines.arcadia.contest import window_resolve as contest_resolve
from engines.arcadia.mapping import (
    OPPOSITE,
    crossings,
    direction,
    grid_steps,
    league_name,
    neighbours,
    printed_side,
    terrains_at,
)
from engines.arcadia.state import ArcadiaState, Contest, DayState, Player, WaylayInPlay
from engines.core.context import Ctx
from engines.core.errors import IllegalAction

TESTS = ("Might", "Savvy", "Resolve", "Combat")


# -- the round ----------------------------------------------------------------------------


def start_days(s: ArcadiaState, ctx: Ctx) -> None:
    s.phase = "day"
    s.round = 1
    s.turn = 0
    for p in s.players:
        p.pos = p.base
        p.came_from = None
    if s.solo:
        with ctx.rng(s) as rng:
            s.pile = rng.shuffled(s.players[0].hand)
        s.players[0].hand = []
    ctx.say("Every character stands in its base camp. The Days begin.")
    begin_day(s, ctx)


def begin_day(s: ArcadiaState, ctx: Ctx) -> None:
    while not s.over:
        seat = s.order[s.turn]
        p = s.players[seat]
        p.days += 1
        if p.skip_next_day:
            p.skip_next_day = False
            ctx.say(f"{p.character.name} loses this Day.")
            if not _next_turn(s, ctx):
                return
            continue
        s.day = DayState(seat=seat)
        ctx.say(f"Round {s.round}: {p.character.name}'s Day.")
        return


def _next_turn(s: ArcadiaState, ctx: Ctx) -> bool:
    s.day = None
    s.turn += 1
    if s.turn >= len(s.order):
        s.turn = 0
        s.round += 1
        if s.round > s.options.max_rounds:
            s.over = True
            ctx.say(f"{s.options.max_rounds} rounds have passed with no winner: the game ends.")
            return False
    return True


def end_day(s: ArcadiaState, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    p = s.players[d.seat]
    p.last_defeat = d.defeated_here
    goals.check(s, ctx)
    if s.over:
        s.day = None
        return
    if _next_turn(s, ctx):
        begin_day(s, ctx)


# -- who acts -----------------------------------------------------------------------------


def actor(s: ArcadiaState) -> int:
    d = s.day
    if d is None:
        return NOBODY
    if s.contest is not None:
        return window_seat(s)
    if d.stage == "window":
        return opponent(s, d.seat)
    if d.stage == "pay":
        return d.pay_seat
    return d.seat


def legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    d = s.day
    if d is None:
        return []
    if s.contest is not None:
        return window_legal(s, seat)
    p = s.players[d.seat]
    if d.stage == "move":
        return _move_legal(s, p)
    if d.stage == "window":
        return [A.Decline(), *[A.PlayWaylay(waylay=w) for w in _playable(s, p)]]
    if d.stage == "test":
        return _test_choices(s, p, d.queue[0])
    if d.stage == "pay":
        return pay_legal(s, s.players[d.pay_seat])
    if d.stage == "event":
        return _event_legal(s, p)
    if d.stage == "recover":
        return [A.EndDay(), *[A.Recover(slot=i) for i in _recoverable(s, p)]]
    if d.stage == "cvc_outcome":
        loser = s.players[d.cvc_loser]
        out: list[A.Action] = [A.Drain(slot=i) for i, _ in live(loser)]
        if not out:
            out = [A.Drain(slot=i) for i, m in held(loser) if m.exhausted]
        out += [A.Push(cell=x) for x in neighbours(s, loser.pos or "")]
        return out
    return []


# -- D1-D5 movement -----------------------------------------------------------------------


def _holds_waylay(s: ArcadiaState, cell: str) -> bool:
    return bool(s.cells[cell].waylays)


def _destinations(s: ArcadiaState, p: Player) -> list[str]:
    """D2: from a waylaid league (not the own base camp) only a retreat is legal."""
    here = p.pos or ""
    adjacent = [x for x in neighbours(s, here) if crossings(s, here, x)]
    if _holds_waylay(s, here) and here != p.base:
        if any(content().waylays[w.id].no_retreat_after_loss for w in s.cells[here].waylays):
            return []
        if p.came_from is not None:
            return [x for x in adjacent if x == p.came_from]
        return adjacent if s.options.retreat_without_origin == "any" else []
    return adjacent


def _move_legal(s: ArcadiaState, p: Player) -> list[A.Action]:
    here = p.pos or ""
    out: list[A.Action] = [A.Stay()]
    dests = _destinations(s, p)
    for x in dests:
        out += [A.Move(cell=x, via=v) for v in crossings(s, here, x)]
    if _holds_waylay(s, here) and here != p.base:
        return out
    for slot, e in _extra_movers(p):
        allowed = e.params.get("via", ["any"])
        for mid in neighbours(s, here):
            v1 = _pick_via(crossings(s, here, mid), allowed)
            if v1 is None:
                continue
            if e.params.get("skip"):
                blocked = set(e.params.get("skip_not", []))
                if blocked & set(terrains_at(s, mid)):
                    continue
            for end in neighbours(s, mid):
                if end == here:
                    continue
                v2 = _pick_via(crossings(s, mid, end), allowed)
                if v2 is not None:
                    out.append(A.Move(cell=end, via=v2, merit=slot, mid=mid, mid_via=v1))
    return out


def _pick_via(vias: list[str], allowed: list[str]) -> str | None:
    for v in vias:
        if "any" in allowed or v in allowed:
            return v
    return None


def _extra_movers(p: Player) -> list[tuple[int, Effect]]:
    """(slot paid, effect) for every extra-move power: a merit's own, or the icon's Flight
    paid by exhausting a Might Ability (slot -1 - i marks an icon power paid with slot i)."""
    out = []
    for i, m in live(p):
        for e in merit_of(m).effects:
            if e.op == "extra_move" and e.trigger == "exhaust":
                out.append((i, e))
    for e in icon_effects(p):
        if e.op == "extra_move":
            for i, m in live(p):
                mt = merit_of(m)
                if mt.type == e.params.get("exhaust_type") and mt.attribute == e.params.get(
                    "exhaust_attribute"
                ):
                    out.append((-1 - i, e))
                    break
    return out


def _applies(t: Trial, via: str, facing: str, rot: int) -> bool:
    if t.key == "any":
        return True
    kind, value = t.key.split(":")
    if kind == "via":
        return value == via
    return value == printed_side(rot, facing)


def _trial(s: ArcadiaState, p: Player, t: Trial, where: str, ctx: Ctx) -> bool:
    race = content().icons[p.character.icon or ""].race.lower()
    if race in t.auto_pass_races:
        ctx.say(f"{p.character.name} passes the {t.attribute} trial of {where} by nature.")
        return True
    with ctx.rng(s) as rng:
        die = rng.randint(1, 6)
    total = die + attribute(p, t.attribute) + static_bonus(p, t.attribute, None, trial=True)
    ok = total >= t.difficulty
    ctx.say(
        f"{t.attribute} trial {t.difficulty} at {where}: die {die}, total {total}: "
        f"{'passed' if ok else 'failed'}.",
        kind="roll",
    )
    return ok


def _cross(
    s: ArcadiaState,
    p: Player,
    frm: str,
    to: str,
    via: str,
    ctx: Ctx,
    over: tuple[str, str] | None = None,
) -> bool:
    """D4: leave trials of ``frm`` then enter trials of ``to``; the first failure ends the
    Day where the character stands. ``over`` is (skipped league, via out of ``frm``) for a
    flight over one league: the sides then face the skipped league."""
    a, b = s.cells[frm], s.cells[to]
    out_via, in_via = via, via
    if over is None:
        d_out = direction(frm, to) or "N"
        d_in = OPPOSITE[d_out]
    else:
        mid, out_via = over
        d_out = direction(frm, mid) or "N"
        d_in = direction(to, mid) or "N"
    checks = [(t, frm, d_out, a.rot, out_via) for t in content().leagues[a.league].leave_trials]
    checks += [(t, to, d_in, b.rot, in_via) for t in content().leagues[b.league].enter_trials]
    for t, cell, facing, rot, crossing in checks:
        if not _applies(t, crossing, facing, rot):
            continue
        if not _trial(s, p, t, league_name(s, cell), ctx):
            if cell == p.pos and cell not in p.failed_trial_at:
                p.failed_trial_at.append(cell)
            penalty = sum(1 for e in t.on_fail if e.op == "exhaust_merit")
            _owe(s, p, penalty, "end", ctx)
            return False
    return True


def _arrive(s: ArcadiaState, p: Player, frm: str, to: str, ctx: Ctx) -> None:
    """D5: set came_from and move; the waylay gate and visit goals see the entry."""
    if frm in p.failed_trial_at:
        p.failed_trial_at.remove(frm)
    p.came_from = frm
    p.pos = to
    d = s.day
    assert d is not None
    d.moved = True
    d.entered = to
    ctx.say(f"{p.character.name} enters {league_name(s, to)}.")
    gate = max((content().quests[q.id].waylay_gate for q in p.quests), default=0)
    if p.base and grid_steps(p.base, to) >= gate:
        p.far_enough = True
    goals.on_enter(s, p, to)
    goals.check(s, ctx)


def _move(s: ArcadiaState, p: Player, a: A.Move, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    here = p.pos or ""
    if a.merit is None:
        if _cross(s, p, here, a.cell, a.via, ctx):
            _arrive(s, p, here, a.cell, ctx)
            _entry_window(s, p, ctx)
        return
    slot = a.merit if a.merit >= 0 else -1 - a.merit
    set_merit(p, slot, exhausted=True)
    skip = a.merit < 0 and any(e.params.get("skip") for e in icon_effects(p))
    ctx.say(f"{p.character.name} makes a long move ({merit_of(p.character.merits[slot]).name}).")
    mid = a.mid or ""
    if skip:
        if _cross(s, p, here, a.cell, a.via, ctx, over=(mid, a.mid_via or "")):
            _arrive(s, p, here, a.cell, ctx)
            _entry_window(s, p, ctx)
        return
    d.chain = [a.cell]
    d.chain_via = [a.via]
    if _cross(s, p, here, mid, a.mid_via or "", ctx):
        _arrive(s, p, here, mid, ctx)
        _entry_window(s, p, ctx)
    else:
        d.chain = []


# -- D6 the waylay window, D7 waylays ----------------------------------------------------


def _terrain_ok(wid: str, terrains: tuple[str, ...]) -> bool:
    w = content().waylays[wid]
    return "ANY" in w.terrains or bool(set(w.terrains) & set(terrains))


def _can_waylay(s: ArcadiaState, p: Player, cell: str, wid: str) -> bool:
    if cell == p.base:
        return False
    if not p.far_enough:
        return False
    if s.cells[cell].waylays and not content().waylays[wid].stackable:
        return False
    return _terrain_ok(wid, terrains_at(s, cell))


def _playable(s: ArcadiaState, p: Player) -> list[str]:
    holder = s.players[opponent(s, p.seat)]
    cell = p.pos or ""
    return [w for w in dict.fromkeys(holder.hand) if _can_waylay(s, p, cell, w)]


def _entry_window(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    if s.over:
        return
    cell = p.pos or ""
    if s.solo:
        _solo_draw(s, p, cell, ctx)
        _after_window(s, p, ctx)
        return
    if cell != p.base and _playable(s, p):
        d.stage = "window"
        return
    _after_window(s, p, ctx)


def _solo_draw(s: ArcadiaState, p: Player, cell: str, ctx: Ctx) -> None:
    if not s.pile or cell == p.base:
        return
    if s.options.solo_draw_on == "forward_moves" and p.came_from is None:
        return
    wid = s.pile.pop(0)
    if _can_waylay(s, p, cell, wid):
        _put_waylay(s, p, cell, wid, ctx)
    else:
        s.pile.append(wid)
        ctx.say("The top waylay does not fit here: it goes to the bottom of the pile.")


def _put_waylay(s: ArcadiaState, p: Player, cell: str, wid: str, ctx: Ctx) -> None:
    w = content().waylays[wid]
    if p.ignore_next_waylay:
        p.ignore_next_waylay = False
        ctx.say(f"{w.name} is played on {p.character.name}, who ignores it.")
        return
    s.cells[cell].waylays.append(
        WaylayInPlay(id=wid, order=s.waylay_count, wins_left=w.wins_required, target=p.seat)
    )
    s.waylay_count += 1
    ctx.say(f"{w.name} waylays {p.character.name} at {league_name(s, cell)}.")


def _after_window(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    cell = p.pos or ""
    if d.chain and not (s.options.multi_step_stop_on_waylay and _holds_waylay(s, cell)):
        to = d.chain.pop(0)
        via = d.chain_via.pop(0)
        if _cross(s, p, cell, to, via, ctx):
            _arrive(s, p, cell, to, ctx)
            _entry_window(s, p, ctx)
        return
    d.chain = []
    _encounters(s, p, ctx)


def _encounters(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    """D7: every waylay here, lowest rating first, equal ratings oldest first."""
    d = s.day
    assert d is not None
    cell = p.pos or ""
    if cell == p.base or not s.cells[cell].waylays:
        d.stage = "event"
        return
    newest = s.options.waylay_order_tie == "newest_first"
    ws = sorted(
        s.cells[cell].waylays,
        key=lambda w: (content().waylays[w.id].rating, -w.order if newest else w.order),
    )
    d.queue = [f"{cell}#{w.order}" for w in ws]
    d.encountered = True
    _next_waylay(s, p, ctx)


def _next_waylay(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    while d.queue:
        cell, order = d.queue[0].split("#")
        if p.pos != cell or not any(w.order == int(order) for w in s.cells[cell].waylays):
            d.queue.pop(0)
            continue
        choices = _test_choices(s, p, d.queue[0])
        if len(choices) == 1:
            _start_waylay_test(s, p, choices[0], ctx)
        else:
            d.stage = "test"
        return
    end_day(s, ctx)


def _test_choices(s: ArcadiaState, p: Player, uid: str) -> list[A.Action]:
    cell, order = uid.split("#")
    w = next(x for x in s.cells[cell].waylays if x.order == int(order))
    card = content().waylays[w.id]
    out: list[A.Action] = [A.ChooseTest(test=t) for t in card.tests]
    changers = [
        i
        for i, m in live(p)
        if any(e.op == "change_test" and e.trigger == "exhaust" for e in merit_of(m).effects)
    ]
    for t in card.attributes:
        if t not in card.tests:
            out += [A.ChooseTest(test=t, merit=i) for i in changers]
    return out


def _start_waylay_test(s: ArcadiaState, p: Player, a: A.Action, ctx: Ctx) -> None:
    assert isinstance(a, A.ChooseTest)
    d = s.day
    assert d is not None
    uid = d.queue.pop(0)
    if a.merit is not None:
        set_merit(p, a.merit, exhausted=True)
        ctx.say(f"{p.character.name} exhausts {merit_of(p.character.merits[a.merit]).name}.")
    cell, order = uid.split("#")
    w = next(x for x in s.cells[cell].waylays if x.order == int(order))
    d.stage = "contest"
    _test(s, ctx, "waylay", p.seat, uid, a.test, content().waylays[w.id].attributes[a.test])


# -- after a Test -------------------------------------------------------------------------


def _test(
    s: ArcadiaState, ctx: Ctx, kind: str, seat: int, foe: str, test: str, foe_base: int
) -> None:
    """Open a Test; if its window closes at once, go on from its result."""
    _after(s, open_test(s, ctx, kind, seat, foe, test, foe_base), ctx)


def _after(s: ArcadiaState, done: Finished | None, ctx: Ctx) -> None:
    if done is not None:
        after_contest(s, *done, ctx)


def after_contest(s: ArcadiaState, c: Contest, result: str, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    p = s.players[c.seat]
    if c.kind == "waylay":
        cell, order = c.foe.split("#")
        w = next(x for x in s.cells[cell].waylays if x.order == int(order))
        card = content().waylays[w.id]
        if result == "win":
            w.wins_left -= 1
            if w.wins_left <= 0:
                s.cells[cell].waylays.remove(w)
                p.defeated.append(f"{w.id}@{cell}")
                d.defeated_here = cell
                ctx.say(f"{card.name} is defeated and discarded.")
                goals.on_defeat(s, p, c.test, cell)
                goals.check(s, ctx)
            else:
                ctx.say(f"{card.name} needs {w.wins_left} more win(s).")
        elif not s.options.partial_wins_persist:
            w.wins_left = card.wins_required
        if result == "loss":
            if c.lose_day:
                p.skip_next_day = True
            if s.options.multi_waylay_stop_on_loss:
                d.queue = []
            _owe(s, p, 1 + c.extra_penalty, "waylays", ctx)
            return
        _next_waylay(s, p, ctx)
        return
    if c.kind == "npc" and result == "win":
        goals.on_quest_action(s, p, d.quest_event or "", "defeat_npc")
        ctx.say(f"{p.character.name} defeats {content().npcs[c.foe].name}.")
    if c.kind == "boar" and result == "win":
        _auto_recover(p, 2, ctx)
    if c.kind == "cvc":
        if result == "win":
            d.stage = "cvc_outcome"
            d.cvc_loser = int(c.foe)
            return
        end_day(s, ctx)
        return
    if result == "loss":
        if c.lose_day:
            p.skip_next_day = True
        _owe(s, p, 1 + c.extra_penalty, "end", ctx)
        return
    end_day(s, ctx)


def _owe(s: ArcadiaState, p: Player, n: int, then: str, ctx: Ctx) -> None:
    """Pay ``n`` exhaustions, then go on (``then``: "waylays" or "end")."""
    d = s.day
    assert d is not None
    d.pay = n
    d.pay_seat = p.seat
    d.after_pay = then
    _settle_pay(s, ctx)


def _settle_pay(s: ArcadiaState, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    p = s.players[d.pay_seat]
    if d.pay > 0 and not held(p):
        wipe_out(s, p, ctx)
        d.pay = 0
        d.queue = []
    if d.pay > 0:
        d.stage = "pay"
        return
    if d.after_pay == "waylays" and p.seat == d.seat:
        _next_waylay(s, p, ctx)
    else:
        end_day(s, ctx)


def _pay(s: ArcadiaState, a: A.Action, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    p = s.players[d.pay_seat]
    if isinstance(a, A.Exhaust):
        set_merit(p, a.slot, exhausted=True)
        ctx.say(f"{p.character.name} exhausts {merit_of(p.character.merits[a.slot]).name}.")
    elif isinstance(a, A.Discard):
        set_merit(p, a.slot, discarded=True)
        ctx.say(f"{p.character.name} discards {merit_of(p.character.merits[a.slot]).name}.")
        if not held(p):
            wipe_out(s, p, ctx)
            d.pay = 0
            d.queue = []
            end_day(s, ctx)
            return
    d.pay -= 1
    _settle_pay(s, ctx)


def _auto_recover(p: Player, n: int, ctx: Ctx) -> None:
    tired = sorted(
        (i for i, m in held(p) if m.exhausted),
        key=lambda i: -merit_of(p.character.merits[i]).cost,
    )
    for i in tired[:n]:
        set_merit(p, i, exhausted=False)
        ctx.say(f"{p.character.name} recovers {merit_of(p.character.merits[i]).name}.")


# -- D8 the event -------------------------------------------------------------------------


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
    if d is None or d.encountered or (_holds_waylay(s, here) and here != p.base):
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


def _event_legal(s: ArcadiaState, p: Player) -> list[A.Action]:
    out: list[A.Action] = [A.EndDay()]
    here = p.pos or ""
    if not s.solo:
        for o in s.players:
            if o.seat == p.seat or o.pos != here or here == o.base:
                continue
            related = opponent(s, o.seat) == p.seat or opponent(s, p.seat) == o.seat
            if s.options.cvc_targets == "opponents_only" and not related:
                continue
            out += [A.Challenge(target=o.seat, test=t) for t in TESTS]
    if _pickups(s, p):
        out.append(A.PickUp())
    out += [A.Rest(option=i) for i in rest_options(s, p)]
    for quest_id, st in goals.quest_actions(s, p):
        if st.type == "trial":
            out.append(A.QuestAction(quest=quest_id))
        else:
            npc = content().npcs[st.npc or ""]
            out += [A.QuestAction(quest=quest_id, test=t) for t in npc.tests]
    lg = content().leagues[s.cells[here].league]
    if not (_holds_waylay(s, here) and here != p.base):
        for i, sp in enumerate(lg.specials):
            e = sp.effects[0]
            if e.params.get("once") and f"{here}:{i}" in p.specials_used:
                continue
            if e.params.get("handler") == "wishing_bridge":
                out += [
                    A.LeagueSpecial(index=i, slot=k)
                    for k, m in held(p)
                    if merit_of(m).type == "Treasure"
                ]
            else:
                out.append(A.LeagueSpecial(index=i))
    return out


def _recoverable(s: ArcadiaState, p: Player) -> list[int]:
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
    d = s.day
    assert d is not None
    rest = content().leagues[s.cells[p.pos or ""].league].rest
    if a.option == -1:
        types, exc, count = ["any"], [], 1
    else:
        if rest.gate_trial and not _trial(s, p, rest.gate_trial, league_name(s, p.pos or ""), ctx):
            end_day(s, ctx)
            return
        o = rest.options[a.option]
        types, exc, count = list(o.types), list(o.except_types), o.count
    extra = 0
    for e in [*icon_effects(p), *(e for _, m in live(p) for e in merit_of(m).effects)]:
        if e.op == "recover_merits" and e.trigger == "static":
            extra += int(e.params.get("amount", 0))
    d.recover_types, d.recover_except, d.recover_left = types, exc, count + extra
    ctx.say(f"{p.character.name} rests at {league_name(s, p.pos or '')}.")
    d.stage = "recover"
    if not _recoverable(s, p):
        end_day(s, ctx)


def _special(s: ArcadiaState, p: Player, a: A.LeagueSpecial, ctx: Ctx) -> None:
    here = p.pos or ""
    sp = content().leagues[s.cells[here].league].specials[a.index]
    e = sp.effects[0]
    ctx.say(f"{p.character.name}: {sp.name}.")
    if e.params.get("once"):
        p.specials_used.append(f"{here}:{a.index}")
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
            _owe(s, p, 1, "end", ctx)
            return
        if op == "lose_day":
            p.skip_next_day = True
        elif op == "recover_merits":
            _auto_recover(p, int(row.get("amount", 1)), ctx)
        elif op == "add_score":
            p.next_test_bonus += int(row.get("amount", 0))
        elif op == "ignore_waylay":
            p.ignore_next_waylay = True
        elif op == "return_to_base":
            p.pos = p.base
            p.came_from = None
            ctx.say(f"{p.character.name} is carried back to base camp.")
        end_day(s, ctx)
        return
    handler = e.params.get("handler")
    if handler == "boar_hunt":
        d = s.day
        assert d is not None
        d.stage = "contest"
        _test(s, ctx, "boar", p.seat, "boar", "Combat", int(e.params.get("combat", 5)))
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


# -- resolving ----------------------------------------------------------------------------


def resolve(s: ArcadiaState, seat: int, a: A.Action, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    p = s.players[d.seat]
    if s.contest is not None:
        _after(s, contest_resolve(s, seat, a, ctx), ctx)
        return
    if d.stage == "move":
        if isinstance(a, A.Stay):
            ctx.say(f"{p.character.name} stays at {league_name(s, p.pos or '')}.")
            _encounters(s, p, ctx)
        elif isinstance(a, A.Move):
            _move(s, p, a, ctx)
    elif d.stage == "window":
        if isinstance(a, A.PlayWaylay):
            s.players[seat].hand.remove(a.waylay)
            _put_waylay(s, p, p.pos or "", a.waylay, ctx)
        else:
            ctx.say(f"{s.players[seat].character.name} plays no waylay.")
        d.stage = "move"
        _after_window(s, p, ctx)
    elif d.stage == "test":
        _start_waylay_test(s, p, a, ctx)
    elif d.stage == "pay":
        _pay(s, a, ctx)
    elif d.stage == "recover":
        if isinstance(a, A.Recover):
            set_merit(p, a.slot, exhausted=False)
            ctx.say(f"{p.character.name} recovers {merit_of(p.character.merits[a.slot]).name}.")
            d.recover_left -= 1
            if d.recover_left > 0 and _recoverable(s, p):
                return
        end_day(s, ctx)
    elif d.stage == "cvc_outcome":
        _cvc_outcome(s, p, a, ctx)
    elif d.stage == "event":
        _event(s, p, a, ctx)
    else:
        raise IllegalAction("That move does not fit this moment of the Day.")


def _event(s: ArcadiaState, p: Player, a: A.Action, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    if isinstance(a, A.EndDay):
        end_day(s, ctx)
    elif isinstance(a, A.Challenge):
        ctx.say(f"{p.character.name} challenges {s.players[a.target].character.name}.")
        d.stage = "contest"
        target = s.players[a.target]
        _test(s, ctx, "cvc", p.seat, str(a.target), a.test, attribute(target, a.test))
    elif isinstance(a, A.PickUp):
        here = s.cells[p.pos or ""]
        for i in sorted(_pickups(s, p), reverse=True):
            t = here.treasures.pop(i)
            origin = "treasure" if t.item is None else f"item:{t.item.split('/')[1]}"
            from engines.arcadia.state import MeritSlot

            p.character.merits.append(MeritSlot(id=t.id, origin=origin))
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
                if _trial(s, p, trial, league_name(s, p.pos or ""), ctx):
                    goals.on_quest_action(s, p, quest_id, "trial")
                end_day(s, ctx)
                return
            npc = content().npcs[st.npc or ""]
            d.quest_event = quest_id
            d.stage = "contest"
            test = a.test or npc.tests[0]
            _test(s, ctx, "npc", p.seat, npc.id, test, npc.attributes[test])
            return
    elif isinstance(a, A.LeagueSpecial):
        _special(s, p, a, ctx)


def _cvc_outcome(s: ArcadiaState, p: Player, a: A.Action, ctx: Ctx) -> None:
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
        loser.came_from = loser.pos
        loser.pos = a.cell
        ctx.say(f"{loser.character.name} is pushed into {league_name(s, a.cell)}.")
    end_day(s, ctx)
