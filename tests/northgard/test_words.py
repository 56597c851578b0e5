"""What Northgard players read (issue 29): territories and tiles by name, a fight's sum
said part by part, the fame a card gives naming the card, the tie-break that decided a
game, and what the Draugr Jötunn took before it attacked."""

from __future__ import annotations

from engines.northgard.board import place
from engines.northgard.names import part, tile_name
from engines.northgard.scoring import end_game
from tests.northgard.builder import ENGINE, beast, go, table, task, units

RED, PURPLE = 0, 1
PAIR = [("M11", 0, 0, 0)]  # H tile: 0a north, 0b south


def test_territories_are_named_by_tile_and_compass_part() -> None:
    s = table(2, [("M11", 0, 0, 0), ("M05", 1, 0, 1), ("E01", 0, 1, 0)])
    assert place(s, "0a") == "Juniper north" and place(s, "0b") == "Juniper south"
    # A C tile turned a quarter: its corner piece goes from north-east to south-east.
    assert part("C", "a", 0) == "north-east" and part("C", "a", 1) == "south-east"
    assert place(s, "1a") == "Elkhorn south-east"
    assert part("D", "c", 0) == "middle"
    assert tile_name("E01") == "Great Lake" and tile_name("E05") == "Old Ruins"
    view = ENGINE.view(s, None)
    assert "0a" not in view.text and "Juniper north" not in view.text  # empty: not listed
    units(s, "0a", RED, 2)
    assert "Juniper north (open, 3 tiles): Red has 2 units" in ENGINE.view(s, None).text


def test_every_tile_has_its_own_name() -> None:
    from engines.northgard.content import content

    names = [tile_name(t) for t in content().tiles]
    assert len(set(names)) == len(names)


def test_a_fight_says_where_each_point_comes_from() -> None:
    s = table(2, PAIR)
    beast(s, "CR5.1", "0a")
    units(s, "0b", RED, 3)
    s.players[RED].wood = 1
    s.dice_script = (3, 0)
    ctx = go(s, task("activate", done=[]))
    said = [e.text for e in ctx.events]
    took = "Red cannot pay the Draugr Jötunn 2 resources: it takes their 1 wood and attacks."
    assert took in said
    fight = (
        "The Draugr Jötunn fights with 9 (strength 7, the die 2 axes); "
        "Red with 3 (3 units, the die blank)."
    )
    assert fight in said


def test_fame_from_a_card_names_the_card() -> None:
    s = table(2, PAIR)
    from engines.northgard.content import content

    card = next(
        c for c in content().cards.values() if any(e.startswith("fame(") for e in c.effects)
    )
    from engines.northgard.effects import card_tasks

    ctx = go(s, *card_tasks(RED, f"{card.id}.1"))
    assert any(f"({card.name})" in e.text for e in ctx.events)
    assert not any("(card)" in e.text for e in ctx.events)


def test_a_tie_on_fame_says_how_it_was_broken() -> None:
    s = table(2, PAIR)
    units(s, "0a", RED, 2)
    units(s, "0b", PURPLE, 5)
    s.players[RED].fame = s.players[PURPLE].fame = 9
    from engines.core.context import Ctx

    ctx = Ctx()
    end_game(s, ctx, sudden=False)
    said = ctx.events[-1].text
    assert s.winners == (PURPLE,)
    assert "Red and Purple tie on 9 fame; the tie-break on units decides it" in said
    assert "Purple rules 0 closed territories with 5 units" in said
    outcome = ENGINE.outcome(s)
    assert outcome is not None and "tie-break on units" in outcome.summary
