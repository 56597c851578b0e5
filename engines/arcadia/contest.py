"""Tests and the modifier window; paying exhaustions and the wipe-out (reference §8, §9).

A Test: choose the test type, the engine rolls both dice, then the post-roll window opens:
starting with the tested character, the parties alternately apply one effect or pass
(``modifier_window=alternating_after_roll``); it closes when every party has passed in a row.
A party with nothing usable passes automatically, so the window only asks real questions.
A Trial (§8: "a specific Test", unopposed) has the same window after its one die: the tested
character, then its opponent holding its flaws. Effects for a Trial are those of its
attribute, of "Trial", or of no test type; the character is asked only while failing, since
the window returns to it after every play of the opponent. In solo play the engine exhausts
each flaw the first time its trigger occurs (``solo_flaw_trigger=first_eligible``). A step
that closes the window returns the finished Test and its result, and the Day (day.py) goes
on from there.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.arcadia import actions as A
from engines.arcadia.common import (
    NOBODY,
    attribute,
    facts,
    held,
    icon_effects,
    live,
    merit_of,
    opponent,
    set_flaw,
    set_merit,
    static_bonus,
)
from engines.arcadia.content import Effect, content
from engines.arcadia.forced_moves import FORCED_OPS
from engines.arcadia.state import ArcadiaState, Contest, Player, WaylayInPlay
from engines.core.context import Ctx

VERB = {"win": "wins", "loss": "loses", "tie": "ties"}


def foe_kind(s: ArcadiaState, c: Contest) -> str | None:
    if c.kind == "waylay":
        return content().waylays[_waylay(s, c).id].kind
    if c.kind in ("npc", "boar"):
        return "creature"
    return None


def _waylay(s: ArcadiaState, c: Contest) -> WaylayInPlay:
    cell, order = c.foe.split("#")
    return next(w for w in s.cells[cell].waylays if w.order == int(order))


def defender(s: ArcadiaState, c: Contest) -> Player | None:
    return s.players[int(c.foe)] if c.kind == "cvc" else None


def scores(s: ArcadiaState, c: Contest) -> tuple[int, int]:
    """(tested character's score, its foe's); for a Trial the foe's is the difficulty."""
    p = s.players[c.seat]
    kind = foe_kind(s, c)
    mine = c.die + c.base + c.bonus + c.malus
    if not c.breath:
        mine += static_bonus(p, c.test, kind, trial=c.kind == "trial")
    d = defender(s, c)
    theirs = c.foe_die + c.foe_base + c.foe_bonus
    if d is not None:
        theirs += static_bonus(d, c.test, None)
    return mine, theirs


def foe_static(s: ArcadiaState, kind: str, foe_id: str, seat: int, cell: str | None) -> int:
    """Waylay bonuses: the card's own (Unseelie Knight against Seelie characters) and the
    league's (Ogre Duke's Crossing for ``ogre`` waylays)."""
    if kind != "waylay":
        return 0
    w = content().waylays[foe_id]
    total = 0
    court = s.players[seat].character.court
    for e in w.effects:
        if e.op == "waylay_bonus" and (e.when.court is None or e.when.court == court):
            total += int(e.params.get("amount", 0))
    if cell is not None:
        for e in content().leagues[s.cells[cell].league].effects:
            if e.op == "waylay_bonus" and e.when.tag in w.tags:
                total += int(e.params.get("amount", 0))
    return total


# A finished Test and its result ("win", "loss" or "tie"), for the Day to go on from.
Finished = tuple[Contest, str]


def open_test(
    s: ArcadiaState, ctx: Ctx, kind: str, seat: int, foe: str, test: str, foe_base: int
) -> Finished | None:
    p = s.players[seat]
    base = attribute(p, test)
    parties = [seat]
    if kind == "cvc":
        parties.append(int(foe))
    elif opponent(s, seat) != NOBODY:
        parties.append(opponent(s, seat))
    cell = foe.split("#")[0] if kind == "waylay" else None
    foe_id = _waylay_id(s, foe) if kind == "waylay" else foe
    c = Contest(
        kind=kind,
        seat=seat,
        foe=foe,
        test=test,
        base=base,
        foe_base=foe_base + foe_static(s, kind, foe_id, seat, cell),
        parties=parties,
        bonus=p.next_test_bonus,
    )
    p.next_test_bonus = 0
    s.contest = c
    _roll(s, c, ctx)
    _solo_flaws(s, c, ctx)
    return _settle(s, ctx)


