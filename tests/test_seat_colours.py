"""Seat colours everyone can tell apart (issue 31, "Pictures everyone can read"): every two
seat colours a picture uses stay apart for the common colour-vision deficiencies.

Each colour is seen as a viewer with protanopia, deuteranopia or tritanopia sees it (the
full-severity matrices of Machado, Oliveira and Fernandes 2009, applied in linear RGB), and
the distance between every two seat colours is measured in CIELAB (ΔE*76). Pictures pair
the colours with a seat number or letter as well; this test is about the colours alone.
"""

from __future__ import annotations

import itertools
import math

import pytest

from engines.core.render_kit import SEAT_COLOURS
from engines.root.render.style import FACTION_COLOUR

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

# Machado et al. (2009), severity 1.0.
SIGHT: dict[str, Matrix] = {
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
# Two colours this far apart in CIELAB read as different at a glance, side by side on a
# board; around 2 is the least a trained eye can tell.
MIN_DISTANCE = 15.0

PALETTES: dict[str, list[RGB]] = {
    "seat colours (every game)": list(SEAT_COLOURS),
    "Root factions": list(FACTION_COLOUR.values()),
}


def linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB of an sRGB colour, D65 white."""
    r, g, b = (linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(rgb: RGB, sight: str) -> tuple[float, float, float]:
    """``rgb`` as a viewer with ``sight`` sees it, back in sRGB."""

    def encode(c: float) -> float:
        c = min(1.0, max(0.0, c))
        return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)

    lin = [linear(c) for c in rgb]
    m = SIGHT[sight]
    r, g, b = (encode(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return r, g, b


def distance(a: RGB, b: RGB, sight: str) -> float:
    return math.dist(lab(seen(a, sight)), lab(seen(b, sight)))


@pytest.mark.parametrize("sight", sorted(SIGHT))
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_every_two_seat_colours_stay_apart(palette: str, sight: str) -> None:
    colours = PALETTES[palette]
    close = [
        (a, b, round(distance(a, b, sight), 1))
        for a, b in itertools.combinations(colours, 2)
        if distance(a, b, sight) < MIN_DISTANCE
    ]
    assert close == [], f"{palette} under {sight}"


def test_red_and_green_run_together_for_a_red_green_deficiency() -> None:
    """The measure itself: a red and an olive green of like lightness, far apart for typical
    sight (and for tritanopia), fall together for deuteranopia and protanopia."""
    red, green = (170, 90, 60), (110, 125, 70)
    assert distance(red, green, "typical") > 2 * MIN_DISTANCE
    assert distance(red, green, "tritanopia") > 2 * MIN_DISTANCE
    assert distance(red, green, "deuteranopia") < MIN_DISTANCE
    assert distance(red, green, "protanopia") < MIN_DISTANCE
