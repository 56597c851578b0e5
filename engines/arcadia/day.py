"""The Day (reference §5–§11): who acts, what they may do and carrying it out.

The rules live in rounds, movement, waylays, encounters, trials and events; this module
dispatches on the stage of the Day. Fixed rulings: plays_per_entry=1,
victory_check=after_each_step, waylay_gate_metric=grid_steps, engine_rolls_all=true.
"""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.common import NOBODY, held, live, merit_of, opponent, set_merit, without
from engines.arcadia.contest import Finished, pay_legal, window_legal, window_seat
from engines.arcadia.contest import window_resolve as contest_resolve
from engines.arcadia.encounters import (
    _test_choices,
    after_test,
    face_waylays,
    pay,
    pushed,
    start_waylay_test,
)
from engines.arcadia.events import (
    after_recovery,
    cvc_outcome,
    event_legal,
    flaws_to_recover,
    quest_trial_done,
    recover_flaw,
    recoverable,
    resolve_event,
    rest_trial_done,
)
from engines.arcadia.forced_moves import push_cells
from engines.arcadia.mapping import neighbours
from engines.arcadia.movement import after_window, crossing_trial_done, make_move, move_legal
from engines.arcadia.state import ArcadiaState
from engines.arcadia.waylays import _terrain_ok as _terrain_ok  # tests import it from here
from engines.arcadia.waylays import playable, put_waylay
from engines.arcadia.wording import league_label
from engines.core.context import Ctx
from engines.core.errors import IllegalAction

# -- who acts ---------------------------------------------------------------------------


def actor(s: ArcadiaState) -> int:
    d = s.day
    if d is None:
        return NOBODY
    if s.contest is not None:
        return window_seat(s)
    if d.stage in ("window", "flaws", "push"):
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
        return move_legal(s, p)
    if d.stage == "window":
        return [A.made(A.Decline), *[A.made(A.PlayWaylay, waylay=w) for w in playable(s, p)]]
    if d.stage == "test":
        return _test_choices(s, p, d.queue[0])
    if d.stage == "pay":
        return pay_legal(s, s.players[d.pay_seat])
    if d.stage == "event":
        return event_legal(s, p)
    if d.stage == "recover":
        return [A.made(A.EndDay), *[A.made(A.Recover, slot=i) for i in recoverable(s, p)]]
    if d.stage == "push":
        return [A.made(A.Push, cell=x) for x in push_cells(s, s.players[d.pay_seat])]
    if d.stage == "flaws":
        return [A.made(A.Done), *[A.made(A.RecoverFlaw, slot=i) for i in flaws_to_recover(s, p)]]
    if d.stage == "cvc_outcome":
        loser = s.players[d.cvc_loser]
        out: list[A.Action] = [A.made(A.Drain, slot=i) for i, _ in live(loser)]
        if not out:
            out = [A.made(A.Drain, slot=i) for i, m in held(loser) if m.exhausted]
        out += [A.made(A.Push, cell=x) for x in neighbours(s, loser.pos or "")]
        return out
    return []


# -- resolving --------------------------------------------------------------------------


def resolve(s: ArcadiaState, seat: int, a: A.Action, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    p = s.players[d.seat]
    if s.contest is not None:
        done = contest_resolve(s, seat, a, ctx)
        if done is not None and done[0].kind == "trial":
            _after_trial(s, done, ctx)
        else:
            after_test(s, done, ctx)
        return
    if d.stage == "move":
        if isinstance(a, A.Stay):
            ctx.say(f"{p.character.name} stays at {league_label(s, p.pos or '')}.")
            face_waylays(s, p, ctx)
        elif isinstance(a, A.Move):
            make_move(s, p, a, ctx)
    elif d.stage == "window":
        if isinstance(a, A.PlayWaylay):
            holder = s.players[seat]
            holder.hand = without(holder.hand, a.waylay)
            put_waylay(s, p, p.pos or "", a.waylay, ctx)
        else:
            ctx.say(f"{s.players[seat].character.name} plays no waylay.")
        d.stage = "move"
        after_window(s, p, ctx)
    elif d.stage == "test":
        start_waylay_test(s, p, a, ctx)
    elif d.stage == "pay":
        pay(s, a, ctx)
    elif d.stage == "push":
        pushed(s, a, ctx)
    elif d.stage == "recover":
        if isinstance(a, A.Recover):
            set_merit(p, a.slot, exhausted=False)
            ctx.say(f"{p.character.name} recovers {merit_of(p.character.merits[a.slot]).name}.")
            d.recover_left -= 1
            if d.recover_left > 0 and recoverable(s, p):
                return
        after_recovery(s, p, ctx)
    elif d.stage == "flaws":
        recover_flaw(s, p, a, ctx)
    elif d.stage == "cvc_outcome":
        cvc_outcome(s, p, a, ctx)
    elif d.stage == "event":
        resolve_event(s, p, a, ctx)
    else:
        raise IllegalAction("That move does not fit this moment of the Day.")


def _after_trial(s: ArcadiaState, done: Finished, ctx: Ctx) -> None:
    """A Trial's window closed after a player's answer: go on with what it was for."""
    d = s.day
    assert d is not None
    p = s.players[d.seat]
    purpose = d.trial_for or "cross"
    if purpose == "cross":
        crossing_trial_done(s, p, *done, ctx)
    elif purpose.startswith("rest:"):
        rest_trial_done(s, p, *done, ctx)
    else:
        quest_trial_done(s, p, *done, ctx)
