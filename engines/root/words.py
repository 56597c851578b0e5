"""Root's pieces, leaders, items and quests in the words a player reads (issue 29: names,
not ids; counts that agree). The log, the text board, the menus and the picture all say a
piece, an item or a quest through these."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engines.core.words import count, joined
from engines.root.content import quests
from engines.root.state import FACTION_NAMES, Player

# Buildings and tokens by kind; a base says its suit ("fox base").
PIECE = {
    "sawmill": "sawmill",
    "workshop": "workshop",
    "recruiter": "recruiter",
    "roost": "roost",
    "base_fox": "fox base",
    "base_rabbit": "rabbit base",
    "base_mouse": "mouse base",
    "ruin": "ruin",
    "wood": "wood",
    "keep": "keep",
    "sympathy": "sympathy token",
}
# Uncountable or one of a kind: "3 wood", never "3 woods".
MASS = {"wood"}
SHORT_FACTION = {
    "marquise": "Marquise",
    "eyrie": "Eyrie",
    "alliance": "Alliance",
    "vagabond": "Vagabond",
}


def player_label(p: Player) -> str:
    """The player and the faction they play: "AI 1 (Eyrie Dynasties)", or the faction alone
    where the seat has no name (a state saved before seats were named)."""
    faction = FACTION_NAMES[p.faction]
    return f"{p.name} ({faction})" if p.name else faction


def piece(kind: str) -> str:
    return PIECE.get(kind, kind.replace("_", " "))


def pieces(kinds: Iterable[str]) -> str:
    """Pieces counted by kind, in the order first seen: "sawmill, 2 workshops, 3 wood"."""
    tally = Counter(kinds)
    out = []
    for kind, n in tally.items():
        word = piece(kind)
        out.append(word if n == 1 else f"{n} {word}" if kind in MASS else count(n, word))
    return ", ".join(out)


def leader(key: str) -> str:
    """An Eyrie leader by name: "the Builder"."""
    return f"the {key.capitalize()}"


def leaders(keys: Iterable[str]) -> str:
    return joined([k.capitalize() for k in keys]) or "none"


def quest(qid: str) -> str:
    """A quest card ``key.suit`` by name and suit: "Expel Bandits (mouse)"."""
    key, _, suit = qid.partition(".")
    rec = quests().get(key)
    return f"{rec.name if rec else key.replace('_', ' ').title()} ({suit})"


def item(kind: str, exhausted: bool = False, damaged: bool = False) -> str:
    """A Vagabond item with its state: "boot (exhausted, damaged)"."""
    state = [w for w, on in (("exhausted", exhausted), ("damaged", damaged)) if on]
    return kind + (f" ({', '.join(state)})" if state else "")


def place(where: str) -> str:
    """Where the Vagabond stands: a clearing by number or a forest by its name."""
    return f"clearing {where}" if where.isdigit() else f"forest {where}"
