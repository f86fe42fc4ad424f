"""Black Wednesday's words for the options a player picks from and the decisions they belong to:
the Prep Log's boxes (2.4), the owner's choices inside a fire (§8.4, §10, §11.1, §12.5, 1.9),
orders (§16), missions (§13), the 289's assignment (2.3a), German batteries (3.5), Dora (4.7);
and the title, rule and help of each named choice and verb.

Plain data and pure functions of the action: the rules' ``option_label`` and ``choice_info``
hooks (``explain.py``) answer with them, and the client reads the same words.
"""
from __future__ import annotations

from typing import Any

from ...core.actions import Action, Choose
from ...core.entry import StepInfo
from ...core.hexgrid import hex_name

TYPE_WORDS = {"attack": "Attack", "move": "Move", "hasty_defense": "Hasty Defense",
              "prepared_defense": "Prepared Defense"}

COLUMN_NAMES = {"katyusha": "Katyusha", "122mm": "122 mm", "152mm": "152 mm", "76mm": "76 mm"}

# 2.1a and 3.1a, in our words: the commanders' intents guide the players' orders; no rule checks
# an order against them (decision BW-K2). The view carries them (``view()["intents"]``).
INTENTS = {
    "soviet": "2.1a: break the Spanish line before Krasni Bor, push south down the Leningrad-Moscow "
              "highway past Sablino toward Mga, and so cut off the Germans on the Sinyavino heights.",
    "axis": "3.1a: the Spanish mean to hold and keep their name as good soldiers; the Germans mean to "
            "contain the attack and push it back, though their nearest reserve was slow to commit.",
}


# Places the orders aim at and the victory conditions count, by their ids in the rules and the
# scenario files, as a player names them.
FEATURE_WORDS = {
    "here": "where they stand", "trenches": "the trench line", "krasni_bor": "Krasni Bor",
    "el_bastion": "El Bastion", "hospital": "the Hospital", "station": "the Station", "mill": "the Mill",
    "staraia_myza": "Staraia Myza", "trenches_east": "the trenches east of the railway",
    "trenches_west": "the trenches west of the railway", "highway": "the Leningrad-Moscow highway",
    "potrolovo": "Potrolovo", "mondolovo": "Mondolovo", "samsonovka": "Samsonovka", "raikolovo": "Raikolovo",
    "iam_izhora": "Iam Izhora", "city_building_west_map": "the city and building hexes of map A",
    "city_building_south_of_trenches": "the city and building hexes south of the trenches",
    "city_south_of_trenches_west_of_izhora": "the city hexes south of the trenches and west of the Izhora",
    "southeast_exit": "the south-east exit hexes", "s7_708_region": "the 708th Regiment's ground",
    "s8_708_region": "the 708th Regiment's ground",
}


def feature_words(name: str) -> str:
    """A place of an order or a victory condition in words: ``krasni_bor`` → "Krasni Bor"; hex ids
    joined by '+' as a list of hexes."""
    if name in FEATURE_WORDS:
        return FEATURE_WORDS[name]
    if "+" in name or any(c.isdigit() for c in name):
        return "hexes " + name.replace("+", ", ") if "+" in name else f"hex {name}"
    return name.replace("_", " ")


def formations_words(members: str) -> str:
    """Formations of an order (``43+72``, ``armour``, companies) in words: "the 43rd and 72nd Divisions"."""
    parts = [m for m in members.split("+") if m]
    named = [f"{m}{_ordinal(m)} Division" if m.isdigit() else ("tank units" if m == "armour" else m)
             for m in parts]
    if len(named) > 1:
        return ", ".join(named[:-1]) + " and " + named[-1]
    return named[0] if named else members


def route_words(route: str, order_type: str) -> str:
    """What a route drawn for an order does (§16.6), for its consequence."""
    via = route.replace("+", ", ")
    if order_type in ("hasty_defense", "prepared_defense"):
        return (f"; its arrow runs via {via}: its units may also hold within 3 hexes of that line, not only of "
                "the objective")
    return (f"; its arrow runs via {via} to the objective: its units advance along it and may step up to 1 hex "
            "off the line (to a breach, a firing position) or fall back within that corridor; elsewhere they "
            "may not fall back along the arrow")


def _ordinal(n: str) -> str:
    k = int(n)
    return "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")


