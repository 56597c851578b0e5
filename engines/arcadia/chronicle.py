"""Chronicle characters: the engine-side model of a character that outlives a game (§13.1).

Pure functions over a ``ChronicleCharacter`` record; storage and the Discord flow live in
the bot. The bot's API:

- ``create_character(name, icon, merits, flaws, court_choice=None, background="")``: a new
  record, or ``ChronicleError`` with every problem as sentences;
- ``spend_on_merit(ch, merit_id, court_choice=None)`` / ``buy_off_flaw(ch, flaw_id,
  court_choice=None)``: between games only; a new record or ``ChronicleError``; a purchase
  that ties the court count needs the player's court (``makes_a_tie``, §2.6);
  ``spend_options(ch)`` lists what XP can buy now;
- ``award(ch, result)``: the record after a finished game (``GameResult`` from the engine's
  ``chronicle_results(state)``), XP and fame and quest history updated;
- ``fame(ch)``: what the character adds to each of its quests' waylay ratings;
- ``retire(ch)``: the record marked retired (it can no longer join games or spend);
- a game snapshots a character by passing ``character.model_dump()`` in the table option
  ``characters`` under the seat number as text (``{"0": {...}}``); the record in storage
  is untouched until ``award`` is applied to it at the end.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.arcadia.building import build_problems, court_of
from engines.arcadia.content import content

COURTS = ("Seelie", "Unseelie")


class ChronicleError(ValueError):
    """A refused chronicle change; the message is one or more sentences for the player."""


class QuestRecord(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    quest: str
    name: str
    completed: bool
    won: bool
    solo: bool
    xp: int


class ChronicleCharacter(BaseModel):
    """A character as its owner keeps it between games (§13.1 character record)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str = Field(min_length=1, max_length=40)
    background: str = ""
    icon: str
    merits: tuple[str, ...] = ()
    flaws: tuple[str, ...] = ()
    court: str
    court_choice: str | None = None
    xp_unspent: int = 0
    xp_earned_total: int = 0
    xp_solo: int = 0
    quest_history: tuple[QuestRecord, ...] = ()
    retired: bool = False


