"""Helpers for Arcadia tests: positions built directly in the Day, and dice chosen by
picking the generator state that rolls them (the engine's own Rng, nothing patched)."""

from __future__ import annotations

from engines.arcadia import actions as A
from engines.arcadia.chronicle import ChronicleCharacter, create_character
from engines.arcadia.content import content
from engines.arcadia.engine import ArcadiaEngine
from engines.arcadia.state import ArcadiaState, DayState, Placed, QuestState, StepProgress
from engines.core.conformance import seats_for
from engines.core.protocol import parse_options
from engines.core.rng import Rng

ENGINE = ArcadiaEngine()


def winerdria() -> ChronicleCharacter:
    return create_character(
        "Winerdria",
        "sidhe_female",
        ("fae_armor", "lightning_quick", "eloquent_speech"),
        ("indecisive",),
    )


def annoyicus(merits: tuple[str, ...] = ("sidhe_sword", "lightning_quick")) -> ChronicleCharacter:
    return create_character("Annoyicus", "imp_male", merits, (), court_choice="Unseelie")


def game(chars: list[ChronicleCharacter], **options: object) -> ArcadiaState:
    opts = {"characters": {str(i): c.model_dump() for i, c in enumerate(chars)}, **options}
    return ENGINE.setup(seats_for(len(chars)), parse_options(ENGINE, opts), 1)


def day_state(
    chars: list[ChronicleCharacter],
    leagues: dict[str, str],
    bases: list[str],
    quests: list[str] | None = None,
    **options: object,
) -> ArcadiaState:
    """A game already in the Days: ``leagues`` maps cells to league ids (all at 0°)."""
    s = game(chars, **options)
    s.phase = "day"
    s.cells = {
        cell: Placed(league=lid, owner=0, order=i) for i, (cell, lid) in enumerate(leagues.items())
    }
    s.order = list(range(len(chars)))
    s.round = 1
    for p, base in zip(s.players, bases, strict=True):
        p.base = p.pos = base
        p.far_enough = True
        qid = (quests or ["q1"] * len(chars))[p.seat]
        p.quests = [
            QuestState(id=qid, branches=[StepProgress() for _ in content().quests[qid].branches])
        ]
    s.day = DayState(seat=0)
    return s


def dice(s: ArcadiaState, rolls: list[int]) -> None:
    """Set the generator so its next d6 rolls are ``rolls``."""
    for seed in range(1, 10_000_000):
        r = Rng(seed)
        if all(r.randint(1, 6) == want for want in rolls):
            s.rng = seed
            return
    raise AssertionError("no generator state rolls those dice")


def play(s: ArcadiaState, seat: int, action: A.Action) -> ArcadiaState:
    return ENGINE.apply(s, seat, action).state


def events(s: ArcadiaState, seat: int, action: A.Action) -> tuple[ArcadiaState, list[str]]:
    step = ENGINE.apply(s, seat, action)
    return step.state, [e.text for e in step.events]


def events_passing(s: ArcadiaState, seat: int, action: A.Action) -> tuple[ArcadiaState, list[str]]:
    """``events``, then every modifier window on the way passed, its events kept too."""
    s, said = events(s, seat, action)
    while s.contest is not None:
        (who,) = ENGINE.to_act(s)
        s, more = events(s, who, A.Pass())
        said += more
    return s, said


def pass_window(s: ArcadiaState) -> ArcadiaState:
    while s.contest is not None:
        (seat,) = ENGINE.to_act(s)
        s = play(s, seat, A.Pass())
    return s
