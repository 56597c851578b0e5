"""Arcadia pictures (DESIGN.md "Pictures"): the league map (``league_map``, its cards in
``league_card``) and the character sheets (``sheets``)."""

from engines.arcadia.render.league_map import render
from engines.arcadia.render.sheets import chronicle_sheet, extras, render_sheets

__all__ = ["chronicle_sheet", "extras", "render", "render_sheets"]
