"""The guided builder of ``/character create``: what its message says as a build grows (the
budget as you go, what still blocks it, the court to choose on a tie) and which menus and
buttons it offers."""

from __future__ import annotations

import discord

from bot.discord.ui.character_flow import builder_view
from engines.arcadia.builder import Build


def buttons(build: Build) -> dict[str, bool]:
    """custom id -> disabled, for the buttons of the build's builder."""
    inner = [getattr(item, "item", item) for item in builder_view(build).children]
    return {str(b.custom_id): b.disabled for b in inner if isinstance(b, discord.ui.Button)}


async def test_the_budget_and_the_blockers_follow_the_build() -> None:
    build = Build(name="Aelfric", serial=3)
    assert "To do: Choose a character icon first." in build.summary()
    build.icon = "dragonkin_male"
    build.merits = ["lightning_quick", "perceptive_fighter", "strong_arm"]
    text = build.summary()
    assert "Budget: 5 points; 7 spent; -2 left" in text
    assert "The merits cost 7 points but the budget is 5" in text
    assert buttons(build) == {"gm:build:3:press:create": True}
    build.flaws = ["warrant"]  # +2 points
    text = build.summary()
    assert "Budget: 7 points; 7 spent; 0 left" in text and "Ready: press Create." in text
    assert buttons(build) == {"gm:build:3:press:create": False}


async def test_a_tie_between_the_courts_asks_for_a_choice() -> None:
    build = Build(name="Brigid", icon="human_male", serial=3)
    build.merits = ["lightning_quick", "perceptive_fighter"]
    assert "Court: tied: choose one" in build.summary()
    assert buttons(build) == {
        "gm:build:3:press:seelie": False,
        "gm:build:3:press:unseelie": False,
        "gm:build:3:press:create": True,
    }
    build.court_choice = "Unseelie"
    assert "Court: tied: Unseelie chosen" in build.summary()
    # Human icons bring 2 points for Ally merits only; the builder tells them apart.
    assert (
        "Budget: 5 points + 2 for Ally merits only; 4 spent; 1 left + 2 for Ally merits "
        "(3 unspent would be lost)"
    ) in build.summary()
    assert buttons(build)["gm:build:3:press:create"] is False


async def test_a_build_is_a_record_its_menus_change() -> None:
    # What the store keeps between two choices (and across a restart) is the whole build.
    build = Build(name="Cormac", serial=2)
    build.choose("icon", ["dragonkin_male"])
    build.choose("merits", ["lightning_quick"])  # Abilities, the type shown first
    build.choose("type", ["Treasure"])
    build.choose("merits", ["fae_armor"])
    assert build.merits == ["lightning_quick", "fae_armor"]
    build.choose("merits", [])  # clearing the Treasure menu keeps the Abilities
    assert build.merits == ["lightning_quick"]
    build.choose("flaws", ["warrant", "no_such_flaw"])
    assert build.flaws == ["warrant"]
    again = Build.from_record(build.record())
    assert again == build
    build.choose("unseelie", [])
    assert build.court_choice == "Unseelie"