def prep_box_label(value: str) -> str:
    """``122mm_1-0600`` → "122 mm battery 1, 0600"; ``none`` → "close this box"."""
    if value == "none":
        return "close this box"
    col, _, tm = value.rpartition("-")
    kind, _, num = col.partition("_")
    name = COLUMN_NAMES.get(kind, kind)
    return f"{name}{' battery ' + num if num else ''}, {tm}" if tm else value


def choice_label(what: str, value: str) -> str:
    """An option of the owner's choices inside a fire, in words:
    ``overwatch B16.28:14-262-AT752`` → "B16.28: 14-262-AT752 fires at it (point fire)"."""
    if value in ("none", "stop"):
        return {"overwatch": "no (more) overwatch", "return_fire": "no return fire",
                "advance": "stop: the rest stay"}.get(what, value)
    if what == "loss":
        return f"{value} loses the step"
    if what == "retreat":
        return f"retreat ends in {value}"
    if what == "air":
        return f"the sortie attacks {value}"
    if what == "advance":
        return f"{value} advances into the hex"
    if what == "overwatch":
        hx, _, how = value.partition(":")
        return f"{hx}: area fire at it" if how == "area" else f"{hx}: {how} fires at it (point fire)"
    if what == "return_fire":
        a, _, b = value.partition(">")
        return f"from {a} at {b}"
    return value


def order_label(a: Any) -> str:
    """``order draw attack trenches 43+72`` → "draw an order: Attack on the trench line for the 43rd
    Division and 72nd Division"."""
    args = list(a.args)
    op = a.op
    via = f", by the arrow via {args[4].replace('+', ', ')}" if len(args) == 5 else ""
    if op == "draw" and len(args) in (3, 5):
        return (f"draw an order: {TYPE_WORDS.get(args[0], args[0])} on {feature_words(args[1])} "
                f"for the {formations_words(args[2])}{via}")
    if op == "set" and len(args) in (3, 5):
        return (f"set an implemented order: {TYPE_WORDS.get(args[0], args[0])} on {feature_words(args[1])} "
                f"for the {formations_words(args[2])}{via}")
    if op == "roll" and args:
        return f"roll to implement {args[0]}" + (f" (battalion {args[1]} goes)" if len(args) > 1 else "")
    if op == "cancel" and args:
        return f"cancel {args[0]}"
    if op == "german" and len(args) == 3:
        return (f"{args[0].replace('+', ', ')}: instant {TYPE_WORDS.get(args[1], args[1])} order on "
                f"{feature_words(args[2])}")
    if op == "spanish" and len(args) == 2:
        return (f"Spanish reinforcements: instant {TYPE_WORDS.get(args[0], args[0])} order on "
                f"{feature_words(args[1])}")
    if op == "assign" and len(args) == 2:
        return f"the 289 AT Regiment to the {formations_words(args[1])}"
    if op == "battery" and args:
        return "release " + args[0].replace("+", " and ")
    if op == "dora" and args:
        return f"Dora's next shot on {args[0]}"
    return " ".join([op, *args])


