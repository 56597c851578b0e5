"""Moving groups of units: steps, rough borders, the Swamp, stopping on enemies, attacks on
sharing creatures (northgard.md §5.3, §10.5)."""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.core.words import count
from engines.northgard.board import (
    answer,
    ask,
    beasts_at,
    card_name,
    controlled,
    gmap,
    handler,
    hostile_at,
    place,
    push,
    put_units,
    shares,
    take_units,
    task,
    units_in,
    who,
)
from engines.northgard.state import State, Task

Group = dict[str, Any]


def is_swamp(s: State, terr: str) -> bool:
    return gmap(s).territories[terr].has("swamp")


def enemy_at(s: State, seat: int, terr: str) -> bool:
    return any(k != seat for k in units_in(s, terr)) or hostile_at(s, terr)


def step_cost(s: State, kind: str) -> int:
    return 2 if kind == "~" and s.options.rough_border == "extra_step" else 1


def can_enter(s: State, seat: int, src: str, dst: str, steps_left_after: int) -> bool:
    """May a group step from src into dst with this many steps left after the step?"""
    m = gmap(s)
    kind = m.territories[src].adjacent.get(dst)
    if kind is None or steps_left_after < 0:
        return False
    if not is_swamp(s, dst):
        return True
    # The Swamp is pass-through only: never where the group would have to stop (§5.3).
    stops = steps_left_after == 0 or (kind == "~" and s.options.rough_border == "stop")
    if stops or enemy_at(s, seat, dst):
        return False
    return any(nb != src and not is_swamp(s, nb) for nb in m.territories[dst].adjacent)


def start_group(
    s: State,
    seat: int,
    src: str,
    n: int,
    steps: int,
    bonus: int,
    flags: dict[str, Any],
    kaija: bool = False,
) -> Group:
    """Lift a group off its territory; Kaija goes along if the Bear chose so (§14.2)."""
    take_units(s, src, seat, n)
    kaija = kaija and s.kaija == src and s.players[seat].clan == "BEAR"
    if kaija:
        s.kaija = ""
    left_empty(s, seat, src)
    return {
        "seat": seat,
        "at": src,
        "from": src,
        "n": n,
        "left": steps,
        "moved": 0,
        "bonus": bonus,
        "flags": flags,
        "kaija": kaija,
        "stop": False,
    }


def left_empty(s: State, seat: int, terr: str) -> None:
    """Snake's Scorched Earth: once a year, a territory the Snake leaves or loses may get the
    token (asked once the current move or fight is over)."""
    p = s.players[seat]
    if p.clan == "SNAKE" and not p.scorched_used and not units_in(s, terr).get(seat):
        push(s, task("scorch", seat, terr=terr))


@handler("scorch")
def _scorch(s: State, t: Task, ctx: Ctx) -> None:
    terr = gmap(s).root.get(str(t.data["terr"]), str(t.data["terr"]))
    if s.players[t.seat].scorched_used or units_in(s, terr).get(t.seat):
        return
    opts = [
        ("scorch:keep", "keep Scorched Earth for later this year"),
        (f"scorch:{terr}", f"scorch {place(s, terr)}: no yield and no fame there this Harvest"),
    ]
    ask(s, "scorch", [t.seat], opts)


@answer("scorch")
def _scorched(s: State, seat: int, code: str, ctx: Ctx) -> None:
    s.pending = None
    terr = code.split(":")[1]
    if terr == "keep":
        return
    s.player_to_change(seat).scorched_used = True
    s.scorched = terr
    ctx.say(f"{who(s, seat)} puts Scorched Earth on {place(s, terr)}.")


def step_into(s: State, g: Group, dst: str, ctx: Ctx) -> None:
    """Take one step; then fight, stop or keep walking."""
    m = gmap(s)
    src = str(g["at"])
    kind = m.territories[src].adjacent[dst]
    g["left"] = int(g["left"]) - step_cost(s, kind)
    g["from"], g["at"] = src, dst
    g["moved"] = int(g["moved"]) + 1
    seat = int(g["seat"])
    if kind == "~" and s.options.rough_border == "stop":
        g["stop"] = True
    if is_swamp(s, dst):
        lost = 1 if s.options.swamp_loss == "per_group" else int(g["n"])
        lost = min(lost, int(g["n"]))
        g["n"] = int(g["n"]) - lost
        s.player_to_change(seat).reserve += lost
        ctx.say(f"{who(s, seat)} loses {count(lost, 'unit')} crossing the Swamp.")
        if g["n"] <= 0:
            if g["kaija"]:
                g["kaija"] = False
            return
    if enemy_at(s, seat, dst):
        push(s, task("combat", seat, terr=dst, attacker=seat, group=g))
        return
    push(s, task("walk", seat, group=g))