def open_trial(
    s: ArcadiaState, ctx: Ctx, seat: int, attribute_name: str, difficulty: int, where: str
) -> Finished | None:
    """A Trial of ``attribute_name`` at ``where``: one die, then the window."""
    p = s.players[seat]
    parties = [seat]
    if opponent(s, seat) != NOBODY:
        parties.append(opponent(s, seat))
    c = Contest(
        kind="trial",
        seat=seat,
        foe=where,
        test=attribute_name,
        base=attribute(p, attribute_name),
        foe_base=difficulty,
        parties=parties,
    )
    s.contest = c
    _roll(s, c, ctx)
    _solo_flaws(s, c, ctx)
    return _settle(s, ctx)


def passing(s: ArcadiaState, c: Contest) -> bool:
    """A Trial passes when ignored or when the total reaches the difficulty."""
    mine, difficulty = scores(s, c)
    return c.ignored or mine >= difficulty


def _waylay_id(s: ArcadiaState, uid: str) -> str:
    cell, order = uid.split("#")
    return next(w.id for w in s.cells[cell].waylays if w.order == int(order))


def foe_name(s: ArcadiaState, c: Contest) -> str:
    if c.kind == "waylay":
        return content().waylays[_waylay(s, c).id].name
    if c.kind == "npc":
        return content().npcs[c.foe].name
    if c.kind == "boar":
        return "the Wild Boar"
    if c.kind == "trial":
        return f"{c.test} {c.foe_base} at {c.foe}"
    return s.players[int(c.foe)].character.name


def _roll(s: ArcadiaState, c: Contest, ctx: Ctx) -> None:
    if c.kind == "trial":
        with ctx.rng(s) as rng:
            c.die = rng.randint(1, 6)
        total, _ = scores(s, c)
        ctx.say(f"{c.test} {c.foe_base} trial at {c.foe}: die {c.die}, total {total}.", kind="roll")
        return
    with ctx.rng(s) as rng:
        c.die = rng.randint(1, 6)
        c.foe_die = rng.randint(1, 6)
    mine, theirs = scores(s, c)
    who = s.players[c.seat].character.name
    ctx.say(
        f"{c.test} Test, {who} against {foe_name(s, c)}: dice {c.die} and {c.foe_die}, "
        f"scores {mine} against {theirs}.",
        kind="roll",
    )


class _Moment:
    """What the window's checks read of the Test in ``s`` (its foe's kind, the scores),
    each worked out once per question asked: a new moment after anything changes them."""

    __slots__ = ("_kind", "_scores", "c", "s")

    def __init__(self, s: ArcadiaState, c: Contest) -> None:
        self.s = s
        self.c = c
        self._kind: str | bool | None = False  # False: not worked out yet
        self._scores: tuple[int, int] | None = None

    @property
    def kind(self) -> str | None:
        if self._kind is False:
            self._kind = foe_kind(self.s, self.c)
        return self._kind  # type: ignore[return-value]

    @property
    def scores(self) -> tuple[int, int]:
        if self._scores is None:
            self._scores = scores(self.s, self.c)
        return self._scores

    @property
    def passing(self) -> bool:
        """As ``passing``: a Trial ignored, or its total reaching the difficulty."""
        mine, difficulty = self.scores
        return self.c.ignored or mine >= difficulty


def _standing(m: _Moment, seat: int) -> str:
    c = m.c
    if c.kind == "trial":
        ok = m.passing
        return "winning" if ok == (seat == c.seat) else "losing"
    mine, theirs = m.scores
    if seat != c.seat:
        mine, theirs = theirs, mine
    return "winning" if mine > theirs else "losing" if mine < theirs else "tied"


def _trial_effect_ok(c: Contest, e: Effect) -> bool:
    """An effect for a Trial: one of its attribute, of "Trial", or of no test type; never
    one against a kind of waylay."""
    return (not e.when.tests or bool({c.test, "Trial"} & set(e.when.tests))) and (
        e.when.against is None
    )


def _trial_merit_ok(m: _Moment, e: Effect) -> bool:
    if e.trigger != "exhaust" or not _trial_effect_ok(m.c, e) or m.passing:
        return False
    return e.op in ("add_score", "reroll", "ignore_trial")


def _merit_ok(m: _Moment, p: Player, e: Effect) -> bool:
    c = m.c
    if c.kind == "trial":
        return _trial_merit_ok(m, e)
    if e.op == "ignore_trial":
        return False
    if e.trigger != "exhaust":
        return False
    if e.when.tests and c.test not in e.when.tests:
        return False
    if e.when.against and e.when.against != (m.kind if p.seat == c.seat else None):
        return False
    if e.op == "add_score":
        return not (c.breath and p.seat == c.seat)
    if e.op == "reroll":
        return True
    if e.op == "substitute_attribute":
        return c.test == "Combat" and not c.breath
    return False


