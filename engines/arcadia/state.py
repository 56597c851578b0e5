"""The Arcadia game state (reference §2–§13): characters, the map, the Day in progress.

Cells are "x,y" strings (x east, y north). Merits and flaws in play are slots over content
ids; a quest treasure or quest item held becomes a merit slot for this game only.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from engines.arcadia.options import ArcadiaOptions


class MeritSlot(BaseModel):
    """Frozen, so copies of the state share it; changes replace it (``common.set_merit``)."""

    model_config = ConfigDict(frozen=True)
    id: str
    exhausted: bool = False
    discarded: bool = False
    # "treasure" for a quest treasure picked up, "item:<key>" for a quest item; None when
    # the merit is the character's own.
    origin: str | None = None


class FlawSlot(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    exhausted: bool = False
    used: bool = False  # solo: the engine exhausts each flaw the first time only


class Character(BaseModel):
    """Frozen, so copies of the state share it (it changes a few times a game: a merit
    exhausted, recovered or picked up); changes replace it (``common.set_character``)."""

    model_config = ConfigDict(frozen=True)
    name: str
    icon: str | None = None
    merits: tuple[MeritSlot, ...] = ()
    flaws: tuple[FlawSlot, ...] = ()
    court: str | None = None
    fame: int = 0
    xp_earned_total: int = 0
    xp_unspent: int = 0
    built: bool = False
    chronicle: bool = False


class StepProgress(BaseModel):
    """Frozen, like its quest: progress replaces it (``goals``)."""

    model_config = ConfigDict(frozen=True)
    step: int = 0
    counter: int = 0
    seen: tuple[str, ...] = ()
    done: bool = False


class QuestState(BaseModel):
    """Frozen, so copies of the state share it (progress comes a few times a game); a step
    advanced replaces it (``goals``). ``counts`` is filled before it is made."""

    model_config = ConfigDict(frozen=True)
    id: str
    branches: tuple[StepProgress, ...] = ()
    goal_met: bool = False
    complete: bool = False
    # Rolled at setup (Quest VIII's Border count), by step index.
    counts: dict[str, int] = Field(default_factory=dict)


class Player(BaseModel):
    """A seat's character and what it holds. Its lists of names are tuples, replaced when
    they change (rarely), so a copy of the state shares them."""

    seat: int
    character: Character
    quests: list[QuestState] = Field(default_factory=list)
    # Waylays this seat holds to play on the player it opposes (hidden from others).
    hand: tuple[str, ...] = ()
    hand_done: bool = False
    treasures: tuple[str, ...] = ()  # quest treasures still to place
    treasures_done: bool = False
    league_pick: tuple[str, ...] = ()  # hidden until revealed
    to_place: tuple[str, ...] = ()
    base: str | None = None
    pos: str | None = None
    came_from: str | None = None
    skip_next_day: bool = False
    roll: int = 0
    defeated: tuple[str, ...] = ()  # "waylay_id@cell" per defeat
    failed_trial_at: tuple[str, ...] = ()
    specials_used: tuple[str, ...] = ()
    next_test_bonus: int = 0
    ignore_next_waylay: bool = False
    last_defeat: str | None = None  # cell of a waylay defeated on this player's last Day
    far_enough: bool = False  # waylay_gate: has stood far enough from the base camp
    days: int = 0


class Treasure(BaseModel):
    """Frozen, like the leagues holding it; changes replace it."""

    model_config = ConfigDict(frozen=True)
    owner: int
    id: str
    item: str | None = None  # quest item key, None for a quest treasure


class WaylayInPlay(BaseModel):
    """Frozen, like the league holding it; a win or a loss replaces it."""

    model_config = ConfigDict(frozen=True)
    id: str
    order: int
    wins_left: int
    target: int  # the player it was played on (it still belongs to the league)
    # Seats whose latest test against it was a loss (no_retreat_after_loss, §4).
    lost_to: tuple[int, ...] = ()


class Placed(BaseModel):
    """A league on the map. Frozen with tuples inside, so copies of the state share every
    league (most never change during a Day); a change replaces it (``common.set_cell``)."""

    model_config = ConfigDict(frozen=True)
    league: str
    rot: int = 0
    owner: int
    order: int
    treasures: tuple[Treasure, ...] = ()
    waylays: tuple[WaylayInPlay, ...] = ()
    names: tuple[str, ...] = ()  # designations: "<seat>:<key>"


class Contest(BaseModel):
    """A Test or a Trial in progress (§8): who is tested, against what, dice, bonuses, the
    window. A Trial (kind ``trial``) rolls one die against ``foe_base``, its difficulty."""

    kind: str  # waylay | npc | cvc | boar | trial
    seat: int  # the tested (or challenging) character's seat
    foe: str  # waylay uid "cell#order", npc id, defender seat as text, or a trial's league
    test: str  # the test type; for a Trial, its attribute
    base: int
    foe_base: int
    die: int = 0
    foe_die: int = 0
    bonus: int = 0
    malus: int = 0
    foe_bonus: int = 0
    breath: bool = False
    parties: list[int] = Field(default_factory=list)
    turn: int = 0
    passes: int = 0
    extra_penalty: int = 0
    lose_day: bool = False
    answers: int = 0  # decisions taken in the window so far
    ignored: bool = False  # a Trial ignored by an ignore_trial effect: it counts as passed
    forced: str | None = None  # a flaw's forced move after a loss: an op of FORCED_OPS


class DayState(BaseModel):
    """The Day in progress. Its lists are tuples, replaced as the Day goes on, so a copy of
    the state shares them."""

    seat: int
    # move | window | test | contest | pay | push | event | recover | cvc_outcome | flaws
    stage: str = "move"
    moved: bool = False
    entered: str | None = None
    queue: tuple[str, ...] = ()  # waylay uids still to face
    encountered: bool = False
    pay: int = 0
    pay_seat: int = -1
    after_pay: str = "next"
    chain: tuple[str, ...] = ()  # remaining cells of a multi-move
    # A crossing under way (D4): [from, to] and its trials still to pass, each
    # "enter|<cell>|<i>" or "leave|<cell>|<i>" (index into the league's trial list).
    cross: tuple[str, ...] = ()
    trials: tuple[str, ...] = ()
    # What a Trial in its window is for: "cross", "rest:<option>" or "quest:<quest id>".
    trial_for: str | None = None
    chain_via: tuple[str, ...] = ()
    recover_left: int = 0
    recover_types: tuple[str, ...] = ()
    recover_except: tuple[str, ...] = ()
    flaws_left: int = 0  # flaws the opponent may still recover after this rest (§10)
    cvc_loser: int = -1
    quest_event: str | None = None  # the quest whose NPC is being tested
    defeated_here: str | None = None


class ArcadiaState(BaseModel):
    options: ArcadiaOptions
    seed: int
    rng: int
    solo: bool
    players: list[Player]
    phase: str = "build"
    cursor: int = 0  # index into the current phase's seat sequence
    order: list[int] = Field(default_factory=list)  # turn order
    cells: dict[str, Placed] = Field(default_factory=dict)
    placed_count: int = 0
    waylay_count: int = 0
    discarded_leagues: list[str] = Field(default_factory=list)
    pile: list[str] = Field(default_factory=list)  # solo waylay pile
    pending_items: list[Treasure] = Field(default_factory=list)  # quest items to place
    item_choices: list[str] = Field(default_factory=list)  # (quester, key) to choose
    designations: list[str] = Field(default_factory=list)  # "seat:quest:key" still to name
    round: int = 0
    turn: int = 0  # index into order of the player taking a Day
    day: DayState | None = None
    contest: Contest | None = None
    winner: int | None = None
    over: bool = False
