"""Shared queries over the state: opponents, merits in play, static modifiers (§8, §9, §13.2).

Seat i is opposed by seat i+1 (mod n): that seat holds i's flaws and plays waylays on i
(``opponent_assignment=next_seat``). In solo play nobody opposes (the engine does).
"""

from __future__ import annotations

from engines.arcadia.content import Effect, Icon, Merit, content, per_record
from engines.arcadia.state import ArcadiaState, Character, MeritSlot, Placed, Player, replaced

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
def _merit_static(merit: Merit) -> tuple[Effect, ...]:
    return tuple(e for e in merit.effects if e.trigger == "static")


def static_bonus(p: Player, test: str, against: str | None, trial: bool = False) -> int:
    """Static modifiers of face-up merits and the icon for a Test (or a Trial of ``test``)."""
    total = 0
    c = content()
    icon = p.character.icon
    effects: list[Effect] = list(_icon_static(c.icons[icon])) if icon else []
    for slot in p.character.merits:
        if not slot.exhausted and not slot.discarded:
            effects += _merit_static(c.merits[slot.id])
    for e in effects:
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
