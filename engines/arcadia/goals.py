"""Quests and winning: the goal model of §12 (``goal_model=seq_any_of``) and epic order
(§13.4).

Each quest holds one progress record per branch (a plain sequence is one branch). Events
(entering a league, defeating a waylay, picking up items, a quest action won) advance only
the active step of each branch; ``reach`` and ``deliver`` are state-based and checked after
every step. Quests complete in increasing quest number.
"""

from __future__ import annotations

from functools import lru_cache

from engines.arcadia.common import held, set_merit
from engines.arcadia.content import GoalStep, Quest, content
from engines.arcadia.mapping import terrains_at
from engines.arcadia.state import ArcadiaState, Player, QuestState, StepProgress
from engines.core.context import Ctx
from engines.core.protocol import Outcome
from engines.core.trusted import replaced
from engines.core.words import count


def site(s: ArcadiaState, p: Player, quest_id: str, ref: str | None) -> str | None:
    """The cell a league_ref names for this quester."""
    if ref is None:
        return None
    if ref == "base_camp":
        return p.base
    if ref.startswith("designated:"):
        tag = f"{p.seat}:{quest_id}:{ref.split(':', 1)[1]}"
        for x, pl in s.cells.items():
            if tag in pl.names:
                return x
        return None
    title = ref.split(":", 1)[1]
    for x, pl in s.cells.items():
        if content().leagues[pl.league].name == title:
            return x
    return None


def at_site(s: ArcadiaState, p: Player, quest_id: str, ref: str | None, cell: str | None) -> bool:
    """``site(s, p, quest_id, ref) == cell``, without a search of the map when the league at
    ``cell`` cannot be the one named (goals ask this after every step)."""
    placed = s.cells.get(cell) if ref is not None and cell is not None else None
    if placed is not None:
        if ref == "base_camp":
            return p.base == cell
        if ref.startswith("designated:"):
            if _tag(p.seat, quest_id, ref) not in placed.names:
                return False
        elif content().leagues[placed.league].name != ref.split(":", 1)[1]:
            return False
    return site(s, p, quest_id, ref) == cell


@lru_cache(maxsize=1024)
def _tag(seat: int, quest_id: str, ref: str) -> str:
    """The designation a ``designated:<key>`` league_ref names for this quester."""
    return f"{seat}:{quest_id}:{ref.split(':', 1)[1]}"


def count_of(q: QuestState, index: int, st: GoalStep) -> int:
    return q.counts.get(str(index), st.count)


Active = tuple[QuestState, StepProgress, int, GoalStep, int]
# An active step with where its progress sits: (quest index, branch index, *Active).
_Located = tuple[int, int, QuestState, StepProgress, int, GoalStep, int]


# The steps ``check`` looks at: the rest advance on events only.
STATE_BASED = frozenset({"reach", "collect", "deliver"})
# (branch index, progress, step index, step, branch length) of each active branch.
_Steps = tuple[tuple[int, StepProgress, int, GoalStep, int], ...]
# Per quest object, with the card it was read against: (quest, card, active steps, the
# state-based ones, whether a branch is done but the goal not yet marked met, whether a
# player holding this quest alone is idle for ``check``, and whether such a player is idle
# unless it stands at the site of one of those steps). Quests are frozen and replaced when
# they advance, so what they hold never goes stale; the quest is kept with its answer, so
# its id is not reused while it is here.
_Kept = tuple[QuestState, Quest, _Steps, _Steps, bool, bool, bool]
_STEPS: dict[int, _Kept] = {}
_STEPS_KEPT = 4096


def _steps_of(q: QuestState, card: Quest) -> _Kept:
    """The active steps of an unfinished quest (none once its goal is met), those of them
    ``check`` must look at, whether ``check`` must mark its goal met, and whether ``_idle``
    holds for a player with this quest alone."""
    hit = _STEPS.get(id(q))
    if hit is not None and hit[0] is q and hit[1] is card:
        return hit
    steps: _Steps = ()
    if not q.goal_met:
        steps = tuple(
            (b, prog, prog.step, branch[prog.step], len(branch))
            for b, (prog, branch) in enumerate(zip(q.branches, card.branches, strict=True))
            if not prog.done and prog.step < len(branch)
        )
    watched = tuple(x for x in steps if x[3].type in STATE_BASED)
    newly_met = not q.goal_met and any(b.done for b in q.branches)
    # ``_idle`` for ``[q]``: nothing to mark met, no open state-based step, nothing to
    # complete, and not every quest (this one) complete.
    settled = not newly_met and not q.complete and not q.goal_met
    alone = settled and not watched
    # Reach and deliver steps do something only at their site.
    away = settled and all(x[3].type in ("reach", "deliver") for x in watched)
    if len(_STEPS) >= _STEPS_KEPT:
        _STEPS.clear()
    hit = _STEPS[id(q)] = (q, card, steps, watched, newly_met, alone, away)
    return hit


