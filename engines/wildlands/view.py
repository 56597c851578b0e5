"""What one seat, or the channel, may see of a Wildlands game (wildlands.md §3 "Hands and
piles", §4 hidden start spaces, §8.1 window secrecy).

Public: the board, every revealed figure with its damage, shards, scores, hand and deck
sizes, the face-up discard piles (discard_pile=public), standing orders, and who is asked
and why (what happened travels in the step's events, not in the view). Only the owner sees
their hand and their hidden start spaces (as ``map.NN`` map cards). Interrupt-window
answers stay hidden until the window closes; the view says only who has answered.
"""

from __future__ import annotations

from typing import Any

from engines.core.protocol import View
from engines.core.words import count, health_left, joined
from engines.wildlands.board import load_board
from engines.wildlands.card_list import ICON_NAMES
from engines.wildlands.cards import card, faction, icon_words
from engines.wildlands.combat import HIT_LABELS, defence_icons
from engines.wildlands.explain import waiting_for
from engines.wildlands.scoring import headline, side_name
from engines.wildlands.state import State


def map_card_id(space: int) -> str:
    return f"map.{space:02d}"


def build_view(s: State, viewer: int | None) -> View:
    # What every seat sees is worked out once per state: the table asks each seat's view.
    public, title, lines = s.memo("public view", lambda: _public_view(s))
    data = dict(public)
    if viewer is not None and 0 <= viewer < len(s.seats):
        player = s.seats[viewer]
        data["hand"] = [
            {
                "id": c,
                "number": card(c).number,
                "characters": list(card(c).links()),
                "icons": list(card(c).icons),
            }
            for c in sorted(player.hand)
        ]
        data["hidden_starts"] = [
            {"figure": fid, "space": space, "map_card": map_card_id(space)}
            for fid, space in sorted(player.hidden_starts.items())
        ]
        data["dealt"] = [{"space": sp, "map_card": map_card_id(sp)} for sp in player.dealt]
    text = "\n".join([*lines, *_private_lines(s, data)])
    return View(viewer=viewer, title=title, data=data, text=text)


def _public_view(s: State) -> tuple[dict[str, Any], str, list[str]]:
    """The data, title and text lines every seat sees alike. Views of one state share
    them: they are values, never changed."""
    seats = [_seat_view(s, p.seat) for p in s.seats]
    data: dict[str, Any] = {
        "game": "wildlands",
        "board": s.board,
        "phase": s.phase,
        "turn": s.turn_number,
        "active": s.active,
        "first_player": s.first_player,
        "interrupter": s.interrupter,
        "target_score": s.options.target_score,
        # Main turns in a row without a reveal or card play (stalemate_rounds).
        "idle_turns": s.idle_turns,
        "stalemate_turns": s.options.stalemate_rounds * len(s.seats),
        "figures": [_figure_view(s, f.id) for f in s.figures.values()],
        "shards": [
            {"space": sh.space, "colour": sh.colour, "owner": sh.side}
            for sh in s.shards
            if sh.space is not None
        ],
        "seats": seats,
        "pending": _pending_view(s),
        "waiting_for": waiting_for(s),
        "winners": list(s.winners),
        "summary": s.summary,
    }
    title = f"Wildlands — turn {s.turn_number}: waiting for {data['waiting_for']}"
    if s.phase == "over":
        title = f"Wildlands — game over: {headline(s)}"
    return data, title, _public_lines(s, data)


def _figure_view(s: State, figure_id: str) -> dict[str, Any]:
    f = s.figures[figure_id]
    owner = s.seats[f.owner] if f.owner is not None else None
    return {
        "id": f.id,
        "name": f.name,
        "owner": f.owner,
        "faction": f.faction,
        "colour": owner.colour if owner else None,
        "space": f.space,
        "damage": f.damage,
        "health": f.health,
        "ko": f.ko,
    }


def _seat_view(s: State, seat: int) -> dict[str, Any]:
    p = s.seats[seat]
    mine = s.characters_of(seat)
    return {
        "seat": seat,
        "name": p.name,
        "faction": p.faction,
        "faction_name": faction(p.faction).name,
        "colour": p.colour,
        "score": p.score,
        "hand_count": len(p.hand),
        "deck_count": len(p.deck),
        "discard": list(p.discard),
        "revealed": sum(1 for f in mine if f.revealed and not f.ko),
        "ko": sum(1 for f in mine if f.ko),
        "unrevealed": sum(1 for f in mine if not f.revealed),
        "eliminated": p.eliminated,
        "auto_pass": p.auto_pass,
        "auto_defend": p.auto_defend,
    }


