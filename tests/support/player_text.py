"""Every text a player reads over seeded games, and what is wrong with it (issue 29, "Nothing
a player reads shows the engine's words").

``collect(game, seats, seed)`` plays a seeded random game of ``game`` to its end and keeps
every text a player reads on the way, each once, with where it was seen:

- ``log``: every event's text, public or for one seat;
- ``view`` and ``title``: the channel's view and each seat's (a sample of positions);
- ``menu``: what the panel shows the seat that decides: ``describe``, ``group``, the menu
  hints (``hint``, a ``Path``'s heading, steps and notes, a ``PickSet``'s menu and items);
- ``hand``: ``registry.hand_text`` and the lines of each seat's ``HandSheet``;
- ``picture``: every text the pictures draw (the drawing trace of ``render_kit``) at a few
  positions, the board with its extras and a seat's hand sheet;
- ``game over``: ``Outcome.summary`` and ``sides``;
- ``error``: what ``engine.apply`` answers a move out of turn, a stale move and a move
  after the end.

``table_texts(game, seats, seed)`` adds what the table layer says: ``gm play``'s terminal
(menus, prompts, hints, what it answers a wrong key), the board text (``presenter``), the
service's refusals and ``gm options`` / ``/game options`` (``options``).

``check(texts, names)`` runs ``tests.support.plain_english`` over them. From a shell::

    python -m tests.support.player_text root --seats 4 --seed 1

prints the findings of that game grouped by kind, with where each was seen; without
``--seats``, every seat count of the game.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines import registry
from engines.core.errors import GameError, IllegalAction
from engines.core.protocol import Engine, Seat, parse_options
from engines.core.render_kit import clear_caches, tracing
from engines.core.rng import Rng, seed_from
from tests.support.plain_english import Problem, problems

# A move refused with an exception instead of a sentence.
CRASH = "refusal that fails"

# A sample, not every position: views repeat from one decision to the next, and the suite
# runs this for every title and seat count. Each seat's view and hand every SEAT_EVERY
# decisions, the channel's view and the decider's every VIEW_EVERY, the decider's menu
# every MENU_EVERY; the errors a wrong move gets every ERROR_EVERY. After the first
# SPARSE_AFTER decisions (long games run to thousands, saying the same things), four times
# as far apart.
SPARSE_AFTER = 300
VIEW_EVERY = 3
MENU_EVERY = 2
SEAT_EVERY = 40
ERROR_EVERY = 60
# Pictures are slow to draw: the first position, one at this decision and the last.
PICTURE_AT = 60
# Moves typed at the terminal table (``table_texts``).
TERMINAL_MOVES = 30


def _due(step: int, every: int) -> bool:
    """Whether decision ``step`` is one of the sample taken ``every`` decisions."""
    return step % (every if step < SPARSE_AFTER else 4 * every) == 0


def seat_names(count: int) -> list[str]:
    """Names as the bot gives them: the terminal's "Player 1", then "AI 1", "AI 2"..."""
    return ["Player 1"] + [f"AI {i}" for i in range(1, count)]


@dataclass(frozen=True)
class Seen:
    """A text a player reads, ``where`` they read it and ``at`` what point of the game."""

    where: str
    text: str
    at: str


@dataclass(frozen=True)
class Finding:
    """A problem in a text, with where it was seen."""

    problem: Problem
    seen: Seen


