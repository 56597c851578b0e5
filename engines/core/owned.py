"""Which parts a game state copied for itself (issue 33).

Copies of a state may share a mutable part (a Root clearing, a Northgard player) until one
of them changes it: the state copies it for itself first and notes it in an ``Owned`` set,
a private attribute that starts empty on every copy. The set says how a state shares memory
with its copies, nothing about the position, so any two compare equal (as pydantic compares
private attributes when it compares states).
"""

from __future__ import annotations


class Owned(set[int]):
    """The parts (by index or id) a state has copied for itself."""

    __hash__ = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Owned)

    def __ne__(self, other: object) -> bool:
        return not isinstance(other, Owned)
