"""Resource tokens: players' stashes and the supply (reference §1, ruling
finite_token_supply). With the default unlimited supply, gains are never cut short."""

from __future__ import annotations

from engines.att.content import Token
from engines.att.state import AttState

# The physical token counts (seed §Components), used only with finite_token_supply.
TOKEN_SUPPLY: dict[Token, int] = {"focus": 26, "treasure": 26, "feat": 26, "courage": 32}


def from_supply(s: AttState, token: Token, n: int) -> int:
    """Take up to ``n`` tokens out of the supply; returns how many there were."""
    if s.supply is None:
        return n
    got = min(n, s.supply[token])
    s.supply[token] -= got
    return got


def to_supply(s: AttState, token: Token, n: int) -> None:
    if s.supply is not None:
        s.supply[token] += n


def gain(s: AttState, seat: int, token: Token, n: int) -> int:
    """Give a player ``n`` tokens from the supply; returns how many they received."""
    got = from_supply(s, token, n)
    s.players[seat].tokens[token] += got
    return got


def pay(s: AttState, seat: int, token: Token, n: int) -> None:
    """Pay ``n`` tokens back to the supply. Callers check the player can afford it."""
    s.players[seat].tokens[token] -= n
    to_supply(s, token, n)


def token_phrase(token: Token, n: int) -> str:
    return f"{n} {token.capitalize()}"
