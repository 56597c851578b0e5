"""An Arcadia AI seat (DESIGN.md "AI seats are policies"): greedy rules for every decision
of the questing player and of the opposing player.

It reads the game through ``determinize(state, seat)``, so another seat's waylay hand and
hidden league picks are re-dealt at random before it looks: it never sees secrets.

- Building: a strong-Might icon, a couple of light flaws, then merits by value per point.
- Setting the stage: the easiest quest, trial-free leagues with Road or Fields laid where
  they touch most neighbours; as the opponent, waylays of the highest rating, the quester's
  base camp in a corner and its quest sites and items as far from it as the map allows.
- The Day: walk the shortest path toward the active goal step (a quest site, an unvisited
  league, a treasure, a waylay to beat), take every quest action, pick up what counts, rest
  when a merit is exhausted; in a Test pick the best attribute and spend a merit only when it
  turns a loss or a tie into a win. As the opponent: play the waylay the quester is worst
  against, and exhaust flaws when they hurt.
"""

from __future__ import annotations

from typing import Any

from engines.arcadia import actions as A
from engines.arcadia import goals
from engines.arcadia.common import attribute, held, merit_of, static_bonus
from engines.arcadia.content import content
from engines.arcadia.contest import scores
from engines.arcadia.forced_moves import FORCED_OPS
from engines.arcadia.mapping import distances, neighbours
from engines.arcadia.movement import leaps
from engines.arcadia.state import ArcadiaState, Player
from engines.core.protocol import Engine, SeatId
from engines.core.rng import Rng

QUEST_EASE = ["q1", "q105", "q101", "q102", "q104", "q7", "q5", "q103", "q2", "q8", "q11", "q4"]
ICON_PREF = ["ogre_male", "redcap_male", "troll_male", "ogre_female", "dragonkin_male"]
OP_VALUE = {"add_score": 1.0, "add_attribute": 1.6, "reroll": 0.9, "substitute_attribute": 1.2}


def merit_value(merit_id: str) -> float:
    m = content().merits[merit_id]
    value = 0.0
    for e in m.effects:
        base = OP_VALUE.get(e.op, 0.3) * max(1, abs(int(e.params.get("amount", 1))))
        tests = e.when.tests
        if not tests or "Combat" in tests or "Might" in tests:
            base *= 1.4
        value += base
    return value + 0.2


def flaw_harm(flaw_id: str) -> float:
    f = content().flaws[flaw_id]
    harm = 0.0
    for e in f.effects:
        harm += {"force_reroll": 1.5, "lose_day": 2.0, "exhaust_merit": 1.2}.get(
            e.op, 0.6 * abs(int(e.params.get("amount", 1)))
        )
    return harm


