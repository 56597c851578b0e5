"""Every Arcadia card in plain words, for ``/card`` (arcadia.md §1, §2, §7, §10, §12, §15):
character icons, merits, flaws, waylays, leagues, quests and quest foes.

Built from the engine's content (``engines.arcadia.content``); effects are worded from their
ops (§15.1) and waylays as the private hand words them (``engines.arcadia.hand``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.arcadia.content import (
    Effect,
    Flaw,
    Icon,
    League,
    Merit,
    Npc,
    Quest,
    RestOption,
    Trial,
    Waylay,
    content,
)
from engines.arcadia.hand import waylay_words
from engines.core.rules_book import CardEntry
from engines.core.words import count, plural

# Results of a league's roll table (§15.1 roll_table), in words.
TABLE_WORDS: dict[str, str] = {
    "exhaust_merit": "exhaust a merit",
    "lose_day": "lose your next Day",
    "recover_merits": "recover {merits}",
    "add_score": "+{amount} on your next test",
    "ignore_waylay": "ignore the next waylay",
    "nothing": "nothing happens",
    "return_to_base": "go back to your base camp",
}
# League specials the engine carries out by a named handler (§15.1 custom).
CUSTOM_WORDS: dict[str, str] = {
    "boar_hunt": "Fight the boar, a Combat {combat} test; a win recovers {recover} merits.",
    "wishing_bridge": "Throw one of your treasures in and roll: even, it comes back and every "
    "merit recovers; odd, it is gone for this game.",
}
# Icon powers with no effect record: what they do is in the build or a race tag.
TAG_WORDS: dict[str, str] = {
    "mer": "Passes Ocean trials automatically.",
}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _scope(e: Effect) -> str:
    w = e.when
    parts = []
    if w.tests:
        parts.append("on " + "/".join(w.tests) + (" tests" if "Trial" not in w.tests else "s"))
    if w.against:
        parts.append(f"against {plural(w.against)}")
    if w.state:
        parts.append(f"when you are {w.state}")
    if w.court:
        parts.append(f"against {w.court} characters")
    if w.tag:
        parts.append(f"against {w.tag} waylays")
    return (" " + " ".join(parts)) if parts else ""


def _cost(e: Effect, p: dict[str, Any]) -> str:
    if e.trigger == "static":
        return "Always: "
    if e.trigger == "opponent_exhaust":
        return "Your opponent may exhaust it: "
    if "exhaust_type" in p:
        attribute = f" {p['exhaust_attribute']}" if p.get("exhaust_attribute") else ""
        return f"Exhaust one{attribute} {p['exhaust_type']}: "
    return "Exhaust it: "


def effect_words(e: Effect) -> str:
    """One effect as a short sentence."""
    p = e.params
    scope = _scope(e)
    op = e.op
    if op == "add_score":
        what = f"{_signed(p['amount'])} to the score{scope}"
    elif op == "add_attribute":
        what = f"{_signed(p['amount'])}{scope}"
    elif op == "reroll":
        what = f"re-roll both dice{scope}"
    elif op == "force_reroll":
        what = f"make the dice roll again{scope}"
    elif op == "change_test":
        what = "pick a test the waylay lists a value for, even if it is not printed"
    elif op == "substitute_attribute":
        # A number, or "combat": the Ally's own Combat value; Combat tests use Might (§1).
        value = p["value"] if isinstance(p["value"], int) else "its Combat value"
        what = f"use {value} in place of your Might{scope}"
    elif op == "extra_move":
        ways = [v for v in p.get("via", ()) if v != "any"]
        via = f" by {'/'.join(ways)}" if ways else ""
        what = f"move up to {p['steps']} leagues{via}"
    elif op == "skip_league":
        avoid = f" (not over {'/'.join(p['not_over'])})" if p.get("not_over") else ""
        what = f"move 2 leagues, leaping over the one between{avoid}"
    elif op == "waylay_budget_mod":
        what = f"{_signed(p['amount'])} to the waylay budget against you"
    elif op == "waylay_bonus":
        six = ", and a win against them counts only on a natural 6" if p.get("natural_six") else ""
        who = f"{e.when.tag} waylays here get" if e.when.tag else f"waylays get{scope}"
        what = f"{who} {_signed(p['amount'])}{six}"
    elif op == "recover_merits":
        what = f"recover {count(p['amount'], 'more merit', 'more merits')} when you rest"
    elif op == "exhaust_merit":
        what = f"you exhaust a merit{scope}"
    elif op == "lose_day":
        what = f"you lose your next Day{scope}"
    elif op == "auto_pass_trial":
        on = f" on {'/'.join(p['terrains'])} leagues" if p.get("terrains") else ""
        what = f"pass trials{on}{scope} without a roll"
    elif op == "ignore_trial":
        what = f"ignore a trial you are failing{scope}: it counts as passed"
    elif op == "return_to_base":
        what = f"you are carried back to your base camp{scope}"
    elif op == "move_character":
        what = f"your opponent pushes you into an adjacent league{scope}"
    else:
        what = op.replace("_", " ")
    text = _cost(e, p) + what
    return text[0].upper() + text[1:] + "."


def _effects(effects: Iterable[Effect]) -> str:
    return " ".join(effect_words(e) for e in effects)


def icon_entry(i: Icon) -> CardEntry:
    grants = " ".join(
        f"{g.points} extra build points for {'/'.join(g.merit_types)} merits."
        for g in i.build_grants
    )
    power = _effects(i.special.effects) or grants or " ".join(TAG_WORDS.get(t, "") for t in i.tags)
    court = f" Always {i.court_lock}." if i.court_lock else ""
    return CardEntry(
        id=f"icon-{i.id}",
        name=f"{i.name} · {i.special.name}",
        kind="Character Icon",
        text=f"Might {i.might}, Savvy {i.savvy}, Resolve {i.resolve}.{court}\n"
        f"{i.special.name}: {power.strip()}",
        source=i.source,
        keywords=("icon", i.race, i.special.name),
    )


def merit_entry(m: Merit) -> CardEntry:
    facts = [f"Costs {m.cost}."]
    if m.court:
        facts.append(f"{m.court}.")
    if m.attribute:
        facts.append(f"{m.attribute}.")
    if m.combat is not None:
        facts.append(f"Combat {m.combat}.")
    body = " ".join(x for x in (_effects(m.effects), m.text) if x)
    return CardEntry(
        id=f"merit-{m.id}",
        name=m.name,
        kind=f"{m.type} merit",
        text=" ".join(facts) + ("\n" + body if body else ""),
        source=m.source,
        keywords=("merit", m.type),
    )


def flaw_entry(f: Flaw) -> CardEntry:
    facts = [f"Worth {count(f.bonus, 'build point')}."]
    if f.court:
        facts.append(f"{f.court}.")
    body = " ".join(x for x in (_effects(f.effects), f.text) if x)
    return CardEntry(
        id=f"flaw-{f.id}",
        name=f.name,
        kind=f"{f.type} flaw",
        text=" ".join(facts) + ("\n" + body if body else ""),
        source=f.source,
        keywords=("flaw", f.type),
    )


def waylay_entry(w: Waylay) -> CardEntry:
    return CardEntry(
        id=f"waylay-{w.id}",
        name=w.name,
        kind=f"{w.kind.capitalize()} waylay, rating {w.rating}",
        text=waylay_words(w),
        source=w.source,
        keywords=("waylay", w.kind),
    )


def _trial(t: Trial, verb: str) -> str:
    kind, _, what = t.key.partition(":")
    where = {"via": f" crossing by {what}", "side": f" through its {what} side"}.get(kind, "")
    fail = " A failure also exhausts a merit." if t.on_fail else ""
    mer = " Mer pass it." if t.auto_pass_races else ""
    return f"To {verb}{where}: {t.attribute} {t.difficulty}.{fail}{mer}"


def rest_words(o: RestOption) -> str:
    """What one rest option recovers: '1 merit of any type', '2 Ally merits (needs ...)'."""
    word = "merit" if o.count == 1 else "merits"
    types = f"{word} of any type" if o.types == ("any",) else f"{'/'.join(o.types)} {word}"
    but = f" but {'/'.join(o.except_types)}" if o.except_types else ""
    needs = [x for x in (o.requires_court, o.requires_tag) if x]
    if o.requires_defeat_here:
        needs.append("a waylay beaten here")
    need = f" (needs {' and '.join(needs)})" if needs else ""
    return f"{o.count} {types}{but}{need}"


def _span(low: int, high: int) -> str:
    """A roll table's range: '5', '2-3' or '8+' (a high of 99 means no upper end)."""
    if high >= 99:
        return f"{low}+"
    return str(low) if high == low else f"{low}-{high}"


