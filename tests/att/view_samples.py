"""Hand-written Ancient Terrible Things views that follow the engine's view-data contract.

The renderer tests draw these, so pictures can be checked without running the engine. Each
builder returns a fresh ``View``; tweak its ``data`` (a plain dict) to make variants.
"""

from __future__ import annotations

import copy
from typing import Any

from engines.core.protocol import View

LOCATIONS = [
    ("Accursed Shrine", "Gain 1 Focus or 1 Feat token"),
    ("Ghastly Gorge", "Discard any Feat cards, draw as many"),
    ("Sinister Chateau", "Swap 1 token with another player"),
    ("Yawning Chasm", "Desperate Act on another Location"),
    ("Rusted Gunsloop", "Gain 1 Courage or 1 Treasure token"),
    ("Crumbling Ruin", "Take the Map"),
]

SCENARIO_I = {
    "face": "I",
    "rows": [
        {"kind": "high", "label": "High 4+", "reward": "1 Focus"},
        {"kind": "pair", "label": "Pair 3+", "reward": "2 Feat"},
        {"kind": "block", "label": "Block of 3+", "reward": "1 Courage per die"},
        {"kind": "run", "label": "Run of 3+", "reward": "1 Treasure per die"},
    ],
}

ENCOUNTERS: list[dict[str, Any]] = [
    {
        "id": "enc-g03",
        "name": "The Bad Egg",
        "back": "green",
        "types": ["villain"],
        "combo": {"kind": "run", "count": 3, "min": 3},
        "combo_label": "Run of 3 from 3+",
        "secrets": 4,
    },
    {
        "id": "enc-g07",
        "name": "Collapsed Rope Bridge",
        "back": "green",
        "types": ["pitfall", "horror"],
        "combo": {"kind": "pair", "count": 2, "min": 4},
        "combo_label": "Pair of 4+",
        "secrets": 2,
    },
    {
        "id": "enc-o05",
        "name": "The Occultist",
        "back": "orange",
        "types": ["villain"],
        "combo": {"kind": "highset", "count": 3, "min": 4},
        "combo_label": "Three dice 4+",
        "secrets": 5,
    },
    {
        "id": "enc-g01",
        "name": "Idol in the Mud",
        "back": "green",
        "types": ["artefact"],
        "combo": {"kind": "high", "count": 1, "min": 6},
        "combo_label": "One 6",
        "secrets": 2,
    },
    {
        "id": "enc-r09",
        "name": "Book of Unspeakable Truth",
        "back": "red",
        "types": ["artefact"],
        "combo": {"kind": "block", "count": 4, "min": 2},
        "combo_label": "Block of 4 from 2+",
        "secrets": 8,
    },
    {
        "id": "enc-r11",
        "name": "Choir Beneath the Water",
        "back": "red",
        "types": ["villain", "horror"],
        "combo": {"kind": "run", "count": 5, "min": 1},
        "combo_label": "Run of 5 from 1+",
        "secrets": 9,
    },
]

SWAG: list[dict[str, Any]] = [
    {
        "id": "swag-01",
        "name": "Brass Spyglass",
        "cost": 3,
        "secrets": 1,
        "counts_as": None,
        "text": "Worth 1 Secret.",
    },
    {
        "id": "swag-07",
        "name": "Trophy Skull",
        "cost": 4,
        "secrets": 1,
        "counts_as": "horror",
        "text": "Counts as a Horror for Achievements. Worth 1 Secret.",
    },
    {
        "id": "swag-12",
        "name": "Lucky Rabbit Foot",
        "cost": 4,
        "secrets": 0,
        "counts_as": None,
        "text": "Exhaust: add a Luck die to your pool.",
    },
    {
        "id": "swag-19",
        "name": "Sturdy Machete",
        "cost": 3,
        "secrets": 0,
        "counts_as": None,
        "text": "Exhaust: +1 to one die.",
    },
    {
        "id": "swag-22",
        "name": "Gilded Compass",
        "cost": 6,
        "secrets": 3,
        "counts_as": None,
        "text": "Worth 3 Secrets.",
    },
]

