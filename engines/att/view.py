"""What a seat (or the channel) may see: the ATT view contract (reference §0 "Hidden
information").

Everything is public except Feat hands, the order of every deck and the boxed Encounters
and Terrible Thing tokens. ``data`` follows the contract the renderer and the Discord UI are
written against; ``text`` is the same picture as plain lines for the terminal.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engines.att.achievements import type_counts
from engines.att.combos import combo_label, effective
from engines.att.content import catalog
from engines.att.dice import face_words
from engines.att.flow import to_act
from engines.att.options import AttOptions
from engines.att.scoring import score
from engines.att.spending import row_reward_label, scenario_rows
from engines.att.state import RIVERBOAT, TRADING_POST, AttState
from engines.att.terrible_things import penalty_text
from engines.core.protocol import View
from engines.core.words import article, count, joined

PHASE_WORDS = {
    "choose_character": "choosing characters",
    "riverboat": "Riverboat",
    "choose_first": "choosing the first player",
    "explore": "explore",
    "location_action": "location action",
    "desperation": "desperation",
    "encounter": "encounter",
    "trading_post": "Trading Post",
    "refresh": "refresh",
    "over": "game over",
}


# A card's part of the view depends on its id alone (and, for an Encounter, on the ruling
# run_to_six_is_highset): it is built once per card, and each view gets its own copy, since
# whoever reads a view may change it (issue 33).
def swag_data(card_id: str) -> dict[str, Any]:
    return _swag_data(card_id).copy()


def feat_data(card_id: str) -> dict[str, Any]:
    return _feat_data(card_id).copy()


def encounter_data(card_id: str, options: AttOptions) -> dict[str, Any]:
    data = _encounter_data(card_id, options.run_to_six_is_highset)
    return data | {"types": data["types"].copy(), "combo": data["combo"].copy()}


@cache
def _swag_data(card_id: str) -> dict[str, Any]:
    card = catalog().swag[card_id]
    return {
        "id": card.id,
        "name": card.name,
        "cost": card.cost,
        "secrets": card.secrets,
        "counts_as": card.counts_as,
        "text": card.text,
    }


@cache
def _feat_data(card_id: str) -> dict[str, Any]:
    card = catalog().feats[card_id]
    return {"id": card.id, "name": card.name, "cost": card.cost, "text": card.text}


@cache
def _encounter_data(card_id: str, run_to_six_is_highset: bool) -> dict[str, Any]:
    card = catalog().encounters[card_id]
    combo = effective(card.combo, run_to_six_is_highset)
    return {
        "id": card.id,
        "name": card.name,
        "back": card.back,
        "types": list(card.types),
        "combo": {"kind": combo.kind, "count": combo.count, "min": combo.min},
        "combo_label": combo_label(combo),
        "secrets": card.secrets,
    }


def _player_data(s: AttState, seat: int) -> dict[str, Any]:
    p = s.players[seat]
    return {
        "seat": p.seat,
        "name": p.name,
        "character": catalog().characters[p.character].name if p.character else "choosing",
        "tokens": dict(p.tokens),
        "hand_count": len(p.hand),
        "rerolls_left": p.rerolls_left,
        "score_pile": [encounter_data(c, s.options) for c in p.score_pile],
        "swag": [swag_data(c) | {"exhausted": c in p.exhausted} for c in p.swag],
        "terrible_things": list(p.terrible_things),
        "type_counts": type_counts(s, seat),
        "score": score(s, seat),
    }


def _dice_data(s: AttState) -> dict[str, Any] | None:
    d = s.dice
    if d is None:
        return None
    return {
        "owner": d.owner,
        "pool": [
            {"index": i, "kind": die.kind, "value": die.value} for i, die in enumerate(d.pool)
        ],
        "rolled": d.rolled,
        "spending": d.spending,
        "rerolls_left": s.players[d.owner].rerolls_left,
        "spent": [{"dice": list(c.dice), "label": c.label} for c in d.spent],
        "desperate": d.desperate,
    }


def view_data(s: AttState, viewer: int | None) -> dict[str, Any]:
    content = catalog()
    data: dict[str, Any] = {
        "game": "att",
        "round": s.round,
        "phase": s.phase,
        "active": s.active,
        "to_act": sorted(to_act(s)),
        # Nobody holds the Map until every character is chosen (seed §Setup—Players).
        "map_holder": None if s.phase == "choose_character" else s.map_holder,
        "scenario": {
            "face": s.options.scenario,
            "rows": [
                {
                    "kind": row.combo.kind,
                    "label": combo_label(row.combo),
                    "reward": row_reward_label(row),
                }
                for row in scenario_rows(s.options)
            ],
        },
        "locations": [
            {
                "slot": i + 1,
                "name": content.locations[loc.id].name,
                "action": content.locations[loc.id].text,
                "encounter": encounter_data(loc.encounter, s.options) if loc.encounter else None,
                "tokens": dict(loc.tokens),
                "pawns": [p.seat for p in s.players if p.pawn == loc.id],
            }
            for i, loc in enumerate(s.locations)
        ],
        "riverboat": [p.seat for p in s.players if p.pawn == RIVERBOAT],
        "trading_post_pawns": [p.seat for p in s.players if p.pawn == TRADING_POST],
        "deck": {
            "remaining": len(s.encounter_deck),
            "next_back": content.encounters[s.encounter_deck[-1]].back
            if s.encounter_deck
            else None,
        },
        "rumours": len(s.rumours),
        "track": list(s.track),
        "track_size": s.track_size,
        "trading_post": {
            "slots": [swag_data(c) if c else None for c in s.swag_slots],
            "old_stock": [swag_data(c) for c in s.old_stock],
            "deck_remaining": len(s.swag_deck),
        },
        "feats": {
            "deck_remaining": len(s.feat_deck),
            "discard_top": feat_data(s.feat_discard[-1]) if s.feat_discard else None,
            "discard_count": len(s.feat_discard),
        },
        "achievements": [
            {
                "id": a.id,
                "name": a.name,
                "type": a.type,
                "secrets": a.secrets,
                "holder": s.achievements[a.id],
            }
            for a in content.achievements.values()
        ],
        "players": [_player_data(s, p.seat) for p in s.players],
        "dice": _dice_data(s),
        "last_roll": s.last_roll.model_dump(mode="json") if s.last_roll else None,
        "outcome": s.result.model_dump(mode="json") if s.result else None,
    }
    if viewer is not None and 0 <= viewer < len(s.players):
        data["hand"] = [feat_data(c) for c in s.players[viewer].hand]
    return data


def title(s: AttState) -> str:
    """One line: "Round 3 - Ann's turn: encounter"."""
    if s.result is not None:
        names = joined([s.name(w) for w in s.result.winners])
        verb = "survives" if len(s.result.winners) == 1 else "survive"
        return f"Game over after round {s.round} - {names} {verb}"
    if s.phase == "choose_character":
        seats = to_act(s)
        who = s.name(min(seats)) if seats else "nobody"
        return f"Set-up - {who} chooses a character"
    if s.phase == "choose_first":
        return f"Round {s.round} - {s.name(s.map_holder)} (Map) chooses the first player"
    assert s.active is not None
    return f"Round {s.round} - {s.name(s.active)}'s turn: {PHASE_WORDS[s.phase]}"


def _tokens_text(tokens: dict[str, int]) -> str:
    return ", ".join(f"{t.capitalize()} {n}" for t, n in tokens.items())


def dice_text(d: dict[str, Any]) -> str:
    """The dice pool in words, numbered as the menus number them ("die 2"): "Dice: die 1: 4,
    die 2: 5 (Luck); 2 re-rolls left"; spent dice are left out."""
    spent = {i for c in d["spent"] for i in c["dice"]}
    dice = [die for die in d["pool"] if die["index"] not in spent]
    rerolls = d["rerolls_left"]
    left = f"{count(rerolls, 're-roll')} left" if rerolls else "no re-rolls left"
    if not dice:
        return f"Dice: all spent; {left}"
    if all(die["value"] is None for die in dice):
        others = [
            f"die {die['index'] + 1} is {article(die['kind'].capitalize())} die"
            for die in dice
            if die["kind"] != "basic"
        ]
        kinds = f" ({joined(others)})" if others else ""
        return f"Dice: {count(len(dice), 'die', 'dice')} to roll{kinds}; {left}"
    faces = ", ".join(
        f"die {die['index'] + 1}: {face_words(die['kind'], die['value'])}" for die in dice
    )
    return f"Dice: {faces}; {left}"


