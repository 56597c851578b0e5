"""Pictures of Ancient Terrible Things (DESIGN.md "Pictures"): the board (``board``) built
from the river (``river``), the table around it (``market``) and the players (``players``),
the dice picture (``dice``), and the symbols they share (``symbols``)."""
