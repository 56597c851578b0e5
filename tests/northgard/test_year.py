"""Core year rules (northgard.md §4-§7): the actions menu, lightning, passing and the
marker, Improve, Remove, Winter shortfall, harvest fame, achievements and final scoring."""

from __future__ import annotations

from engines.northgard.scoring import achievement_points, score
from tests.northgard.builder import ENGINE, choose, go, table, task, units

RED, PURPLE = 0, 1
Y = [("M27", 0, 0, 0)]


def test_lightning_gives_an_extra_play() -> None:
    s = table(2, Y)
    units(s, "0a", RED, 2)
    s.players[RED].hand = ("ST6.0", "E3.1")
    s.market = ("A12.1", "A12.2")
    go(s, task("turn", RED))
    s = choose(s, RED, "play:ST6.0")
    assert (s.players[RED].food, s.players[RED].wood) == (1, 1)
    assert s.pending is not None and s.pending.options == ("play:E3.1",)  # only a Play
    s = choose(s, RED, "play:E3.1")
    assert s.players[RED].food == 3


def test_first_to_pass_takes_the_marker_and_the_market_card_goes_on_the_deck() -> None:
    s = table(2, Y)
    s.first = RED
    s.players[PURPLE].hand = ("E3.1",)
    s.players[RED].hand = ("E4.1",)
    s.market = ("A12.1", "A1.1")
    go(s, task("actions", turn=RED))
    s = choose(s, RED, "wait:E4.1")
    s = choose(s, PURPLE, "pass:A1.1")
    assert s.first == PURPLE and s.players[PURPLE].deck[0] == "A1.1"
    assert s.pending is not None and s.pending.seats == (RED,)  # the order does not change
    assert s.pending.options == ("pass:A12.1",)


def test_improve_and_remove() -> None:
    s = table(2, Y)
    p = s.players[RED]
    p.hand, p.lore, p.upgrades = ("ST1.0", "UN1.1"), 5, ("STAG1", "STAG2")
    p.deck = ("ST2.0", "ST3.0", "ST4.0")
    s.unrest_pile = ()
    go(s, task("turn", RED))
    assert "play:UN1.1" not in s.pending.options  # Unrest cannot be played
    s = choose(s, RED, "improve:ST1.0:STAG1")
    p = s.players[RED]
    assert p.deck[0] == "STAG1.1" and p.lore == 2 and p.upgrades == ("STAG2",)
    go(s, task("turn", RED))
    s = choose(s, RED, "remove:UN1.1")
    p = s.players[RED]
    assert s.unrest_pile == ("UN1.1",) and p.lore == 0
    assert p.hand == ("STAG1.1", "ST2.0")


def test_winter_shortfall_takes_unrest_then_fame() -> None:
    s = table(2, [("M27", 0, 0, 0)])
    units(s, "0a", RED, 1)
    units(s, "0b", RED, 1)
    s.players[RED].food = 1
    go(s, task("winter"))
    assert s.players[RED].food == 0 and s.players[RED].discard == ("UN1.1",)
    s.unrest_pile = ()
    go(s, task("winter"))
    assert s.players[RED].fame == -5
    assert score(s, RED) == -10


def test_harvest_fame_by_closed_size() -> None:
    # Three Dens: closed one-tile territories give no size fame, but the Den gives 2.
    s = table(2, [("E11", 0, 0, 0)])
    units(s, "0a", RED, 1)
    go(s, task("harvest"))
    assert s.players[RED].fame == 2


def test_achievements_score_at_the_end() -> None:
    s = table(2, Y)
    units(s, "0a", RED, 4)
    units(s, "0b", RED, 1)
    s.players[RED].achievements = ("AC1", "AC3")
    assert achievement_points(s, RED, "AC1") == 2
    assert achievement_points(s, RED, "AC3") == 2
    assert score(s, RED) == 4


def test_combat_food_is_hidden_from_the_other_side_in_views_and_redeals() -> None:
    s = table(2, Y)
    units(s, "0a", RED, 3)
    units(s, "0b", PURPLE, 3)
    s.players[RED].food = s.players[PURPLE].food = 3
    go(s, task("move", RED, g=1, r=1, b=0, flags={}))
    s = choose(s, RED, "group:0a:3")
    s = choose(s, RED, "go:0b")
    s = choose(s, PURPLE, "food:3")
    assert "my_answer" not in ENGINE.view(s, RED).data["pending"]
    assert ENGINE.determinize(s, RED, 5).pending.answers == {}
    assert ENGINE.legal_actions(s, RED)[-1].code == "food:3"


def test_recruit_without_territory_goes_to_an_empty_one() -> None:
    s = table(2, Y)
    go(s, task("effect", RED, name="recruit", args=["2"], flags={}))
    assert s.pending is not None
    assert {o.split(":")[1] for o in s.pending.options} == {"0a", "0b", "0c"}


def test_kaija_goes_with_a_group_if_chosen_and_returns_at_end_of_year() -> None:
    s = table(2, Y)
    s.players[RED].clan = "BEAR"
    units(s, "0a", RED, 3)
    units(s, "0b", PURPLE, 4)
    s.kaija = "0a"
    s.dice_script = (0, 0)
    go(s, task("move", RED, g=1, r=1, b=0, flags={}))
    assert "group:0a:3:kaija" in s.pending.options
    s = choose(s, RED, "group:0a:3:kaija")
    s = choose(s, RED, "go:0b")
    assert s.units["0b"] == {"0": 3} and s.kaija == "0b"  # 3 + Kaija 2 beats 4
    s = choose(s, PURPLE, "retreat:0a")
    assert s.units["0a"] == {"1": 4}
    s.pending, s.tasks = None, []
    s.kaija = ""  # as if Kaija's territory had been lost
    units(s, "0c", RED, 1)
    go(s, task("end_year"))
    assert s.pending is not None and s.pending.kind == "kaija"
    s = choose(s, RED, "kaija:0c")
    assert s.kaija == "0c"


def test_scorched_earth_on_a_territory_the_snake_leaves() -> None:
    s = table(2, Y)
    s.players[RED].clan = "SNAKE"
    units(s, "0a", RED, 2)
    go(s, task("move", RED, g=1, r=1, b=0, flags={}))
    s = choose(s, RED, "group:0a:2")
    s = choose(s, RED, "go:0b")
    assert s.pending is not None and s.pending.kind == "scorch"
    s = choose(s, RED, "scorch:0a")
    assert s.scorched == "0a" and s.players[RED].scorched_used
    units(s, "0a", PURPLE, 1)  # Purple moves in: no yield there this Harvest
    go(s, task("harvest"))
    assert s.players[PURPLE].food == 0  # 0a prints F2


def test_held_achievements_read_in_words_on_the_private_hand() -> None:
    from engines.northgard.hand import hand_sheet

    s = table(2, Y)
    s.players[RED].achievements = ("AC4",)
    sheet = hand_sheet(ENGINE.view(s, RED))
    lines = [line for secret in sheet.secrets for line in secret.lines]
    assert "Hoarder: 1 fame per 3 food, wood and lore you have" in lines
    assert not any("_" in line for line in lines)