def _idle(s: ArcadiaState, p: Player, cards: dict[str, Quest]) -> bool:
    """Whether ``check`` has nothing to do for ``p``, from what is kept per quest: no open
    quest has a state-based step, no goal waits to be marked met, the first unfinished quest
    has not met its goal (nothing completes) and not every quest is complete. A player with
    one quest whose state-based steps all wait at a site (reach, deliver) is idle unless it
    stands at one of those sites."""
    if len(p.quests) == 1:  # the usual game: kept with the quest
        q = p.quests[0]
        kept = _steps_of(q, cards[q.id])
        if kept[5]:
            return True
        return kept[6] and not any(at_site(s, p, q.id, x[3].league, p.pos) for x in kept[3])
    every = s.options.epic_progress_before_gate
    opened = True  # still among the quests whose progress counts (as in ``_located``)
    first = True  # the first unfinished quest is still to come
    for q in p.quests:
        _q, _card, _steps, watched, newly_met, _alone, _away = _steps_of(q, cards[q.id])
        if newly_met:
            return False
        if q.complete:
            continue
        if opened and watched:
            return False
        if first:
            if q.goal_met:
                return False
            first = False
        if not every:
            opened = False
    return not (first and p.quests)


def _located(s: ArcadiaState, p: Player, watched: bool = False) -> list[_Located]:
    """The active steps of the quests whose progress counts now: every unfinished one when
    progress builds before the gate (``epic_progress_before_gate``), else only the first
    unfinished; only the state-based steps if ``watched``."""
    out: list[_Located] = []
    cards = content().quests
    every = s.options.epic_progress_before_gate
    for k, q in enumerate(p.quests):
        if q.complete:
            continue
        for b, prog, i, st, n in _steps_of(q, cards[q.id])[3 if watched else 2]:
            out.append((k, b, q, prog, i, st, n))
        if not every:
            break
    return out


def active_steps(s: ArcadiaState, p: Player) -> list[Active]:
    """(quest, branch progress, step index, step, branch length) of every active step."""
    return [(q, prog, i, st, n) for _k, _b, q, prog, i, st, n in _located(s, p)]


def _progress(p: Player, k: int, b: int, prog: StepProgress) -> None:
    """Branch ``b`` of quest ``k`` has made ``prog`` (quests are frozen: replaced)."""
    q = p.quests[k]
    branches = (*q.branches[:b], prog, *q.branches[b + 1 :])
    p.quests[k] = replaced(q, branches=branches)


def _advanced(prog: StepProgress, branch_len: int) -> StepProgress:
    step = prog.step + 1
    done = prog.done or step >= branch_len
    return replaced(prog, step=step, counter=0, seen=(), done=done)


def _counted(prog: StepProgress, need: int, branch_len: int, seen: str | None) -> StepProgress:
    """One more towards the step (``seen``: the league it happened on), advanced at
    ``need``."""
    more = replaced(
        prog, counter=prog.counter + 1, seen=prog.seen if seen is None else (*prog.seen, seen)
    )
    return _advanced(more, branch_len) if more.counter >= need else more


def on_enter(s: ArcadiaState, p: Player, cell: str) -> None:
    if cell == p.base:
        return
    for k, b, q, prog, i, st, blen in _located(s, p):
        if st.type != "visit" or cell in prog.seen:
            continue
        if st.terrain and st.terrain not in terrains_at(s, cell):
            continue
        _progress(p, k, b, _counted(prog, count_of(q, i, st), blen, cell))


def on_defeat(s: ArcadiaState, p: Player, test: str, cell: str) -> None:
    for k, b, q, prog, i, st, blen in _located(s, p):
        if st.type != "defeat_waylays":
            continue
        if st.test and st.test != test:
            continue
        if st.terrain and st.terrain not in terrains_at(s, cell):
            continue
        if st.distinct_leagues and cell in prog.seen:
            continue
        _progress(p, k, b, _counted(prog, count_of(q, i, st), blen, cell))


