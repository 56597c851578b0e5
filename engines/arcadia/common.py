"""Shared queries over the state: opponents, merits in play, static modifiers (§8, §9, §13.2).

Seat i is opposed by seat i+1 (mod n): that seat holds i's flaws and plays waylays on i
(``opponent_assignment=next_seat``). In solo play nobody opposes (the engine does).
"""

from __future__ import annotations

from typing import NamedTuple

from engines.arcadia.content import Effect, Flaw, Icon, Merit, content, per_record
from engines.arcadia.state import ArcadiaState, Character, MeritSlot, Placed, Player
from engines.core.trusted import replaced

NOBODY = -1


def opponent(s: ArcadiaState, seat: int) -> int:
    """The seat opposing ``seat``; -1 in solo play."""
    n = len(s.players)
    return NOBODY if n == 1 else (seat + 1) % n


def target_of(s: ArcadiaState, seat: int) -> int:
    """The player this seat opposes."""
    n = len(s.players)
    return NOBODY if n == 1 else (seat - 1) % n


def merit_of(slot: MeritSlot) -> Merit:
    return content().merits[slot.id]


def without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` less the first copy of ``item`` (which must be there, as for
    ``list.remove``)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def set_character(p: Player, **changes: object) -> Character:
    """Replace the character with a changed copy (characters are frozen and shared between
    copies of the state); its merits and flaws are tuples."""
    ch = p.character = replaced(p.character, **changes)
    return ch


def set_merit(p: Player, i: int, **changes: object) -> MeritSlot:
    """Replace merit slot ``i`` with a changed copy (slots are frozen and shared)."""
    merits = p.character.merits
    slot = replaced(merits[i], **changes)
    set_character(p, merits=(*merits[:i], slot, *merits[i + 1 :]))
    return slot


def set_flaw(p: Player, i: int, **changes: object) -> None:
    flaws = p.character.flaws
    set_character(p, flaws=(*flaws[:i], replaced(flaws[i], **changes), *flaws[i + 1 :]))


def set_cell(s: ArcadiaState, cell: str, **changes: object) -> Placed:
    """Replace the league at ``cell`` with a changed copy (placed leagues are frozen and
    shared between copies of the state); tuple fields take tuples."""
    placed = replaced(s.cells[cell], **changes)
    s.cells[cell] = placed
    return placed


def live(p: Player) -> list[tuple[int, MeritSlot]]:
    """Merits in play and face up (they give effects)."""
    return [(i, m) for i, m in enumerate(p.character.merits) if not m.exhausted and not m.discarded]


def held(p: Player) -> list[tuple[int, MeritSlot]]:
    """Merits not discarded, face up or down."""
    return [(i, m) for i, m in enumerate(p.character.merits) if not m.discarded]


def effect_applies(e: Effect, test: str, against: str | None, court: str | None) -> bool:
    w = e.when
    if w.tests and test not in w.tests:
        return False
    if w.against and w.against != against:
        return False
    return not (w.court and w.court != court)


def icon_effects(p: Player) -> tuple[Effect, ...]:
    icon = p.character.icon
    return content().icons[icon].special.effects if icon else ()


@per_record
def _icon_static(icon: Icon) -> tuple[Effect, ...]:
    return tuple(e for e in icon.special.effects if e.trigger == "static")


@per_record
def _merit_parts(merit: Merit) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """A merit's static effects, and those played by exhausting it."""
    return (
        tuple(e for e in merit.effects if e.trigger == "static"),
        tuple(e for e in merit.effects if e.trigger == "exhaust"),
    )


@per_record
def _flaw_plays(flaw: Flaw) -> tuple[Effect, ...]:
    return tuple(e for e in flaw.effects if e.trigger == "opponent_exhaust")


class Facts(NamedTuple):
    """What Tests read of a character again and again."""

    statics: tuple[Effect, ...]  # static effects of the icon and the face-up merits
    # (slot, effects played by exhausting it) of each face-up merit that has any
    merit_plays: tuple[tuple[int, tuple[Effect, ...]], ...]
    # (slot, effects its holder plays) of each face-up flaw that has any
    flaw_plays: tuple[tuple[int, tuple[Effect, ...]], ...]


# Per character object. Characters are frozen and replaced when a merit or flaw changes,
# and content does not change while a game is played (tests replace records before they
# build a state), so a character's facts never go stale; the character is kept with them,
# so its id is not reused while it is here.
_FACTS: dict[int, tuple[Character, Facts]] = {}


def facts(ch: Character) -> Facts:
    hit = _FACTS.get(id(ch))
    if hit is not None and hit[0] is ch:
        return hit[1]
    c = content()
    statics = list(_icon_static(c.icons[ch.icon])) if ch.icon else []
    merit_plays = []
    for i, slot in enumerate(ch.merits):
        if not slot.exhausted and not slot.discarded:
            static, plays = _merit_parts(c.merits[slot.id])
            statics += static
            if plays:
                merit_plays.append((i, plays))
    flaw_plays = [
        (i, plays)
        for i, f in enumerate(ch.flaws)
        if not f.exhausted and (plays := _flaw_plays(c.flaws[f.id]))
    ]
    found = Facts(tuple(statics), tuple(merit_plays), tuple(flaw_plays))
    if len(_FACTS) >= 4096:
        _FACTS.clear()
    _FACTS[id(ch)] = (ch, found)
    return found


def static_bonus(p: Player, test: str, against: str | None, trial: bool = False) -> int:
    """Static modifiers of face-up merits and the icon for a Test (or a Trial of ``test``)."""
    total = 0
    for e in facts(p.character).statics:
        if e.op == "add_attribute":
            tests = e.when.tests
            if not tests or test in tests or (trial and "Trial" in tests):
                total += int(e.params.get("amount", 0))
        elif (
            e.op == "add_score"
            and not trial
            and effect_applies(e, test, against, p.character.court)
        ):
            total += int(e.params.get("amount", 0))
    return total


def attribute(p: Player, name: str) -> int:
    """A character's attribute; Combat uses Might (§1)."""
    icon = content().icons[p.character.icon or ""]
    return icon.attribute("Might" if name == "Combat" else name)


def waylay_budget(s: ArcadiaState, p: Player) -> int:
    """§4 step 2: quest ratings + fame per quest + card modifiers, at least 0."""
    c = content()
    total = sum(c.quests[q.id].waylay_rating + p.character.fame for q in p.quests)
    for slot in p.character.merits:
        for e in merit_of(slot).effects:
            if e.op == "waylay_budget_mod":
                total += int(e.params.get("amount", 0))
    return max(0, total)


def treasure_budget(p: Player) -> int:
    return sum(content().quests[q.id].treasure_rating for q in p.quests)


def name_of(s: ArcadiaState, seat: int) -> str:
    return s.players[seat].character.name