FEATS: list[dict[str, Any]] = [
    {"id": "feat-01", "name": "Steady Hand #1", "cost": 1, "text": "+1 to one die."},
    {"id": "feat-12", "name": "Call on Luck #2", "cost": 2, "text": "Add a Luck die to your pool."},
    {
        "id": "feat-20",
        "name": "Second Wind #1",
        "cost": 2,
        "text": "Gain one extra re-roll this turn.",
    },
    {"id": "feat-30", "name": "Scrounge Courage", "cost": 1, "text": "Gain 2 Courage tokens."},
]

ACHIEVEMENTS = [
    {"id": "ach-pitfall", "name": "Pitfall Survivor", "type": "pitfall", "secrets": 2},
    {"id": "ach-villain", "name": "Villain Nemesis", "type": "villain", "secrets": 2},
    {"id": "ach-artefact", "name": "Artefact Hoarder", "type": "artefact", "secrets": 2},
    {"id": "ach-horror", "name": "Horror Witness", "type": "horror", "secrets": 2},
]

PEOPLE = [
    ("Ann", "the Captain"),
    ("Bo", "the Heiress"),
    ("Cyd", "Scholar"),
    ("Dee", "River Hunter"),
]


def _tokens(focus: int, treasure: int, feat: int, courage: int) -> dict[str, int]:
    return {"focus": focus, "treasure": treasure, "feat": feat, "courage": courage}


def _tokens_for(types: list[str]) -> dict[str, int]:
    gives = {"pitfall": "focus", "villain": "feat", "artefact": "treasure", "horror": "courage"}
    counts = _tokens(0, 0, 0, 0)
    for kind in types:
        counts[gives[kind]] += 1
    return counts


def _player(seat: int) -> dict[str, Any]:
    name, character = PEOPLE[seat]
    score_pile = [ENCOUNTERS[0]] if seat == 0 else []
    swag = [dict(SWAG[1], exhausted=False), dict(SWAG[3], exhausted=seat == 0)] if seat == 0 else []
    return {
        "seat": seat,
        "name": name,
        "character": character,
        "tokens": _tokens(1 + seat, 1, 1, 2),
        "hand_count": 3,
        "rerolls_left": 2,
        "score_pile": score_pile,
        "swag": swag,
        "terrible_things": [0, 1] if seat == 1 else [],
        "type_counts": {
            "pitfall": 0,
            "villain": 1 if seat == 0 else 0,
            "artefact": 0,
            "horror": 1 if seat == 0 else 0,
        },
        "score": 6 if seat == 0 else -1 if seat == 1 else 0,
    }


def board_data(players: int = 4) -> dict[str, Any]:
    """A mid-round board: five active Locations, Ann's pawn at the Shrine, her turn."""
    locations = []
    for slot, (name, action) in enumerate(LOCATIONS, start=1):
        encounter = copy.deepcopy(ENCOUNTERS[slot - 1]) if slot != 4 else None
        locations.append(
            {
                "slot": slot,
                "name": name,
                "action": action,
                "encounter": encounter,
                "tokens": _tokens_for(encounter["types"]) if encounter else _tokens(0, 0, 0, 0),
                "pawns": [],
            }
        )
    locations[0]["pawns"] = [0]
    locations[0]["tokens"] = _tokens(0, 0, 0, 0)
    on_boat = list(range(1, players))
    return {
        "game": "att",
        "round": 3,
        "phase": "encounter",
        "active": 0,
        "to_act": [0],
        "map_holder": 0,
        "scenario": copy.deepcopy(SCENARIO_I),
        "locations": locations,
        "riverboat": on_boat[:-1] if players > 2 else on_boat,
        "trading_post_pawns": on_boat[-1:] if players > 2 else [],
        "deck": {"remaining": 12, "next_back": "orange"},
        "rumours": 4,
        "track": [0, 0, 1, 2, 3, 3],
        "track_size": 9,
        "trading_post": {
            "slots": [copy.deepcopy(SWAG[0]), None, copy.deepcopy(SWAG[2])],
            "old_stock": [copy.deepcopy(SWAG[4])],
            "deck_remaining": 17,
        },
        "feats": {"deck_remaining": 20, "discard_top": copy.deepcopy(FEATS[2]), "discard_count": 3},
        "achievements": [
            dict(a, holder=0 if a["type"] == "villain" else None) for a in ACHIEVEMENTS
        ],
        "players": [_player(seat) for seat in range(players)],
        "dice": None,
        "last_roll": None,
        "outcome": None,
    }