def _pending_view(s: State) -> dict[str, Any]:
    who = sorted(s.asked_now())
    p = s.pending
    if s.phase == "over":
        return {"kind": "over", "who": []}
    if p is None:
        if s.phase == "placing":
            kind = "place_starts"
        elif s.phase == "pregame":
            kind = "pregame_reveal"
        elif s.interrupter is not None:
            kind = "interrupting"
        else:
            kind = "reveal" if s.must_reveal else "turn"
        return {"kind": kind, "who": who}
    out: dict[str, Any] = {"kind": p.kind, "who": who}
    if p.kind == "window":
        out["answered"] = sorted(p.answers)
    if p.kind == "defence" and p.hit is not None:
        target = s.figures[p.hit.target]
        attacker = s.figures.get(p.hit.attacker or "")
        out.update(
            target=target.id,
            target_name=target.name,
            space=target.space,
            style=p.hit.style,
            attacker=attacker.id if attacker else None,
            attacker_name=attacker.name if attacker else None,
        )
    if p.kind == "push" and p.figure:
        out.update(figure=p.figure, space=s.figures[p.figure].space)
    return out


def _public_lines(s: State, data: dict[str, Any]) -> list[str]:
    """The text board: every player with their figures on the board under them (so whose a
    figure is never needs the picture), what is being decided and the shards; what only the
    viewer knows follows (``_private_lines``)."""
    board = load_board(s.board).name
    lines = [f"Board: {board}. Turn {s.turn_number}. Waiting for {data['waiting_for']}."]
    pending = _pending_line(s, data["pending"])
    if pending:
        lines.append(pending)
    for seat in data["seats"]:
        hidden = seat["unrevealed"]
        unrevealed = f", {count(hidden, 'character')} not yet revealed" if hidden else ""
        lines.append(
            f"{seat['name']} ({seat['faction_name']}): {count(seat['score'], 'point')}, "
            f"{count(seat['hand_count'], 'card')} in hand, {seat['deck_count']} in deck"
            f"{unrevealed}."
        )
        mine = [f for f in data["figures"] if f["owner"] == seat["seat"]]
        for f in mine:
            if f["space"] is not None:
                health = health_left(f["damage"], f["health"])
                lines.append(f"  {f['name']} in space {f['space']} ({health})")
        out = [f["name"] for f in mine if f["ko"]]
        if out:
            lines.append(f"  Knocked out: {joined(out)}.")
    lines.append(_shards_line(s, data["shards"]))
    return lines


def _private_lines(s: State, data: dict[str, Any]) -> list[str]:
    """The viewer's hand, hidden starts and map cards to place, in words."""
    lines = []
    for entry in data.get("hand", []):
        shows = ", ".join(s.figures[c].name for c in entry["characters"]) or "any character"
        icons = icon_words(entry["icons"])
        lines.append(f"  Hand: card {entry['number']}, {icons} ({shows})")
    for entry in data.get("hidden_starts", []):
        lines.append(f"  Hidden: {s.figures[entry['figure']].name} starts in {entry['space']}")
    if data.get("dealt"):
        lines.append("  Map cards to place: " + ", ".join(str(d["space"]) for d in data["dealt"]))
    return lines


def _pending_line(s: State, pending: dict[str, Any]) -> str | None:
    """The hit being defended, or the open interrupt window, in words (the decision the
    board waits for); who has answered a window is public, never what."""
    if pending["kind"] == "window":
        answered = [s.seats[x].name for x in pending.get("answered", [])]
        verb = "has" if len(answered) == 1 else "have"
        so_far = f" {joined(answered)} {verb} answered." if answered else ""
        return f"An interrupt window is open: play an interrupt card, or pass.{so_far}"
    if pending["kind"] != "defence" or "target_name" not in pending:
        return None
    by = f" from {pending['attacker_name']}" if pending.get("attacker_name") else ""
    where = f" in space {pending['space']}" if pending.get("space") is not None else ""
    icons = sorted(defence_icons(pending["style"], s.options))
    names = [ICON_NAMES[i] for i in icons]
    block = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)
    answer = f"a linked {block} card blocks it, or" if icons else "nothing blocks it, so"
    hit = HIT_LABELS[pending["style"]]
    return f"{pending['target_name']}{where} is hit by {hit}{by}: {answer} it takes the damage."


def _shards_line(s: State, shards: list[dict[str, Any]]) -> str:
    """ "Shards on the board: Ann's in spaces 4 and 9; Bo's in space 30." A shard belongs to a
    side: a player, or in War a team (named with its members in the teams line)."""
    spaces: dict[int, list[int]] = {}
    for sh in shards:
        spaces.setdefault(sh["owner"], []).append(sh["space"])
    if not spaces:
        return "Shards on the board: none."
    parts = []
    for side, where in sorted(spaces.items()):
        owner = side_name(s, side, members=False)
        noun = "space" if len(where) == 1 else "spaces"
        parts.append(f"{owner}'s in {noun} {joined([str(n) for n in sorted(where)])}")
    return f"Shards on the board: {'; '.join(parts)}."
