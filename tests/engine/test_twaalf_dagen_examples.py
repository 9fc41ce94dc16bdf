"""The twaalf-dagen rulebook examples: what only this game's examples must show.

Each example comes from a game record pinned in ``cardspecs/twaalf-dagen/examples/``.
What every game's examples must satisfy (the record replays legally, every
sentence makes a claim and every claim holds, broken pinned files are located
errors, the base kit's examples) is ``tests/engine/test_example_contract.py``,
with the claim checks of :mod:`~pnp.games.twaalf_dagen.example_checks` (fresh
engine states, no event log). Here: sentences say what their claims say, the
pictures, the rule checklist (TD-B2 .. TD-K1), the finder, and teeth: every
claim falsified is refused, and broken pinned files and phrase files are errors.
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
from pnp.engine.core import GameRecord
from pnp.example_model import CardPicture, Example, Step
from pnp.games.twaalf_dagen.engine import ENGINE
from pnp.games.twaalf_dagen.example_checks import TwaalfDagenReplay
from pnp.games.twaalf_dagen.example_claims import (
    AnswersStraight,
    CannotRespond,
    EarnsGift,
    GivesGift,
    HasNoGiftToGive,
    Leads,
    Passes,
    PassesToKeepStraight,
    Responds,
    TakesBack,
    WinsGame,
    WinsHand,
    WinsTrick,
)
from pnp.games.twaalf_dagen.examples import ROWS, STORY, Row
from pnp.games.twaalf_dagen.spec_config import config_from_spec
from pnp.kit.examples import game_examples
from pnp.spec.model import GameSpec
from pnp.story import ClaimChecks, Replay, load_phrases
from pnp.story.pinned import pinned_path
from pnp.story.search import RowUnder, story_search
from tests.dutch_words import PLURALS, WORDS
from tests.engine.registered import broken_phrase_file_error

SEPARATOR = " · "


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


def checks() -> ClaimChecks[TwaalfDagenReplay]:
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
    return f"{ex.id}:{type(step.claim).__name__}@{getattr(step.claim, 'at', '?')}"


# ---------------------------------------------------------------------------
# Sentences agree with their claims


def expected_words(claim: object) -> list[str]:
    """Names and Dutch number words the sentence of ``claim`` must contain."""
    if isinstance(claim, Leads | TakesBack):
        return [claim.name, *card_words(claim.cards)]
    if isinstance(claim, AnswersStraight):
        other = [] if claim.other_name is None else [claim.other_name]
        above = [str(n) for n in claim.above]
        return [claim.name, *card_words(claim.cards), *other, "lage kaart", *above]
    if isinstance(claim, Responds):
        other = [] if claim.other_name is None else [claim.other_name]
        return [claim.name, *card_words(claim.cards), *other]
    if isinstance(claim, Passes):
        return [claim.name, "past"]
    if isinstance(claim, CannotRespond):
        held = card_words(claim.held) if claim.held else []
        return [claim.name, str(claim.low), "passen", *held]
    if isinstance(claim, PassesToKeepStraight):
        options = [w for o in claim.options for w in card_words(o)]
        return [claim.name, "past", *[str(n) for n in claim.straight], *options]
    if isinstance(claim, WinsTrick):
        return [claim.name, str(claim.low), "wint", *claim.tie_names]
    if isinstance(claim, WinsHand):
        others = [s for s in range(len(claim.names)) if s != claim.seat]
        left = [w for s in others for w in (claim.names[s], WORDS[claim.cards_left[s]])]
        return [claim.name, "wint", "ronde", *left]
    if isinstance(claim, EarnsGift):
        return [claim.name, "geschenk", *([WORDS[claim.supply_left]] * bool(claim.supply_left))]
    if isinstance(claim, GivesGift):
        return [claim.giver_name, claim.receiver_name, WORDS[claim.cards_left], "geschenk"]
    if isinstance(claim, HasNoGiftToGive):
        return [claim.name, WORDS[claim.cards_left], "geen geschenk"]
    assert isinstance(claim, WinsGame)
    return [*claim.names, WORDS[claim.gifts], "wint" if len(claim.names) == 1 else "winnen"]


def seat_names(ex: Example) -> dict[int, str]:
    """Seat -> name as the example's claims use them (must be one-to-one)."""
    pairs: set[tuple[int, str]] = set()
    for step in ex.steps:
        c = step.claim
        for seat_field, name_field in (
            ("seat", "name"),
            ("other", "other_name"),
            ("giver", "giver_name"),
            ("receiver", "receiver_name"),
        ):
            seat, name = getattr(c, seat_field, None), getattr(c, name_field, None)
            if seat is not None and name is not None:
                pairs.add((seat, name))
        if isinstance(c, WinsTrick):
            pairs.update(zip(c.tie_with, c.tie_names, strict=True))
        if isinstance(c, WinsHand):
            pairs.update(enumerate(c.names))
    names = dict(pairs)
    assert len(names) == len(pairs) == len(set(names.values())), pairs
    return names


