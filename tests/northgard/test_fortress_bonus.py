"""The building bonus when a whole army attacks a sharing creature in its own territory:
the player who controlled the territory just before the move (or hunt) that started the
combat adds +2 per Fortress (northgard.md §8.2 step 2; [ruling] building_bonus_side=
controller). Lifting every unit off the map for the attack must not lose that control."""

from __future__ import annotations

from engines.northgard.state import State
from tests.northgard.builder import beast, choose, go, table, task, units, where

RED = 0
HOME = "0a"  # M11's first piece


def _home(red_units: int) -> State:
    s = table(2, [("M11", 0, 0, 0)])
    units(s, HOME, RED, red_units)
    s.buildings[HOME] = ("B7",)  # a Fortress
    beast(s, "CR3.1", HOME)  # Draugr, strength 4, shares the territory
    s.dice_script = (0, 0)  # blank faces: no axes, no skulls
    return s


def _attack_with(s: State, k: int) -> State:
    go(s, task("move", RED, g=1, r=1, b=0, flags={}))
    s = choose(s, RED, f"group:{HOME}:{k}")
    return choose(s, RED, "attack:CR3.1")


def test_whole_army_attack_keeps_the_fortress_bonus() -> None:
    s = _attack_with(_home(3), 3)
    # 3 units + 2 (Fortress) = 5 beats the Draugr's 4; without the bonus 3 would lose.
    assert where(s, "CR3.1") is None
    assert s.units[HOME] == {"0": 3}


def test_an_attack_leaving_one_unit_home_has_the_bonus() -> None:
    s = _attack_with(_home(4), 3)
    assert where(s, "CR3.1") is None  # 3 + 2 = 5 against 4
    assert s.units[HOME] == {"0": 4}


def test_monster_hunt_with_the_whole_army_keeps_the_fortress_bonus() -> None:
    s = _home(3)
    go(s, task("effect", RED, name="hunt", args=["+0"]))
    s = choose(s, RED, f"hunt:{HOME}:{HOME}:CR3.1:3")
    assert where(s, "CR3.1") is None  # 3 + 2 = 5 against 4
    assert s.units[HOME] == {"0": 3}
