"""Choosing before the map exists (reference §4 steps 2–3, §13.3): quests, the waylays
held against each quester, quest treasures, the secret league selections; then the roll for
turn order and the reveal of the selections. Fixed ruling here: roll_tie=reroll_lowest."""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.building import character_points
from engines.arcadia.common import opponent, treasure_budget, waylay_budget, without
from engines.arcadia.content import content
from engines.arcadia.state import ArcadiaState, QuestState, StepProgress
from engines.arcadia.wording import quest_title
from engines.core.context import Ctx
from engines.core.words import count


def leagues_per_quest(s: ArcadiaState) -> int:
    return 10 if s.solo else 5


def quest_legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    taken = {q.id for q in s.players[seat].quests}
    # In the order of the quests' numbers, as the rule book lists them (1, 2, ..., 101).
    quests = sorted(content().quests.values(), key=lambda q: q.number)
    return [A.made(A.PickQuest, quest=q.id) for q in quests if q.id not in taken]


def pick_quest(s: ArcadiaState, seat: int, quest_id: str, ctx: Ctx) -> None:
    """A quest taken; Quest VIII's Border count is rolled now; epic seats take several."""
    c = content()
    p = s.players[seat]
    q = c.quests[quest_id]
    counts: dict[str, int] = {}
    rolled = ""
    for b in q.branches:
        for i, st in enumerate(b):
            if st.count_roll == "half_d6":
                with ctx.rng(s) as rng:
                    counts[str(i)] = (rng.randint(1, 6) + 1) // 2
                rolled = f": {count(counts[str(i)], 'Border league')} to ride"
    qs = QuestState(id=q.id, branches=tuple(StepProgress() for _ in q.branches), counts=counts)
    p.quests.append(qs)
    p.quests.sort(key=lambda x: c.quests[x.id].number)
    ctx.say(f"{p.character.name} takes {quest_title(q.id)}{rolled}.")
    if len(p.quests) >= s.options.quests_each:
        s.cursor += 1


def solo_target(pool: list[int], rating: int) -> int:
    """§13.3 solo waylay total: the rating if some selection reaches it exactly, else the
    smallest reachable total above it, else every waylay (``exact_else_min_over``)."""
    sums = {0}
    for r in pool:
        sums |= {x + r for x in sums}
    if rating in sums:
        return rating
    over = [x for x in sums if x > rating]
    return min(over) if over else sum(pool)


def waylay_holder(s: ArcadiaState) -> int:
    """Who selects the waylays against the quester at the cursor: its opponent, or itself
    in solo play."""
    return s.cursor if s.solo else opponent(s, s.cursor)


def waylay_legal(s: ArcadiaState) -> list[A.Action]:
    c = content()
    target = s.players[s.cursor]
    holder = s.players[waylay_holder(s)]
    cap = waylay_budget(s, target)
    total = sum(c.waylays[w].rating for w in holder.hand)
    if s.solo and s.options.solo_waylay_total == "exact_else_min_over":
        goal = solo_target([w.rating for w in c.waylays.values()], cap)
        out: list[A.Action] = [A.made(A.Done)] if total == goal else []
        cap = goal
    else:
        out = [A.made(A.Done)]
    copies = s.options.max_copies
    out += [
        A.made(A.SelectWaylay, waylay=w.id)
        for w in c.waylays.values()
        if total + w.rating <= cap and holder.hand.count(w.id) < copies
    ]
    return out


def treasure_legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    c = content()
    p = s.players[seat]
    room = treasure_budget(p) - sum(c.merits[t].cost for t in p.treasures)
    out: list[A.Action] = [A.made(A.Done)]
    out += [
        A.made(A.SelectTreasure, merit=m.id)
        for m in c.merits.values()
        if m.type == "Treasure" and m.cost <= room and m.id not in p.treasures
    ]
    return out


def league_legal(s: ArcadiaState, seat: int) -> list[A.Action]:
    p = s.players[seat]
    return [
        A.made(A.SelectLeague, league=lid)
        for lid in sorted(content().leagues)
        if lid not in p.league_pick
    ]


def roll_order(s: ArcadiaState, ctx: Ctx) -> None:
    """§4 step 3: everyone rolls; only tied lowest rollers re-roll; turn order runs from the
    lowest roller in seat order."""
    n = len(s.players)
    rolling = list(range(n))
    with ctx.rng(s) as rng:
        for x in rolling:
            s.players[x].roll = rng.randint(1, 6)
        while True:
            low = min(s.players[x].roll for x in rolling)
            tied = [x for x in rolling if s.players[x].roll == low]
            if len(tied) == 1:
                first = tied[0]
                break
            for x in tied:
                s.players[x].roll = rng.randint(1, 6)
            rolling = tied
    s.order = [(first + k) % n for k in range(n)]
    if n > 1:
        rolls = ", ".join(f"{p.character.name} rolls {p.roll}" for p in s.players)
        ctx.say(f"For turn order {rolls}. {s.players[first].character.name} goes first.")


def reveal(s: ArcadiaState, ctx: Ctx) -> None:
    """Selections revealed; a Unique league chosen by several goes to the fewest character
    points, ties by turn order (``unique_tie``)."""
    c = content()
    rank = {seat: i for i, seat in enumerate(s.order)}
    if s.options.unique_tie == "seat_order":
        rank = {seat: seat for seat in range(len(s.players))}
    for lid, lg in c.leagues.items():
        if not lg.unique:
            continue
        holders = [p for p in s.players if lid in p.league_pick]
        if len(holders) < 2:
            continue
        keep = min(
            holders,
            key=lambda p: (character_points([m.id for m in p.character.merits]), rank[p.seat]),
        )
        for p in holders:
            if p is not keep:
                p.league_pick = without(p.league_pick, lid)
                s.discarded_leagues.append(lid)
        ctx.say(f"{lg.name} is Unique: {keep.character.name} keeps it.")
    for p in s.players:
        p.to_place = p.league_pick