def view_text(s: AttState, data: dict[str, Any], viewer: int | None) -> str:
    lines = [title(s)]
    rows = "; ".join(f"{r['label']} = {r['reward']}" for r in data["scenario"]["rows"])
    lines.append(f"Scenario {data['scenario']['face']}: {rows}")
    for loc in data["locations"]:
        enc = loc["encounter"]
        card = "(empty)"
        if enc:
            types = joined([t.capitalize() for t in enc["types"]])
            card = f"{enc['name']} ({types}), {enc['combo_label']}, {enc['secrets']} Secrets"
        tokens = ", ".join(f"{n} {t.capitalize()}" for t, n in loc["tokens"].items() if n)
        pawns = ", ".join(s.name(p) for p in loc["pawns"])
        extra = (f" | tokens: {tokens}" if tokens else "") + (f" | here: {pawns}" if pawns else "")
        lines.append(f"{loc['slot']}. {loc['name']}: {card}{extra}")
    deck = data["deck"]
    lines.append(
        f"Encounter deck: {deck['remaining']} left"
        + (f" (next back {deck['next_back']})" if deck["next_back"] else "")
        + f"; Rumours: {data['rumours']}"
    )
    track = " ".join(penalty_text(p) for p in s.track) or "(empty)"
    lines.append(f"Expedition Track (bottom first): {track}")
    slots = " | ".join(
        f"{c['name']} ({c['cost']} Treasure)" if c else "(empty)"
        for c in data["trading_post"]["slots"]
    )
    lines.append(f"Trading Post: {slots}")
    if s.old_stock:
        top = data["trading_post"]["old_stock"][-1]
        lines.append(f"Old Stock top: {top['name']} ({top['cost']} Treasure)")
    for p in data["players"]:
        marks = " [Map]" if p["seat"] == data["map_holder"] else ""
        tts = " ".join(penalty_text(t) for t in p["terrible_things"]) or "none"
        lines.append(
            f"{p['name']} ({p['character']}){marks}: score {p['score']}; "
            f"{_tokens_text(p['tokens'])}; {count(p['hand_count'], 'Feat card')}; "
            f"{count(len(p['score_pile']), 'Encounter')} overcome; {len(p['swag'])} Swag; "
            f"Terrible Things {tts}"
        )
    if data["dice"]:
        lines.append(dice_text(data["dice"]))
        lines.extend(f"  spent {c['label']}" for c in data["dice"]["spent"])
    if "hand" in data:
        hand = "; ".join(f"{c['name']} ({c['cost']} Feat): {c['text']}" for c in data["hand"])
        lines.append(f"Your hand: {hand or '(empty)'}")
    if data["outcome"]:
        lines.append(data["outcome"]["summary"])
    return "\n".join(lines)


def view(s: AttState, viewer: int | None) -> View:
    data = view_data(s, viewer)
    return View(viewer=viewer, title=title(s), data=data, text=view_text(s, data, viewer))
