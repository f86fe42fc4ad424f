"""What a newcomer reads, in every game (issue 17): each decision met in the golden-record games
has a plain title and prompt and, for every option, its consequence (or the refusal of an option
the rules list but do not allow now); no text a player is shown — decisions, previews, refusals,
phase and step lines, the victory standing, results tables — carries an internal id (a
snake_case word, a ``KP-`` rule-case id) once the game has put it in the player's words
(``Game.for_player``).

The games are the golden records (``tests/records/games``), replayed action by action; the
decisions are worked out where the action taken is of a kind (decision key and battle step) not
met before in that record, so every kind the records play is walked once, and the refusals are
those of actions taken elsewhere in the record, checked at positions where they do not fit.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import hexwar
import hexwar.games
from hexwar.core import actions as A
from hexwar.core.actions import parse_action
from hexwar.core.decisions import decision_key
from hexwar.core.record import read_record

RECORDS = sorted((Path(__file__).resolve().parent / "records" / "games").glob("*.yaml"))
# The long records add nothing the shorter ones of their game do not walk.
SKIP = ("black-wednesday-s5-", "black-wednesday-s2-", "black-wednesday-s4-", "battle-for-kursk-full-")
WALKED = [p for p in RECORDS if not p.name.startswith(SKIP)]

SNAKE = re.compile(r"(?<![\w.-])[a-z]+(?:_[a-z0-9]+)+(?![\w-])")  # krasni_bor, prep_log, soviet_army
KP_ID = re.compile(r"\bKP-[A-Z]")
BARE = re.compile(r"^[a-z_:.-]+$")  # "choose:objective", "decide", "verb:breach"


def internal_ids(text: str) -> list[str]:
    """The internal ids in a text shown to a player."""
    return SNAKE.findall(text) + KP_ID.findall(text)


def test_internal_ids_are_found_and_plain_words_are_not():
    assert internal_ids("orders on krasni_bor (KP-ZOC)") == ["krasni_bor", "KP-Z"]
    assert internal_ids("Attack on Krasni Bor for the 43rd Division (§16.2); 122 mm battery 1, 0600") == []
    assert internal_ids("1-I-262-Inf1 sets up in B16.28, Dug In (1.10f, §5)") == []


class Walk:
    """What one record shows: decisions at the first position of each kind, refusals, phases."""

    def __init__(self, path: Path) -> None:
        data = read_record(path)
        self.game_id = data["game"]
        g = hexwar.open_game(data["game"], data["scenario"], seed=data["seed"], options=data["options"])
        self.decisions = []  # (where, Decision)
        self.shown: list[tuple[str, str]] = []  # (where, text a player reads)
        self.refusals = []
        seen: set[str] = set()
        taken = [parse_action(t) for t in data["actions"]]
        for i, a in enumerate(taken):
            kind = decision_key(a) + "|" + g.stage()[0]
            where = f"{path.stem} action {i + 1} ({a.notation()})"
            if kind not in seen:
                seen.add(kind)
                self._look(g, where, seen, taken[i + 1: i + 40])
            g.apply(a)

    def _look(self, g, where: str, seen: set[str], later) -> None:
        say = g.for_player
        for d in g.decisions():
            seen.add(d.key + "|" + d.stage)
            self.decisions.append((where, d))
            self.shown += [(where, say(x)) for x in (d.title, d.prompt, d.help, d.rule) if x]
            for o in d.options[:40]:
                self.shown.append((where, say(o.label)))
                if o.consequence is not None:
                    self.shown.append((where, say(str(o.consequence))))
                if o.refusal is not None:
                    self.shown.append((where, say(str(o.refusal))))
        ph = g.phase()
        self.shown += [(where, say(x)) for x in (ph.name, ph.rule, *ph.help) if x]
        self.shown += [(where, say(str(ln))) for ln in g.standing()]
        legal = set(g.legal_actions())
        for a in later:  # actions of later positions, checked here: the refusals a player meets
            if a not in legal:
                why = g.check(a)
                if why is not None:
                    self.refusals.append((where, why))
                    self.shown.append((where, say(str(why))))
        for a in list(legal)[:200]:
            p = g.preview(a) if isinstance(a, (A.Attack, A.Resolve, A.Roll)) else None
            if p is not None:
                self.shown += [(where, say(x)) for x in (p.title, p.figure, p.note) if x]
                self.shown += [(where, say(f"{ln.text} ({ln.rule}) {ln.value}")) for ln in p.lines]
                self.shown += [(where, say(f"{o.code}: {o.text} ({o.rule})")) for o in p.outcomes]
                t = g.result_table(a)
                if t is not None:
                    self.shown += [(where, say(x)) for x in (t.title, t.rule, t.note, *t.columns) if x]
                break


_WALKS: dict[Path, Walk] = {}


def walk(path: Path) -> Walk:
    if path not in _WALKS:
        _WALKS[path] = Walk(path)
    return _WALKS[path]


@pytest.mark.parametrize("path", WALKED, ids=[p.stem for p in WALKED])
@pytest.mark.sweep
def test_every_decision_has_plain_words_and_every_option_its_consequence(path):
    w = walk(path)
    assert w.decisions, "the record raises no decision"
    side_words = {s.name for s in hexwar.games.entry(w.game_id).sides}
    for where, d in w.decisions:
        assert not BARE.match(d.title) and len(d.title.split()) >= 1 and d.title[:1].isupper(), (where, d.title)
        assert not d.title.lower().startswith("decide"), (where, d.title)
        assert any(d.prompt.startswith(f"{s} player") for s in side_words) or d.side is None, (where, d.prompt)
        assert "{" not in d.prompt and " in ." not in d.prompt and not d.prompt.endswith(" ."), (where, d.prompt)
        for o in d.options:
            assert o.consequence is not None or o.refusal is not None, (where, d.key, o.label)
            assert o.label.strip(), (where, d.key)


@pytest.mark.parametrize("path", WALKED, ids=[p.stem for p in WALKED])
def test_no_internal_id_in_what_a_player_reads(path):
    w = walk(path)
    bad = [(where, text, internal_ids(text)) for where, text in w.shown if internal_ids(text)]
    assert not bad, bad[:5]


def test_the_walk_meets_refusals_and_every_game():
    """The scan above reads refusals as well as decisions, in every registered game."""
    games = {walk(p).game_id for p in WALKED}
    assert games == set(hexwar.games.game_ids())
    assert sum(len(walk(p).refusals) for p in WALKED) > 20


# --- no action notation in a refusal ----------------------------------------------------------
# "soviet|axis", "<company>": the notation of an action, not words.
NOTATION = re.compile(r"\w ?\| ?\w|<[a-z][a-z_-]*>")


def notation_in(text: str, legal=()) -> list[str]:
    """Action notation in a text a player reads: alternatives joined by "|", "<placeholders>",
    or the notation of an action legal at that position ("choose first soviet")."""
    found = NOTATION.findall(text)
    found += [n for n in (a.notation() for a in legal) if len(n.split()) > 1 and n in text]
    return found


def test_notation_is_found_and_words_are_not():
    assert notation_in("choose who acts first (choose first soviet|axis)", [A.Choose("first", "soviet")]) \
        == ["t|a", "choose first soviet"]
    assert notation_in("release reserves (choose release <company>)") == ["<company>"]
    assert notation_in("first choose who acts first this turn: the Soviet or the Axis player") == []


@pytest.mark.parametrize("path", WALKED, ids=[p.stem for p in WALKED])
def test_no_action_notation_in_a_refusal(path):
    """Every refusal a record's walk meets is in words, not in the notation of actions."""
    w = walk(path)
    bad = [(where, str(why), notation_in(str(why))) for where, why in w.refusals if notation_in(str(why))]
    assert not bad, bad[:5]