def on_pickup(s: ArcadiaState, p: Player, item: str) -> None:
    """``item`` is "own_treasure" or "quest_item:<key>"."""
    for k, b, q, prog, i, st, blen in _located(s, p):
        if st.type == "collect" and st.item == item:
            _progress(p, k, b, _counted(prog, count_of(q, i, st), blen, None))
            break


def on_quest_action(s: ArcadiaState, p: Player, quest_id: str, kind: str) -> None:
    for k, b, q, prog, _i, st, blen in _located(s, p):
        if q.id == quest_id and st.type == kind and at_site(s, p, q.id, st.league, p.pos):
            _progress(p, k, b, _advanced(prog, blen))
            return


def quest_actions(s: ArcadiaState, p: Player) -> list[tuple[str, GoalStep]]:
    """(quest id, step) of every trial or NPC test the character may attempt here (D8d)."""
    out = []
    for q, _prog, _i, st, _n in active_steps(s, p):
        here = at_site(s, p, q.id, st.league, p.pos)
        if st.type in ("trial", "defeat_npc") and here and (q.id, st) not in out:
            out.append((q.id, st))
    return out


def item_matches(slot_origin: str | None, item: str) -> bool:
    if item == "own_treasure":
        return slot_origin == "treasure"
    return slot_origin == "item:" + item.split(":", 1)[1]


def pickable_item(s: ArcadiaState, p: Player, item_key: str) -> bool:
    """A quest item is picked up only while a step that uses it is active (ruling)."""
    if s.options.quest_item_pickup == "any_time":
        return True
    want = "quest_item:" + item_key
    return any(a[3].item == want for a in active_steps(s, p))


def check(s: ArcadiaState, ctx: Ctx) -> None:
    """State-based goals (reach, deliver), quest completion in number order, victory."""
    if s.over:
        return
    cards = content().quests
    for p in s.players:
        if p.pos is None or _idle(s, p, cards):
            continue
        changed = True
        while changed:
            changed = False
            for k, b, q, prog, i, st, blen in _located(s, p, watched=True):
                if st.type == "reach":
                    if at_site(s, p, q.id, st.league, p.pos):
                        _progress(p, k, b, _advanced(prog, blen))
                        changed = True
                elif st.type == "collect" and s.options.collect_counts == "any_time":
                    # Items picked up before the step was active count too.
                    have = sum(1 for _k, m in held(p) if item_matches(m.origin, st.item or ""))
                    counter = max(prog.counter, have)
                    if counter >= count_of(q, i, st):
                        _progress(p, k, b, _advanced(prog, blen))
                        changed = True
                    elif counter != prog.counter:
                        _progress(p, k, b, replaced(prog, counter=counter))
                elif st.type == "deliver" and at_site(s, p, q.id, st.league, p.pos):
                    items = [(x, m) for x, m in held(p) if item_matches(m.origin, st.item or "")]
                    need = count_of(q, i, st)
                    if len(items) >= need:
                        for x, m in items[:need]:
                            set_merit(p, x, discarded=True, origin=f"spent:{m.origin}")
                        ctx.say(
                            f"{p.character.name} delivers {count(need, 'item')} for "
                            f"{content().quests[q.id].name}."
                        )
                        _progress(p, k, b, _advanced(prog, blen))
                        changed = True
            for k, q in enumerate(p.quests):
                if not q.goal_met:
                    for b in q.branches:
                        if b.done:
                            p.quests[k] = replaced(q, goal_met=True)
                            break
        # In number order, every quest whose goal is met completes; all complete wins.
        won = bool(p.quests)
        for k, q in enumerate(p.quests):
            if q.complete:
                continue
            if not q.goal_met:
                won = False
                break
            p.quests[k] = replaced(q, complete=True)
            ctx.say(f"{p.character.name} completes the quest {content().quests[q.id].name}!")
        if won:
            s.over = True
            s.winner = p.seat
            ctx.say(f"{p.character.name} has completed every quest and wins the game.")
            return


def outcome(s: ArcadiaState) -> Outcome | None:
    """The result once the game is over: the winner completed every quest (§12), else
    nobody wins; each seat scores its completed quests, plus 1 for the winner."""
    if not s.over:
        return None
    winners = frozenset({s.winner}) if s.winner is not None else frozenset()
    scores = {
        p.seat: float(sum(q.complete for q in p.quests)) + (1.0 if p.seat == s.winner else 0)
        for p in s.players
    }
    if s.winner is not None:
        summary = f"{s.players[s.winner].character.name} completes every quest and wins."
    else:
        summary = "No one completed their quests in time."
    return Outcome(winners, scores, summary)
