"""Seat colours everyone can tell apart (issue 31 "pictures everyone can read"): every set of
colours a picture uses to tell players (or teams, or factions) apart stays apart under the
common colour-vision deficiencies. Each colour is simulated as a dichromat sees it (Machado,
Oliveira and Fernandes 2009, severity 1, on linear sRGB) and every two of a set must stay at
least ``MIN_DELTA_E`` apart in CIELAB (CIE76): about what reads as two colours at a glance.
"""

from __future__ import annotations

import itertools
import math

import pytest

from engines.core.render_kit import SEAT_COLOURS
from engines.root.render.style import FACTION_COLOUR
from engines.wildlands.render_board.style import BELT_COLOURS

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

MIN_DELTA_E = 15.0
SIGHT: dict[str, Matrix] = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
SETS: dict[str, list[RGB]] = {
    "seats (every game)": list(SEAT_COLOURS),
    "Root factions": list(FACTION_COLOUR.values()),
    "War teams": list(BELT_COLOURS.values()),
}


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(colour: RGB, sight: Matrix) -> tuple[float, ...]:
    """The colour as ``sight`` sees it, in linear sRGB clipped to the screen's range."""
    rgb = [linear(c) for c in colour]
    return tuple(
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in sight
    )


def lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    """Linear sRGB to CIELAB (D65)."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def closest(colours: list[RGB], sight: Matrix) -> tuple[float, RGB, RGB]:
    """The two colours of the set that ``sight`` sees as most alike, and how far apart."""
    return min(
        (math.dist(lab(seen(a, sight)), lab(seen(b, sight))), a, b)
        for a, b in itertools.combinations(colours, 2)
    )


@pytest.mark.parametrize("sight", sorted(SIGHT))
@pytest.mark.parametrize("name", sorted(SETS))
def test_every_two_colours_of_a_set_stay_apart(name: str, sight: str) -> None:
    distance, a, b = closest(SETS[name], SIGHT[sight])
    assert distance >= MIN_DELTA_E, f"{name} under {sight}: {a} and {b} are {distance:.1f} apart"


def test_the_simulation_finds_the_classic_confusions() -> None:
    """Pairs far apart to normal sight that each deficiency mixes up: a red and an olive
    green (deuteranopia), pure red and a dark green (protanopia), a teal blue and a green
    (tritanopia)."""
    confused = {
        "deuteranopia": [(220, 50, 50), (120, 130, 40)],
        "protanopia": [(255, 0, 0), (0, 128, 0)],
        "tritanopia": [(60, 140, 170), (40, 160, 110)],
    }
    for sight, pair in confused.items():
        assert closest(pair, SIGHT[sight])[0] < MIN_DELTA_E < closest(pair, SIGHT["normal"])[0]
