"""Flock of Harpies (reference §15 waylay table: no_retreat_after_loss; the card: "a
character that loses to it may not retreat"): after a loss the character may only stay;
after a tie the usual D2 retreat to where it came from stays open (§5 D2)."""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.common import set_cell
from engines.arcadia.state import ArcadiaState

from .builder import ENGINE, dice, events_passing, play
from .test_reference_cases import manticora_state, put_waylay


def _harpies_after(rolls: list[int]) -> tuple[ArcadiaState, list[str]]:
    """Annoyicus (Resolve 1) stays at the Harpies (Resolve 3) that waylay him, tests them,
    pays what he owes, and his next Day begins."""
    s = manticora_state()
    set_cell(s, "1,0", waylays=())
    put_waylay(s, "1,0", "flock_of_harpies")
    dice(s, rolls)
    s, said = events_passing(s, 0, A.Stay())
    if s.day is not None and s.day.stage == "pay":
        s = play(s, 0, A.Exhaust(slot=1))
    assert s.day is not None
    s.day.seat, s.day.stage = 0, "move"
    return s, said


def _moves(s: ArcadiaState) -> set[str]:
    return {a.cell for a in ENGINE.legal_actions(s, 0) if isinstance(a, A.Move)}


def test_after_a_loss_only_staying_is_legal() -> None:
    s, said = _harpies_after([3, 3])
    assert "Annoyicus loses (4 against 6)." in said
    assert _moves(s) == set()
    assert any(isinstance(a, A.Stay) for a in ENGINE.legal_actions(s, 0))


def test_after_a_tie_the_retreat_is_open() -> None:
    s, said = _harpies_after([5, 3])
    assert any("6 against 6" in t for t in said)
    assert [w.id for w in s.cells["1,0"].waylays] == ["flock_of_harpies"]
    assert _moves(s) == {"0,0"}


def test_a_tie_after_a_loss_opens_the_retreat_again() -> None:
    s, _ = _harpies_after([3, 3])
    assert _moves(s) == set()
    dice(s, [5, 3])
    s, said = events_passing(s, 0, A.Stay())
    assert any("6 against 6" in t for t in said)
    assert s.day is not None
    s.day.seat, s.day.stage = 0, "move"
    assert _moves(s) == {"0,0"}