class GameResult(BaseModel):
    """What one finished game means for one character (from the engine)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    won: bool
    solo: bool
    epic: bool
    xp: int
    quests: tuple[QuestRecord, ...]


def fame(ch: ChronicleCharacter) -> int:
    """Added to the waylay rating of each quest the character undertakes; spending XP does
    not lower it (§13.1, test T11)."""
    return ch.xp_earned_total // 2


def _court(icon: str, merits: tuple[str, ...], flaws: tuple[str, ...], choice: str | None) -> str:
    counted = court_of(icon, merits, flaws)
    if counted is not None:
        return counted
    if choice not in COURTS:
        raise ChronicleError("Seelie and Unseelie are tied: choose the character's court.")
    return choice


def create_character(
    name: str,
    icon: str,
    merits: tuple[str, ...],
    flaws: tuple[str, ...] = (),
    court_choice: str | None = None,
    background: str = "",
) -> ChronicleCharacter:
    problems = build_problems(icon, merits, flaws, None)
    if not name.strip():
        problems.insert(0, "Give the character a name.")
    if problems:
        raise ChronicleError(" ".join(problems))
    court = _court(icon, merits, flaws, court_choice)
    tied = court_of(icon, merits, flaws) is None
    return ChronicleCharacter(
        name=name.strip(),
        background=background,
        icon=icon,
        merits=merits,
        flaws=flaws,
        court=court,
        court_choice=court if tied else None,
    )


def _recourt(
    ch: ChronicleCharacter, merits: tuple[str, ...], flaws: tuple[str, ...], choice: str | None
) -> dict[str, str | None]:
    """Court recomputed between games (§2.6): the count's majority; a stored tie choice stands
    while the count stays tied; a purchase that makes a new tie needs the player's
    ``choice``, stored while the tie lasts."""
    counted = court_of(ch.icon, merits, flaws)
    if counted is not None:
        return {"court": counted, "court_choice": None}
    if ch.court_choice is not None:
        return {"court": ch.court_choice, "court_choice": ch.court_choice}
    if choice not in COURTS:
        raise ChronicleError(
            "That leaves Seelie and Unseelie tied: choose the character's court with it."
        )
    return {"court": choice, "court_choice": choice}


def makes_a_tie(ch: ChronicleCharacter, kind: str, what: str) -> bool:
    """Whether buying ``what`` (a merit, or buying off a flaw) ties a count that was not
    tied, so the player must choose the court with it."""
    merits = (*ch.merits, what) if kind == "merit" else ch.merits
    flaws = tuple(f for f in ch.flaws if f != what) if kind == "flaw" else ch.flaws
    return court_of(ch.icon, merits, flaws) is None and ch.court_choice is None


def spend_options(ch: ChronicleCharacter) -> list[tuple[str, str, int]]:
    """(kind, id, cost) of every purchase the unspent XP covers now."""
    c = content()
    out = [
        ("merit", m.id, m.cost)
        for m in c.merits.values()
        if m.id not in ch.merits and m.cost <= ch.xp_unspent
    ]
    out += [("flaw", f, c.flaws[f].bonus) for f in ch.flaws if c.flaws[f].bonus <= ch.xp_unspent]
    return out


def _check_active(ch: ChronicleCharacter) -> None:
    if ch.retired:
        raise ChronicleError(f"{ch.name} has retired and can no longer change.")


def spend_on_merit(
    ch: ChronicleCharacter, merit_id: str, court_choice: str | None = None
) -> ChronicleCharacter:
    """Buy a merit at its cost in XP (1 XP per point); ``court_choice`` when it ties the
    court count."""
    _check_active(ch)
    merit = content().merits.get(merit_id)
    if merit is None:
        raise ChronicleError(f"There is no merit called {merit_id!r}.")
    if merit_id in ch.merits:
        raise ChronicleError(f"{ch.name} already has {merit.name}.")
    if merit.cost > ch.xp_unspent:
        raise ChronicleError(
            f"{merit.name} costs {merit.cost} XP but {ch.name} has {ch.xp_unspent} unspent."
        )
    merits = (*ch.merits, merit_id)
    return ch.model_copy(
        update={
            "merits": merits,
            "xp_unspent": ch.xp_unspent - merit.cost,
            **_recourt(ch, merits, ch.flaws, court_choice),
        }
    )


def buy_off_flaw(
    ch: ChronicleCharacter, flaw_id: str, court_choice: str | None = None
) -> ChronicleCharacter:
    """Remove a flaw for its bonus value in XP; ``court_choice`` when it ties the court
    count."""
    _check_active(ch)
    flaw = content().flaws.get(flaw_id)
    if flaw is None or flaw_id not in ch.flaws:
        raise ChronicleError(f"{ch.name} has no flaw called {flaw_id!r}.")
    if flaw.bonus > ch.xp_unspent:
        raise ChronicleError(
            f"Buying off {flaw.name} costs {flaw.bonus} XP but {ch.name} has "
            f"{ch.xp_unspent} unspent."
        )
    flaws = tuple(f for f in ch.flaws if f != flaw_id)
    return ch.model_copy(
        update={
            "flaws": flaws,
            "xp_unspent": ch.xp_unspent - flaw.bonus,
            **_recourt(ch, ch.merits, flaws, court_choice),
        }
    )


def award(ch: ChronicleCharacter, result: GameResult) -> ChronicleCharacter:
    """The character after a finished game: XP to the totals (and ``xp_solo`` for solo
    games), the quests appended to the history."""
    return ch.model_copy(
        update={
            "xp_unspent": ch.xp_unspent + result.xp,
            "xp_earned_total": ch.xp_earned_total + result.xp,
            "xp_solo": ch.xp_solo + (result.xp if result.solo else 0),
            "quest_history": (*ch.quest_history, *result.quests),
        }
    )


def retire(ch: ChronicleCharacter) -> ChronicleCharacter:
    return ch.model_copy(update={"retired": True})


def game_xp(completed_xp: list[int], won: bool, epic: bool) -> int:
    """XP from one game (§13.1, §13.4): outside epic play only the winner earns its quest's
    XP; in epic play every player earns each completed quest's XP plus floor((n - 1) / 2)."""
    if not epic:
        return sum(completed_xp) if won else 0
    n = len(completed_xp)
    return sum(completed_xp) + (max(0, n - 1) // 2)
