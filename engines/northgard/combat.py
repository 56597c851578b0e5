"""Combat between players and with creatures: before-combat effects, secret food, the two
dice, casualties, retreat, defeat and rewards (northgard.md §8, §9.4, §10.5)."""

from __future__ import annotations

from typing import Any

from engines.core.context import Ctx
from engines.core.words import count
from engines.northgard.board import (
    answer,
    ask,
    beasts_at,
    card_name,
    controller,
    effective_buildings,
    face_text,
    gain_fame,
    gmap,
    handler,
    hostile_at,
    place,
    push,
    put_units,
    remove_units,
    roll,
    shares,
    take_units,
    task,
    units_in,
    who,
)
from engines.northgard.content import content
from engines.northgard.movement import is_swamp, left_empty
from engines.northgard.state import Beast, State, Task

Side = dict[str, Any]  # {"seat": int} or {"beast": card}; players carry "n" units


def _player_n(s: State, c: dict[str, Any], side: Side) -> int:
    """Units a player side fights with: the moving group, or the units in the territory."""
    if "group" in c and side is c["att"]:
        return int(c["group"]["n"])
    return units_in(s, str(c["terr"])).get(int(side["seat"]), 0)


def _lose_units(s: State, c: dict[str, Any], side: Side, k: int) -> int:
    if "group" in c and side is c["att"]:
        k = min(k, int(c["group"]["n"]))
        c["group"]["n"] = int(c["group"]["n"]) - k
        s.player_to_change(int(side["seat"])).reserve += k
        return k
    return remove_units(s, str(c["terr"]), int(side["seat"]), k)


@handler("combat")
def _combat(s: State, t: Task, ctx: Ctx) -> None:
    """Set the sides up and resolve before-combat effects (§8.2 step 0)."""
    terr = str(t.data["terr"])
    att: Side
    dfd: Side
    if "beast" in t.data:
        beast = str(t.data["beast"])
        seat = controller(s, terr)
        if seat is None:
            return
        att, dfd = {"beast": beast}, {"seat": seat}
    else:
        seat = int(t.data["attacker"])
        att = {"seat": seat}
        target = t.data.get("target")
        if target is None:
            hostile = [b for b in beasts_at(s, terr) if not shares(s, b)]
            target = hostile[0] if hostile else None
        if target is not None:
            dfd = {"beast": str(target)}
        else:
            enemy = controller(s, terr)
            if enemy is None:
                return
            dfd = {"seat": enemy}
    c: dict[str, Any] = {"terr": terr, "att": att, "dfd": dfd, "owner": controller(s, terr)}
    if "group" in t.data:
        c["group"] = dict(t.data["group"])
        if c["owner"] is None and int(c["group"]["moved"]) == 0:
            # The whole army was lifted off its own territory to fight there: it still
            # controlled it just before the move (§8.2 step 2).
            c["owner"] = seat
    c["att"] = att
    names = " vs ".join(_side_name(s, x) for x in (att, dfd))
    ctx.say(f"Combat in {place(s, terr)}: {names} (attacker first).")
    for side, other in ((att, dfd), (dfd, att)):
        wyvern = "seat" in side and other.get("beast", "").startswith("CR9")
        if wyvern and _lose_units(s, c, side, 1):
            ctx.say(f"The Wyvern removes 1 of {who(s, int(side['seat']))}'s units first.")
    flags = dict(c.get("group", {}).get("flags", {}))
    if flags.get("ambush") and "seat" in dfd and _lose_units(s, c, dfd, 1):
        ctx.say(f"Venom Ambush: {who(s, int(dfd['seat']))} removes 1 unit before the fight.")
    for side, other in ((att, dfd), (dfd, att)):
        if "seat" in side and _player_n(s, c, side) <= 0:
            ctx.say(f"{_cap(_side_name(s, side))} has no unit left and loses without a roll.")
            _finish(s, c, winner=other, loser=side, ctx=ctx)
            return
    _ask_food(s, c, ctx)


def _side_name(s: State, side: Side) -> str:
    return who(s, int(side["seat"])) if "seat" in side else f"the {card_name(side['beast'])}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _ask_food(s: State, c: dict[str, Any], ctx: Ctx) -> None:
    seats = [int(x["seat"]) for x in (c["att"], c["dfd"]) if "seat" in x]
    c.setdefault("food", {})
    todo = [k for k in seats if str(k) not in c["food"]]
    if s.options.food_commit == "attacker_first":
        todo = todo[:1]
    # A player with no food has nothing to decide.
    for k in list(todo):
        if s.players[k].food == 0:
            c["food"][str(k)] = 0
            todo.remove(k)
    if not todo:
        if len(c["food"]) < len(seats):
            _ask_food(s, c, ctx)
        else:
            _resolve(s, c, ctx)
        return
    food = max(s.players[k].food for k in todo)
    opts = [(f"food:{k}", f"commit {k} food") for k in range(food + 1)]
    ask(s, "commit", todo, opts, combat=c)


