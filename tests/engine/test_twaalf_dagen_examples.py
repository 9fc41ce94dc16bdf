"""The twaalf-dagen rulebook examples: what only this game's examples must show.

Each example comes from a game record pinned in ``cardspecs/twaalf-dagen/examples/``.
What every game's examples must satisfy (the record replays legally, every
sentence makes a claim and every claim holds, broken pinned files are located
errors, the base kit's examples) is ``tests/engine/test_example_contract.py``.
Every sentence is told from one engine event and claims that its action caused it
(:class:`~pnp.story.told.Happened`), with the facts it states beyond the event; the
story's :class:`~pnp.story.told.EventChecks` replay the record to confirm both. Here:
sentences say what their events say, the pictures, the rule checklist (TD-B2 .. TD-K1),
the finder, and teeth: every claim falsified is refused, and broken pinned files and
phrase files are errors.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pnp.base.errors import PnpError
from pnp.catalog.project import load_game
from pnp.engine.core import Event, GameRecord
from pnp.example_model import CardPicture, Example, Step
from pnp.games.twaalf_dagen.kit.spec_config import config_from_spec
from pnp.games.twaalf_dagen.rules.actions import Action
from pnp.games.twaalf_dagen.rules.config import TwaalfDagenConfig
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from pnp.games.twaalf_dagen.rules.events import (
    CardsReturned,
    GameEnded,
    GiftEarned,
    GiftGiven,
    GiftNotGiven,
    HandWon,
    Passed,
    Played,
    TrickWon,
)
from pnp.games.twaalf_dagen.rules.state import TwaalfDagenState
from pnp.games.twaalf_dagen.story.examples import ROWS, STORY, Row
from pnp.kit.examples import game_examples
from pnp.spec.model import GameSpec
from pnp.story import Replay, load_phrases
from pnp.story.claims import Checks
from pnp.story.pinned import pinned_path
from pnp.story.search import RowUnder, story_search
from pnp.story.told import Happened
from tests.dutch_words import PLURALS, WORDS
from tests.engine.registered import broken_phrase_file_error, claim_of, fact

SEPARATOR = " · "
TwaalfDagenReplay = Replay[TwaalfDagenConfig, TwaalfDagenState, Action]


@cache
def spec() -> GameSpec:
    """The real spec tables."""
    return load_game("twaalf-dagen").spec


@cache
def all_examples() -> tuple[Example, ...]:
    """Every example (the ``kort`` kit shows the base game's examples too)."""
    return tuple(game_examples(spec(), ("kort",)))


def example(example_id: str) -> Example:
    """One example by id."""
    return next(e for e in all_examples() if e.id == example_id)


def pinned_file(ex: Example) -> Path:
    """The pinned file named first in the example's source."""
    return spec().folder / ex.source.split(SEPARATOR)[0]


def record_of(ex: Example) -> GameRecord:
    """The pinned game record of an example."""
    return GameRecord.from_dict(json.loads(pinned_file(ex).read_text(encoding="utf-8")))


def game_of(ex: Example) -> TwaalfDagenReplay:
    """The pinned game of an example, to replay on fresh states."""
    record = record_of(ex)
    return Replay(ENGINE, config_from_spec(spec(), record.variants), record)


def checks() -> Checks[TwaalfDagenReplay]:
    """The story's claim checks."""
    assert STORY.checks is not None
    return STORY.checks


def names_in_order() -> tuple[str, ...]:
    """The player names of the phrase file, the leader's first."""
    return load_phrases(spec()).names


def has_word(text: str, word: str) -> bool:
    """``word`` occurs in ``text`` as a whole word."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def card_words(cards: Sequence[int]) -> list[str]:
    """The words a sentence about ``cards`` must contain: card values in digits, a set
    counted in words with the number's plural ("vier elven")."""
    if len(cards) == 1:
        return [str(cards[0])]
    if len(set(cards)) == len(cards):
        return [str(c) for c in cards]
    return [WORDS[len(cards)], PLURALS[cards[0]]]


def steps_with_claims() -> list[tuple[Example, Step]]:
    """Every step of every example."""
    return [(ex, step) for ex in all_examples() for step in ex.steps]


def step_id(item: tuple[Example, Step]) -> str:
    """A readable test id."""
    ex, step = item
    claim = claim_of(step)
    return f"{ex.id}:{claim.key}@{claim.at}"


def seat_names(ex: Example) -> dict[int, str]:
    """Seat -> name: the leader of the focus trick gets the first name, then clockwise."""
    leader = next(c.event.seat for c in events(ex, Played) if c.event.lead)  # type: ignore[attr-defined]
    n = record_of(ex).num_players
    return {(leader + k) % n: names_in_order()[k] for k in range(n)}


def events(ex: Example, kind: type[Event]) -> list[Happened]:
    """The claims of ``ex`` whose event is of type ``kind``."""
    return [c for s in ex.steps if isinstance((c := claim_of(s)).event, kind)]


def tied(won: Happened) -> list[int]:
    """The seats that played the trick's low card before its winner did (TD-B4)."""
    holders = list(fact(won, "low_holders"))
    seat = won.event.seat  # type: ignore[attr-defined]
    return holders[: holders.index(seat)] if seat in holders else holders


# ---------------------------------------------------------------------------
# Sentences agree with their events


def expected_words(ex: Example, claim: Happened) -> list[str]:
    """Names and Dutch number words the sentence of ``claim`` must contain."""
    names, e = seat_names(ex), claim.event
    if isinstance(e, Played):
        words = [names[e.seat], *card_words(e.cards)]
        if claim.key in ("respond_tie", "respond_higher"):
            words.append(names[fact(claim, "lowest_so_far")[1]])
        if claim.key.startswith("answer_"):
            low = min(fact(claim, "lead"))
            words += ["lage kaart", *[str(n) for n in e.cards if n > low]]
        return words
    if isinstance(e, CardsReturned):
        return [names[e.seat], *card_words(e.cards)]
    if isinstance(e, Passed) and e.forced:
        held = fact(claim, "held_not_low_enough")
        return [names[e.seat], "passen", *(card_words(held) if held else [])]
    if isinstance(e, Passed) and claim.key == "keep_straight":
        options = [w for o in fact(claim, "responses") for w in card_words(o)]
        return [names[e.seat], "past", *[str(n) for n in fact(claim, "keeps")], *options]
    if isinstance(e, Passed):
        return [names[e.seat], "past"]
    if isinstance(e, TrickWon):
        return [names[e.seat], str(e.low), "wint", *[names[s] for s in tied(claim)]]
    if isinstance(e, HandWon):
        left = [w for s, k in enumerate(e.cards_left) if s != e.seat for w in (names[s], WORDS[k])]
        return [names[e.seat], "wint", "ronde", *left]
    if isinstance(e, GiftEarned):
        return [names[e.seat], "geschenk", *([WORDS[e.supply]] * bool(e.supply))]
    if isinstance(e, GiftGiven):
        return [names[e.giver], names[e.receiver], WORDS[e.cards_left], "geschenk"]
    if isinstance(e, GiftNotGiven):
        return [names[e.seat], WORDS[e.cards_left], "geen geschenk"]
    assert isinstance(e, GameEnded)
    winners = [names[s] for s in e.winners]
    top = WORDS[e.gifts[e.winners[0]]]
    return [*winners, top, "wint" if len(winners) == 1 else "winnen"]


# ---------------------------------------------------------------------------
# Tests


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_every_sentence_says_what_its_event_says(item: tuple[Example, Step]) -> None:
    """The sentence names the player(s), writes card values in digits and counts in words
    (GAMES.md, Words in the rulebooks)."""
    ex, step = item
    for word in expected_words(ex, claim_of(step)):
        assert has_word(step.text, word), f"{word!r} missing in {step.text!r}"
    values = {str(n) for n in range(1, 13)}
    assert set(re.findall(r"\d+", step.text)) <= values, "only card values are digits"
    assert not re.search(r"\d+ (?:kaart|kaarten|geschenk|geschenken)\b", step.text), (
        "counts are written out"
    )


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_pictures_show_the_cards_of_each_sentence(ex: Example) -> None:
    """Plays and take-backs show each card (its spec row); gifts changing hands show a gift;
    what the rules did by themselves is marked as such, as the event is."""
    rows = {row.number("number"): row.id for row in spec().component("deck").rows}
    gift = CardPicture("gifts", spec().component("gifts").rows[0].id)
    for step in ex.steps:
        e = claim_of(step).event
        if isinstance(e, Played | CardsReturned):
            assert step.cards == tuple(CardPicture("deck", rows[n]) for n in e.cards)
        elif isinstance(e, GiftEarned | GiftGiven):
            assert step.cards == (gift,)
        else:
            assert step.cards == ()
        assert step.automatic == e.automatic, step.text


def _won(ex: Example) -> Happened:
    (won,) = events(ex, TrickWon)
    return won


def _first(ex: Example) -> int:
    return min(claim_of(s).at for s in ex.steps)


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_each_player_action_of_the_trick_has_one_sentence(ex: Example) -> None:
    """The focus trick is told completely, in order, from its lead to the action that wins it."""
    won, first = _won(ex), _first(ex)
    moves = [claim_of(s).at for s in ex.steps if not s.automatic]
    assert moves == list(range(first, won.at + 1))
    game = game_of(ex)
    assert won.at == len(game.record.actions) - 1, "the record ends with the focus trick"
    leader = game.state_after(first).current_player()
    assert game.state_after(first).is_leading
    assert seat_names(ex)[leader] == names_in_order()[0]


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_intro_shows_the_hands_at_the_start_of_the_trick(ex: Example) -> None:
    """The intro lists every player's cards as they are when the focus trick starts."""
    game = game_of(ex)
    state = game.state_after(_first(ex))
    names = seat_names(ex)
    shown = dict(re.findall(r"(\w+): (\d+(?: \d+)*)", ex.intro))
    assert shown == {
        names[s]: " ".join(map(str, state.hand_cards(s))) for s in range(game.record.num_players)
    }
    assert f"{names[state.current_player()]} komt uit" in ex.intro


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_gift_changes_are_all_told(ex: Example) -> None:
    """TD-B6: every gift that moves in the focus trick is one sentence; the totals agree."""
    won = _won(ex)
    game = game_of(ex)
    before, after = game.state_after(won.at), game.state_after(won.at + 1)
    delta = [0] * game.record.num_players
    for step in ex.steps:
        e = claim_of(step).event
        if isinstance(e, GiftEarned):
            delta[e.seat] += 1
        elif isinstance(e, GiftGiven):
            delta[e.giver] -= 1
            delta[e.receiver] += 1
    assert [a - b for a, b in zip(after.gifts, before.gifts, strict=True)] == delta
    if ex.outro:
        names = seat_names(ex)
        shown = dict(re.findall(r"(\w+) (\d+)", ex.outro))
        assert shown == {names[s]: str(g) for s, g in enumerate(after.gifts)}


def claims_of(example_id: str, key: str) -> list[Happened]:
    """The claims of an example told with phrases starting with ``key``."""
    return [c for s in example(example_id).steps if (c := claim_of(s)).key.startswith(key)]


def test_td_b2_b3_worked_trick_as_in_the_rule_checklist() -> None:
    """TD-B2/TD-B3/TD-B4: four 11s led, two 8s in reply, a player who cannot respond
    (a set, but not low enough), a player who passes to keep a straight; the 8s win."""
    ex = example("slag-met-elven")
    assert set(ex.rules) >= {"TD-B2", "TD-B3", "TD-B4"}
    (lead,) = claims_of(ex.id, "lead")
    (reply,) = claims_of(ex.id, "respond_")
    (cannot,) = claims_of(ex.id, "cannot_")
    (keeper,) = claims_of(ex.id, "keep_straight")
    won = _won(ex)
    assert isinstance(lead.event, Played) and lead.event.cards == (11, 11, 11, 11)
    assert isinstance(reply.event, Played) and reply.event.cards == (8, 8)
    assert reply.key == "respond_lowest"
    held = fact(cannot, "held_not_low_enough")
    assert isinstance(cannot.event, Passed) and cannot.event.forced and held and min(held) > 11
    assert isinstance(keeper.event, Passed) and not keeper.event.forced
    assert fact(keeper, "responses") and fact(keeper, "keeps")
    assert isinstance(won.event, TrickWon)
    assert won.event.seat == reply.event.seat and won.event.low == 8
    assert [reply.at, cannot.at, keeper.at] == [lead.at + 1, lead.at + 2, lead.at + 3]


def test_td_b3_a_straight_answered_by_a_straight() -> None:
    """TD-B2/TD-B3: a straight led and answered by a straight of another length that starts
    lower but reaches above the lead's low card; one card not higher is enough, and the
    sentence says so. The answer wins without a tie (the tie rule comes later in the book)."""
    ex = example("reeks-op-reeks")
    assert set(ex.rules) == {"TD-B2", "TD-B3"}
    (lead,) = claims_of(ex.id, "lead")
    (answer,) = claims_of(ex.id, "answer_")
    won = _won(ex)
    assert isinstance(lead.event, Played) and isinstance(answer.event, Played)
    assert isinstance(won.event, TrickWon)
    led, cards = lead.event.cards, answer.event.cards
    assert fact(answer, "lead") == led
    assert len(led) >= 3 and led == tuple(range(led[0], led[-1] + 1))
    assert min(cards) < min(led) < max(cards) and len(cards) != len(led)
    assert won.event.seat == answer.event.seat and not tied(won)
    step = next(s for s in ex.steps if s.claim is answer)
    assert "niet hoger dan de lage kaart" in step.text
    assert ("langer" if len(cards) > len(led) else "korter") in step.text


def _with_fact(claim: Happened, name: str, value: object) -> Happened:
    facts = tuple(dataclasses.replace(f, value=value) if f.name == name else f for f in claim.facts)
    return dataclasses.replace(claim, facts=facts)


def test_a_straight_answer_claim_with_the_wrong_lead_fails() -> None:
    """TD-B3: the claim of a straight answer checks the lead it says it answers."""
    (answer,) = claims_of("reeks-op-reeks", "answer_")
    game = game_of(example("reeks-op-reeks"))
    lead = fact(answer, "lead")
    for wrong in (lead[1:], (lead[0] - 1, *lead)):
        with pytest.raises(AssertionError, match="lead"):
            checks().check(game, _with_fact(answer, "lead", wrong))


def test_td_b4_tie_on_the_lowest_card() -> None:
    """TD-B4: two players play the same lowest card; the last of them wins the trick."""
    ex = example("gelijke-lage-kaart")
    assert "TD-B4" in ex.rules
    won = _won(ex)
    assert won.key == "trick_won_tie" and isinstance(won.event, TrickWon)
    assert tied(won) and won.event.seat not in tied(won)


def test_td_b5_last_cards_that_lose_go_back_into_the_hand() -> None:
    """TD-B5: a player's last cards do not win the trick, so they return to the hand."""
    ex = example("laatste-kaarten-terug")
    assert "TD-B5" in ex.rules
    (back,) = events(ex, CardsReturned)
    won = _won(ex)
    assert isinstance(back.event, CardsReturned) and isinstance(won.event, TrickWon)
    assert won.event.seat != back.event.seat and fact(won, "hand_size") > 0


def test_td_b6_gifts_change_hands_at_the_end_of_a_hand() -> None:
    """TD-B6: the hand's winner earns a gift; the most-cards players give one if they have one."""
    ex = example("geschenken-na-een-ronde")
    assert {"TD-B5", "TD-B6"} <= set(ex.rules)
    assert events(ex, HandWon) and events(ex, GiftEarned)
    assert events(ex, GiftGiven) and events(ex, GiftNotGiven)


def test_td_k1_short_game_example_only_in_the_short_kit() -> None:
    """TD-K1/TD-B7: the end of a short game appears only when ``kort`` is chosen."""
    base = [e.id for e in game_examples(spec(), ())]
    short = [e.id for e in game_examples(spec(), ("kort",))]
    assert "einde-kort-spel" not in base and "einde-kort-spel" in short
    assert base == [e for e in short if e != "einde-kort-spel"]
    ex = example("einde-kort-spel")
    assert ex.variants == ("kort",) and "TD-K1" in ex.rules
    (ended,) = events(ex, GameEnded)
    assert ended.event.rule_ids == ("TD-K1",)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.id)