def arrive(s: State, g: Group, ctx: Ctx) -> None:
    seat, terr, n = int(g["seat"]), str(g["at"]), int(g["n"])
    if n <= 0:
        return
    put_units(s, terr, seat, n)
    s.moved[terr] = s.moved.get(terr, 0) + n
    if g["kaija"]:
        s.kaija = terr
    if int(g["moved"]):
        ctx.say(f"{who(s, seat)} moves {count(n, 'unit')} to {place(s, terr)}.")


@handler("move")
def _move(s: State, t: Task, ctx: Ctx) -> None:
    """A move effect: up to g groups, one after another (§5.1)."""
    groups = int(t.data["g"])
    if groups <= 0:
        return
    opts: list[tuple[str, str]] = [("group:done", "stop moving")]
    bear = s.players[t.seat].clan == "BEAR"
    for terr in controlled(s, t.seat):
        free = units_in(s, terr).get(t.seat, 0) - s.moved.get(terr, 0)
        for k in range(1, free + 1):
            opts.append((f"group:{terr}:{k}", f"move {count(k, 'unit')} out of {place(s, terr)}"))
            if bear and s.kaija == terr:
                opts.append(
                    (
                        f"group:{terr}:{k}:kaija",
                        f"move {count(k, 'unit')} and Kaija out of {place(s, terr)}",
                    )
                )
    if len(opts) > 1:
        ask(s, "group", [t.seat], opts, **t.data)


@answer("group")
def _group(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    data = dict(s.pending.data)
    s.pending = None
    if code == "group:done":
        return
    parts = code.split(":")
    src, k = parts[1], int(parts[2])
    g = start_group(
        s, seat, src, k, int(data["r"]), int(data["b"]), dict(data["flags"]), "kaija" in parts
    )
    data["g"] = int(data["g"]) - 1
    push(s, task("walk", seat, group=g), task("move", seat, **data))


def _attack_options(s: State, g: Group) -> list[tuple[str, str]]:
    if not s.options.attack_sharing_creature or is_swamp(s, str(g["at"])):
        return []
    return [
        (f"attack:{c}", f"attack the {card_name(c)} here")
        for c in beasts_at(s, str(g["at"]))
        if shares(s, c)
    ]


@handler("walk")
def _walk(s: State, t: Task, ctx: Ctx) -> None:
    g: Group = dict(t.data["group"])
    at = str(g["at"])
    opts: list[tuple[str, str]] = []
    if not g["stop"] and int(g["left"]) > 0:
        m = gmap(s)
        for dst, kind in sorted(m.territories[at].adjacent.items()):
            after = int(g["left"]) - step_cost(s, kind)
            if can_enter(s, int(g["seat"]), at, dst, after):
                opts.append((f"go:{dst}", f"go on to {place(s, dst)}"))
    in_swamp = is_swamp(s, at)
    if not in_swamp:
        if int(g["moved"]) == 0:
            opts.insert(0, ("go:hold", f"keep the group in {place(s, at)}"))
        else:
            opts.insert(0, ("go:stop", f"stop in {place(s, at)}"))
        opts += _attack_options(s, g)
    if not opts:
        # Stranded in the Swamp with nowhere to go: back where it came from.
        g["at"] = g["from"]
        opts = [("go:stop", f"stop in {place(s, str(g['at']))}")]
    if len(opts) == 1 and opts[0][0] in ("go:stop", "go:hold"):
        arrive(s, g, ctx)
        return
    ask(s, "walk", [t.seat], opts, group=g)


@answer("walk")
def _walked(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    g: Group = dict(s.pending.data["group"])
    s.pending = None
    what = code.split(":", 1)[1]
    if what in ("stop", "hold"):
        arrive(s, g, ctx)
    elif code.startswith("attack:"):
        push(s, task("combat", seat, terr=str(g["at"]), attacker=seat, group=g, target=what))
    else:
        step_into(s, g, what, ctx)
