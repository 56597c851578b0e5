"""The guided builder of ``/character create``: what its message says as a build grows (the
budget as you go, what still blocks it, the court to choose on a tie) and which menus and
buttons it offers."""

from __future__ import annotations

from bot.discord.ui.character_flow import Build, BuilderView


def buttons(view: BuilderView) -> dict[str, bool]:
    """custom id -> disabled, for the view's buttons."""
    return {
        str(item.custom_id): bool(getattr(item, "disabled", False))
        for item in view.children
        if item.type.name == "button" and hasattr(item, "custom_id")
    }


async def test_the_budget_and_the_blockers_follow_the_build() -> None:
    build = Build(owner=1, name="Aelfric")
    assert "To do: Choose a character icon first." in build.summary()
    build.icon = "dragonkin_male"
    build.merits = ["lightning_quick", "perceptive_fighter", "strong_arm"]
    text = build.summary()
    assert "Budget: 5 points; 7 spent; -2 left" in text
    assert "The merits cost 7 points but the budget is 5" in text
    assert buttons(BuilderView(build)) == {"character:create": True}
    build.flaws = ["warrant"]  # +2 points
    text = build.summary()
    assert "Budget: 7 points; 7 spent; 0 left" in text and "Ready: press Create." in text
    assert buttons(BuilderView(build)) == {"character:create": False}


async def test_a_tie_between_the_courts_asks_for_a_choice() -> None:
    build = Build(owner=1, name="Brigid", icon="human_male")
    build.merits = ["lightning_quick", "perceptive_fighter"]
    assert "Court: tied: choose one" in build.summary()
    assert buttons(BuilderView(build)) == {
        "character:court:Seelie": False,
        "character:court:Unseelie": False,
        "character:create": True,
    }
    build.court_choice = "Unseelie"
    assert "Court: tied: Unseelie chosen" in build.summary()
    # Human icons bring 2 points for Ally merits only; the builder tells them apart.
    assert (
        "Budget: 5 points + 2 for Ally merits only; 4 spent; 1 left + 2 for Ally merits "
        "(3 unspent would be lost)"
    ) in build.summary()
    assert buttons(BuilderView(build))["character:create"] is False