def test_black_wednesday_initiative_refusal_is_in_words():
    """§3.3: ending the Initiative phase without choosing is refused in words (it said
    "choose first soviet|axis"), and the words the client shows pass through for_player."""
    path = next(p for p in RECORDS if p.name.startswith("black-wednesday-s1-"))
    data = read_record(path)
    g = hexwar.open_game(data["game"], data["scenario"], seed=data["seed"], options=data["options"])
    for t in data["actions"]:
        if g.phase().id == "initiative":
            break
        g.apply(parse_action(t))
    assert g.phase().id == "initiative"
    why = g.check(A.EndPhase())
    assert why is not None and why.rule == "§3.3"
    text = g.for_player(str(why))
    assert not notation_in(text, g.legal_actions()), text
    assert "Soviet" in text and "Axis" in text


# --- refusals that say which units go where and which requirement fails (Kiev 6.0) -----------
def _kiev_after_soviet_setup():
    g = hexwar.open_game("objective-kiev", seed=1)
    while g.phase().id == "soviet_setup":
        g.apply(g.legal_actions()[0])
    return g


def test_kiev_black_cross_refusal_names_the_units_of_romania():
    """6.0 steps 7-8: G-IV on a black cross in Romania is refused, naming Poland's crosses for it
    and the four units Romania's crosses take."""
    g = _kiev_after_soviet_setup()
    rom = g.rules._area_hexes["axis-romania"][0]
    why = g.check(A.Place("G-IV", rom))
    assert why.rule == "6.0"
    assert why.reason == ("G-IV sets up on the black crosses in Poland (6.0 step 8); the black crosses in Romania "
                          "(6.0 step 7) take G-LIV, G-XI, G-XXX and R-3")


def test_kiev_setup_refusal_names_the_requirement_that_would_fail():
    """6.0 steps 3-4: with four armies on the front line, a fifth there would leave the two
    army-symbol hexes with one army to fill them: the refusal says so."""
    g = hexwar.open_game("objective-kiev", seed=1)
    stars = g.rules._area_hexes["soviet-front-line"]
    placed = 0
    for uid in ("SU-5A", "SU-6A", "SU-12A", "SU-26A"):
        h = next(h for h in stars if g.check(A.Place(uid, h)) is None)
        g.apply(A.Place(uid, h))
        placed += 1
    why = next(w for h in stars if (w := g.check(A.Place("SU-9A", h))) is not None and "could not" in w.reason)
    assert why.rule == "6.0"
    assert why.reason.endswith("2 of the army-symbol hexes would still need a unit and only 1 of the Soviet armies "
                               "would be left to fill them (6.0 step 3)")


def test_kasserine_retreat_names_the_retreating_side_and_its_hex():
    """Explanation of Results (A BACK, D BACK): the retreat is asked of the side whose units go
    back, at the hex they stand in: never "the defender in ." for an attacker's retreat."""
    data = read_record(RECORDS[0].parent / "kasserine-pass-standard-11.yaml")
    g = hexwar.open_game(data["game"], data["scenario"], seed=data["seed"], options=data["options"])
    seen = set()
    for t in data["actions"]:
        kind, where = g.stage()
        if kind == "retreat":
            d = g.decision("retreat")
            units = {o.action.unit for o in d.options}
            sides = {g.view(None)["units"][[u["id"] for u in g.view(None)["units"]].index(x)]["side"] for x in units}
            assert sides == {d.side} and where and f"at {where}." in d.prompt, d.prompt
            assert d.prompt.startswith(f"{hexwar.games.entry('kasserine-pass').side_name(d.side)} player: ")
            seen.add("attacker" if d.side == g.phase().side else "defender")
        g.apply(parse_action(t))
    assert seen == {"attacker", "defender"}
