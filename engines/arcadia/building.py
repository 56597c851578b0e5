"""Character building: the point budget and the court (reference §2).

Budget = 5 + flaw bonuses, plus icon grants that only pay for merits of a listed type (the
Human male's *Leader*: 2 points for Allies; the Naga male: 4 points for Pyretics Arts).
Restricted points are spent first, on eligible merits; unspent points are lost
(``bank_unspent_creation_points=false``, a fixed ruling).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.arcadia.content import Grant, Merit, content

BASE_POINTS = 5


@dataclass(frozen=True)
class Budget:
    """What a build costs against what it may spend."""

    general: int
    granted: int
    spent: int
    granted_used: int

    @property
    def total(self) -> int:
        return self.general + self.granted

    @property
    def over(self) -> int:
        """Points of general budget spent beyond what the build has (0 when valid)."""
        return max(0, self.spent - self.granted_used - self.general)

    @property
    def valid(self) -> bool:
        return self.over == 0

    @property
    def left(self) -> int:
        return self.general - (self.spent - self.granted_used)

    @property
    def lost(self) -> int:
        return max(0, self.left) + (self.granted - self.granted_used)


def budget(icon_id: str | None, merits: Sequence[str], flaws: Sequence[str]) -> Budget:
    c = content()
    general = BASE_POINTS + sum(c.flaws[f].bonus for f in flaws)
    spent = sum(c.merits[m].cost for m in merits)
    if icon_id is None:
        return Budget(general, 0, spent, 0)
    icon = c.icons[icon_id]
    granted = 0
    used = 0
    for grant in icon.build_grants:
        eligible = sum(
            c.merits[m].cost
            for m in merits
            if (not grant.merit_types or c.merits[m].type in grant.merit_types)
            and grant.subtype in (None, c.merits[m].subtype)
        )
        granted += grant.points
        used += min(grant.points, eligible)
    return Budget(general, granted, spent, used)


def _grant_pays(grant: Grant, merit: Merit) -> bool:
    """Whether an icon's build grant may pay for ``merit``."""
    return (not grant.merit_types or merit.type in grant.merit_types) and grant.subtype in (
        None,
        merit.subtype,
    )


def affordable(icon_id: str, merits: Sequence[str], flaws: Sequence[str]) -> list[str]:
    """The merits not yet taken, in content order, that the build could add and stay
    valid: ``budget(icon_id, [*merits, m], flaws).valid`` for each ``m``, with the sums over
    the build worked out once."""
    return build_room(icon_id, merits, flaws)[1]


def build_room(icon_id: str, merits: Sequence[str], flaws: Sequence[str]) -> tuple[bool, list[str]]:
    """``budget(icon_id, merits, flaws).valid`` and ``affordable(icon_id, merits, flaws)``,
    from one pass over the build (the build phase asks both before every pick)."""
    c = content()
    cards = [c.merits[m] for m in merits]
    general = BASE_POINTS + sum(c.flaws[f].bonus for f in flaws)
    spent = sum(m.cost for m in cards)
    grants = [
        (g, sum(m.cost for m in cards if _grant_pays(g, m))) for g in c.icons[icon_id].build_grants
    ]
    taken = set(merits)
    room = general - spent
    if not grants:  # most icons: the merit's cost alone decides
        return room >= 0, [m.id for m in c.merits.values() if m.cost <= room and m.id not in taken]
    valid = room + sum(min(g.points, eligible) for g, eligible in grants) >= 0
    out = []
    for m in c.merits.values():
        if m.id in taken:
            continue
        used = 0
        for g, eligible in grants:
            used += min(g.points, eligible + (m.cost if _grant_pays(g, m) else 0))
        if m.cost - used <= room:
            out.append(m.id)
    return valid, out


def court_count(merits: Sequence[str], flaws: Sequence[str]) -> tuple[int, int]:
    """(Seelie, Unseelie) over Abilities and Weaknesses only."""
    c = content()
    cards = [c.merits[m] for m in merits]
    courts = [m.court for m in cards if m.type == "Ability"]
    drawbacks = [c.flaws[f] for f in flaws]
    courts += [f.court for f in drawbacks if f.type == "Weakness"]
    return courts.count("Seelie"), courts.count("Unseelie")


def court_of(icon_id: str | None, merits: Sequence[str], flaws: Sequence[str]) -> str | None:
    """The court the count gives, or None on a tie (the player then chooses)."""
    lock = content().icons[icon_id].court_lock if icon_id is not None else None
    if lock:
        return lock
    seelie, unseelie = court_count(merits, flaws)
    if seelie == unseelie:
        return None
    return "Seelie" if seelie > unseelie else "Unseelie"


def character_points(merits: Sequence[str]) -> int:
    """Merit cost sum, used only for Unique-league contests (§2.9)."""
    return sum(content().merits[m].cost for m in merits)


def build_problems(
    icon_id: str | None, merits: Sequence[str], flaws: Sequence[str], max_flaw_bonus: int | None
) -> list[str]:
    """Why a build is not valid, as sentences (empty when valid)."""
    c = content()
    out: list[str] = []
    if icon_id is None:
        out.append("Choose a character icon first.")
    elif icon_id not in c.icons:
        out.append(f"There is no icon called {icon_id!r}.")
    for m in merits:
        if m not in c.merits:
            out.append(f"There is no merit called {m!r}.")
    for f in flaws:
        if f not in c.flaws:
            out.append(f"There is no flaw called {f!r}.")
    if out:
        return out
    if len(set(merits)) != len(merits) or len(set(flaws)) != len(flaws):
        out.append("A character holds at most one copy of a card.")
    b = budget(icon_id, merits, flaws)
    if not b.valid:
        out.append(f"The merits cost {b.spent} points but the budget is {b.total}: drop a merit.")
    bonus = sum(c.flaws[f].bonus for f in flaws)
    if max_flaw_bonus is not None and bonus > max_flaw_bonus:
        out.append(f"Flaws may add at most {max_flaw_bonus} points; these add {bonus}.")
    return out
