"""The Root picture (issue 13 "Pictures"; maps as root.md §17); see ``board``."""

from engines.root.render.board import render

__all__ = ["render"]