# The owner's choices inside a fire are ``choices.CHOICES``; these are the other named choices
# and the verbs: what -> (title, rule, help).
CHOICE_WORDS: dict[str, tuple[str, str, str]] = {
    "prep-box": ("Open a Prep box to change its target", "2.4",
                 "then click a hex of the play area, or a target button"),
    "prep_log": ("Prep Log: the opening bombardment's targets", "2.4",
                 "the historical targets, or change them box by box"),
    "commissars": ("Commissars: a step lost instead of Suppressed (a standing choice)", "2.2a",
                   "on: a Soviet hex that would be Suppressed loses one more step instead and fights on; off: "
                   "Suppressed results stand. It stays as set until you change it"),
    "trench_syr": ("Units in trenches: Paralyzed instead of the SYR roll (a standing choice)", "1.3d",
                   "SYR is the morale result past Paralyzed: each unit rolls to retreat two hexes, lose a step or "
                   "break up. A unit in a trench hex may take Paralyzed instead. It stays as set until you change it"),
    "release": ("Release a reserve company", "§16.8",
                "one die per company: on 4-6 it is released and may move and fire from now on"),
    "consolidate": ("Consolidate two reduced platoons", "2.2c",
                    "two identical reduced platoons of one battalion become one unit with their steps together"),
    "first": ("Who acts first this turn", "§3.3", "the initiative winner picks which side's Action Phase comes first"),
    "call": ("Call an artillery mission (spotter → battery, target)", "2.3, 3.2",
             "HE, smoke or illumination; a spotter needs sight of the target hex"),
    "assign": ("Assign the 289 AT Regiment", "2.3a", "before play: only that division's FOs may call it"),
    "battery": ("German batteries released", "3.5, 3.5a", "a German reinforcement result spent on these batteries"),
    "dora": ("Plot Dora's next shot", "4.7",
             "the 800 mm gun fires at the next hour's Axis Action Phase; the target never changes, the shot "
             "scatters, then leaves Level 2 smoke"),
    "order": ("Orders: draw, roll to implement, cancel", "§16",
              "an order gives its units a type and an objective; it implements on the Command Prep Table (d66) "
              "after its weighted turns"),
    "pfa": ("Point fire at a unit", "§9", "a gun or vehicle fires at one spotted unit: to-hit roll, then the AT roll"),
    "assault": ("Assault an adjacent hex", "§11.1",
                "Move Mode units go in: both sides fire, both check morale; the attackers take the hex if they "
                "hold and the defenders break"),
    "breach": ("Breach the wire", "1.4b",
               "infantry next to the wire since the phase began spends its move entering it"),
    "mode": ("Change mode", "§5", "Move Mode moves and assaults; Fire Mode fires and spots"),
    "manhandle": ("Man-handle a gun", "1.1e", "a tow-only unit is pushed into or out of the Hospital"),
    "load": ("Load riders", "1.11b", "infantry climbs on a vehicle in its hex; loading costs half the MA"),
    "unload": ("Unload riders", "1.11b", "the riders get off in the vehicle's hex; unloading costs half the MA"),
    "exit": ("Leave the map", "5.0", "from the edge row, paying one MP; it counts for the scenario's exit conditions"),
}


# What each of those decisions asks of the player, in a sentence ({side}: the player's side).
CHOICE_PROMPTS: dict[str, str] = {
    "prep-box": "{side} player: you may open a box of the Prep Log to aim its fire at another hex.",
    "prep_log": "{side} player: keep the Prep Log's historical targets, or change them box by box, then end the "
                "phase.",
    "commissars": "{side} player: commissars on or off: on, a Suppressed hex loses one more step instead.",
    "trench_syr": "{side} player: your units in trench hexes may take Paralyzed instead of rolling on the SYR "
                  "table.",
    "release": "{side} player: you may roll to release a reserve company (4-6 releases it).",
    "consolidate": "{side} player: you may join two reduced platoons of a battalion into one.",
    "first": "{side} player: you won the initiative: pick whose Action Phase comes first this turn.",
    "call": "{side} player: you may call an artillery mission: a spotter, a battery, a target and its ammunition.",
    "assign": "{side} player: assign the 289 AT Regiment to one division.",
    "battery": "{side} player: spend the German reinforcement result on these batteries, or not.",
    "dora": "{side} player: plot Dora's next shot: the hex it fires at in the next hour's Axis Action Phase.",
    "order": "{side} player: draw an order for a formation, roll to implement one being prepared, or cancel one.",
    "pfa": "{side} player: a gun or vehicle may fire at one spotted unit (to-hit roll, then the AT roll).",
    "assault": "{side} player: Move Mode units may assault an adjacent hex.",
    "breach": "{side} player: infantry next to the wire since the phase began may breach it.",
    "mode": "{side} player: switch a unit between Move Mode and Fire Mode (half its MA).",
    "manhandle": "{side} player: a gun that can only be towed may be pushed into or out of the Hospital.",
    "load": "{side} player: infantry may climb onto a vehicle in its hex.",
    "unload": "{side} player: riders may get off their vehicle.",
    "exit": "{side} player: a unit on the map's edge may leave it, which counts for the scenario's exits.",
}


def prep_choice_words(what: str) -> tuple[str, str, str] | None:
    """``prep-<column>-<time>``: the target of one Prep box."""
    if what.startswith("prep-") and what != "prep-box":
        return (f"Target of {prep_box_label(what[5:])}", "2.4", "click a hex of the play area on the map")
    return None


def choice_words(what: str) -> dict[str, str]:
    """Title, rule and help of a named choice or verb ({} for one this module does not know)."""
    got = CHOICE_WORDS.get(what) or prep_choice_words(what)
    if got is None:
        return {}
    prompt = CHOICE_PROMPTS.get(what) or ("{side} player: pick the hex this Prep box fires at."
                                          if what.startswith("prep-") else "")
    return {"title": got[0], "rule": got[1], "help": got[2], **({"prompt": prompt} if prompt else {})}


