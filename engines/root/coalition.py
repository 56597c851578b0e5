"""Vagabond coalitions (root.md §15.6; Law L9.2.8, L9.2.9.3; FAQ; Glossary "Enemy").

Only with ``coalitions=true`` at a table of four. In his Daylight, with 10 VP or more (the
activation rule of L3.3.1), the Vagabond may activate a dominance card to join the player
with the fewest VP who has no dominance card in play (the FAQ: such a player has no score
marker); a tie for fewest is his pick. From then on he scores nothing, a Hostile partner goes
back to Indifferent, and he wins when his partner wins.

Partners are not enemies (Glossary: an enemy is any other player you are not in a coalition
with): they cannot battle each other (L4.3; FAQ), Strike, Favor and Revolt spare each other's
pieces, and removing a partner's piece would score nothing, Surrender nothing and count
toward no Seizure (L3.2.1; W.5–W.6 speak of enemies). Outrage is owed by "another player"
(L8.2.6) and Martial Law counts "another player" too, so a coalition changes neither.
"""

from __future__ import annotations

from engines.core.context import Ctx
from engines.root.actions import Pick, pick
from engines.root.content import card
from engines.root.state import FACTION_NAMES, Player, State

SEATS = 4  # a four-player rule (L9.2.8; root.md §2): setup refuses it at smaller tables
ACTIVATION_VP = 10  # activating any dominance card needs 10 VP (L3.3.1)


def partner_of(s: State, p: Player) -> Player | None:
    """The player ``p`` is in a coalition with, if any."""
    v = s.vagabond
    if v is None or not v.coalition:
        return None
    if p.faction == "vagabond":
        return s.player(v.coalition)
    if p.faction == v.coalition:
        return s.player("vagabond")
    return None


def in_coalition_as_vagabond(s: State, p: Player) -> bool:
    """Is ``p`` the Vagabond, with his score marker on a partner's board?"""
    return p.faction == "vagabond" and s.vagabond is not None and bool(s.vagabond.coalition)


def is_enemy(s: State, me: Player, other: Player) -> bool:
    """Any other player not in a coalition with ``me`` (Glossary "Enemy")."""
    if other.seat == me.seat:
        return False
    partner = partner_of(s, me)
    return partner is None or partner.seat != other.seat


def candidates(s: State, v: Player) -> list[Player]:
    """Players the Vagabond may join: the fewest VP among players with a score marker."""
    scored = [p for p in s.players if p.seat != v.seat and not p.dominance]
    if not scored:
        return []
    low = min(p.vp for p in scored)
    return [p for p in scored if p.vp == low]


def coalition_options(s: State, v: Player) -> list[Pick]:
    """``coalition`` picks: one per dominance card in hand and tied lowest player."""
    if not s.options.coalitions or v.dominance or v.vp < ACTIVATION_VP:
        return []
    doms = sorted({x for x in v.hand if card(x).type == "dominance"})
    return [pick(what="coalition", card=d, n=o.seat) for d in doms for o in candidates(s, v)]


def form(s: State, v: Player, dominance: str, seat: int, ctx: Ctx) -> None:
    """Activate ``dominance`` to join ``seat``: his score marker leaves the track for good."""
    vg = s.vagabond
    assert vg is not None
    partner = s.players[seat]
    v.hand.remove(dominance)
    v.dominance = dominance
    vg.coalition = partner.faction
    who = FACTION_NAMES[partner.faction]
    ctx.say(
        f"The Vagabond activates a dominance card and forms a coalition with {who}: "
        f"he scores no more, and wins if {who} win."
    )
    if vg.relations.get(partner.faction) == "hostile":  # (L9.2.9.3)
        vg.relations[partner.faction] = "indifferent"
        ctx.say(f"{who} are no longer Hostile to the Vagabond.")


def declare_win(s: State, seat: int, reason: str) -> None:
    """``seat`` wins, and the Vagabond with them if they are his partner (L9.2.8)."""
    partner = partner_of(s, s.players[seat])
    s.winners = [seat] if partner is None else [seat, partner.seat]
    with_him = ", and the Vagabond wins with them (coalition)" if partner is not None else ""
    s.ended = f"{reason}{with_him}."


def coalition_words(s: State) -> str:
    """The coalition in a sentence, or nothing when there is none."""
    v = s.vagabond
    if v is None or not v.coalition:
        return ""
    who = FACTION_NAMES[v.coalition]
    return f"The Vagabond is in a coalition with {who}: he scores no more and wins if they win."
