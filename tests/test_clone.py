"""The written copy functions of engines/core/clone.py: the shapes a per-class function must
get right beyond those tests/test_engine_base.py covers (a subclass's value in a field typed
by its base, a model nested in itself, fresh private defaults, the slots pydantic keeps)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from engines.core.clone import clone, copier_source


class Leaf(BaseModel):
    n: int = 0
    tags: list[str] = []


class Sprout(Leaf):
    """A subclass with a mutable field its base's copy function knows nothing of."""

    extra: dict[str, list[int]] = {}


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str


class Tree(BaseModel):
    leaf: Leaf
    leaves: dict[str, Leaf | None] = {}
    branch: Tree | None = None
    rows: list[list[int]] = []
    marks: Annotated[list[int], Field(max_length=9)] = []
    shared: tuple[Frozen, ...] = ()
    _memo: dict[str, int] = PrivateAttr(default_factory=dict)
    _seen: list[int] = PrivateAttr(default=[])
    _count: int = PrivateAttr(default=0)


def test_a_subclass_value_is_copied_by_its_own_class() -> None:
    t = Tree(leaf=Sprout(n=1, extra={"a": [1]}))
    u = clone(t)
    assert type(u.leaf) is Sprout and u.leaf == t.leaf
    assert isinstance(u.leaf, Sprout)
    u.leaf.extra["a"].append(2)
    u.leaf.tags.append("x")
    assert t.leaf == Sprout(n=1, extra={"a": [1]})


def test_a_model_nested_in_itself_is_copied_all_the_way_down() -> None:
    t = Tree(leaf=Leaf(), branch=Tree(leaf=Leaf(), branch=Tree(leaf=Leaf(tags=["deep"]))))
    u = clone(t)
    assert u == t
    assert u.branch is not None and u.branch.branch is not None
    u.branch.branch.leaf.tags.append("x")
    assert t.branch is not None and t.branch.branch is not None
    assert t.branch.branch.leaf.tags == ["deep"]


def test_nested_containers_optional_items_and_annotated_lists_are_copied() -> None:
    t = Tree(leaf=Leaf(), leaves={"a": Leaf(n=1), "b": None}, rows=[[1], [2]], marks=[3])
    u = clone(t)
    assert u == t
    u.leaves["a"].n = 5  # type: ignore[union-attr]
    u.rows[0].append(9)
    u.marks.append(4)
    assert t.leaves == {"a": Leaf(n=1), "b": None}
    assert t.rows == [[1], [2]] and t.marks == [3]


def test_immutable_parts_are_shared_and_the_slots_are_fresh() -> None:
    t = Tree(leaf=Leaf(), shared=(Frozen(name="x"),))
    t._memo["k"] = 1
    t._seen.append(3)
    t._count = 2
    u = clone(t)
    assert u.shared is t.shared
    assert u._memo == {} and u._seen == [] and u._count == 0
    assert u._seen is not Tree.__private_attributes__["_seen"].default
    assert u.model_fields_set == t.model_fields_set
    assert u.model_fields_set is not t.model_fields_set
    u.rows = [[1]]  # pydantic marks the field set on the copy only
    assert "rows" in u.model_fields_set and "rows" not in t.model_fields_set
    assert u.model_dump() == t.model_dump() | {"rows": [[1]]}


def test_the_written_function_copies_only_the_fields_that_need_it() -> None:
    source = copier_source(Tree)
    assert "'leaf'" in source and "'rows'" in source and "'marks'" in source
    assert "'shared'" not in source  # a tuple of frozen models is shared
