"""Movement (reference §5 D1–D6, §6): legal destinations, long moves, crossing trials,
arrival and the chain of entries a multi-league move makes.

Fixed rulings: forced_move_encounters=false, trial_key=via|side|any. A long move declares
its crossing terrain at each step, like any move (D3): one action per allowed pair.
``skip_league`` (Flight, §15.3) moves two leagues without entering the one between: no
trials, waylay window or waylays there, and its ``not_over`` terrains cannot be crossed so.
"""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia import goals
from engines.arcadia.common import facts, icon_effects, live, merit_of, set_merit, without
from engines.arcadia.content import Effect, Trial, content
from engines.arcadia.encounters import face_waylays
from engines.arcadia.mapping import (
    OPPOSITE,
    crossings,
    direction,
    grid_steps,
    neighbours,
    terrains_at,
)
from engines.arcadia.state import ArcadiaState, Contest, Player
from engines.arcadia.trials import fail_trial, start_trial, trial_applies
from engines.arcadia.waylays import holds_waylay, solo_draw, window_opens
from engines.arcadia.wording import league_label
from engines.core.context import Ctx


def _destinations(s: ArcadiaState, p: Player, waylaid: bool) -> list[tuple[str, tuple[str, ...]]]:
    """D2: from a waylaid league (not the own base camp) only a retreat is legal. Each
    destination with its crossings."""
    here = p.pos or ""
    adjacent = [(x, vias) for x in neighbours(s, here) if (vias := crossings(s, here, x))]
    if waylaid:
        if any(
            content().waylays[w.id].no_retreat_after_loss and p.seat in w.lost_to
            for w in s.cells[here].waylays
        ):
            return []
        if p.came_from is not None:
            return [(x, vias) for x, vias in adjacent if x == p.came_from]
        return adjacent if s.options.retreat_without_origin == "any" else []
    return adjacent


# A chain of two single entries (Warhorse), or one move over a league never entered (Flight).
LONG_MOVES = ("extra_move", "skip_league")


def move_legal(s: ArcadiaState, p: Player) -> list[A.Action]:
    here = p.pos or ""
    out: list[A.Action] = [A.made(A.Stay)]
    waylaid = holds_waylay(s, here) and here != p.base
    for x, vias in _destinations(s, p, waylaid):
        out += [A.made(A.Move, cell=x, via=v) for v in vias]
    if waylaid:
        return out
    for slot, e in _extra_movers(p):
        allowed = e.params.get("via", ["any"])
        for mid in neighbours(s, here):
            if e.op == "skip_league" and set(e.params.get("not_over", [])) & set(
                terrains_at(s, mid)
            ):
                continue
            for v1 in _allowed_vias(crossings(s, here, mid), allowed):
                for end in neighbours(s, mid):
                    if end == here:
                        continue
                    out += [
                        A.made(A.Move, cell=end, via=v2, merit=slot, mid=mid, mid_via=v1)
                        for v2 in _allowed_vias(crossings(s, mid, end), allowed)
                    ]
    return out


def _allowed_vias(vias: tuple[str, ...], allowed: list[str]) -> list[str]:
    """Every crossing terrain the power allows: the mover declares which (D3)."""
    return [v for v in vias if "any" in allowed or v in allowed]


def _extra_movers(p: Player) -> list[tuple[int, Effect]]:
    """(slot paid, effect) for every long-move power (``extra_move``, ``skip_league``): a
    merit's own, or the icon's Flight paid by exhausting a Might Ability (slot -1 - i marks
    an icon power paid with slot i)."""
    out = []
    for i, plays in facts(p.character).merit_plays:  # face-up merits' exhaust effects
        for e in plays:
            if e.op in LONG_MOVES:
                out.append((i, e))
    for e in icon_effects(p):
        if e.op in LONG_MOVES:
            for i, m in live(p):
                mt = merit_of(m)
                if mt.type == e.params.get("exhaust_type") and mt.attribute == e.params.get(
                    "exhaust_attribute"
                ):
                    out.append((-1 - i, e))
                    break
    return out


def _cross(
    s: ArcadiaState,
    p: Player,
    frm: str,
    to: str,
    via: str,
    ctx: Ctx,
    over: tuple[str, str] | None = None,
) -> None:
    """D4: leave trials of ``frm`` then enter trials of ``to``, each with its modifier
    window; the first failure ends the Day where the character stands, and passing them all
    arrives (D5). ``over`` is (skipped league, via out of ``frm``) for a flight over one
    league: the sides then face the skipped league."""
    d = s.day
    assert d is not None
    d.trials = tuple(crossing_trials(s, frm, to, via, over))
    d.cross = (frm, to)
    _next_trial(s, p, ctx)


def crossing_trials(
    s: ArcadiaState, frm: str, to: str, via: str, over: tuple[str, str] | None = None
) -> list[str]:
    """D4: the trials a crossing from ``frm`` to ``to`` by ``via`` meets, in order: every
    leave trial of ``frm`` that applies, then every enter trial of ``to``, each as
    "leave|<cell>|<i>" or "enter|<cell>|<i>" (``over`` as for ``_cross``)."""
    a, b = s.cells[frm], s.cells[to]
    out_via, in_via = via, via
    if over is None:
        d_out = direction(frm, to) or "N"
        d_in = OPPOSITE[d_out]
    else:
        mid, out_via = over
        d_out = direction(frm, mid) or "N"
        d_in = direction(to, mid) or "N"
    leave = content().leagues[a.league].leave_trials
    enter = content().leagues[b.league].enter_trials
    trials = [
        f"leave|{frm}|{i}" for i, t in enumerate(leave) if trial_applies(t, out_via, d_out, a.rot)
    ]
    return trials + [
        f"enter|{to}|{i}" for i, t in enumerate(enter) if trial_applies(t, in_via, d_in, b.rot)
    ]