def test_finder_reproduces_the_pinned_file_from_its_seed(row: Row) -> None:
    """The finder, searching the pinned seed, writes the pinned file byte for byte."""
    path = pinned_path(spec(), row.id, row.variants)
    seed = json.loads(path.read_text(encoding="utf-8"))["seed"]
    found = story_search(STORY).find_one(spec(), RowUnder(row, row.variants), [seed])
    assert found is not None
    pinned, result = found
    assert result.score == row.ideal, "the pinned trick has the ideal shape"
    assert pinned.to_json() == path.read_text(encoding="utf-8")


def falsified(claim: Happened, players: int) -> list[Happened]:
    """The same claim about the wrong player (or the wrong number where no player is named),
    one action later, and with each fact's value wrong."""
    e: Any = claim.event
    field = next((f for f in ("seat", "giver") if hasattr(e, f)), None)
    if field is not None:
        wrong_event = dataclasses.replace(e, **{field: (getattr(e, field) + 1) % players})
    else:
        wrong_event = dataclasses.replace(e, hands=e.hands + 1)
    wrong = [
        dataclasses.replace(claim, event=wrong_event),
        dataclasses.replace(claim, at=claim.at - 1),
    ]
    for f in claim.facts:
        value = f.value
        other = (
            (value + 1)
            if isinstance(value, int)
            else (*value, 1)
            if isinstance(value, tuple)
            else (1,)
        )
        wrong.append(_with_fact(claim, f.name, other))
    return wrong


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_a_false_claim_fails_its_check(item: tuple[Example, Step]) -> None:
    """The checks have teeth: the event about the next player (or a wrong count), at another
    action, or any fact with another value is refused."""
    ex, step = item
    game = game_of(ex)
    checks().check(game, step.claim)
    for wrong in falsified(claim_of(step), game.record.num_players):
        with pytest.raises(AssertionError):
            checks().check(game, wrong)


