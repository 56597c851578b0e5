"""The Tyrant's special action is never an empty one (wildlands.md §11 "Special actions":
each other on-board Ancient, one at a time, takes up to 2 move/climb steps, then 1 melee):
with no other Ancient on the board there is nothing to drive, so the shard cannot be spent
for it; and the bot, having spent one, drives the Ancients rather than passing at once."""

from __future__ import annotations

from engines.core.rng import Rng
from engines.wildlands.wrath.actions import SpecialPick, SpecialSkip, Spend
from engines.wildlands.wrath.ai import SidesAI

from .builder import ENGINE, Position, play

SHARD = "shard.0.1"


def _spends(p: Position) -> list[Spend]:
    return [a for a in ENGINE.legal_actions(p.state(), 1) if isinstance(a, Spend)]


def test_a_lone_tyrant_cannot_spend_a_shard_on_its_special() -> None:
    p = Position(active=1).place("ancients.5", 40).place("mages.1", 3).carried("ancients.5")
    assert _spends(p) == []
    p.place("ancients.3", 1)  # another Ancient on the board: the special has work to do
    assert _spends(p) == [Spend(shard=SHARD)]


def test_the_bot_drives_an_ancient_after_spending_the_tyrant_shard() -> None:
    p = (
        Position(active=1)
        .place("ancients.5", 40)
        .place("ancients.3", 1)
        .place("mages.1", 3)
        .carried("ancients.5")
        .orders(0, auto_pass="always", auto_defend="never")
    )
    s = play(p.state(), 1, Spend(shard=SHARD))
    legal = list(ENGINE.legal_actions(s, 1))
    assert SpecialSkip() in legal and SpecialPick(figure="ancients.3") in legal
    for seed in range(5):
        assert SidesAI().choose(ENGINE, s, 1, Rng(seed)) == SpecialPick(figure="ancients.3")
