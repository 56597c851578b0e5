"""The Magus's space as a drill-down menu (engines.core.menus Path; §11 "Magus"): a row of
the board, then a space in it, in both Wrath and War."""

from __future__ import annotations

from collections import Counter

from bot.discord.ui.layout import MenuRow, layout
from bot.tables.updates import Choice
from engines import registry
from engines.core.menus import Path
from engines.wildlands.actions import Claim
from engines.wildlands.wrath.actions import Carry, SpecialPick, SpecialSpace, Spend

from .builder import ENGINE, Position, play


def magus_space_decision() -> tuple[object, list[SpecialSpace]]:
    p = (
        Position(active=1, magus_count="two")
        .place("ancients.1", 10)
        .place("mages.1", 30)
        .place("mages.2", 40)
        .carried("ancients.1")
    )
    s = play(p.state(), 1, Spend(shard="shard.0.1"))
    s = play(s, 1, SpecialPick(figure="mages.1"))
    s = play(s, 1, SpecialPick(figure="mages.2"))
    return s, [a for a in ENGINE.legal_actions(s, 1) if isinstance(a, SpecialSpace)]


def test_the_magus_space_is_a_row_then_a_space() -> None:
    s, spaces = magus_space_decision()
    assert len(spaces) == 42
    for game in ("wrath", "war"):
        menus = registry.entry(game).menus
        assert menus is not None
        paths = [menus.path(a, s) for a in spaces]
        assert all(isinstance(p, Path) and len(p.steps) == 2 for p in paths), game
        first = Counter(p.steps[0] for p in paths if p is not None)
        # Six rows of seven on the dungeon board: two short menus instead of one of 42.
        assert len(first) == 6 and set(first.values()) == {7}, game
        by_space = {a.space: p for a, p in zip(spaces, paths, strict=True)}
        assert by_space[25] == Path("Place the Magus's picks", ("Row 4: spaces 22–28", "Space 25"))


def test_the_carrier_of_a_claimed_shard_is_a_menu_of_the_ancients_there() -> None:
    # Seed WR "Arcane Guardians": the claimed shard goes on "one Ancient in the same space".
    p = (
        Position(active=1)
        .place("ancients.1", 10)
        .place("ancients.3", 10)
        .place("ancients.5", 10)
        .shard(0, 10)
        .hand(1, "ancients.01", "ancients.02", "ancients.03")
    )
    cards = ("ancients.01", "ancients.02", "ancients.03")
    s = play(p.state(), 1, Claim(cards=cards, figure="ancients.1", shard="shard.0.1"))
    menus = registry.entry("wrath").menus
    assert menus is not None
    choices = [
        Choice(i, ENGINE.describe(a, s), ENGINE.group(a, s), f"1:{i}", path=menus.path(a, s))
        for i, a in enumerate(ENGINE.legal_actions(s, 1))
    ]
    rows = layout(choices)
    assert len(rows) == 1 and isinstance(rows[0], MenuRow)
    assert rows[0].heading == "Carry the shard"
    assert [c.label for c in rows[0].choices] == [
        "Magus carries the shard (special: place two characters)",
        "Phantasm carries the shard (special: four steps with melees)",
        "Tyrant carries the shard (special: moves the other Ancients)",
    ]


def test_the_lizardman_carrier_label_opens_with_its_heavy_melee() -> None:
    """Issue 29: choosing the Lizardman as a shard's carrier names its whole special action,
    the opening heavy melee included, in the rule's order."""
    s = Position(active=1).place("ancients.4", 10).state()
    label = ENGINE.describe(Carry(figure="ancients.4"), s)
    assert label == ("Lizardman carries the shard (special: heavy melee, step, melee, step, melee)")


def test_the_status_names_the_step_under_way() -> None:
    """Issue 29: a special action in progress is not "to play their turn"."""
    s, _ = magus_space_decision()
    view = ENGINE.view(s, None)
    assert view.data["waiting_for"] == "Player 2 to finish a special action"
    assert "Special action under way: the Magus's." in view.text


def test_carried_shards_read_as_words() -> None:
    s = Position(active=1).place("ancients.1", 10).carried("ancients.1").state()
    assert "Shards carried by the Ancients: 1 on the Magus." in ENGINE.view(s, None).text