def _view(data: dict[str, Any], title: str, viewer: int | None = None) -> View:
    return View(viewer=viewer, title=title, data=data, text=title)


def two_players() -> View:
    return _view(board_data(2), "Round 3 - Ann's turn: explore")


def four_players() -> View:
    return _view(board_data(4), "Round 3 - Ann's turn: encounter")


def mid_encounter(viewer: int | None = None) -> View:
    """Ann is spending dice at the Shrine; with ``viewer=0`` the view carries her hand."""
    data = board_data(4)
    data["dice"] = {
        "owner": 0,
        "pool": [
            {"index": 0, "kind": "basic", "value": 3},
            {"index": 1, "kind": "basic", "value": 6},
            {"index": 2, "kind": "basic", "value": 4},
            {"index": 3, "kind": "basic", "value": 5},
            {"index": 4, "kind": "basic", "value": 1},
            {"index": 5, "kind": "luck", "value": 6},
            {"index": 6, "kind": "panic", "value": 2},
            {"index": 7, "kind": "feat", "value": 4},
        ],
        "rolled": True,
        "spending": True,
        "rerolls_left": 1,
        "spent": [{"dice": [0, 2, 3], "label": "Run 3-4-5 overcomes The Bad Egg"}],
        "desperate": False,
    }
    if viewer == 0:
        data["hand"] = copy.deepcopy(FEATS[:3])
    return _view(data, "Round 3 - Ann's turn: encounter", viewer)


def last_roll_only() -> View:
    data = board_data(2)
    data["last_roll"] = {
        "owner": 1,
        "values": [2, 2, 5, 1, 6],
        "kinds": ["basic", "basic", "basic", "luck", "panic"],
        "label": "Unfocused re-roll",
    }
    return _view(data, "Round 3 - Bo's turn: encounter")


def empty_locations() -> View:
    """Start of a round: the river is empty and every pawn waits on the Riverboat."""
    data = board_data(3)
    for location in data["locations"]:
        location["encounter"] = None
        location["tokens"] = _tokens(0, 0, 0, 0)
        location["pawns"] = []
    data["riverboat"] = [0, 1, 2]
    data["trading_post_pawns"] = []
    data["round"] = 4
    data["phase"] = "choose_first"
    data["to_act"] = [0]
    data["deck"] = {"remaining": 0, "next_back": None}
    return _view(data, "Round 4 - Ann chooses who goes first")


def game_over() -> View:
    data = board_data(4)
    data["phase"] = "over"
    data["to_act"] = []
    data["track"] = []
    for location in data["locations"]:
        location["pawns"] = []
    data["trading_post_pawns"] = [0, 1, 2, 3]
    data["riverboat"] = []
    for player, score in zip(data["players"], (14, 9, 9, -2), strict=True):
        player["score"] = score
    data["outcome"] = {
        "winners": [0],
        "scores": {"0": 14, "1": 9, "2": 9, "3": -2},
        "summary": "The last Terrible Thing was taken: the Unspeakable Event. Ann wins.",
    }
    return _view(data, "Game over - Ann wins with 14 Secrets")
