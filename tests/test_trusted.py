"""Models built from trusted values (``engines.core.trusted``): the same model pydantic
builds, without validation."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engines.core.trusted import replaced, trusted


class Figure(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    damage: int = 0
    tags: tuple[str, ...] = ()


def test_trusted_is_the_model_pydantic_builds_with_every_field_given() -> None:
    made = trusted(Figure, name="Ranger", damage=1, tags=("hero",))
    assert made == Figure(name="Ranger", damage=1, tags=("hero",))
    assert made.model_fields_set == {"name", "damage", "tags"}
    assert made.model_dump_json() == '{"name":"Ranger","damage":1,"tags":["hero"]}'


def test_replaced_changes_a_copy_and_leaves_the_original() -> None:
    before = Figure(name="Ranger")
    after = replaced(before, damage=2)
    assert after == before.model_copy(update={"damage": 2})
    assert (before.damage, after.damage) == (0, 2)
    assert after.model_fields_set == {"name", "damage"}
    assert before.model_dump(exclude_unset=True) == {"name": "Ranger"}
