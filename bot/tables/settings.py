"""How a table treats absent players (issue "Async play across days"): the deadline policy,
reminder times and the quick-prompt window, validated with one sentence per problem, and the
keys under which the store keeps them and each player's own choices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.store import TableRecord
from bot.tables.durations import DAY, HOUR, MINUTE, format_duration
from bot.tables.updates import BadSettings

NOTIFY_KEY = "notify"  # user record: "dm", "channel" (default) or "off"
DM_BLOCKED_KEY = "dm_blocked"  # user record: True once a DM was refused
AWAY_KEY = "away"  # user record: {"until": unix time}
MAX_AWAY = 14 * DAY

Policy = Literal["none", "remind", "skip", "ai"]
NotifyMode = Literal["dm", "channel", "off"]

# field: (what players call it, lowest, highest) in seconds.
BOUNDS: dict[str, tuple[str, int, int]] = {
    "remind_after": ("The first reminder", 10 * MINUTE, 14 * DAY),
    "remind_every": ("The time between reminders", HOUR, 14 * DAY),
    "deadline": ("The deadline", 10 * MINUTE, 30 * DAY),
    "window": ("The interrupt window", 0, DAY),
}

POLICY_TEXT: dict[str, str] = {
    "none": "no reminders and no deadline",
    "remind": "reminders only; the game waits as long as it takes",
    "skip": "reminders, then at the deadline the rules' default move is played",
    "ai": "reminders, then at the deadline an AI stand-in moves for the absent player",
}


class TableSettings(BaseModel):
    """How a table treats absent players. Durations are in seconds."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    policy: Policy = "remind"
    remind_after: int = Field(12 * HOUR, ge=BOUNDS["remind_after"][1], le=BOUNDS["remind_after"][2])
    remind_every: int = Field(24 * HOUR, ge=BOUNDS["remind_every"][1], le=BOUNDS["remind_every"][2])
    deadline: int = Field(48 * HOUR, ge=BOUNDS["deadline"][1], le=BOUNDS["deadline"][2])
    # Quick timed prompts (an interrupt window): seconds until no answer counts as the rules'
    # default (a pass); 0 waits for every answer like any other decision.
    window: int = Field(30, ge=BOUNDS["window"][1], le=BOUNDS["window"][2])

    @classmethod
    def parse(cls, raw: Mapping[str, Any]) -> TableSettings:
        """Validate, with one plain sentence per problem."""
        try:
            return cls.model_validate(dict(raw))
        except ValidationError as exc:
            raise BadSettings(" ".join(_problem(e) for e in exc.errors())) from None

    @classmethod
    def of(cls, table: TableRecord) -> TableSettings:
        """The settings stored with a table (``TableRecord.deadlines``), or the defaults."""
        return cls.parse(table.deadlines or {})

    def describe(self) -> str:
        lines = [f"**Deadline policy:** {self.policy} ({POLICY_TEXT[self.policy]})."]
        if self.policy != "none":
            lines.append(
                f"**Reminders:** after {format_duration(self.remind_after)}, then every "
                f"{format_duration(self.remind_every)}."
            )
        if self.policy in ("skip", "ai"):
            lines.append(f"**Deadline:** {format_duration(self.deadline)} after the wait begins.")
        if self.window:
            lines.append(
                f"**Quick prompts** (interrupt windows): close after "
                f"{format_duration(self.window)}; no answer counts as a pass."
            )
        else:
            lines.append("**Quick prompts** (interrupt windows): wait for every answer.")
        return "\n".join(lines)


def _problem(error: Mapping[str, Any]) -> str:
    name = str(error["loc"][0]) if error["loc"] else ""
    if name in BOUNDS:
        what, low, high = BOUNDS[name]
        return f"{what} must be between {format_duration(low)} and {format_duration(high)}."
    if name == "policy":
        return "The deadline policy must be one of none, remind, skip or ai."
    return f"There is no table setting called `{name}`."