class Texts:
    """The texts collected, each (where, text) once with the first place it was seen."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], str] = {}
        # Problems no text shows: a refusal that raised an exception instead of a sentence.
        self.problems: list[Finding] = []

    def add(self, where: str, text: str | None, at: str) -> None:
        if text and text.strip():
            self._seen.setdefault((where, text), at)

    def __iter__(self) -> Iterator[Seen]:
        return (Seen(where, text, at) for (where, text), at in self._seen.items())

    def __len__(self) -> int:
        return len(self._seen)


def _menus(texts: Texts, game: str, state: Any, legal: Sequence[Any], at: str) -> None:
    entry = registry.entry(game)
    engine, menus = entry.engine, entry.menus
    for action in legal:
        texts.add("menu", engine.describe(action, state), at)
        texts.add("menu", engine.group(action, state), at)
        if menus is None:
            continue
        texts.add("menu", menus.hint(action, state), at)
        path = menus.path(action, state)
        if path is not None:
            texts.add("menu", path.heading, at)
            for line in (*path.steps, *path.notes):
                texts.add("menu", line, at)
        pick = menus.pick_set(action, state)
        if pick is not None:
            texts.add("menu", pick.menu, at)
            for _, label in pick.items:
                texts.add("menu", label, at)


def _view(texts: Texts, engine: Engine[Any, Any], state: Any, viewer: int | None, at: str) -> None:
    view = engine.view(state, viewer)
    texts.add("title", view.title, at)
    texts.add("view", view.text, at)


def _hand(texts: Texts, game: str, state: Any, seat: int, at: str) -> None:
    entry = registry.entry(game)
    view = entry.engine.view(state, seat)
    texts.add("hand", registry.hand_text(game, view), at)
    if entry.hand is None:
        return
    sheet = entry.hand(view)
    texts.add("hand", sheet.title, at)
    texts.add("hand", sheet.empty, at)
    for card in sheet.cards:
        for line in (card.name, card.kind, card.text):
            texts.add("hand", line, at)
    for secret in sheet.secrets:
        for line in (secret.heading, *secret.lines):
            texts.add("hand", line, at)


def _pictures(texts: Texts, game: str, state: Any, seat: int, at: str) -> None:
    """The texts the board (with its extras) and ``seat``'s hand picture draw, drawn from
    empty caches so every layer is traced."""
    engine = registry.get(game)
    clear_caches()
    with tracing() as trace:
        registry.draw(game, engine.view(state, None))
        registry.draw_hand(game, engine.view(state, seat))
    for text, _, _ in trace.texts:
        texts.add("picture", text, at)


def _refusals(
    texts: Texts, engine: Engine[Any, Any], state: Any, seats: int, stale: Any, at: str
) -> None:
    """What ``apply`` answers a seat that is not asked, and a move no longer on offer."""
    asked = sorted(engine.to_act(state))
    idle = next((s for s in range(seats) if s not in asked), None)
    tries: list[tuple[int, Any]] = []
    if asked:
        legal = list(engine.legal_actions(state, asked[0]))
        if idle is not None and legal:
            tries.append((idle, legal[0]))
        if stale is not None and stale[1] not in legal:
            tries.append((asked[0], stale[1]))
    for seat, action in tries:
        try:
            engine.apply(state, seat, action)
        except IllegalAction as exc:
            texts.add("error", str(exc), at)
        except Exception as exc:  # a refusal that raises is what this reports
            problem = Problem(CRASH, f"{type(exc).__name__}: {exc}")
            texts.problems.append(Finding(problem, Seen("error", repr(action), at)))


def collect(game: str, seats: int, seed: int = 1) -> Texts:
    """The texts of one seeded random game of ``game`` at ``seats`` seats (module
    docstring)."""
    engine = registry.get(game)
    names = seat_names(seats)
    state = engine.setup(
        [Seat(i, name) for i, name in enumerate(names)], parse_options(engine, None), seed
    )
    rng = Rng(seed_from(seed, "player-text"))
    texts = Texts()
    last: tuple[int, Any] | None = None
    step = 0
    while engine.to_act(state) and step < engine.max_decisions:
        at = f"decision {step}"
        asked = sorted(engine.to_act(state))
        seat = rng.choice(asked)
        legal = list(engine.legal_actions(state, seat))
        if _due(step, VIEW_EVERY):
            _view(texts, engine, state, None, at)
            _view(texts, engine, state, seat, f"{at}, {names[seat]}'s view")
        if _due(step, SEAT_EVERY):
            for other in range(seats):
                _view(texts, engine, state, other, f"{at}, {names[other]}'s view")
                _hand(texts, game, state, other, f"{at}, {names[other]}'s hand")
        if _due(step, MENU_EVERY):
            _menus(texts, game, state, legal, f"{at}, {names[seat]}'s menu")
        if _due(step - 1, ERROR_EVERY):
            _refusals(texts, engine, state, seats, last, at)
        if step in (0, PICTURE_AT):
            _pictures(texts, game, state, seat, at)
        action = rng.choice(legal)
        done = engine.apply(state, seat, action)
        for event in done.events:
            texts.add("log", event.text, at)
        state, last = done.state, (seat, action)
        step += 1
    at = f"game over after {step} decisions"
    _view(texts, engine, state, None, at)
    _pictures(texts, game, state, 0, at)
    outcome = engine.outcome(state)
    if outcome is not None:
        texts.add("game over", outcome.summary, at)
        for side in outcome.sides.values():
            texts.add("game over", side, at)
    if last is not None:
        try:
            engine.apply(state, last[0], last[1])
        except IllegalAction as exc:
            texts.add("error", str(exc), at)
    return texts


class _Typist:
    """Answers ``gm play``'s prompts as a new player would: a hint, a key that means nothing,
    the log, then moves at random, for ``moves`` moves; then ``q``. Its prompts are written
    to the terminal's output, as a player sees them."""

    def __init__(self, out: io.StringIO, seed: int, moves: int) -> None:
        self.out, self.rng, self.moves = out, random.Random(seed), moves
        self.read_to = 0
        self.entries = 1
        self.typed: list[str] = ["?1", "zz", "l", "h"]

    def __call__(self, prompt: str) -> str:
        printed = self.out.getvalue()[self.read_to :]
        self.out.write(prompt + "\n")
        self.read_to = len(self.out.getvalue())
        numbers = [int(line.split(".")[0]) for line in printed.splitlines() if _numbered(line)]
        if prompt.startswith("Pass the keyboard"):
            return ""
        if "numbers separated by spaces" in prompt:
            return "1"
        if "choose the next step" in prompt:
            return str(self.rng.randint(1, max(numbers, default=1)))
        if numbers:
            self.entries = max(numbers)
        if self.typed:
            return self.typed.pop(0)
        self.moves -= 1
        return "q" if self.moves < 0 else str(self.rng.randint(1, self.entries))