def _flaw_ok(m: _Moment, owner: Player, e: Effect) -> bool:
    c = m.c
    if e.trigger != "opponent_exhaust":
        return False
    if c.kind == "trial":
        if not _trial_effect_ok(c, e):
            return False
    elif e.when.tests and c.test not in e.when.tests:
        return False
    if e.when.against and e.when.against != (m.kind if owner.seat == c.seat else None):
        return False
    if e.when.state and _standing(m, owner.seat) != e.when.state:
        return False
    if e.op in FORCED_OPS:
        # A forced move follows a lost Test or failed Trial of the Day's own character; a
        # character encounter lost costs nothing (``cvc_defender_win=no_effect``).
        return c.kind != "cvc" and owner.seat == c.seat
    return e.op in ("add_score", "force_reroll", "exhaust_merit", "lose_day")


def _sides(s: ArcadiaState, c: Contest) -> list[Player]:
    d = defender(s, c)
    return [s.players[c.seat], *([d] if d else [])]


def window_legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    c = s.contest
    if c is None:
        return []
    return [A.made(A.Pass), *_plays(_Moment(s, c), seat)]


def _plays(now: _Moment, seat: int) -> Iterator[A.Action]:
    """What ``seat`` may play in the window besides passing, one at a time (auto-passing
    only asks whether there is any)."""
    s, c = now.s, now.c
    for p in _sides(s, c):
        # Only a merit's exhaust effects and a flaw's played ones may pass the checks.
        if p.seat == seat:
            for i, plays in facts(p.character).merit_plays:
                for e in plays:
                    if _merit_ok(now, p, e):
                        yield A.made(A.UseMerit, slot=i, seat=p.seat)
                        break
            if p.seat == c.seat:
                for i in _icon_payers(now, p):
                    yield A.made(A.IconPower, slot=i)
        if not s.solo and opponent(s, p.seat) == seat:
            for i, plays in facts(p.character).flaw_plays:
                for e in plays:
                    if _flaw_ok(now, p, e):
                        yield A.made(A.UseFlaw, slot=i, seat=p.seat)
                        break


def _icon_payers(now: _Moment, p: Player) -> list[int]:
    c = now.c
    out: list[int] = []
    for e in icon_effects(p):
        if e.trigger != "exhaust" or e.op == "extra_move":
            continue
        if c.kind == "trial":
            if not _trial_merit_ok(now, e):
                continue
        elif e.op == "ignore_trial" or (e.when.tests and c.test not in e.when.tests):
            continue
        if e.op == "substitute_attribute" and c.breath:
            continue
        if e.op == "add_score" and c.breath:
            continue
        for i, m in live(p):
            mt = merit_of(m)
            if mt.type == e.params.get("exhaust_type") and e.params.get("exhaust_attribute") in (
                None,
                mt.attribute,
            ):
                out.append(i)
    return sorted(set(out))


def _apply(s: ArcadiaState, c: Contest, e: Effect, side: int, ctx: Ctx, flaw: bool) -> None:
    """Carry out one window effect for the character on ``side`` (its seat)."""
    amount = int(e.params.get("amount", 0))
    mine = side == c.seat
    if e.op == "add_score":
        if flaw:
            if mine:
                c.malus += amount
            else:
                c.foe_bonus += amount
        elif mine:
            c.bonus += amount
        else:
            c.foe_bonus += amount
    elif e.op in ("reroll", "force_reroll"):
        if not s.options.bonuses_survive_reroll:
            c.bonus = c.malus = 0
            c.foe_bonus = 0
        _roll(s, c, ctx)
    elif e.op == "substitute_attribute":
        value = e.params.get("value")
        if value == "combat":
            return
        c.base = int(value or 0)
        c.breath = True
        c.bonus = 0
    elif e.op == "exhaust_merit":
        if mine:
            c.extra_penalty += 1
    elif e.op == "lose_day" and mine:
        c.lose_day = True
    elif e.op in FORCED_OPS and mine:
        c.forced = e.op
    elif e.op == "ignore_trial":
        c.ignored = True
        ctx.say(f"{s.players[c.seat].character.name} ignores the trial.")


