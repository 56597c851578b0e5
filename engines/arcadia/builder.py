"""The guided build of a chronicle character (§2 character building, §13.1 chronicle
characters): what the builder's menus have chosen so far, the budget as it stands and what
still keeps the build from being valid.

A ``Build`` is the owner's stored draft (``record``): every choice is stored at once, so a
build survives a restart. The Discord builder (``/character create``) draws its ``menus``
and ``buttons`` and hands each choice back to ``choose``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from engines.arcadia.building import Budget, budget, build_problems, court_of
from engines.arcadia.content import content
from engines.core.records import Button, Menu, Option

COURTS = ("Seelie", "Unseelie")


@dataclass
class Build:
    """A character being built: what the builder's menus have chosen so far."""

    name: str
    background: str = ""
    icon: str | None = None
    merits: list[str] = field(default_factory=list)
    flaws: list[str] = field(default_factory=list)
    court_choice: str | None = None
    merit_type: str = "Ability"
    serial: int = 0  # which build of its owner this is; a replaced one's menus are refused

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Build:
        """A stored draft; choices no longer in the content are dropped."""
        c = content()
        icon = record.get("icon")
        kind = str(record.get("merit_type", "Ability"))
        court = record.get("court_choice")
        return cls(
            name=str(record["name"]),
            background=str(record.get("background", "")),
            icon=icon if icon in c.icons else None,
            merits=[m for m in record.get("merits", []) if m in c.merits],
            flaws=[f for f in record.get("flaws", []) if f in c.flaws],
            court_choice=court if court in COURTS else None,
            merit_type=kind if any(m.type == kind for m in c.merits.values()) else "Ability",
            serial=int(record["serial"]),
        )

    def record(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        c = content()
        b = budget(self.icon, self.merits, self.flaws)
        icon = "none yet" if self.icon is None else c.icons[self.icon].name
        merits = ", ".join(f"{c.merits[m].name} ({c.merits[m].cost})" for m in self.merits)
        flaws = ", ".join(f"{c.flaws[f].name} (+{c.flaws[f].bonus})" for f in self.flaws)
        court = court_of(self.icon, self.merits, self.flaws) if self.icon else None
        court_text = court or (
            f"tied: {self.court_choice} chosen" if self.court_choice else "tied: choose one"
        )
        lines = [
            f"Building **{self.name}**",
            f"Icon: {icon}",
            budget_line(self.icon, b),
            f"Merits: {merits or 'none'}",
            f"Flaws: {flaws or 'none'}",
            f"Court: {court_text if self.icon else '-'}",
        ]
        problems = self.problems()
        lines.append("Ready: press Create." if not problems else "To do: " + " ".join(problems))
        return "\n".join(lines)

    def tied(self) -> bool:
        return self.icon is not None and court_of(self.icon, self.merits, self.flaws) is None

    def problems(self) -> list[str]:
        out = build_problems(self.icon, self.merits, self.flaws, None)
        if not out and self.tied() and self.court_choice is None:
            out.append("Merits and flaws tie between the courts: choose Seelie or Unseelie.")
        return out

    def choose(self, part: str, values: list[str]) -> None:
        """One menu's or button's choice (``part`` as ``menus`` and ``buttons`` name them)."""
        c = content()
        if part == "icon" and values and values[0] in c.icons:
            self.icon = values[0]
            self.court_choice = None
        elif part == "flaws":
            self.flaws = [f for f in values if f in c.flaws]
        elif part == "type" and values and any(m.type == values[0] for m in c.merits.values()):
            self.merit_type = values[0]
        elif part == "merits":
            others = [m for m in self.merits if c.merits[m].type != self.merit_type]
            chosen = [m for m in values if m in c.merits and c.merits[m].type == self.merit_type]
            self.merits = others + chosen
        elif part in ("seelie", "unseelie"):
            self.court_choice = part.capitalize()

    def menus(self) -> list[Menu]:
        """The icon, the flaws, the merit type and that type's merits."""
        c = content()
        icons = tuple(
            Option(
                i.name,
                i.id,
                f"Might {i.might} Savvy {i.savvy} Resolve {i.resolve}",
                i.id == self.icon,
            )
            for i in c.icons.values()
        )
        flaws = tuple(
            Option(f"{f.name} (+{f.bonus})", f.id, chosen=f.id in self.flaws)
            for f in c.flaws.values()
        )
        types = tuple(
            Option(f"{t} merits", t, chosen=t == self.merit_type)
            for t in sorted({m.type for m in c.merits.values()})
        )
        merits = tuple(
            Option(f"{m.name} ({m.cost})", m.id, chosen=m.id in self.merits)
            for m in c.merits.values()
            if m.type == self.merit_type
        )
        return [
            Menu("icon", "Choose an icon", icons),
            Menu("flaws", "Flaws (each adds points to the budget)", flaws, many=True),
            Menu("type", "Merit type", types),
            Menu("merits", f"{self.merit_type} merits (cost in points)", merits, many=True),
        ]

    def buttons(self) -> list[Button]:
        """A court to choose while merits and flaws tie between them."""
        if not self.tied():
            return []
        return [Button(court.lower(), court, self.court_choice == court) for court in COURTS]


def budget_line(icon_id: str | None, b: Budget) -> str:
    """The budget as the builder shows it: points granted by the icon for certain merit
    types are told apart from the general points, and what the build would leave unspent."""
    grants = [] if icon_id is None else list(content().icons[icon_id].build_grants)
    only = " and ".join(f"{'/'.join(g.merit_types) or 'any'}" for g in grants)
    text = f"Budget: {b.general} points"
    if grants:
        text += f" + {b.granted} for {only} merits only"
    text += f"; {b.spent} spent; {b.left} left"
    if grants:
        text += f" + {b.granted - b.granted_used} for {only} merits"
    if b.valid and b.lost and icon_id is not None:
        text += f" ({b.lost} unspent would be lost)"
    return text