def test_a_reversed_tie_rule_would_be_caught() -> None:
    """TD-B4: claiming the *first* player of the low card wins the tie fails the check."""
    won = _won(example("gelijke-lage-kaart"))
    first = fact(won, "low_holders")[0]
    reversed_rule = dataclasses.replace(won, event=dataclasses.replace(won.event, seat=first))
    with pytest.raises(AssertionError, match="TrickWon"):
        checks().check(game_of(example("gelijke-lage-kaart")), reversed_rule)


def _tamper(folder: Path, edit: Callable[[dict[str, object]], None]) -> None:
    path = folder / "slag-met-elven.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _illegal_reply(data: dict[str, object]) -> None:
    actions = data["actions"]
    assert isinstance(actions, list) and actions[-3] == "8 8"
    actions[-3] = "12 12"  # not low enough: TD-B3


def _cut_short(data: dict[str, object]) -> None:
    actions = data["actions"]
    assert isinstance(actions, list)
    del actions[-1]


def _wrong_focus(data: dict[str, object]) -> None:
    data["focus"] = {"hand": 2, "trick": 1}


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("illegal", "no longer replays: action"),
        ("cut-short", "no longer replays"),
        ("wrong-focus", "is not in the record"),
    ],
)
def test_a_broken_pinned_file_is_a_clear_error(project_copy: Path, case: str, message: str) -> None:
    """A pinned file that no longer replays or lacks its focus names the file (no traceback);
    a missing, corrupt or foreign file is a case of the example contract."""
    folder = project_copy / "cardspecs" / "twaalf-dagen" / "examples" / "basis"
    edits = {"illegal": _illegal_reply, "cut-short": _cut_short, "wrong-focus": _wrong_focus}
    _tamper(folder, edits[case])
    copied = load_game("twaalf-dagen").spec
    with pytest.raises(PnpError) as caught:
        game_examples(copied, ())
    text = str(caught.value)
    assert re.match(r"cardspecs/twaalf-dagen/examples/basis/slag-met-elven\.json(:\d+)?: ", text), (
        text
    )
    assert message in text
    assert "Traceback" not in text and str(project_copy) not in text