def label(action: Action) -> str | None:
    """An option's label in words (None: the generic one will do)."""
    if isinstance(action, Choose):
        value = str(action.value)
        if action.what == "prep-box":
            return prep_box_label(value)
        if action.what.startswith("prep-"):
            return f"target {value}"
        if action.what == "trench_syr":
            return {"p": "switch to: Paralyzed instead of the SYR roll",
                    "syr": "switch to: keep the SYR roll"}.get(value)
        if action.what == "commissars":
            return f"switch commissars {value}"
        if action.what == "prep_log" and value == "historical":
            return "keep the historical log"
        if action.what in ("loss", "retreat", "overwatch", "return_fire", "air", "advance"):
            return choice_label(action.what, value)
        if action.what == "first":
            return f"the {value.capitalize()} Action Phase first"
        if action.what == "breach":
            return f"breach the wire in {value}"
        if action.what == "release":
            return f"try to release {value}"
        if action.what == "consolidate":
            keep, _, gone = value.partition("+")
            return f"{gone} joins {keep}"
        return None
    name = type(action).__name__
    if name in ("OrderAct", "Assign289", "BatteryRelease", "DoraPlot"):
        return order_label(action)
    if name == "Call":
        c: Any = action
        extra = (" fast" if c.fast else "") + (f", TRP {hex_name(c.trp)}" if c.trp else "")
        return f"{c.spotter} → {c.artillery} on {hex_name(c.target)}, {c.ammo.upper()}{extra}"
    if name == "Mode":
        m: Any = action
        return f"{m.unit} to {m.mode.capitalize()} Mode"
    if name == "PointFire":
        p: Any = action
        return f"{p.firer} fires at {p.target}"
    if name == "Assault":
        s: Any = action
        return f"{hex_name(s.target)} by {', '.join(s.units)}"
    if name == "Breach":
        b: Any = action
        return f"{b.unit} breaches {hex_name(b.hex)}"
    if name == "Exit":
        e: Any = action
        return (f"{e.unit}: move to {hex_name(e.path[-1])} ({len(e.path)} hex(es)) and exit" if e.path
                else f"{e.unit}: exit the map here")
    return None


# The words of the decisions the shared action kinds and the pending choices stand for
# (``GameEntry.steps``): title, rule, help and the prompt with ``{side}`` and ``{hex}``.
STEPS = (
    StepInfo("move", "Move a unit", "§7",
             "A unit in Move Mode spends MP hex by hex; from Fire Mode it first pays half its MA (§5). Enemy "
             "Fire Mode stacks that spot it may fire overwatch at each hex it enters (§10)."),
    StepInfo("attack", "Area fire (SFA) at a spotted hex", "§8.2",
             "The Fire Mode units of one hex fire at a hex with a spotted enemy: firepower gives the Area Fire "
             "Table column, shifts move it, two dice give the result, then the hex checks morale."),
    StepInfo("place", "Set up a unit", "1.10f", "Each Axis unit sets up in its area, Dug In."),
    StepInfo("remove", "Pick a unit up again", "1.10f", "A trench hex is still uncovered: a placed unit goes back."),
    StepInfo("restore", "Return Battalion: a step back", "3.4", "Spanish infantry that lost steps gets one back."),
    StepInfo("choose:loss", "Step loss", "§8.4",
             prompt="{side} player: fire hit your units ({hex}): pick the unit that gives up the next step."),
    StepInfo("choose:retreat", "Retreat", "§12.5",
             prompt="{side} player: your unit in {hex} retreats two hexes: pick where it ends."),
    StepInfo("choose:overwatch", "Overwatch", "§10",
             prompt="{side} player: an enemy unit moved into {hex}: pick a stack to fire at it, or none."),
    StepInfo("choose:return_fire", "Return fire", "§10",
             prompt="{side} player: answer a stack that fired overwatch with one of your Fire Mode stacks, or none."),
    StepInfo("choose:air", "Air target", "1.9", prompt="{side} player: pick the hex your air sortie attacks."),
    StepInfo("choose:advance", "Advance after assault", "§11.1",
             prompt="{side} player: the assault took {hex}: pick a unit to advance into it, or stop."),
)