def window_resolve(s: ArcadiaState, seat: int, a: A.Action, ctx: Ctx) -> Finished | None:
    c = s.contest
    assert c is not None
    c.answers += 1
    if isinstance(a, A.Pass):
        c.passes += 1
    elif isinstance(a, A.UseMerit):
        p = s.players[a.seat]
        mt = merit_of(set_merit(p, a.slot, exhausted=True))
        ctx.say(f"{p.character.name} exhausts {mt.name}.")
        now = _Moment(s, c)
        for e in mt.effects:
            if _merit_ok(now, p, e) or e.trigger == "exhaust":
                if e.op == "substitute_attribute" and e.params.get("value") == "combat":
                    if a.seat == c.seat:
                        c.base = mt.combat or c.base
                        now = _Moment(s, c)
                    continue
                _apply(s, c, e, a.seat, ctx, flaw=False)
                break
        c.passes = 0
    elif isinstance(a, A.UseFlaw):
        p = s.players[a.seat]
        set_flaw(p, a.slot, exhausted=True)
        fl = content().flaws[p.character.flaws[a.slot].id]
        ctx.say(f"{s.players[seat].character.name} exhausts {p.character.name}'s flaw {fl.name}.")
        now = _Moment(s, c)
        for e in fl.effects:
            if _flaw_ok(now, p, e):
                _apply(s, c, e, a.seat, ctx, flaw=True)
                break
        c.passes = 0
    elif isinstance(a, A.IconPower):
        p = s.players[seat]
        set_merit(p, a.slot, exhausted=True)
        icon = content().icons[p.character.icon or ""]
        ctx.say(f"{p.character.name} uses {icon.special.name}.")
        for e in icon.special.effects:
            if e.trigger == "exhaust" and e.op != "extra_move":
                _apply(s, c, e, seat, ctx, flaw=False)
                break
        c.passes = 0
    c.turn = (c.turn + 1) % len(c.parties)
    _solo_flaws(s, c, ctx)
    return _settle(s, ctx)


def _solo_flaws(s: ArcadiaState, c: Contest, ctx: Ctx) -> None:
    if not s.solo:
        return
    p = s.players[c.seat]
    for i, f in enumerate(p.character.flaws):
        if f.used or f.exhausted:
            continue
        fl = content().flaws[f.id]
        now = _Moment(s, c)  # each flaw after the last one's effect
        for e in fl.effects:
            if _flaw_ok(now, p, e):
                set_flaw(p, i, exhausted=True, used=True)
                ctx.say(f"The solo engine exhausts {p.character.name}'s flaw {fl.name}.")
                _apply(s, c, e, p.seat, ctx, flaw=True)
                break


def window_seat(s: ArcadiaState) -> int:
    c = s.contest
    assert c is not None
    return c.parties[c.turn]


def _settle(s: ArcadiaState, ctx: Ctx) -> Finished | None:
    """Auto-pass parties with nothing to use; close the window when all passed in a row."""
    c = s.contest
    assert c is not None
    now = _Moment(s, c)  # passing changes no score
    while c.passes < len(c.parties):
        if next(_plays(now, window_seat(s)), None) is not None:
            return None
        c.passes += 1
        c.turn = (c.turn + 1) % len(c.parties)
    return _finish(s, ctx)


def _finish(s: ArcadiaState, ctx: Ctx) -> Finished:
    c = s.contest
    assert c is not None
    mine, theirs = scores(s, c)
    s.contest = None
    p = s.players[c.seat]
    if c.kind == "trial":
        ok = c.ignored or mine >= theirs
        verb = "passes" if ok else "fails"
        ctx.say(f"{p.character.name} {verb} the trial (total {mine}, {theirs} needed).")
        return c, "win" if ok else "loss"
    result = "win" if mine > theirs else "loss" if mine < theirs else "tie"
    if result == "win" and c.kind == "waylay" and s.options.ogre_natural_six and c.die != 6:
        w = content().waylays[_waylay_id(s, c.foe)]
        cell = c.foe.split("#")[0]
        natural = [
            e
            for e in content().leagues[s.cells[cell].league].effects
            if e.op == "waylay_bonus" and e.when.tag in w.tags and e.params.get("natural_six")
        ]
        if natural:
            result = "tie"
            ctx.say("Only a natural 6 beats an ogre here: the win counts as a tie.")
    ctx.say(f"{p.character.name} {VERB[result]} ({mine} against {theirs}).")
    return c, result


# -- paying an exhaustion (§9) ------------------------------------------------------------


def pay_legal(s: ArcadiaState, p: Player) -> list[A.Action]:
    out: list[A.Action] = [A.made(A.Exhaust, slot=i) for i, _ in live(p)]
    out += [A.made(A.Discard, slot=i) for i, m in held(p) if m.exhausted]
    return out


def wipe_out(s: ArcadiaState, p: Player, ctx: Ctx) -> None:
    """The last merit is gone: the character goes home and skips its next Day."""
    p.pos = p.base
    p.came_from = None
    p.skip_next_day = True
    ctx.say(f"{p.character.name} has no merits left: back to base camp, and the next Day is lost.")