def _table_result(row: dict[str, Any]) -> str:
    return TABLE_WORDS[row["op"]].format(**row, merits=count(row.get("amount", 0), "merit"))


def _special(name: str, effects: tuple[Effect, ...]) -> str:
    words = []
    for e in effects:
        if e.op == "roll_table":
            rows = "; ".join(
                f"{_span(r['low'], r['high'])} {_table_result(r)}" for r in e.params["table"]
            )
            attribute = e.params["attribute"]
            roll = "your lowest attribute" if attribute == "lowest" else attribute
            # Said once: some special names already carry "(once per game)".
            said = "once per game" in name.lower()
            once = " Once per game." if e.params.get("once") and not said else ""
            words.append(f"Roll d6 + {roll}: {rows}.{once}")
        elif e.op == "custom":
            words.append(CUSTOM_WORDS[e.params["handler"]].format(**e.params))
        else:
            words.append(effect_words(e))
    return f"{name}: {' '.join(words)}"


def league_entry(lg: League) -> CardEntry:
    lines = [", ".join(lg.terrains) + "." + (" Unique." if lg.unique else "")]
    lines += [_trial(t, "enter") for t in lg.enter_trials]
    lines += [_trial(t, "leave") for t in lg.leave_trials]
    if lg.rest.options:
        gate = (
            f" after a {lg.rest.gate_trial.attribute} {lg.rest.gate_trial.difficulty} trial"
            if lg.rest.gate_trial
            else ""
        )
        lines.append(f"Rest{gate}: " + " or ".join(rest_words(o) for o in lg.rest.options) + ".")
        if lg.rest.flaw_recovery:
            n = lg.rest.flaw_recovery
            lines.append(f"After a rest here your opponent may recover {n} of your flaws.")
    else:
        lines.append("No rest here.")
    lines += [_special(s.name, s.effects) for s in lg.specials]
    lines += [_effects(lg.effects)] if lg.effects else []
    lines += [lg.text] if lg.text else []
    return CardEntry(
        id=f"league-{lg.id}",
        name=lg.name,
        kind="League",
        text="\n".join(lines),
        source=lg.source,
        keywords=("league", *lg.terrains),
    )


