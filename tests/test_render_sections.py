"""render_kit.Sections (issue 20): a picture's parts drawn once per content into one fixed
palette, blank pages as paper, columns as tall as their text."""

from __future__ import annotations

from PIL import ImageDraw

from engines.core.render_kit import INK, PAPER, Sections, clear_caches, write

SECTIONS = Sections((PAPER, INK, (0, 114, 178)), (INK,), 1 << 20)


def test_a_section_is_drawn_once_per_content_until_the_caches_are_emptied() -> None:
    calls: list[str] = []

    def draw(d: ImageDraw.ImageDraw) -> None:
        calls.append("drawn")
        d.rectangle((2, 2, 20, 10), fill=(0, 114, 178))

    first = SECTIONS.section("box", "blue", (30, 14), draw)
    again = SECTIONS.section("box", "blue", (30, 14), draw)
    assert again is first and calls == ["drawn"]
    SECTIONS.section("box", "other content", (30, 14), draw)
    clear_caches()
    fresh = SECTIONS.section("box", "blue", (30, 14), draw)
    assert len(calls) == 3
    assert fresh.mode == "P" and fresh.tobytes() == first.tobytes()
    assert fresh.convert("RGB").getpixel((5, 5)) == (0, 114, 178)


def test_a_column_is_as_tall_as_what_it_drew() -> None:
    def draw(d: ImageDraw.ImageDraw) -> int:
        write(d, (4, 4), "two lines", 16)
        write(d, (4, 26), "of text", 16)
        return 48

    column = SECTIONS.column("text", "two lines", 120, draw, tallest=400)
    assert column.size == (120, 48)


def test_a_page_is_blank_paper_in_the_palette() -> None:
    page = SECTIONS.page(64, 32)
    assert page.mode == "P" and page.getpalette() == SECTIONS.palette().getpalette()
    assert page.convert("RGB").getcolors() == [(64 * 32, PAPER)]