def trial_words(s: ArcadiaState, ref: str) -> str:
    """A crossing trial of ``crossing_trials`` in words: "a Might 4 trial to enter Misty
    Moor"."""
    t, cell = _trial(s, ref)
    way = "leave" if ref.startswith("leave|") else "enter"
    return f"a {t.attribute} {t.difficulty} trial to {way} {league_label(s, cell)}"


def _trial(s: ArcadiaState, ref: str) -> tuple[Trial, str]:
    side, cell, i = ref.split("|")
    lg = content().leagues[s.cells[cell].league]
    return (lg.leave_trials if side == "leave" else lg.enter_trials)[int(i)], cell


def _next_trial(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    """Roll the crossing's trials in turn; when all are passed, arrive."""
    d = s.day
    assert d is not None
    while d.trials:
        t, cell = _trial(s, d.trials[0])
        done = start_trial(s, p, t, cell, "cross", ctx)
        if done is None:
            return  # the window is open: crossing_trial_done goes on
        if not _trial_result(s, p, *done, ctx):
            return
    frm, to = d.cross
    d.cross = ()
    _arrive(s, p, frm, to, ctx)
    _entry_window(s, p, ctx)


def crossing_trial_done(s: ArcadiaState, p: Player, c: Contest, result: str, ctx: Ctx) -> None:
    """A crossing trial whose window closed after a player's answer."""
    if _trial_result(s, p, c, result, ctx):
        _next_trial(s, p, ctx)


def _trial_result(s: ArcadiaState, p: Player, c: Contest, result: str, ctx: Ctx) -> bool:
    """True when the trial passed; a failure stops the move (and any chain) here."""
    d = s.day
    assert d is not None
    t, cell = _trial(s, d.trials[0])
    d.trials = d.trials[1:]
    if result == "win":
        return True
    if cell == p.pos and cell not in p.failed_trial_at:
        p.failed_trial_at = (*p.failed_trial_at, cell)
    d.trials, d.cross, d.chain, d.chain_via = (), (), (), ()
    fail_trial(s, p, c, t, ctx)
    return False


def _arrive(s: ArcadiaState, p: Player, frm: str, to: str, ctx: Ctx) -> None:
    """D5: set came_from and move; the waylay gate and visit goals see the entry."""
    if frm in p.failed_trial_at:
        p.failed_trial_at = without(p.failed_trial_at, frm)
    p.came_from = frm
    p.pos = to
    d = s.day
    assert d is not None
    d.moved = True
    d.entered = to
    ctx.say(f"{p.character.name} enters {league_label(s, to)}.")
    gate = max((content().quests[q.id].waylay_gate for q in p.quests), default=0)
    if p.base and grid_steps(p.base, to) >= gate:
        p.far_enough = True
    goals.on_enter(s, p, to)
    goals.check(s, ctx)


def leaps(p: Player, a: A.Move) -> bool:
    """A long move whose power is ``skip_league``: it never enters ``a.mid``."""
    if a.merit is None:
        return False
    slot = a.merit if a.merit >= 0 else -1 - a.merit
    power = icon_effects(p) if a.merit < 0 else merit_of(p.character.merits[slot]).effects
    return next(e.op for e in power if e.op in LONG_MOVES) == "skip_league"


def make_move(s: ArcadiaState, p: Player, a: A.Move, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    here = p.pos or ""
    if a.merit is None:
        _cross(s, p, here, a.cell, a.via, ctx)
        return
    slot = a.merit if a.merit >= 0 else -1 - a.merit
    skip = leaps(p, a)
    set_merit(p, slot, exhausted=True)
    ctx.say(f"{p.character.name} makes a long move ({merit_of(p.character.merits[slot]).name}).")
    mid = a.mid or ""
    if skip:
        _cross(s, p, here, a.cell, a.via, ctx, over=(mid, a.mid_via or ""))
        return
    d.chain = (a.cell,)
    d.chain_via = (a.via,)
    _cross(s, p, here, mid, a.mid_via or "", ctx)


def _entry_window(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    if s.over:
        return
    cell = p.pos or ""
    if s.solo:
        solo_draw(s, p, cell, ctx)
        after_window(s, p, ctx)
        return
    if window_opens(s, p):
        d.stage = "window"
        return
    after_window(s, p, ctx)


def after_window(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    d = s.day
    assert d is not None
    cell = p.pos or ""
    if d.chain and not (s.options.multi_step_stop_on_waylay and holds_waylay(s, cell)):
        to, via = d.chain[0], d.chain_via[0]
        d.chain, d.chain_via = d.chain[1:], d.chain_via[1:]
        _cross(s, p, cell, to, via, ctx)
        return
    d.chain = ()
    face_waylays(s, p, ctx)
