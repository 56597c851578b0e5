"""The words Arcadia's log, menus, views and pictures share (issue 29: names, not ids):
places on the map (reference §3.1), quest steps and their progress (§12), a character's
court while it is built (§2.6) and the foe of a Test (§8).

A league is named by its card; where two copies of a card lie on the map, its place
``(x,y)`` (x east, y north, as each card on the picture shows it) tells them apart.
"""

from __future__ import annotations

from engines.arcadia.building import court_count, court_of
from engines.arcadia.content import GoalStep, Trial, content
from engines.arcadia.goals import count_of, site
from engines.arcadia.mapping import DIRS, printed_side, step, xy
from engines.arcadia.state import ArcadiaState, Player, QuestState, StepProgress
from engines.core.words import count

# The side of a cell a neighbour lies on, as a direction from that neighbour.
FROM_NEIGHBOUR = {"N": "south", "S": "north", "E": "west", "W": "east"}
EDGE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def place(cell: str) -> str:
    """A cell as the picture labels it: "(2,-1)"."""
    x, y = xy(cell)
    return f"({x},{y})"


def shared_name(s: ArcadiaState, cell: str) -> bool:
    """Whether another league on the map carries the same card name as the one at ``cell``."""
    leagues = content().leagues
    name = leagues[s.cells[cell].league].name
    # The league at ``cell`` is one of them: another makes two (the log names leagues often).
    return [leagues[p.league].name for p in s.cells.values()].count(name) > 1


def league_label(s: ArcadiaState, cell: str, always: bool = False) -> str:
    """The league at ``cell`` by name, with its place when another copy shares the name (or
    ``always``): "Crossroads Inn (2,0)"."""
    if cell not in s.cells:
        return place(cell)
    name = content().leagues[s.cells[cell].league].name
    return f"{name} {place(cell)}" if always or shared_name(s, cell) else name


def beside(s: ArcadiaState, cell: str) -> str:
    """Where an empty cell lies, by a league laid next to it: "east of Misty Moor (1,0)"."""
    for d in DIRS:
        n = step(cell, d)
        if n in s.cells:
            return f"{FROM_NEIGHBOUR[d]} of {league_label(s, n, always=True)}"
    return "the first league of the map"


def lay_place(s: ArcadiaState, cell: str) -> str:
    """Where a league is laid: "(1,0), east of Misty Moor (0,0)"; the first one by its
    place alone."""
    return f"{place(cell)}, {beside(s, cell)}" if s.cells else place(cell)


def court_words(icon: str | None, merits: list[str], flaws: list[str]) -> str:
    """A character's court while it is built: the count's, or the tie to be chosen."""
    court = court_of(icon, merits, flaws)
    if court is not None:
        return f"{court} court"
    seelie, unseelie = court_count(merits, flaws)
    return f"courts tied {seelie} to {unseelie} (chosen on finishing)"


def _npc(npc_id: str) -> str:
    """A quest foe: a name of one word is a proper name ("Splendourscale"), else "the
    bandit chief"."""
    name = content().npcs[npc_id].name
    return name if " " not in name else "the " + name[0].lower() + name[1:]


def _item_words(item: str, n: int) -> str:
    """``own_treasure`` or ``quest_item:<key>`` as the things picked up: "2 of your
    treasures", "3 conscripts", "the oracle treasure"."""
    if item == "own_treasure":
        return "1 of your treasures" if n == 1 else f"{n} of your treasures"
    noun = item.split(":", 1)[1].replace("_", " ")
    return f"the {noun}" if n == 1 else count(n, noun)


def _site(s: ArcadiaState, p: Player, quest_id: str, ref: str | None) -> str:
    """The league a quest step names, for the quester: "the lair, Misty Moor"."""
    if ref is None:
        return ""
    cell = site(s, p, quest_id, ref)
    if ref == "base_camp":
        what = "the base camp"
    elif ref.startswith("designated:"):
        what = "the " + ref.split(":", 1)[1]
    else:
        what = ref.split(":", 1)[1]
    if cell is None:
        return f"{what} (not chosen yet)"
    return f"{what}, {league_label(s, cell)}" if what != league_label(s, cell) else what