# ---------------------------------------------------------------------------
# Tests


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_every_sentence_says_what_its_claim_says(item: tuple[Example, Step]) -> None:
    """The sentence names the player(s), writes card values in digits and counts in words
    (GAMES.md, Words in the rulebooks)."""
    _, step = item
    for word in expected_words(step.claim):
        assert has_word(step.text, word), f"{word!r} missing in {step.text!r}"
    values = {str(n) for n in range(1, 13)}
    assert set(re.findall(r"\d+", step.text)) <= values, "only card values are digits"
    assert not re.search(r"\d+ (?:kaart|kaarten|geschenk|geschenken)\b", step.text), (
        "counts are written out"
    )


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_pictures_show_the_cards_of_each_sentence(ex: Example) -> None:
    """Plays and take-backs show each card (its spec row); gifts changing hands show a gift."""
    rows = {row.number("number"): row.id for row in spec().component("deck").rows}
    gift = CardPicture("gifts", spec().component("gifts").rows[0].id)
    for step in ex.steps:
        c = step.claim
        if isinstance(c, Leads | Responds | TakesBack):
            assert step.cards == tuple(CardPicture("deck", rows[n]) for n in c.cards)
        elif isinstance(c, EarnsGift | GivesGift):
            assert step.cards == (gift,)
        else:
            assert step.cards == ()
        automatic = not isinstance(
            c, Leads | Responds | Passes | CannotRespond | PassesToKeepStraight
        )
        assert step.automatic == automatic, step.text


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_each_player_action_of_the_trick_has_one_sentence(ex: Example) -> None:
    """The focus trick is told completely, in order, with one name per seat."""
    wins = [s.claim for s in ex.steps if isinstance(s.claim, WinsTrick)]
    assert len(wins) == 1
    won = wins[0]
    moves = [getattr(s.claim, "at", None) for s in ex.steps if not s.automatic]
    assert moves == list(range(won.first, won.at + 1))
    game = game_of(ex)
    assert won.at == len(game.record.actions) - 1, "the record ends with the focus trick"
    names = seat_names(ex)
    leader = game.state_after(won.first).current_player()
    assert names[leader] == names_in_order()[0]
    assert set(names.values()) <= set(names_in_order()[: game.record.num_players])


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_intro_shows_the_hands_at_the_start_of_the_trick(ex: Example) -> None:
    """The intro lists every player's cards as they are when the focus trick starts."""
    won = next(s.claim for s in ex.steps if isinstance(s.claim, WinsTrick))
    game = game_of(ex)
    state = game.state_after(won.first)
    names = seat_names(ex)
    shown = dict(re.findall(r"(\w+): (\d+(?: \d+)*)", ex.intro))
    assert shown == {
        names[s]: " ".join(map(str, state.hand_cards(s))) for s in range(game.record.num_players)
    }
    assert f"{names[state.current_player()]} komt uit" in ex.intro


