"""Defence, damage, knock-out, scoring, elimination (§7, §9).

Gnomad cards used: 05 Tak ranged+cover, 11 Automate melee+shield, 12 Automate shield,
13 Automate heavy melee, 09 Elsie+Automate melee, 16 Tinker heavy ranged.
"""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalAction
from engines.wildlands.actions import Area, Attack, Defend, Orders, Pass
from engines.wildlands.combat import defence_icons
from engines.wildlands.options import WildlandsOptions
from engines.wildlands.state import State

from .builder import ENGINE, Position, play


def test_defence_matrix() -> None:
    o = WildlandsOptions()
    assert defence_icons("melee", o) == {"melee", "shield", "heavy_melee", "heavy_ranged"}
    assert defence_icons("heavy_melee", o) == {"shield"}
    assert defence_icons("ranged", o) == {"shield", "cover"}
    assert defence_icons("heavy_ranged", o) == {"cover"}
    assert defence_icons("area", o) == {"cover"}
    assert defence_icons("thin_ice", o) == {"cover"}
    assert defence_icons("melee", WildlandsOptions(heavy_icons_parry=False)) == {"melee", "shield"}


def attacked(style: str, card: str, *defender_cards: str) -> State:
    """Lunk attacks Automate (gnomads.3) in space 5; returns the defence decision state."""
    p = Position().place("mages.5", 5).place("mages.1", 5).place("gnomads.3", 5)
    s = p.hand(0, card).hand(1, *defender_cards).state()
    actor = "mages.1" if style in ("ranged", "heavy_ranged") else "mages.5"
    return play(s, 0, Attack(card=card, figure=actor, style=style, target="gnomads.3"))


@pytest.mark.parametrize(
    ("style", "card", "allowed"),
    [
        ("melee", "mages.20", {"gnomads.09", "gnomads.11", "gnomads.12", "gnomads.13"}),
        ("heavy_melee", "mages.21", {"gnomads.11", "gnomads.12"}),
        ("ranged", "mages.01", {"gnomads.11", "gnomads.12"}),
        ("heavy_ranged", "mages.03", set()),
    ],
)
def test_defender_is_asked_with_the_cards_the_matrix_allows(
    style: str, card: str, allowed: set[str]
) -> None:
    s = attacked(style, card, "gnomads.09", "gnomads.11", "gnomads.12", "gnomads.13", "gnomads.05")
    assert ENGINE.to_act(s) == {1}
    options = ENGINE.legal_actions(s, 1)
    assert options[0] == Defend(card=None)
    assert {a.card for a in options if isinstance(a, Defend) and a.card} == allowed


def test_a_defence_card_must_be_linked_to_the_defender() -> None:
    s = attacked("ranged", "mages.01", "gnomads.05")  # Tak's cover cannot cover Automate
    with pytest.raises(IllegalAction, match="does not show Automate"):
        play(s, 1, Defend(card="gnomads.05"))


def test_defending_cancels_the_hit_and_taking_it_deals_damage() -> None:
    s = attacked("melee", "mages.20", "gnomads.12")
    blocked = play(s, 1, Defend(card="gnomads.12"))
    assert blocked.figures["gnomads.3"].damage == 0 and blocked.seats[1].discard == ("gnomads.12",)
    assert blocked.pending is not None and blocked.pending.kind == "window"
    taken = play(s, 1, Defend(card=None))
    assert taken.figures["gnomads.3"].damage == 1 and taken.seats[1].hand == ("gnomads.12",)


def test_the_engine_asks_even_without_a_fitting_card() -> None:
    s = attacked("heavy_ranged", "mages.03")
    assert ENGINE.legal_actions(s, 1)[0] == Defend(card=None)