PHRASE_LINE = 'lead = "{name} komt uit met {cards}; de lage kaart is {low}."'


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (None, r"voorbeelden\.toml: file not found"),
        ((PHRASE_LINE, ""), r"voorbeelden\.toml:\d+: no phrase 'lead' in \[phrases\]"),
        (
            (PHRASE_LINE, PHRASE_LINE.replace("{name}", "{naam}")),
            r"voorbeelden\.toml:\d+: phrase 'lead' uses \{naam\}, which is not given here "
            r"\(given: cards, low, name\)",
        ),
        ((PHRASE_LINE, 'lead = "{} komt uit."'), r"voorbeelden\.toml:\d+: phrase 'lead' has the"),
        ((PHRASE_LINE, 'lead = "{name komt uit."'), r"'lead' is not a valid format string"),
        (("[phrases]", "[phrases"), r"voorbeelden\.toml:\d+: invalid TOML"),
        (('"Gijs", "Hanna"]', '"Gijs", "Gijs"]'), r"voorbeelden\.toml:\d+: the player names must"),
        (("names = [", 'names = ["Anna"]\nx = ['), r"voorbeelden\.toml:\d+: unknown entry 'x'"),
        (('kaart = ["kaart", "kaarten"]', ""), r"voorbeelden\.toml:\d+: no noun 'kaart'"),
        (
            ('kaart = ["kaart", "kaarten"]', 'kaart = "kaart"'),
            r"'kaart' must be \[singular, plural",
        ),
    ],
    ids=[
        "missing-file",
        "missing-phrase",
        "unknown-placeholder",
        "positional-placeholder",
        "broken-braces",
        "not-toml",
        "same-names",
        "unknown-entry",
        "missing-noun",
        "bad-noun",
    ],
)
def test_a_broken_phrase_file_is_a_clear_error(
    project_copy: Path, edit: tuple[str, str] | None, message: str
) -> None:
    """The examples' Dutch lives in voorbeelden.toml: every mistake in it names file and line."""
    assert re.search(message, broken_phrase_file_error(project_copy, "twaalf-dagen", edit))


def test_the_short_game_shows_its_starting_gifts_and_its_end_after_three_hands() -> None:
    """TD-K1: a kort kit's first-hand examples say that everyone starts with one gift (the
    fresh state of the record agrees), the base kit's never do; its game ends after the
    third hand."""
    said = "Iedereen heeft al één geschenk"
    short = game_examples(spec(), ("kort",))
    first = [e for e in short if said in e.intro]
    assert first
    for example in first:
        record = record_of(example)
        state = Replay(ENGINE, config_from_spec(spec(), ("kort",)), record).state_after(
            len(record.actions)
        )
        assert state.hand_number == 1 and all(g == 1 for g in state.gifts)
    assert not [e for e in game_examples(spec(), ()) if said in e.intro]
    end = next(e for e in short if e.id == "einde-kort-spel")
    assert "na drie rondes" in end.steps[-1].text