@answer("commit")
def _commit(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    k = int(code.split(":")[1])
    pend = s.pending.model_copy(update={"answers": {**s.pending.answers, str(seat): str(k)}})
    s.pending = pend
    if len(pend.answers) < len(pend.seats):
        return
    c = dict(pend.data["combat"])
    if "group" in c:
        c["group"] = dict(c["group"])  # the fight changes it; the decision is not changed
    c["food"] = {**c.get("food", {}), **{a: int(v) for a, v in pend.answers.items()}}
    s.pending = None
    seats = [int(x["seat"]) for x in (c["att"], c["dfd"]) if "seat" in x]
    if len(c["food"]) < len(seats):
        _ask_food(s, c, ctx)
        return
    _resolve(s, c, ctx)


def _strength(s: State, c: dict[str, Any], side: Side, attacking: bool) -> list[tuple[str, int]]:
    """What a side fights with before food and the die, part by part in words (§8.2 step
    3), so the log can say where each point comes from."""
    if "beast" in side:
        strength = content().creature_of(str(side["beast"])).strength
        return [(f"strength {strength}", strength)]
    seat = int(side["seat"])
    terr = str(c["terr"])
    n = _player_n(s, c, side)
    parts = [(count(n, "unit"), n)]
    bonus_side = s.options.building_bonus_side == "controller" or not attacking
    if c.get("owner") == seat and bonus_side:
        for b in effective_buildings(s, terr):
            plus = {"B7": 2, "B4": 1}.get(b, 0)
            if plus:
                parts.append((f"{content().buildings[b].name} +{plus}", plus))
    bonus = int(c["group"]["bonus"]) if attacking and "group" in c else 0
    if bonus:
        parts.append((f"the card +{bonus}", bonus))
    p = s.players[seat]
    if attacking and p.clan == "WOLF":
        parts.append(("Wolf clan +1", 1))
    kaija_here = (attacking and "group" in c and c["group"].get("kaija")) or s.kaija == terr
    if p.clan == "BEAR" and kaija_here:
        parts.append(("Kaija +2", 2))
    return parts


def _resolve(s: State, c: dict[str, Any], ctx: Ctx) -> None:
    """Food is spent, both sides roll, compare; skulls; outcome (§8.2 steps 4-8)."""
    att, dfd = c["att"], c["dfd"]
    food = {int(k): int(v) for k, v in c.get("food", {}).items()}
    for seat, k in food.items():
        spent = min(k, s.players[seat].food)
        if spent:
            s.player_to_change(seat).food -= spent
    faces = [roll(s, ctx), roll(s, ctx)]
    ctx.reveal()
    skulls = [s.options.die_face(f)[1] for f in faces]
    if s.options.casualty_timing == "before_compare":
        _skulls(s, c, skulls, ctx)
    totals, said = [], []
    for i, side in enumerate((att, dfd)):
        parts = _strength(s, c, side, attacking=i == 0)
        extra = food.get(int(side["seat"]), 0) if "seat" in side else 0
        if extra:
            parts.append((f"{extra} food", extra))
        axes = s.options.die_face(faces[i])[0]
        parts.append((f"the die {face_text(s, faces[i])}", axes))
        totals.append(sum(n for _, n in parts))
        said.append(", ".join(word for word, _ in parts))
    ctx.say(
        f"{_cap(_side_name(s, att))} fights with {totals[0]} ({said[0]}); "
        f"{_side_name(s, dfd)} with {totals[1]} ({said[1]})."
        + (" A tie: the defender holds." if totals[0] == totals[1] else "")
    )
    if s.options.casualty_timing == "after_compare":
        _skulls(s, c, skulls, ctx)
    if totals[0] > totals[1]:
        _finish(s, c, winner=att, loser=dfd, ctx=ctx)
    else:
        _finish(s, c, winner=dfd, loser=att, ctx=ctx)


def _skulls(s: State, c: dict[str, Any], skulls: list[bool], ctx: Ctx) -> None:
    for i, _side in enumerate((c["att"], c["dfd"])):
        other = c["dfd"] if i == 0 else c["att"]
        if skulls[i] and "seat" in other and _lose_units(s, c, other, 1):
            ctx.say(f"A skull: {_side_name(s, other)} loses 1 unit.")


def den_of(s: State) -> str | None:
    m = gmap(s)
    return next((t for t in m.order() if m.territories[t].has("den")), None)


def _finish(s: State, c: dict[str, Any], winner: Side, loser: Side, ctx: Ctx) -> None:
    terr = str(c["terr"])
    ctx.say(f"{_cap(_side_name(s, winner))} wins the fight in {place(s, terr)}.")
    group = c.get("group")
    att_is_player = "seat" in c["att"]
    if "beast" in loser:
        _defeat(s, str(loser["beast"]), int(winner["seat"]), terr, c, ctx)
    if att_is_player and winner is c["att"] and group is not None:
        seat = int(winner["seat"])
        if int(group["n"]) > 0 and hostile_at(s, terr):
            # Another non-sharing creature stands here: the group fights it next.
            push(s, task("combat", seat, terr=terr, attacker=seat, group=group))
            return
        if int(group["n"]) > 0:
            put_units(s, terr, seat, int(group["n"]))
            if group.get("kaija"):
                s.kaija = terr
        win_fame = int(dict(group.get("flags", {})).get("win_fame", 0))
        if win_fame:
            gain_fame(s, seat, win_fame, "Red Fang Raid", ctx)
    if "seat" in loser:
        seat = int(loser["seat"])
        attacking = loser is c["att"]
        if attacking and group is not None:
            n = int(group["n"])
            origin = str(group["from"])
            if group.get("kaija"):
                s.kaija = ""
        else:
            n = units_in(s, terr).get(seat, 0)
            take_units(s, terr, seat, n)
            origin = ""
            if s.kaija == terr and s.players[seat].clan == "BEAR":
                s.kaija = ""
            left_empty(s, seat, terr)
        if n > 0:
            _retreat(s, seat, terr, n, origin, ctx)


def retreat_targets(s: State, seat: int, terr: str) -> list[str]:
    """Legal retreats (§8.3): adjacent, not a Swamp, no other player, no hostile creature."""
    m = gmap(s)
    return [
        t
        for t in sorted(m.territories[terr].adjacent)
        if not is_swamp(s, t)
        and not any(k != seat for k in units_in(s, t))
        and not hostile_at(s, t)
    ]


def _retreat(s: State, seat: int, terr: str, n: int, origin: str, ctx: Ctx) -> None:
    legal = retreat_targets(s, seat, terr)
    if origin and s.options.retreat_attacker_origin and origin in legal:
        legal = [origin]
    if not legal:
        s.player_to_change(seat).reserve += n
        ctx.say(f"{who(s, seat)} has nowhere to retreat and returns {count(n, 'unit')} to reserve.")
        return
    if len(legal) == 1:
        put_units(s, legal[0], seat, n)
        ctx.say(f"{who(s, seat)} retreats {count(n, 'unit')} to {place(s, legal[0])}.")
        return
    ask(s, "retreat", [seat], [(f"retreat:{t}", f"retreat to {place(s, t)}") for t in legal], n=n)


@answer("retreat")
def _retreated(s: State, seat: int, code: str, ctx: Ctx) -> None:
    assert s.pending is not None
    n = int(s.pending.data["n"])
    s.pending = None
    dest = code.split(":")[1]
    put_units(s, dest, seat, n)
    ctx.say(f"{who(s, seat)} retreats {count(n, 'unit')} to {place(s, dest)}.")


def _defeat(s: State, card: str, seat: int, terr: str, c: dict[str, Any], ctx: Ctx) -> None:
    """A creature lost (§9.4); the Wyvern goes home unless it lost in its Den (§10.5)."""
    cr = content().creature_of(card)
    den = den_of(s)
    if card.startswith("CR9") and den is not None and terr != den:
        s.beasts = [Beast(card=card, at=den) if b.card == card else b for b in s.beasts]
        ctx.say(f"The Wyvern flees back to its Den ({place(s, den)}).")
        if units_in(s, den):
            push(s, task("combat", -1, terr=den, beast=card))
        return
    s.beasts = [b for b in s.beasts if b.card != card]
    s.line = tuple(x for x in s.line if x != card)
    s.player_to_change(seat).slain += 1
    extra = int(dict(c.get("group", {}).get("flags", {})).get("hunt_fame", 0))
    gain_fame(s, seat, cr.reward + extra, f"defeating the {cr.name}", ctx)
    if not cr.in_pile or s.options.defeated_creature == "reward_and_trophy":
        s.out_of_game = (*s.out_of_game, card)
        return
    with ctx.rng(s) as rng:
        s.creature_pile = tuple(rng.shuffled([*s.creature_pile, card]))
