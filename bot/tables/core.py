"""What every part of the table service shares: the store, the clock, a lock per channel,
loading a game, and the loop that applies a move and lets AI seats play until a person must
decide, taking for a person any decision with one answer that changes nothing they would
choose (issue 29 "fewer taps"), storing every step (docs/architecture.md "From a click to a
board")."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from bot.store import GameRow, GameStore, LogEntry, StoreFault, StoreFull
from bot.tables.choices import menu_choices
from bot.tables.chronicle import RecordBook, record_book
from bot.tables.ratings import rate_game
from bot.tables.settings import TableSettings
from bot.tables.updates import Choice, Loaded, NoGameHere, Update, Waiting, view_round
from engines import registry
from engines.core.protocol import Outcome, SeatId, View
from engines.core.rng import Rng, seed_from

# The group a game gives its standing orders (auto-pass, auto-defend): a player's private
# settings. What setting one says is told to that player only, never announced on the board
# (issue 19), so an opponent cannot learn that they will not interrupt.
STANDING_ORDERS = "Standing orders"

# Whatever happens, one call never takes more than this many decisions (AI seats' moves and
# single answers taken for players): a rules bug must show up as an error, not as a bot that
# spins forever.
STEP_CAP = 5000

# The kind of the log event that says a move was a seat's only answer, taken for its player
# (issue 29): an undo takes such moves back with the move before them.
ONLY_ANSWER = "only-answer"

# A board message is edited in place while the same seats keep deciding (issue 19), but a new
# round starts a fresh message, and so does a board that has shown this many moves: a game one
# person plays against AI seats then climbs the channel a round at a time, not lost above its
# chatter on one message edited all game long (issue 35). 25 moves is more than any turn a
# person takes (Root's longest about 12 prompts, ATT's about 10), so only a long round or a
# game that counts none (none does today) is split by it.
FRESH_AFTER = 25
# A turn's new board starts with what the turn before it did (issue 35): the last lines the
# moves of the board it replaces said, so the player it pings reads what just happened, not
# only a wait.
RECAP_LINES = 8


def only_answer(events: Iterable[Mapping[str, Any]]) -> bool:
    """Whether a stored move, by its events, was its seat's only answer, taken for its
    player."""
    return any(e.get("kind") == ONLY_ANSWER for e in events)


def single_answer(
    game: str,
    state: Any,
    seq: int,
    menus: dict[SeatId, tuple[list[Any], list[Choice]]] | None = None,
) -> tuple[SeatId, Any] | None:
    """A seat deciding now that has one possible answer the table may take for it (issue
    29), and that answer; None when each seat deciding now must be asked. A quick prompt is
    always asked (it closes by itself on the rules' default), and so is whatever the game's
    ``must_ask`` names (``GameEntry``). Standing orders are settings, not answers; moves a
    player cannot tell apart are one (``bot.tables.choices``). The seats' menus worked out
    on the way (those of move ``seq``, what their panels show) go into ``menus``."""
    entry = registry.entry(game)
    if entry.must_ask is None or (entry.quick_prompt and entry.quick_prompt(state)):
        return None
    engine = entry.engine
    for seat in sorted(engine.to_act(state)):
        if entry.must_ask(state, seat):
            continue
        legal, choices = menu_choices(engine, entry.menus, state, seat, seq)
        if menus is not None:
            menus[seat] = legal, choices
        answers = [c for c in choices if c.group != STANDING_ORDERS]
        if len(answers) == 1:
            return seat, legal[answers[0].index]
    return None


def not_stored(fault: StoreFault) -> str:
    """What the player whose move the store could not take is told."""
    if isinstance(fault, StoreFull):
        return "The table's storage is full; your move was not made. Tell the bot's operator."
    return "The table's storage is busy; your move was not made. Try again in a moment."


def stored_outcome(row: GameRow) -> Outcome | None:
    """The result the store holds for a game that ended outside its rules (a concession):
    the engine's state does not know it."""
    if row.status != "finished" or not row.result:
        return None
    scores = {int(k): v for k, v in (row.result.get("scores") or {}).items()}
    winners = frozenset(int(w) for w in row.result.get("winners") or [])
    sides = {int(k): str(v) for k, v in (row.result.get("sides") or {}).items()}
    return Outcome(winners, scores, str(row.result.get("summary", "")), sides)


@dataclass
class Hot:
    """A game's latest state as the service keeps it between calls, and what is worked out
    from it once (engines are pure and a state is never changed in place): the public view
    (shown by the move's update and again by its outbox board) and each seat's legal
    actions with their menu entries (the panel and the click that follows read the same)."""

    seq: int
    state: Any
    view: View | None = None
    menus: dict[SeatId, tuple[list[Any], list[Choice]]] = field(default_factory=dict)


class TableCore:
    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = lambda: secrets.randbits(62),
    ) -> None:
        self.store = store
        self.clock = clock
        self.seed_source = seed_source
        self._locks: dict[int, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        # Each game's latest decoded state, by game id, with what is worked out from it
        # once: its public view and each seat's menu. A new state replaces the record.
        self._cache: dict[int, Hot] = {}
        # Set by the Discord client: every stored move then owes its board post in the same
        # transaction (issue 16). The terminal table shows boards itself and owes nothing.
        self.owes_posts = False

    # ----------------------------------------------------------------- plumbing
    def owed_post(self, lines: list[str], actor: int | None = None) -> dict[str, Any] | None:
        """The board post a change other than a move owes (a deal, an undo, a concession, a
        hand-over), to store in that change's own transaction (issue 16); None when this
        service shows its boards itself (the terminal). The game waits anew after it."""
        if not self.owes_posts:
            return None
        return {
            "lines": list(lines),
            "waiting_changed": True,
            "fresh": False,
            "actor": actor,
            "header": [],
        }

    def lock(self, channel_id: int) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(channel_id, threading.Lock())

    def _open_row(self, channel_id: int) -> GameRow:
        row = self.store.open_game(channel_id)
        if row is None:
            raise NoGameHere("There is no game in this channel. Start one with /game new.")
        return row

    def _load(self, row: GameRow) -> Loaded:
        engine = registry.get(row.game)
        cached = self._cache.get(row.id)
        if cached is not None and cached.seq == row.seq:
            return Loaded(row, engine, cached.state)
        state = engine.decode_state(row.state)
        self._keep(row, state)
        return Loaded(row, engine, state)

    def _keep(self, row: GameRow, state: Any) -> None:
        """``state`` is now the game's latest (after a load, a move, an undo, an import)."""
        self._cache[row.id] = Hot(row.seq, state)

    def _hot(self, loaded: Loaded) -> Hot:
        """The record of ``loaded``'s state (kept anew if the cache moved on meanwhile)."""
        hot = self._cache.get(loaded.row.id)
        if hot is None or hot.state is not loaded.state or hot.seq != loaded.row.seq:
            hot = Hot(loaded.row.seq, loaded.state)
            self._cache[loaded.row.id] = hot
        return hot

    def _public_view(self, loaded: Loaded) -> View:
        """``engine.view(state, None)``, worked out once per state (engines are pure, and a
        state is never changed in place, so the same object always shows the same)."""
        hot = self._hot(loaded)
        if hot.view is None:
            hot.view = loaded.engine.view(loaded.state, None)
        return hot.view

    def _waiting(self, loaded: Loaded, state: Any) -> list[Waiting]:
        seats = {s.id: s for s in loaded.row.seats}
        return [
            Waiting(seat, seats[seat].name, seats[seat].user_id)
            for seat in sorted(loaded.engine.to_act(state))
        ]

    def _advance(
        self,
        loaded: Loaded,
        first: list[tuple[SeatId, int | None, Any]],
        lines: list[str],
        note: str | None = None,
    ) -> Update:
        """Apply ``first``, then let AI seats decide until a person must; persist all. A
        person's decision with a single answer their game lets the table take is taken for
        them, said in words and marked in the log (``single_answer``, issue 29).
        ``note`` is stored as a public "stand-in" event on the first action's log row."""
        engine, row = loaded.engine, loaded.row
        state = loaded.state
        before = engine.to_act(state)
        users = {s.id: s.user_id for s in row.seats}
        policies = {s.id: (s.policy or "ai", s.difficulty) for s in row.seats if s.kind == "ai"}
        names = {s.id: s.name for s in row.seats}
        private: dict[int, list[str]] = {}
        entries: list[LogEntry] = []
        pending = list(first)
        steps = 0
        while True:
            # Each seat's menu at this state, when worked out while looking for a single
            # answer: kept for the panel if the game stops here.
            menus: dict[SeatId, tuple[list[Any], list[Choice]]] = {}
            said: str | None = None
            if not pending:
                if engine.outcome(state) is not None:
                    break
                ai_seats = sorted(engine.to_act(state) & policies.keys())
                if ai_seats:
                    seat = ai_seats[0]
                    rng = Rng(seed_from(row.seed, row.seq + len(entries), seat))
                    policy = registry.entry(row.game).policy(*policies[seat])
                    pending.append((seat, None, policy.choose(engine, state, seat, rng)))
                else:
                    taken = single_answer(row.game, state, row.seq + len(entries), menus)
                    if taken is None:
                        break
                    seat, action = taken
                    # The menu's words in quotes: a label may have its own colon or brackets.
                    said = f'{names[seat]}: "{engine.describe(action, state)}" (the only move).'
                    pending.append((seat, users.get(seat), action))
            seat, user_id, action = pending.pop(0)
            private_step = user_id is not None and engine.group(action, state) == STANDING_ORDERS
            step = engine.apply(state, seat, action)
            state = step.state
            events: list[Mapping[str, Any]] = [
                {"text": e.text, "to": seat if private_step else e.to, "kind": e.kind}
                for e in step.events
            ]
            if note is not None and not entries:
                events.insert(0, {"text": note, "to": None, "kind": "stand-in"})
            if said is not None:
                # Said before what the move does, and marked in the log so that an undo takes
                # it back with the move that led to it (``bot.tables.undo``).
                events.insert(0, {"text": said, "to": None, "kind": ONLY_ANSWER})
                lines.append(said)
            entries.append(
                LogEntry(
                    seat=seat, user_id=user_id, action=engine.encode_action(action), events=events
                )
            )
            for e in step.events:
                if e.to is None and private_step and user_id is not None:
                    private.setdefault(user_id, []).append(e.text)
                    continue
                if e.to is None:
                    lines.append(e.text)
                    continue
                reader = users.get(e.to)
                if reader is not None:
                    private.setdefault(reader, []).append(e.text)
            steps += 1
            if steps > STEP_CAP:
                raise RuntimeError(f"The table took over {STEP_CAP} decisions in one turn")
        outcome = engine.outcome(state)
        status = "finished" if outcome is not None else "active"
        result = None
        if outcome is not None:
            result = {
                "winners": sorted(outcome.winners),
                "scores": {str(k): v for k, v in outcome.scores.items()},
                "summary": outcome.summary,
                "sides": {str(k): v for k, v in outcome.sides.items()},
            }
        waiting_changed = engine.to_act(state) != before
        actor = first[0][1] if first else None
        header = [note] if note is not None else []
        book = record_book(self.store, self.clock, row.game) if outcome is not None else None
        if book is not None and entries:
            lines += book.game_over(row, state, save=False)
        post = None
        view = None
        if entries and self.owes_posts:
            view = engine.view(state, None)
            post = self._board_post(row, lines, waiting_changed, view_round(view))
            post.update(actor=actor, header=header)
        if entries:
            try:
                # A last move, its chronicle write-back (Arcadia §13.1) and its results and
                # ratings (issue 31) are one transaction.
                with self._finishing(book) if outcome is not None else nullcontext():
                    row = self.store.append(
                        row.id,
                        expected_seq=row.seq,
                        entries=entries,
                        state=engine.encode_state(state),
                        now=self.clock(),
                        status=status,
                        result=result,
                        post=post,
                    )
                    if book is not None:
                        book.game_over(row, state)
                    if outcome is not None:
                        rate_game(self.store, row, self.clock())
            except StoreFault as fault:
                # Rolled back whole: the store, this cache and the outbox hold the game as
                # it was before the move (issue 34).
                raise StoreFault(not_stored(fault)) from fault
        self._keep(row, state)
        if view is not None:
            self._cache[row.id].view = view  # worked out for the post: kept, not redone
        # Worked out at this very state and sequence number: the panel reads them, not redone.
        self._cache[row.id].menus.update(menus)
        done = Loaded(row, engine, state)
        update = self._update(done, lines, waiting_changed, private)
        update.owed = post is not None
        update.actor, update.header = actor, header
        return update

    def _finishing(self, book: RecordBook | None) -> AbstractContextManager[object]:
        """The transaction a game's last move is stored in with what it writes beside it:
        the record book's (its lock first), or the store's own."""
        return book.transaction() if book is not None else self.store.atomic()

    def _board_post(
        self, row: GameRow, lines: list[str], waiting_changed: bool, round_now: int | None
    ) -> dict[str, Any]:
        """The board post a move owes: its lines, whether the game now waits for other seats
        (a new message that pings them, opening with a recap of the board it replaces), or
        whether the live board has run into a new round or past ``FRESH_AFTER`` moves (a new
        message all the same)."""
        live = (
            self.store.board_posts(row.id, row.board_message_id)
            if row.board_message_id is not None
            else []
        )
        rounds = [p.payload["round"] for p in live if p.payload.get("round") is not None]
        new_round = bool(rounds) and round_now is not None and rounds[0] != round_now
        fresh = bool(live) and not waiting_changed and (new_round or len(live) >= FRESH_AFTER)
        # What the live board's own moves said (not its recap: that was news a turn ago).
        shown = [str(line) for p in live for line in p.payload.get("lines", [])]
        return {
            "lines": list(lines),
            "waiting_changed": waiting_changed,
            "fresh": fresh,
            "round": round_now,
            "recap": shown[-RECAP_LINES:] if waiting_changed else [],
        }

    def _update(
        self,
        loaded: Loaded,
        lines: list[str],
        waiting_changed: bool,
        private: dict[int, list[str]] | None = None,
    ) -> Update:
        """What to show for a game as it stands now."""
        row, engine, state = loaded.row, loaded.engine, loaded.state
        entry = registry.entry(row.game)
        quick = entry.quick_prompt(state) if entry.quick_prompt and row.status == "active" else None
        window = TableSettings.of(row.settings).window
        return Update(
            game_id=row.id,
            channel_id=row.channel_id,
            game=row.game,
            seq=row.seq,
            status=row.status,
            lines=lines,
            private=private or {},
            view=self._public_view(loaded),
            waiting=self._waiting(loaded, state),
            waiting_changed=waiting_changed,
            outcome=engine.outcome(state) or stored_outcome(row),
            quiet=quick is not None and bool(window),
            solo=sum(1 for s in row.seats if s.kind == "human") <= 1,
            seat_names={s.id: s.name for s in row.seats},
            results=self.store.game_results(row.id) if row.status == "finished" else [],
        )
