"""Cached layers of the Wildlands board picture (DESIGN.md "Pictures"): each dynamic part
is drawn over its patch of the static board once per content, in the board's palette, and
pasted into every picture that shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PIL import Image, ImageDraw

from engines.core.render_kit import LayerCache, indexed, pixels
from engines.wildlands.render_board.style import RGB

# A dynamic part drawn on its patch of the static board, shifted by (dx, dy) into the patch.
DrawPatch = Callable[[ImageDraw.ImageDraw, float, float], None]
# Patches of recent pictures: a table's next board repeats most of them. A board's patches
# weigh about 0.7 MB, so this keeps the last boards of some forty-five tables.
_PATCHES: LayerCache[Image.Image] = LayerCache(32 << 20, pixels)
INDEXED: LayerCache[Image.Image] = LayerCache(16)


class Layers:
    """The dynamic parts of one board in one palette, drawn over patches of its static
    picture and kept while their content is unchanged."""

    def __init__(
        self,
        board: Hashable,
        static: Image.Image,
        fills: tuple[RGB, ...],
        palette: Image.Image,
    ) -> None:
        """``board`` names the static picture (the board and its title bar's height)."""
        self.static, self.palette = static, palette
        self.scope = (board, fills)

    def paste(
        self,
        img: Image.Image,
        key: Hashable,
        box: tuple[int, int, int, int],
        draw: DrawPatch,
        at: tuple[int, int] | None = None,
    ) -> None:
        """Paste the patch ``box`` (right and bottom exclusive) of the static board with
        ``draw`` drawn on it, from the cache while ``key`` (its content) is unchanged. With
        ``at``, the patch goes there instead: a panel entry is drawn once on a plain stretch
        of the panel and pasted wherever the entries above it leave it."""

        def make() -> Image.Image:
            patch = self.static.crop(box)
            draw(ImageDraw.Draw(patch), -box[0], -box[1])
            return indexed(patch, self.palette)

        img.paste(_PATCHES.get((self.scope, key, box), make), at or box[:2])