def quest_entry(q: Quest) -> CardEntry:
    return CardEntry(
        id=f"quest-{q.id}",
        name=f"Quest {q.number}: {q.name}",
        kind="Quest",
        text=f"{q.summary}\nWaylay rating {q.waylay_rating}, treasure rating "
        f"{q.treasure_rating}, {q.xp} XP.",
        source=q.source,
        keywords=("quest", f"quest {q.number}"),
    )


def npc_entry(n: Npc) -> CardEntry:
    tests = " or ".join(f"{t} {n.attributes[t]}" for t in n.tests)
    return CardEntry(
        id=f"npc-{n.id}",
        name=n.name,
        kind="Quest foe",
        text=f"Tested like a waylay: {tests}. Losing costs an exhaustion; a tie costs nothing.",
        source=n.source,
        keywords=("npc", "foe", n.kind),
    )


def card_faces() -> list[CardEntry]:
    c = content()
    return [
        *(icon_entry(i) for i in c.icons.values()),
        *(merit_entry(m) for m in c.merits.values()),
        *(flaw_entry(f) for f in c.flaws.values()),
        *(waylay_entry(w) for w in c.waylays.values()),
        *(league_entry(lg) for lg in c.leagues.values()),
        *(quest_entry(q) for q in c.quests.values()),
        *(npc_entry(n) for n in c.npcs.values()),
    ]