def _numbered(line: str) -> bool:
    head, dot, _ = line.partition(".")
    return bool(dot) and head.strip().isdigit() and line.startswith("  ")


def table_texts(game: str, seats: int, seed: int = 1) -> Texts:
    """What the table layer shows around ``game``: the terminal table (``gm play``) for a
    few moves, the board text, the service's refusals and the options help."""
    from bot.store import Store
    from bot.tables.console import TerminalTable, channel_for
    from bot.tables.options import checked_options, options_text
    from bot.tables.presenter import board_text
    from bot.tables.service import TableService
    from bot.tables.updates import Update

    class Terminal(TerminalTable):
        def picture(self, update: Update) -> Path:
            # The pictures are collected apart (``collect``); the path reads as it would.
            return Path(f"{update.game}-{update.game_id}/{update.seq:04d}.png")

    texts = Texts()
    for line in options_text(game):
        texts.add("options", line, "gm options")
    wrong: list[dict[str, object]] = [
        {"no_such_option": 1},
        {next(iter(registry.get(game).options_model.model_fields)): "?"},
    ]
    for raw in wrong:
        try:
            checked_options(game, raw)
        except GameError as exc:
            texts.add("error", str(exc), "gm play --options")
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "gm.sqlite3")
        service = TableService(store, seed_source=lambda: seed)
        out = io.StringIO()
        table = Terminal(service, Path(folder), out, _Typist(out, seed, TERMINAL_MOVES))
        kinds = ["me"] + ["random"] * (seats - 1)
        update = table.open(game, kinds, {}, seed=seed, new=True)
        channel = channel_for(game)
        texts.add("board", board_text(update), "the first board")
        seq = service.table(channel).seq
        for user, ref in ((99, "0:0"), (1, f"{seq + 1}:0"), (1, f"{seq}:9999"), (1, "xyz")):
            try:
                service.act(channel, user, ref)
            except GameError as exc:
                texts.add("error", str(exc), f"the move {ref!r} at the table")
        with contextlib.suppress(EOFError):
            table.loop(update)
        # The folder's random name (``tmp_qv739tm``) is no word a player reads: the
        # terminal shows a player their own data folder.
        shown = out.getvalue().replace(folder, "/home/ann/gm-data")
        for line in shown.splitlines():
            texts.add("terminal", line, "gm play")
        store.close()
    return texts


def check(texts: Texts, names: Sequence[str]) -> list[Finding]:
    """Every problem in ``texts`` (``plain_english.problems``), with where it was seen."""
    found = list(texts.problems)
    for seen in texts:
        drawn = seen.where == "picture"
        found += (Finding(p, seen) for p in problems(seen.text, names, picture=drawn))
    return found


def report(findings: Sequence[Finding], limit: int = 3) -> str:
    """Findings grouped by kind, then by the words at fault, most frequent first, each with
    where it was seen and a line it was seen in."""
    by_kind: dict[str, dict[str, list[Finding]]] = defaultdict(lambda: defaultdict(list))
    for finding in findings:
        by_kind[finding.problem.kind][finding.problem.words].append(finding)
    out: list[str] = []
    for kind, by_words in sorted(by_kind.items(), key=lambda kv: -sum(map(len, kv[1].values()))):
        total = sum(len(v) for v in by_words.values())
        out.append(f"{kind}: {total}")
        ranked = sorted(by_words.items(), key=lambda kv: -len(kv[1]))
        for words, seen in ranked[: limit * 4]:
            wheres = ", ".join(sorted({f.seen.where for f in seen}))
            line = next(
                (ln for ln in seen[0].seen.text.splitlines() if words in ln),
                seen[0].seen.text,
            )
            out.append(f"  {words!r} ×{len(seen)} in {wheres} ({seen[0].seen.at}):")
            out.append(f"      {line.strip()[:160]}")
        if len(ranked) > limit * 4:
            out.append(f"  … and {len(ranked) - limit * 4} more")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.support.player_text",
        description="Check the text players read over a seeded game (issue 29).",
    )
    parser.add_argument("game", choices=registry.names())
    parser.add_argument("--seats", type=int, help="one seat count (default: every count)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", action="store_true", help="also the terminal and options")
    args = parser.parse_args(argv)
    engine = registry.get(args.game)
    counts = [args.seats] if args.seats else range(engine.min_seats, engine.max_seats + 1)
    failed = False
    for seats in counts:
        names = seat_names(seats)
        texts = collect(args.game, seats, args.seed)
        if args.table:
            table = table_texts(args.game, seats, args.seed)
            for seen in table:
                texts.add(seen.where, seen.text, seen.at)
        findings = check(texts, names)
        failed = failed or bool(findings)
        head = f"{engine.title}, {seats} seats, seed {args.seed}: {len(texts)} texts"
        print(f"{head}, {len(findings)} findings")
        if findings:
            print(report(findings))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
