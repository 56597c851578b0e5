"""JSON for a game's actions (DESIGN.md "State serializes").

Every engine's actions are frozen pydantic models with a ``kind`` discriminator; this codec
turns them into JSON for the action log and reads them back, answering damaged data with a
``CorruptRecord`` sentence instead of a validation traceback.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from engines.core.errors import CorruptRecord


class ActionCodec:
    def __init__(self, union: Any, game_title: str) -> None:
        self._adapter: TypeAdapter[Any] = TypeAdapter(union)
        self._title = game_title

    def encode(self, action: BaseModel) -> dict[str, Any]:
        return action.model_dump(mode="json")

    def decode(self, data: Any) -> Any:
        try:
            return self._adapter.validate_python(data)
        except ValidationError as exc:
            problem = exc.errors()[0]
            where = ".".join(str(p) for p in problem["loc"]) or "action"
            raise CorruptRecord(
                f"That {self._title} action could not be read ({where}: {problem['msg']})."
            ) from None
