"""Ratings and results (issue 31), the part of the per-user record layer that says how each
participant stands: a person, an AI policy at a difficulty, or the game itself where the
players play together against it (The Awoken's Ancients).

``ratings`` holds one Weng-Lin rating (``mu`` and its uncertainty ``sigma``) per server
(``guild_id``, 0 outside one), game and participant; ``results`` one row per participant of
each finished game. ``record_results`` writes a game's rows and the ratings they change in
one transaction, which joins the transaction of the game's last move when called inside it:
a game's result and its ratings are stored together or not at all, and the key of
``results`` refuses a second write of the same game (a replayed delivery, a restart).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.base import StoreBase


@dataclass(frozen=True)
class Rating:
    """A participant's rating in one game on one server."""

    game: str
    participant: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @classmethod
    def from_row(cls, row: sqlite3.Row | Mapping[str, Any]) -> Rating:
        return cls(
            game=row["game"],
            participant=row["participant"],
            name=row["name"],
            mu=float(row["mu"]),
            sigma=float(row["sigma"]),
            games=int(row["games"]),
            wins=int(row["wins"]),
        )


@dataclass(frozen=True)
class Result:
    """One participant's result in one finished game; the ratings before and after are set
    when the game was rated."""

    game_id: int
    participant: str
    guild_id: int
    game: str
    user_id: int | None
    name: str
    place: int
    won: bool
    rated: bool
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None
    finished_at: float

    @classmethod
    def from_row(cls, row: sqlite3.Row | Mapping[str, Any]) -> Result:
        def real(key: str) -> float | None:
            return None if row[key] is None else float(row[key])

        return cls(
            game_id=int(row["game_id"]),
            participant=row["participant"],
            guild_id=int(row["guild_id"]),
            game=row["game"],
            user_id=row["user_id"],
            name=row["name"],
            place=int(row["place"]),
            won=bool(row["won"]),
            rated=bool(row["rated"]),
            mu_before=real("mu_before"),
            sigma_before=real("sigma_before"),
            mu_after=real("mu_after"),
            sigma_after=real("sigma_after"),
            finished_at=float(row["finished_at"]),
        )


_RESULT_COLUMNS = (
    "game_id, participant, guild_id, game, user_id, name, place, won, rated, "
    "mu_before, sigma_before, mu_after, sigma_after, finished_at"
)


class Standings(StoreBase):
    def ratings(self, guild_id: int, game: str, participants: Sequence[str]) -> dict[str, Rating]:
        """The stored ratings of ``participants`` in ``game`` (a newcomer has none)."""
        if not participants:
            return {}
        marks = ", ".join("?" * len(participants))
        with self._read() as db:
            rows = db.execute(
                f"""SELECT * FROM ratings WHERE guild_id = ? AND game = ?
                    AND participant IN ({marks})""",
                (guild_id, game, *participants),
            ).fetchall()
        return {r["participant"]: Rating.from_row(r) for r in rows}

    def record_results(self, results: Sequence[Result], now: float) -> bool:
        """Store a finished game's results and the ratings its rated rows set; False, and
        nothing written, when that game's results are stored already."""
        if not results:
            return False
        game_id = results[0].game_id
        with self._write() as db:
            if db.execute("SELECT 1 FROM results WHERE game_id = ? LIMIT 1", (game_id,)).fetchone():
                return False
            for r in results:
                db.execute(
                    f"INSERT INTO results ({_RESULT_COLUMNS}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        r.game_id, r.participant, r.guild_id, r.game, r.user_id, r.name,
                        r.place, int(r.won), int(r.rated), r.mu_before, r.sigma_before,
                        r.mu_after, r.sigma_after, r.finished_at,
                    ),
                )  # fmt: skip
                if not r.rated or r.mu_after is None or r.sigma_after is None:
                    continue
                db.execute(
                    """INSERT INTO ratings
                         (guild_id, game, participant, name, mu, sigma, games, wins, updated_at)
                       VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)
                       ON CONFLICT (guild_id, game, participant) DO UPDATE SET
                         name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,
                         games = ratings.games + 1, wins = ratings.wins + excluded.wins,
                         updated_at = excluded.updated_at""",
                    (
                        r.guild_id, r.game, r.participant, r.name, r.mu_after, r.sigma_after,
                        int(r.won), now,
                    ),
                )  # fmt: skip
        return True

    def game_results(self, game_id: int) -> list[Result]:
        """A finished game's results, best place first."""
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_RESULT_COLUMNS} FROM results WHERE game_id = ? "
                "ORDER BY place, participant",
                (game_id,),
            ).fetchall()
        return [Result.from_row(r) for r in rows]

    def results_of(self, guild_id: int, participant: str, limit: int = 5) -> list[Result]:
        """A participant's latest results on a server, newest first."""
        with self._read() as db:
            rows = db.execute(
                f"SELECT {_RESULT_COLUMNS} FROM results WHERE guild_id = ? AND participant = ? "
                "ORDER BY finished_at DESC, game_id DESC LIMIT ?",
                (guild_id, participant, limit),
            ).fetchall()
        return [Result.from_row(r) for r in rows]

    def record_of(self, guild_id: int, participant: str) -> tuple[int, int]:
        """(games, wins) of a participant's finished games on a server, rated or not."""
        with self._read() as db:
            row = db.execute(
                "SELECT COUNT(*) AS games, COALESCE(SUM(won), 0) AS wins FROM results "
                "WHERE guild_id = ? AND participant = ?",
                (guild_id, participant),
            ).fetchone()
        return int(row["games"]), int(row["wins"])

    def ratings_of(self, guild_id: int, participant: str) -> list[Rating]:
        """A participant's rating in every game they are rated in on a server."""
        with self._read() as db:
            rows = db.execute(
                "SELECT * FROM ratings WHERE guild_id = ? AND participant = ? ORDER BY game",
                (guild_id, participant),
            ).fetchall()
        return [Rating.from_row(r) for r in rows]

    def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        """The top of a server's ratings in ``game``, by the rating its holder has with
        near certainty (``mu - 3 sigma``): a lucky first game does not top the board."""
        with self._read() as db:
            rows = db.execute(
                """SELECT * FROM ratings WHERE guild_id = ? AND game = ?
                   ORDER BY mu - 3 * sigma DESC, games DESC, participant LIMIT ?""",
                (guild_id, game, limit),
            ).fetchall()
        return [Rating.from_row(r) for r in rows]
