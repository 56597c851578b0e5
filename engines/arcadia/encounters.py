"""Waylay encounters and their Tests (reference §5 D7, §7, §8, §9): the encounter queue,
the outcome of every Test of the Day, and paying exhaustions.
"""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia import goals
from engines.arcadia.common import facts, held, merit_of, set_cell, set_merit
from engines.arcadia.content import content
from engines.arcadia.contest import Finished, open_test, wipe_out
from engines.arcadia.forced_moves import push, push_cells, solo_push_cell, transport
from engines.arcadia.rounds import end_day
from engines.arcadia.state import ArcadiaState, Contest, Player
from engines.core.context import Ctx

# -- D7 waylays -------------------------------------------------------------------------


def face_waylays(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
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
    d.queue = tuple(f"{cell}#{w.order}" for w in ws)
    d.encountered = True
    _next_waylay(s, p, ctx)


def _next_waylay(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    while d.queue:
        cell, order = d.queue[0].split("#")
        if p.pos != cell or not any(w.order == int(order) for w in s.cells[cell].waylays):
            d.queue = d.queue[1:]
            continue
        choices = _test_choices(s, p, d.queue[0])
        if len(choices) == 1:
            start_waylay_test(s, p, choices[0], ctx)
        else:
            d.stage = "test"
        return
    end_day(s, ctx)


def _test_choices(s: ArcadiaState, p: Player, uid: str) -> list[A.Action]:
    cell, order = uid.split("#")
    w = next(x for x in s.cells[cell].waylays if x.order == int(order))
    card = content().waylays[w.id]
    out: list[A.Action] = [A.made(A.ChooseTest, test=t) for t in card.tests]
    # Face-up merits with a change_test power (from the character's kept exhaust effects).
    changers = [
        i
        for i, plays in facts(p.character).merit_plays
        if any(e.op == "change_test" for e in plays)
    ]
    for t in card.attributes:
        if t not in card.tests:
            out += [A.made(A.ChooseTest, test=t, merit=i) for i in changers]
    return out


def start_waylay_test(s: ArcadiaState, p: Player, a: A.Action, ctx: Ctx) -> None:
    assert isinstance(a, A.ChooseTest)
    d = s.day
    assert d is not None
    uid = d.queue[0]
    d.queue = d.queue[1:]
    if a.merit is not None:
        set_merit(p, a.merit, exhausted=True)
        ctx.say(f"{p.character.name} exhausts {merit_of(p.character.merits[a.merit]).name}.")
    cell, order = uid.split("#")
    w = next(x for x in s.cells[cell].waylays if x.order == int(order))
    d.stage = "contest"
    run_test(s, ctx, "waylay", p.seat, uid, a.test, content().waylays[w.id].attributes[a.test])


# -- after a Test -----------------------------------------------------------------------


def run_test(
    s: ArcadiaState, ctx: Ctx, kind: str, seat: int, foe: str, test: str, foe_base: int
) -> None:
    """Open a Test; if its window closes at once, go on from its result."""
    after_test(s, open_test(s, ctx, kind, seat, foe, test, foe_base), ctx)


def after_test(s: ArcadiaState, done: Finished | None, ctx: Ctx) -> None:
    if done is not None:
        after_contest(s, *done, ctx)


def after_contest(s: ArcadiaState, c: Contest, result: str, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    p = s.players[c.seat]
    if c.kind == "waylay":
        cell, order = c.foe.split("#")
        ws = s.cells[cell].waylays
        k = next(i for i, x in enumerate(ws) if x.order == int(order))
        w = ws[k]
        card = content().waylays[w.id]
        wins_left = w.wins_left
        if result == "win":
            wins_left -= 1
            if wins_left <= 0:
                set_cell(s, cell, waylays=ws[:k] + ws[k + 1 :])
                p.defeated = (*p.defeated, f"{w.id}@{cell}")
                d.defeated_here = cell
                ctx.say(f"{card.name} is defeated and discarded.")
                goals.on_defeat(s, p, c.test, cell)
                goals.check(s, ctx)
            else:
                ctx.say(
                    f"{card.name} needs {wins_left} more {'win' if wins_left == 1 else 'wins'}."
                )
        elif not s.options.partial_wins_persist:
            wins_left = card.wins_required
        if result != "win" or wins_left > 0:
            # Still in play. Only a loss bars the retreat (no_retreat_after_loss); a tie or
            # a win frees it.
            lost = set(w.lost_to) - {p.seat}
            if result == "loss":
                lost.add(p.seat)
            kept = w.model_copy(update={"wins_left": wins_left, "lost_to": tuple(sorted(lost))})
            set_cell(s, cell, waylays=(*ws[:k], kept, *ws[k + 1 :]))
        if result == "loss":
            if s.options.multi_waylay_stop_on_loss:
                d.queue = ()
            lose(s, p, c, 1, "waylays", ctx)
            return
        _next_waylay(s, p, ctx)
        return
    if c.kind == "npc" and result == "win":
        goals.on_quest_action(s, p, d.quest_event or "", "defeat_npc")
        ctx.say(f"{p.character.name} defeats {content().npcs[c.foe].name}.")
    if c.kind == "boar" and result == "win":
        auto_recover(p, 2, ctx)
    if c.kind == "cvc":
        if result == "win":
            d.stage = "cvc_outcome"
            d.cvc_loser = int(c.foe)
            return
        end_day(s, ctx)
        return
    if result == "loss":
        lose(s, p, c, 1, "end", ctx)
        return
    end_day(s, ctx)


def lose(
    s: ArcadiaState,
    p: Player,
    c: Contest,
    n: int,
    then: str,
    ctx: Ctx,
    forced: str | None = None,
) -> None:
    """A lost Test or failed Trial: the flaws played in its window take effect (the next
    Day lost, a forced move, more exhaustions), then ``n`` exhaustions are paid and the Day
    goes on (``then``, as for ``owe``). A push is the opponent's choice (§6)."""
    d = s.day
    assert d is not None
    n += c.extra_penalty
    if c.lose_day:
        p.skip_next_day = True
    forced = c.forced or forced
    if forced == "return_to_base":
        transport(s, p, ctx)
    elif forced == "move_character" and push_cells(s, p):
        if s.solo:
            push(s, p, solo_push_cell(s, p), ctx)
        else:
            d.pay, d.pay_seat, d.after_pay = n, p.seat, then
            d.stage = "push"
            return
    owe(s, p, n, then, ctx)


def pushed(s: ArcadiaState, a: A.Action, ctx: Ctx) -> None:
    """The opponent's push of a ``move_character`` flaw; the exhaustions owed follow."""
    assert isinstance(a, A.Push)
    d = s.day
    assert d is not None
    push(s, s.players[d.pay_seat], a.cell, ctx)
    _settle_pay(s, ctx)


def owe(s: ArcadiaState, p: Player, n: int, then: str, ctx: Ctx) -> None:
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
        d.queue = ()
    if d.pay > 0:
        d.stage = "pay"
        return
    if d.after_pay == "waylays" and p.seat == d.seat:
        _next_waylay(s, p, ctx)
    else:
        end_day(s, ctx)


def pay(s: ArcadiaState, a: A.Action, ctx: Ctx) -> None:
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
            d.queue = ()
            end_day(s, ctx)
            return
    d.pay -= 1
    _settle_pay(s, ctx)


def auto_recover(p: Player, n: int, ctx: Ctx) -> None:
    tired = sorted(
        (i for i, m in held(p) if m.exhausted),
        key=lambda i: -merit_of(p.character.merits[i]).cost,
    )
    for i in tired[:n]:
        set_merit(p, i, exhausted=False)
        ctx.say(f"{p.character.name} recovers {merit_of(p.character.merits[i]).name}.")
