"""Rebuild a game from its seed and its action log (DESIGN.md "Determinism")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.core.protocol import Engine, Seat, SeatId, parse_options


@dataclass
class GameRecord:
    """Everything needed to rebuild a game: the export format of one table."""

    game: str
    seed: int
    seats: list[Seat]
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[SeatId, dict[str, Any]]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "gm-game/1",
            "game": self.game,
            "seed": self.seed,
            "seats": [{"id": s.id, "name": s.name, "kind": s.kind} for s in self.seats],
            "options": self.options,
            "actions": [{"seat": seat, "action": a} for seat, a in self.actions],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        from engines.core.errors import CorruptRecord

        if data.get("format") != "gm-game/1":
            raise CorruptRecord("That file is not a game export (format gm-game/1).")
        try:
            return cls(
                game=str(data["game"]),
                seed=int(data["seed"]),
                seats=[
                    Seat(int(s["id"]), str(s["name"]), s.get("kind", "human"))
                    for s in data["seats"]
                ],
                options=dict(data.get("options") or {}),
                actions=[(int(a["seat"]), dict(a["action"])) for a in data["actions"]],
            )
        except KeyError as exc:
            raise CorruptRecord(f"The game export is damaged: it has no `{exc.args[0]}`.") from None
        except (TypeError, ValueError) as exc:
            raise CorruptRecord(f"The game export is damaged: {exc}.") from None


def replay(
    engine: Engine[Any, Any],
    seats: Sequence[Seat],
    options: Mapping[str, Any],
    seed: int,
    actions: Iterable[tuple[SeatId, Any]],
    upto: int | None = None,
) -> Any:
    """Apply ``actions`` (decoded) to a fresh setup; stop after ``upto`` actions if given."""
    state = engine.setup(seats, parse_options(engine, options), seed)
    for i, (seat, action) in enumerate(actions):
        if upto is not None and i >= upto:
            break
        state = engine.apply(state, seat, action).state
    return state


def replay_record(engine: Engine[Any, Any], record: GameRecord, upto: int | None = None) -> Any:
    """``replay`` from an export, decoding each stored action."""
    decoded = ((seat, engine.decode_action(a)) for seat, a in record.actions)
    return replay(engine, record.seats, record.options, record.seed, decoded, upto)