class ArcadiaAI:
    """Greedy rules; ``rng`` breaks ties only."""

    def choose(self, engine: Engine[Any, Any], state: Any, seat: SeatId, rng: Rng) -> Any:
        legal = list(engine.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        s: ArcadiaState = engine.determinize(state, seat, rng.next_u64() & 0xFFFF)
        scored = [(self.score(s, seat, a), i) for i, a in enumerate(legal)]
        best = max(v for v, _ in scored)
        ties = [i for v, i in scored if v == best]
        return legal[rng.choice(ties)]

    # -- one number per action ------------------------------------------------------------

    def score(self, s: ArcadiaState, seat: int, a: Any) -> float:
        c = content()
        me = s.players[seat]
        if isinstance(a, A.PickIcon):
            return -ICON_PREF.index(a.icon) if a.icon in ICON_PREF else -10.0
        if isinstance(a, A.TakeFlaw):
            taken = len(me.character.flaws)
            return 5.0 - flaw_harm(a.flaw) * 2 + c.flaws[a.flaw].bonus if taken < 2 else -9.0
        if isinstance(a, A.TakeMerit):
            return merit_value(a.merit) / c.merits[a.merit].cost + 1.0
        if isinstance(a, A.FinishBuild | A.ChooseCourt):
            return 0.5
        if isinstance(a, A.PickQuest):
            return -QUEST_EASE.index(a.quest)
        if isinstance(a, A.ChooseItem):
            mine = s.pending_items and s.pending_items[0].owner == seat
            v = c.merits[a.merit].cost
            return v if mine else -v
        if isinstance(a, A.SelectWaylay):
            w = c.waylays[a.waylay]
            if s.solo:
                return self._solo_waylay(me, a.waylay)
            return w.rating + max(w.attributes.values()) / 10 + (0.5 if "ANY" in w.terrains else 0)
        if isinstance(a, A.SelectTreasure):
            if _needs(me)["collect"]:  # many cheap treasures to gather
                return 10.0 - c.merits[a.merit].cost
            return merit_value(a.merit) + c.merits[a.merit].cost
        if isinstance(a, A.Done):
            return 0.0
        if isinstance(a, A.RecoverFlaw):  # the flaws of the character this seat opposes
            target = s.players[s.day.seat] if s.day else me
            return 1.0 + flaw_harm(target.character.flaws[a.slot].id)
        if isinstance(a, A.SelectLeague):
            lg = c.leagues[a.league]
            trials = len(lg.enter_trials) + len(lg.leave_trials)
            road = ("Road" in lg.terrains) + ("Fields" in lg.terrains)
            bad = "Ocean" in lg.terrains or lg.unique
            # One Border league joins the land to an Ocean league someone else lays, so a
            # lone sea card cannot shrink the map to nothing.
            wanted = _needs(me)["terrains"] & set(lg.terrains)
            if wanted:
                return 8.0 - trials
            if "Border" in lg.terrains:
                picked = any("Border" in c.leagues[x].terrains for x in me.league_pick)
                return 4.5 - trials * 3 if not picked else -5.0
            return road * 2 - trials * 3 - (5 if bad else 0)
        if isinstance(a, A.PlaceLeague):
            return len(neighbours(s, a.cell)) + (0.1 if a.rot == 0 else 0)
        if isinstance(a, A.PlaceTreasure):
            return -len(neighbours(s, a.cell))
        if isinstance(a, A.ChooseBase):
            return -len(neighbours(s, a.cell))
        if isinstance(a, A.Designate):
            tag = s.designations[0]
            base = s.players[int(tag.split(":")[0])].base or a.cell
            return distances(s, base).get(a.cell, 0)
        if isinstance(a, A.PlaceItem):
            base = s.players[s.pending_items[0].owner].base or a.cell
            return distances(s, base).get(a.cell, 0)
        if s.contest is not None:
            return self._window(s, seat, a)
        if isinstance(a, A.PlayWaylay):
            target = s.players[s.day.seat] if s.day else me
            return self._waylay_threat(target, a.waylay) + 5
        if isinstance(a, A.Decline):
            return 0.0
        if isinstance(a, A.Move | A.Stay):
            return self._movement(s, me, a)
        if isinstance(a, A.ChooseTest):
            return self._test_value(s, me, a)
        if isinstance(a, A.Exhaust):
            return 10 - merit_value(me.character.merits[a.slot].id)
        if isinstance(a, A.Discard):
            return -merit_value(me.character.merits[a.slot].id)
        if isinstance(a, A.Recover):
            return merit_value(me.character.merits[a.slot].id)
        if isinstance(a, A.Push) and s.day and s.day.stage == "push":
            # A flaw's push: as far from the pushed character's goals as the map allows.
            pushed = s.players[s.day.pay_seat]
            dist = _route_costs(s, a.cell, 0.0)
            return min((dist.get(t, 99.0) for t in self._targets(s, pushed)), default=0.0)
        if isinstance(a, A.Drain | A.Push):
            if isinstance(a, A.Push):
                return 0.5
            loser = s.players[s.day.cvc_loser] if s.day else me
            return merit_value(loser.character.merits[a.slot].id)
        return self._event(s, me, a)

    def _solo_waylay(self, me: Player, wid: str) -> float:
        """Solo: the player picks its own waylays, so the easiest ones, and those its
        quest counts (a Combat test, a terrain)."""
        w = content().waylays[wid]
        needs = _needs(me)
        value = -min(w.attributes[t] for t in w.tests) - (w.wins_required - 1) * 3
        if needs["tests"] and needs["tests"] & set(w.tests):
            value += 3
        if "ANY" in w.terrains or needs["terrains"] & set(w.terrains):
            value += 2
        return value

    # -- the Day ----------------------------------------------------------------------------

    def _targets(self, s: ArcadiaState, p: Player) -> set[str]:
        """Cells that advance the first active goal step."""
        out: set[str] = set()
        for q, prog, _i, st, _n in goals.active_steps(s, p):
            where = goals.site(s, p, q.id, st.league)
            if st.type in ("reach", "trial", "defeat_npc", "deliver") and where:
                out.add(where)
            elif st.type == "visit":
                for x in s.cells:
                    if x == p.base or x in prog.seen:
                        continue
                    if (
                        st.terrain
                        and st.terrain not in content().leagues[s.cells[x].league].terrains
                    ):
                        continue
                    out.add(x)
            elif st.type == "collect":
                for x, pl in s.cells.items():
                    for t in pl.treasures:
                        if t.owner != p.seat:
                            continue
                        if (st.item == "own_treasure" and t.item is None) or (
                            t.item and st.item == "quest_item:" + t.item.split("/")[1]
                        ):
                            out.add(x)
            elif st.type == "defeat_waylays":
                out |= {x for x, pl in s.cells.items() if pl.waylays}
                if not out:
                    out |= {x for x in s.cells if x != p.pos}
                return out
            # Go round a guarded target while an unguarded one is left.
            clear = {x for x in out if not s.cells[x].waylays or x == p.base}
            if clear:
                return clear
            if out:
                return out
        return out

    def _movement(self, s: ArcadiaState, p: Player, a: Any) -> float:
        here = p.pos or ""
        dest = a.cell if isinstance(a, A.Move) else here
        targets = self._targets(s, p)
        wants = any(st.type == "defeat_waylays" for *_x, st, _n in goals.active_steps(s, p))
        dist = _route_costs(s, dest, 0.0 if wants else 3.0)
        near = min((dist.get(t, 99.0) for t in targets), default=0.0)
        value = -near * 2.0
        if dest in targets and dest != here:
            value += 1.0
        if isinstance(a, A.Move):
            value -= 0.8 * _trials_on_the_way(s, p, a)
            if a.merit is not None:
                value -= 0.6
        waylays = s.cells[dest].waylays
        if waylays and dest != p.base:
            threat = max(self._threat_of(p, w.id) for w in waylays)
            # Fresh (nothing exhausted), a character can afford to force its way through.
            fresh = not any(m.exhausted for _i, m in held(p))
            if wants:
                value += 1.0 - 0.5 * max(0, threat)
            elif fresh:
                value += -0.5 - 0.5 * max(0, threat)
            else:
                value += -1.5 - max(0, threat)
        if isinstance(a, A.Stay) and not waylays and dest not in targets:
            value -= 0.5
        return value

    def _threat_of(self, p: Player, wid: str) -> float:
        w = content().waylays[wid]
        return min(w.attributes[t] - attribute(p, t) - static_bonus(p, t, w.kind) for t in w.tests)

    def _waylay_threat(self, target: Player, wid: str) -> float:
        return self._threat_of(target, wid) + content().waylays[wid].wins_required

    def _test_value(self, s: ArcadiaState, p: Player, a: A.ChooseTest) -> float:
        d = s.day
        assert d is not None
        cell, order = d.queue[0].split("#")
        w = next(x for x in s.cells[cell].waylays if x.order == int(order))
        card = content().waylays[w.id]
        mine = attribute(p, a.test) + static_bonus(p, a.test, card.kind)
        counted = 1.5 if a.test in _needs(p)["tests"] else 0.0
        return mine - card.attributes[a.test] - (0.5 if a.merit is not None else 0) + counted

    def _event(self, s: ArcadiaState, p: Player, a: Any) -> float:
        if isinstance(a, A.QuestAction):
            if a.test is None:
                return 10.0
            npc = next(
                content().npcs[st.npc or ""]
                for _q, st in goals.quest_actions(s, p)
                if st.type == "defeat_npc"
            )
            edge = (
                attribute(p, a.test) + static_bonus(p, a.test, "creature") - npc.attributes[a.test]
            )
            return 8.0 + edge / 10
        if isinstance(a, A.PickUp):
            future = any(
                st.item == "own_treasure"
                for q in p.quests
                for b in content().quests[q.id].branches
                for st in b
            )
            active = any(st.type == "collect" for *_x, st, _n in goals.active_steps(s, p))
            return 6.0 if active or not future else -1.0
        if isinstance(a, A.Rest):
            tired = _recoverable_by(s, p, a.option)
            return 4.0 + tired if tired else -1.0
        if isinstance(a, A.EndDay):
            return 0.0
        return -2.0  # challenges and league specials: not worth the risk

    # -- the modifier window ----------------------------------------------------------------

    def _window(self, s: ArcadiaState, seat: int, a: Any) -> float:
        c = s.contest
        assert c is not None
        mine, theirs = scores(s, c)
        if seat != c.seat:
            mine, theirs = theirs, mine  # from this seat's side
        margin: float = mine - theirs
        if c.kind == "trial":
            # A Trial has no tie: reaching the difficulty passes. Half a point either side
            # makes a pass a lead for the character and a loss for its opponent.
            margin += 0.5 if seat == c.seat else -0.5
        if isinstance(a, A.Pass):
            return 0.0
        if isinstance(a, A.UseFlaw):
            # Opponent's flaws hurt the tested character: use them when the character leads
            # or when they add a penalty on a loss.
            fl = content().flaws[s.players[a.seat].character.flaws[a.slot].id]
            op = fl.effects[0].op
            if op in ("exhaust_merit", "lose_day", *FORCED_OPS):
                return 3.0
            if op == "force_reroll":
                return 2.0 if margin < 0 else -1.0
            amount = -int(fl.effects[0].params.get("amount", 0))
            return 2.0 if margin < 0 and margin + amount >= 0 else -1.0
        slot = s.players[seat].character.merits[getattr(a, "slot", 0)]
        if isinstance(a, A.IconPower):
            return 2.5 if margin <= 0 and c.base < 6 else -1.0
        if margin > 0:
            return -1.0
        for e in merit_of(slot).effects:
            if e.op == "add_score":
                gain = int(e.params.get("amount", 0))
                return (
                    3.0 - 0.1 * merit_of(slot).cost
                    if margin + gain > 0
                    else 0.5
                    if margin + gain == 0 and margin < 0
                    else -0.5
                )
            if e.op == "reroll":
                return 1.5 if margin < -1 else -0.5
            if e.op == "ignore_trial":
                return 3.0
            if e.op == "substitute_attribute":
                return 2.0 if (merit_of(slot).combat or 0) > c.base else -1.0
        return -1.0


def _trials_on_the_way(s: ArcadiaState, p: Player, a: A.Move) -> int:
    """Trials keyed ``any`` or by the declared crossing terrain on each step of a move, so
    the AI declares the terrain with fewer trials (a long move's two steps both count)."""
    c = content()

    def keyed(cell: str, leaving: bool, via: str) -> int:
        lg = c.leagues[s.cells[cell].league]
        trials = lg.leave_trials if leaving else lg.enter_trials
        return sum(1 for t in trials if t.key in ("any", f"via:{via}"))

    here = p.pos or ""
    if a.merit is None or a.mid is None:
        return keyed(here, True, a.via) + keyed(a.cell, False, a.via)
    first = a.mid_via or a.via
    if leaps(p, a):
        return keyed(here, True, first) + keyed(a.cell, False, a.via)
    return (
        keyed(here, True, first)
        + keyed(a.mid, False, first)
        + keyed(a.mid, True, a.via)
        + keyed(a.cell, False, a.via)
    )


def _route_costs(s: ArcadiaState, start: str, guarded: float) -> dict[str, float]:
    """Steps to every league from ``start``, each waylaid league costing ``guarded`` more,
    so a path around a waylay wins over a slightly shorter one through it."""
    best = {start: 0.0}
    todo = [(0.0, start)]
    while todo:
        todo.sort()
        cost, cell = todo.pop(0)
        if cost > best.get(cell, 1e9):
            continue
        for n in neighbours(s, cell):
            step = 1.0 + (guarded if s.cells[n].waylays else 0.0)
            if cost + step < best.get(n, 1e9):
                best[n] = cost + step
                todo.append((cost + step, n))
    return best


def _recoverable_by(s: ArcadiaState, p: Player, option: int) -> int:
    """How many exhausted merits a rest option would bring back."""
    if option < 0:
        types: tuple[str, ...] = ("any",)
        excluded: tuple[str, ...] = ()
        count = 1
    else:
        o = content().leagues[s.cells[p.pos or ""].league].rest.options[option]
        types, excluded, count = o.types, o.except_types, o.count
    tired = [
        m
        for _i, m in held(p)
        if m.exhausted
        and ("any" in types or merit_of(m).type in types)
        and merit_of(m).type not in excluded
    ]
    return min(count, len(tired))


def _needs(p: Player) -> dict[str, Any]:
    """What the player's quests ask for: terrains to visit or fight on, tests to win,
    whether own treasures must be gathered."""
    terrains: set[str] = set()
    tests: set[str] = set()
    collect = False
    for q in p.quests:
        for branch in content().quests[q.id].branches:
            for st in branch:
                if st.terrain and st.type in ("visit", "defeat_waylays"):
                    terrains.add(st.terrain)
                if st.test:
                    tests.add(st.test)
                if st.type == "collect" and st.item == "own_treasure" and st.count > 1:
                    collect = True
    return {"terrains": terrains, "tests": tests, "collect": collect}


def greedy_gain(s: ArcadiaState, seat: int) -> float:
    """The greedy baseline's immediate gain (issue 32): quests completed, then the steps of
    each quest done so far (§12), with no route planned."""
    quests = s.players[seat].quests
    return sum(10.0 if q.complete else sum(b.step for b in q.branches) for q in quests)
