"""The Awoken engine as a whole: setup, options, Foreign Lands, conformance, full games
driven by the AI policy, and the picture (wildlands.md §10.1, §13, §15)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engines.core.conformance import check_random_game, seats_for
from engines.core.errors import BadOptions, IllegalAction
from engines.core.protocol import parse_options
from engines.core.rng import Rng
from engines.wildlands.actions import Belt, Move
from engines.wildlands.awoken.actions import Choose
from engines.wildlands.awoken.game import GAME
from engines.wildlands.awoken.state import AwokenState
from engines.wildlands.render_board import HEIGHT, WIDTH
from engines.wildlands.state import Pending

from .builder import ENGINE, Table, act, play

OWL, PYRO = "mages.1", "mages.2"
SEEDS = 20


def _setup(players: int, seed: int = 1, **options: object) -> AwokenState:
    return ENGINE.setup(seats_for(players), parse_options(ENGINE, options), seed)


def test_solo_setup_uses_the_b_side_and_places_everything_by_map_card() -> None:
    s = _setup(1)
    assert (s.side_letter, s.scenarios, s.figures["ancient.1"].health) == ("B", [1], 6)
    placed = [f.space for f in s.figures.values() if f.space is not None]
    objects = [o.space for o in s.objects]
    assert len(objects) == 12 and len(placed) == 5 + 5 + 1  # characters, 2+3 minions, Magus
    assert sorted(s.map_discard) == sorted([*objects, *placed])
    assert len(s.seats[0].hand) == 7 and ENGINE.to_act(s) == {0}


def test_two_player_setup_uses_a_sides_and_player_one_owns_the_lower_scenario() -> None:
    s = _setup(2, scenarios=[5, 3])
    assert (s.side_letter, s.scenarios) == ("A", [3, 5])
    assert s.figures["ancient.3"].space is None  # Awakening: the Phantasm sleeps
    assert s.figures["ancient.5"].health == 10
    assert s.owner_of_scenario(5) == 1


def test_easy_start_gives_each_player_a_treasure_for_a_character_of_their_choice() -> None:
    s = _setup(2, easy_treasure=True)
    assert ENGINE.to_act(s) == {0} and s.choice is not None and s.choice.kind == "holder"
    s = play(s, 0, Choose(option=PYRO))
    assert len(s.treasures[PYRO]) == 1 and ENGINE.to_act(s) == {1}
    s = play(s, 1, ENGINE.default_action(s, 1))
    assert ENGINE.to_act(s) == {0, 1}


@pytest.mark.parametrize(
    "options",
    [{"scenarios": [1, 1]}, {"scenarios": [6]}, {"side": "C"}, {"claim": True}],
)
def test_bad_options_are_refused_in_a_sentence(options: dict[str, object]) -> None:
    with pytest.raises(BadOptions, match="don't fit"):
        parse_options(ENGINE, options)


def test_wrong_player_counts_are_refused() -> None:
    with pytest.raises(BadOptions, match="1 to 2 players"):
        ENGINE.setup(seats_for(3), parse_options(ENGINE, {}), 1)
    with pytest.raises(BadOptions, match="one scenario per player"):
        ENGINE.setup(seats_for(2), parse_options(ENGINE, {"scenarios": [2]}), 1)


def test_illegal_actions_are_refused_with_a_sentence() -> None:
    t = Table().place(OWL, 10).hand(0, "mages.01")
    s = t.state()
    with pytest.raises(IllegalAction, match="not in your hand"):
        play(s, 0, Move(card="mages.02", figure=OWL, to=11))
    with pytest.raises(IllegalAction, match=r"not .*decision"):
        play(s, 1, Move(card="mages.01", figure=OWL, to=11))


def test_monsters_never_trigger_thin_ice() -> None:
    t = Table(board="abyssal_lake").place(OWL, 10).place(PYRO, 11)
    tempest = t.minion("tempest", 3)
    s = act(t.state(), tempest, "mv")
    assert s.figures[tempest].space == 10 and s.figures[OWL].damage == 0


def test_conveyor_belts_carry_minions_ancients_and_objects() -> None:
    t = Table(board="lost_factory").place(OWL, 22).place("ancient.1", 7)
    tempest = t.minion("tempest", 4, health=1)
    t.obj("blank", 8)
    s = t.state()
    s.pending = Pending(kind="belt", seats=(0,))  # as after a knock-out by a character
    s = play(s, 0, Belt(colour="red"))
    assert s.figures["ancient.1"].space == 8 and s.objects[0].space == 9
    assert s.figures[tempest].space == 4  # not on the red belt


def test_random_games_conform_solo_and_in_pairs() -> None:
    for seed in range(SEEDS):
        check_random_game(ENGINE, 1, seed, {"scenarios": [1 + seed % 5]})
        check_random_game(
            ENGINE, 2, seed, {"scenarios": sorted({1 + seed % 5, 1 + (seed + 1) % 5})}
        )


def test_random_games_conform_on_foreign_lands_with_easy_treasures() -> None:
    for seed in range(4):
        board = ("abyssal_lake", "lost_factory")[seed % 2]
        check_random_game(ENGINE, 1 + seed % 2, seed, {"board": board, "easy_treasure": True})


def _ai_game(players: int, scenarios: list[int], seed: int) -> AwokenState:
    s = _setup(players, seed, scenarios=scenarios, factions=["pit_fighters", "gnomads"][:players])
    policy, rng = GAME.policy("ai"), Rng(seed)
    for _ in range(ENGINE.max_decisions):
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        s = play(s, seat, policy.choose(ENGINE, s, seat, rng))
    return s


def test_a_full_solo_game_driven_by_the_ai_reaches_an_outcome() -> None:
    s = _ai_game(1, [4], 2)
    out = ENGINE.outcome(s)
    assert out is not None and out.summary.startswith("The players")
    assert s.round > 1


def test_a_full_two_player_game_driven_by_the_ai_reaches_an_outcome() -> None:
    s = _ai_game(2, [1, 3], 4)
    out = ENGINE.outcome(s)
    assert out is not None and out.summary.startswith("The players")


def test_the_picture_opens_and_changes_with_the_state() -> None:
    t = Table(players=2, scenarios=[1, 3]).place(OWL, 10).place("gnomads.1", 10)
    t.place("ancient.1", 24).place("ancient.3", 18, damage=2)
    for space in (3, 3, 12, 17, 25, 31, 33, 40):
        t.minion(
            ("tempest", "wildfyre", "shades", "aberrations")[space % 4], space, damage=space % 2
        )
    for kind, space in (("crystal", 5), ("pit", 6), ("blank", 14), ("stasis", 27)):
        t.obj(kind, space, face_up=kind == "crystal")
    t.s.crystals = {OWL: 2}
    first = GAME.render(ENGINE.view(t.state(), None))
    image = Image.open(io.BytesIO(first))
    assert image.width == WIDTH and image.height >= HEIGHT
    t.place(OWL, 11)
    assert GAME.render(ENGINE.view(t.state(), None)) != first
