"""What ``/stats`` and ``gm stats`` show (issue 31): a player's record on a server (games,
wins, a rating per game with its uncertainty, the last five results) and a game's
leaderboard (the top ten, provisional ratings marked). Words only: the Discord layer puts
them in embeds, the terminal prints them; ``when`` turns a result's time into the words a
reader sees (Discord's own timestamps, or a date)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.store import GameStore, Rating, Result
from bot.tables.ratings import PROVISIONAL, provisional, user_key
from engines import registry
from engines.core.words import count

LATEST = 5
TOP = 10


def title(game: str) -> str:
    """A game's title, or its stored name if this bot no longer has it."""
    return registry.get(game).title if game in registry.names() else game


def rating_words(r: Rating) -> str:
    """A rating with its uncertainty: "27.9 ± 4.1", marked while provisional."""
    mark = " (provisional)" if provisional(r) else ""
    return f"{r.mu:.1f} ± {r.sigma:.1f}{mark}"


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def result_words(r: Result, when: Callable[[float], str]) -> str:
    """One result as the last-five list says it: when, which game, how it went, the rating's
    change."""
    if r.won:
        how = "won"
    elif r.place == 1:
        how = "a draw"
    else:
        how = f"{_ordinal(r.place)} place"
    change = "not rated"
    if r.mu_after is not None and r.mu_before is not None:
        change = f"{r.mu_after - r.mu_before:+.1f}"
    return f"{when(r.finished_at)}: {title(r.game)}, {how} ({change})"


@dataclass(frozen=True)
class PlayerStats:
    """A player's record on one server."""

    name: str
    games: int
    wins: int
    ratings: list[Rating]
    latest: list[Result]

    def lines(self, when: Callable[[float], str], where: str = "on this server") -> list[str]:
        if not self.games:
            return [f"{self.name} has no finished game {where} yet."]
        out = [f"{count(self.games, 'game')}, {count(self.wins, 'win')}."]
        out += [
            f"{title(r.game)}: {rating_words(r)} over {count(r.games, 'rated game')}"
            for r in self.ratings
        ]
        if self.latest:
            out.append("Latest results:")
            out += [f"• {result_words(r, when)}" for r in self.latest]
        return out


def player_stats(store: GameStore, guild_id: int, user_id: int, name: str) -> PlayerStats:
    key = user_key(user_id)
    games, wins = store.record_of(guild_id, key)
    return PlayerStats(
        name=name,
        games=games,
        wins=wins,
        ratings=store.ratings_of(guild_id, key),
        latest=store.results_of(guild_id, key, LATEST),
    )


def leaderboard_lines(store: GameStore, guild_id: int, game: str) -> list[str]:
    """The server's top ten in ``game``, ranked by the rating each holds with near
    certainty, then what the marks mean."""
    board = store.leaderboard(guild_id, game, TOP)
    if not board:
        return [f"Nobody is rated in {title(game)} here yet: finish a game to start."]
    out = [
        f"{i}. {r.name}: {rating_words(r)}, {count(r.games, 'game')}, {count(r.wins, 'win')}"
        for i, r in enumerate(board, start=1)
    ]
    out.append(
        f"Ranked by the rating held with near certainty (rating minus three times its "
        f"uncertainty); provisional: fewer than {PROVISIONAL} rated games."
    )
    return out