@pytest.mark.parametrize("ex", all_examples(), ids=lambda e: e.id)
def test_gift_changes_are_all_told(ex: Example) -> None:
    """TD-B6: every gift that moves in the focus trick is one sentence; the totals agree."""
    won = next(s.claim for s in ex.steps if isinstance(s.claim, WinsTrick))
    game = game_of(ex)
    before, after = game.state_after(won.at), game.state_after(won.at + 1)
    delta = [0] * game.record.num_players
    for step in ex.steps:
        c = step.claim
        if isinstance(c, EarnsGift):
            delta[c.seat] += 1
        elif isinstance(c, GivesGift):
            delta[c.giver] -= 1
            delta[c.receiver] += 1
    assert [a - b for a, b in zip(after.gifts, before.gifts, strict=True)] == delta
    if ex.outro:
        names = seat_names(ex)
        shown = dict(re.findall(r"(\w+) (\d+)", ex.outro))
        assert shown == {names[s]: str(g) for s, g in enumerate(after.gifts)}


def claims_of(example_id: str, kind: type) -> list[object]:
    """The claims of one type in an example."""
    return [s.claim for s in example(example_id).steps if isinstance(s.claim, kind)]


def test_td_b2_b3_worked_trick_as_in_the_rule_checklist() -> None:
    """TD-B2/TD-B3/TD-B4: four 11s led, two 8s in reply, a player who cannot respond
    (a set, but not low enough), a player who passes to keep a straight; the 8s win."""
    ex = example("slag-met-elven")
    assert set(ex.rules) >= {"TD-B2", "TD-B3", "TD-B4"}
    (lead,) = claims_of(ex.id, Leads)
    (reply,) = claims_of(ex.id, Responds)
    (cannot,) = claims_of(ex.id, CannotRespond)
    (keeper,) = claims_of(ex.id, PassesToKeepStraight)
    (won,) = claims_of(ex.id, WinsTrick)
    assert isinstance(lead, Leads) and lead.cards == (11, 11, 11, 11)
    assert isinstance(reply, Responds) and reply.cards == (8, 8) and reply.standing == "lowest"
    assert isinstance(cannot, CannotRespond) and cannot.held and min(cannot.held) > 11
    assert isinstance(keeper, PassesToKeepStraight) and keeper.options
    assert isinstance(won, WinsTrick) and won.seat == reply.seat and won.low == 8
    assert [reply.at, cannot.at, keeper.at] == [lead.at + 1, lead.at + 2, lead.at + 3]


def test_td_b3_a_straight_answered_by_a_straight() -> None:
    """TD-B2/TD-B3: a straight led and answered by a straight of another length that starts
    lower but reaches above the lead's low card; one card not higher is enough, and the
    sentence says so. The answer wins without a tie (the tie rule comes later in the book)."""
    ex = example("reeks-op-reeks")
    assert set(ex.rules) == {"TD-B2", "TD-B3"}
    (lead,) = claims_of(ex.id, Leads)
    (answer,) = claims_of(ex.id, AnswersStraight)
    (won,) = claims_of(ex.id, WinsTrick)
    assert isinstance(lead, Leads) and isinstance(answer, AnswersStraight)
    assert isinstance(won, WinsTrick)
    assert len(lead.cards) >= 3 and lead.cards == tuple(range(lead.cards[0], lead.cards[-1] + 1))
    assert min(answer.cards) < min(lead.cards) < max(answer.cards)
    assert answer.above and len(answer.cards) != len(lead.cards)
    assert won.seat == answer.seat and not won.tie_with
    step = next(s for s in ex.steps if s.claim is answer)
    assert "niet hoger dan de lage kaart" in step.text
    assert ("langer" if len(answer.cards) > len(lead.cards) else "korter") in step.text