def step_words(
    s: ArcadiaState, p: Player, q: QuestState, index: int, st: GoalStep, done: int
) -> str:
    """One quest step with its progress: "defeat 2 of 3 waylays on Road leagues"."""
    need = count_of(q, index, st)
    at = _site(s, p, q.id, st.league)
    if st.type == "visit":
        kind = f"{st.terrain} leagues" if st.terrain else "leagues"
        return f"enter {done} of {need} {kind}"
    if st.type == "defeat_waylays":
        how = f" in {st.test} Tests" if st.test else ""
        where = f" on {st.terrain} leagues" if st.terrain else ""
        apart = " on different leagues" if st.distinct_leagues else ""
        return f"defeat {done} of {count(need, 'waylay')}{how}{where}{apart}"
    if st.type == "reach":
        return f"go back to {at}" if st.league == "base_camp" else f"reach {at}"
    if st.type == "defeat_npc":
        return f"defeat {_npc(st.npc or '')} at {at}"
    if st.type == "trial":
        return f"pass a {st.attribute} {st.difficulty} trial at {at}"
    item = st.item or ""
    if st.type == "collect":
        got = f" ({done} so far)" if need > 1 else ""
        return f"pick up {_item_words(item, need)}{got}"
    return f"deliver {_item_words(item, need)} to {at}"


def _branch(
    s: ArcadiaState, p: Player, q: QuestState, prog: StepProgress, branch: tuple[GoalStep, ...]
) -> str:
    if prog.done or prog.step >= len(branch):
        return "every step done"
    st = branch[prog.step]
    words = step_words(s, p, q, prog.step, st, prog.counter)
    return f"step {prog.step + 1} of {len(branch)}, {words}"


def quest_progress(s: ArcadiaState, p: Player, q: QuestState) -> str:
    """Where a quest stands: "step 1 of 1, defeat 2 of 3 waylays"; with two ways to finish
    it, "either …; or …"."""
    if q.complete:
        return "complete"
    if q.goal_met:
        return "every step done: it completes once the quests before it do"
    quest = content().quests[q.id]
    ways = [
        _branch(s, p, q, prog, branch)
        for prog, branch in zip(q.branches, quest.branches, strict=True)
    ]
    return ways[0] if len(ways) == 1 else "either " + "; or ".join(ways)


def quest_title(quest_id: str) -> str:
    """ "Quest 101 (Clear the Old Road)"."""
    quest = content().quests[quest_id]
    return f"Quest {quest.number} ({quest.name})"


def quest_line(s: ArcadiaState, p: Player, q: QuestState) -> str:
    """ "Quest 101 (Clear the Old Road): step 1 of 1, defeat 2 of 3 waylays"."""
    return f"{quest_title(q.id)}: {quest_progress(s, p, q)}"


def terrain_list(terrains: tuple[str, ...] | list[str], last: str = "or") -> str:
    """ "Ocean, River or Lake"."""
    names = list(terrains)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def trial_rule(t: Trial, way: str, rot: int) -> str:
    """A league's trial as the map shows it (§6): "entering by River: Might 4", "leaving
    through the north edge: Savvy 5" (a printed side as it faces once turned)."""
    kind, _, what = t.key.partition(":")
    if kind == "via":
        how = f" by {what}"
    elif kind == "side":
        how = f" through the {EDGE_WORDS[printed_side(rot, what)]} edge"
    else:
        how = ""
    return f"{way}{how}: {t.attribute} {t.difficulty}"


def origin_words(origin: str | None) -> str:
    """Where a merit came from, when not the character's own (§9: it does not come back next
    game): "picked up" for a treasure found on the map, "quest item" for a quest's item
    (``MeritSlot.origin``, a spent one by what it was); "" for the character's own."""
    if origin is None:
        return ""
    kind = origin.removeprefix("spent:")
    return "picked up" if kind == "treasure" else "quest item"