def test_standing_orders_best_and_never() -> None:
    p = Position().place("mages.5", 5).place("gnomads.3", 5).orders(1, auto_defend="best")
    s = p.hand(0, "mages.20").hand(1, "gnomads.11", "gnomads.12", "gnomads.13").state()
    s = play(s, 0, Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.3"))
    # Fewest icons first (12 shield, 13 heavy melee), then the lowest id.
    assert s.seats[1].discard == ("gnomads.12",) and s.figures["gnomads.3"].damage == 0
    p = Position().place("mages.5", 5).place("gnomads.3", 5).orders(1, auto_defend="never")
    s = p.hand(0, "mages.20").hand(1, "gnomads.12").state()
    s = play(s, 0, Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.3"))
    assert s.figures["gnomads.3"].damage == 1 and s.seats[1].hand == ("gnomads.12",)


def test_setting_an_order_answers_the_pending_defence() -> None:
    s = attacked("melee", "mages.20", "gnomads.12")
    s = play(s, 1, Orders(auto_defend="best"))
    assert s.seats[1].auto_defend == "best" and s.figures["gnomads.3"].damage == 0
    assert s.pending is not None and s.pending.kind == "window"


def test_timeout_defends_with_the_best_card_or_takes_the_hit() -> None:
    s = attacked("melee", "mages.20", "gnomads.13", "gnomads.11")
    assert ENGINE.default_action(s, 1) == Defend(card="gnomads.13")
    p = Position(timeout_defence="never").place("mages.5", 5).place("gnomads.3", 5)
    s = p.hand(0, "mages.20").hand(1, "gnomads.12").state()
    s = play(s, 0, Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.3"))
    assert ENGINE.default_action(s, 1) == Defend(card=None)


def test_knock_out_clears_damage_and_scores_for_the_attacker() -> None:
    p = (
        Position()
        .place("mages.5", 5)
        .place("gnomads.4", 5, damage=1)
        .orders(1, auto_defend="never")
    )
    s = play(
        p.hand(0, "mages.20").state(),
        0,
        Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.4"),
    )
    tinker = s.figures["gnomads.4"]
    assert (tinker.ko, tinker.space, tinker.damage) == (True, None, 0)
    assert s.seats[0].score == 1


def test_heavy_damage_option() -> None:
    p = (
        Position(heavy_damage=2)
        .place("mages.5", 5)
        .place("gnomads.3", 5)
        .orders(1, auto_defend="never")
    )
    s = play(
        p.hand(0, "mages.21").state(),
        0,
        Attack(card="mages.21", figure="mages.5", style="heavy_melee", target="gnomads.3"),
    )
    assert s.figures["gnomads.3"].damage == 2


def test_reaching_five_wins_at_once_mid_action() -> None:
    p = (
        Position()
        .place("mages.2", 5)
        .place("gnomads.4", 5, damage=1)
        .place("gnomads.5", 5, damage=1)
    )
    p.orders(1, auto_defend="never").s.update_seat(0, score=4)
    s = play(p.hand(0, "mages.07").state(), 0, Area(card="mages.07", figure="mages.2", space=5))
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome.winners == {0}
    assert s.figures["gnomads.5"].damage == 1  # the rest of the area attack never resolved
    assert ENGINE.to_act(s) == frozenset() and s.queue == []


def test_no_point_for_knocking_out_your_own_character() -> None:
    p = Position().place("mages.2", 5).place("mages.3", 5, damage=1).orders(0, auto_defend="never")
    s = play(p.hand(0, "mages.07").state(), 0, Area(card="mages.07", figure="mages.2", space=5))
    assert s.figures["mages.3"].ko and s.seats[0].score == 0
    p = Position(friendly_ko_scores=True).place("mages.2", 5).place("mages.3", 5, damage=1)
    p.orders(0, auto_defend="never")
    s = play(p.hand(0, "mages.07").state(), 0, Area(card="mages.07", figure="mages.2", space=5))
    assert s.seats[0].score == 1


def eliminate(score_0: int, score_1: int) -> State:
    p = (
        Position()
        .place("mages.5", 5)
        .place("gnomads.4", 5, damage=1)
        .orders(1, auto_defend="never")
    )
    for n in (1, 2, 3, 5):
        p.knock_out(f"gnomads.{n}")
    p.s.update_seat(0, score=score_0)
    p.s.update_seat(1, score=score_1)
    s = play(
        p.hand(0, "mages.20").state(),
        0,
        Attack(card="mages.20", figure="mages.5", style="melee", target="gnomads.4"),
    )
    return s


def test_last_character_knocked_out_ends_the_game() -> None:
    s = eliminate(0, 3)
    outcome = ENGINE.outcome(s)
    assert outcome is not None and outcome.winners == {1}  # highest score wins
    assert s.seats[1].eliminated
    s = eliminate(1, 2)  # the knock-out point makes it 2-2: the eliminated player loses ties
    assert ENGINE.outcome(s).winners == {0}  # type: ignore[union-attr]


def test_no_window_after_the_game_ends() -> None:
    s = eliminate(0, 0)
    assert s.pending is None and ENGINE.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction, match="The game is over"):
        play(s, 1, Pass())
