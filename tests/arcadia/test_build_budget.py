"""The merits a build may still take (reference §2): ``affordable`` says, for every icon and
a spread of builds, exactly what adding each merit and asking ``budget`` says."""

from __future__ import annotations

from engines.arcadia.building import affordable, budget, build_room
from engines.arcadia.content import content
from engines.core.rng import Rng


def test_affordable_agrees_with_the_budget_for_every_icon() -> None:
    c = content()
    rng = Rng(33)
    merits, flaws = sorted(c.merits), sorted(c.flaws)
    for icon in c.icons:
        for size in range(6):
            build = rng.shuffled(merits)[:size]
            drawbacks = rng.shuffled(flaws)[: size % 3]
            expected = [
                m for m in c.merits if m not in build and budget(icon, [*build, m], drawbacks).valid
            ]
            assert affordable(icon, build, drawbacks) == expected
            assert build_room(icon, build, drawbacks)[0] == budget(icon, build, drawbacks).valid


def test_leader_points_pay_for_an_ally_only() -> None:
    # The Human male's grant pays 2 points toward Allies: with the 5 general points spent,
    # a 2-point Ally still fits, a 2-point merit of another type does not.
    c = content()
    ally = next(m.id for m in c.merits.values() if m.type == "Ally" and m.cost == 2)
    other = next(m.id for m in c.merits.values() if m.type == "Art" and m.cost == 2)
    five = [m.id for m in c.merits.values() if m.type == "Ability" and m.cost == 1][:5]
    assert len(five) == 5
    left = affordable("human_male", five, [])
    assert ally in left and other not in left