def test_a_straight_answer_claim_with_the_wrong_low_card_fails() -> None:
    """TD-B3: the claim of a straight answer checks the lead's low card and the cards above it."""
    (answer,) = claims_of("reeks-op-reeks", AnswersStraight)
    assert isinstance(answer, AnswersStraight)
    game = game_of(example("reeks-op-reeks"))
    for wrong in (
        dataclasses.replace(answer, lead_low=answer.lead_low + 1),
        dataclasses.replace(answer, above=answer.above[1:]),
        dataclasses.replace(answer, lead_length=answer.lead_length + 1),
    ):
        with pytest.raises(AssertionError):
            checks().check(game, wrong)


def test_td_b4_tie_on_the_lowest_card() -> None:
    """TD-B4: two players play the same lowest card; the last of them wins the trick."""
    ex = example("gelijke-lage-kaart")
    assert "TD-B4" in ex.rules
    (won,) = claims_of(ex.id, WinsTrick)
    assert isinstance(won, WinsTrick) and won.tie_with and won.seat not in won.tie_with


def test_td_b5_last_cards_that_lose_go_back_into_the_hand() -> None:
    """TD-B5: a player's last cards do not win the trick, so they return to the hand."""
    ex = example("laatste-kaarten-terug")
    assert "TD-B5" in ex.rules
    (back,) = claims_of(ex.id, TakesBack)
    (won,) = claims_of(ex.id, WinsTrick)
    assert isinstance(back, TakesBack) and isinstance(won, WinsTrick)
    assert won.seat != back.seat and not won.hand_ends


def test_td_b6_gifts_change_hands_at_the_end_of_a_hand() -> None:
    """TD-B6: the hand's winner earns a gift; the most-cards players give one if they have one."""
    ex = example("geschenken-na-een-ronde")
    assert {"TD-B5", "TD-B6"} <= set(ex.rules)
    assert claims_of(ex.id, WinsHand) and claims_of(ex.id, EarnsGift)
    assert claims_of(ex.id, GivesGift) and claims_of(ex.id, HasNoGiftToGive)


def test_td_k1_short_game_example_only_in_the_short_kit() -> None:
    """TD-K1/TD-B7: the end of a short game appears only when ``kort`` is chosen."""
    base = [e.id for e in game_examples(spec(), ())]
    short = [e.id for e in game_examples(spec(), ("kort",))]
    assert "einde-kort-spel" not in base and "einde-kort-spel" in short
    assert base == [e for e in short if e != "einde-kort-spel"]
    ex = example("einde-kort-spel")
    assert ex.variants == ("kort",) and "TD-K1" in ex.rules
    assert claims_of(ex.id, WinsGame)


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


def falsified(claim: Any, players: int) -> object:
    """The same claim about the wrong player (or the wrong number where no player is named)."""
    for field in ("seat", "giver"):
        if hasattr(claim, field):
            return dataclasses.replace(claim, **{field: (getattr(claim, field) + 1) % players})
    assert isinstance(claim, WinsGame)
    return dataclasses.replace(claim, gifts=claim.gifts + 1)


@pytest.mark.parametrize("item", steps_with_claims(), ids=step_id)
def test_a_false_claim_fails_its_check(item: tuple[Example, Step]) -> None:
    """The checks have teeth: the claim about the next player (or a wrong count) is refused."""
    ex, step = item
    game = game_of(ex)
    wrong = falsified(step.claim, game.record.num_players)
    with pytest.raises(AssertionError):
        checks().check(game, wrong)


def test_a_reversed_tie_rule_would_be_caught() -> None:
    """TD-B4: claiming the *first* player of the low card wins the tie fails the check."""
    (won,) = claims_of("gelijke-lage-kaart", WinsTrick)
    assert isinstance(won, WinsTrick)
    reversed_rule = dataclasses.replace(won, seat=won.tie_with[0], tie_with=(won.seat,))
    with pytest.raises(AssertionError, match="TD-B4"):
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
