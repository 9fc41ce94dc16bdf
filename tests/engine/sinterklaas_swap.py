"""A Wisselpiet that decides a round (SK-A1): a pinned game for the tests, not for the rulebook.

The rulebook's action example is the first round of its ideal shape with any
action card, so the Wisselpiet's own sentence ("Zonder die ruil had Cas
gewonnen, met ...") need not appear in it. This record is found by the same
search as the rulebook's (:func:`pnp.story.search.story_search` over the
sinterklaas story), with the action row restricted to a Wisselpiet whose swap
kept exactly one other player from winning, and it is replayed and told by
the same story code; no kit shows it. After a deliberate change to the rules,
the policies or the spec tables, regenerate it with::

    python -m tests.engine.sinterklaas_swap --update
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from pnp.catalog.project import load_game
from pnp.example_model import Example
from pnp.games.sinterklaas.rules import events as ev
from pnp.games.sinterklaas.story.examples import ROWS, STORY, Row, ToldRound, score_action
from pnp.spec.model import GameSpec
from pnp.story import PinnedRecord, load_phrases
from pnp.story.search import RowUnder, story_search

SWAP_ID = "wisselpiet-beslist"
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "sinterklaas" / f"{SWAP_ID}.json"
UPDATE = "python -m tests.engine.sinterklaas_swap --update"
SEEDS = 2000


def score_swap(told: ToldRound) -> int:
    """The action example's score, for a round whose one action card is a Wisselpiet and whose
    winner would have lost to one named player without the swap; else 0."""
    triggered = [event.card for event in told.segment.events_of(ev.ActionTriggered)]
    win = told.win()
    if triggered != ["wisselpiet"] or win is None or win.instead < 0:
        return 0
    return score_action(told)


ACTION_ROW = next(row for row in ROWS if row.kind == "action")
SWAP_ROW: Row = dataclasses.replace(ACTION_ROW, id=SWAP_ID, score=score_swap)
"""The rulebook's action row (same kind, rules, claims, policy, ideal, variants), restricted
to a deciding Wisselpiet."""
SEARCH = story_search(STORY)


def find(spec: GameSpec, seeds: range | list[int]) -> PinnedRecord | None:
    """The first swap round of the ideal shape in ``seeds``, as the finder pins it (``None``: no
    such round)."""
    found = SEARCH.find_one(spec, RowUnder(SWAP_ROW, SWAP_ROW.variants), seeds)
    if found is None:
        return None
    pinned, result = found
    if result.score < SWAP_ROW.ideal:
        return None
    return pinned


def pinned_swap() -> PinnedRecord:
    """The pinned record of the swap round."""
    return PinnedRecord.from_json(FIXTURE.read_text(encoding="utf-8"), STORY.focus)


def told_swap(spec: GameSpec) -> Example:
    """The swap round replayed and told exactly as a rulebook example is told."""
    pinned = pinned_swap()
    if pinned.record.variants != SWAP_ROW.variants:
        raise ValueError(f"{FIXTURE.name}: played with the wrong variants")
    segment = STORY.focus_segment(spec, SWAP_ROW, pinned)
    return STORY.tell(spec, load_phrases(spec), SWAP_ROW, pinned, segment)


def main(argv: list[str] | None = None) -> int:
    """Search seeds 0, 1, 2, ... again; with ``--update`` rewrite the file, else exit 1 if stale."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--update", action="store_true", help="rewrite the pinned file")
    update = parser.parse_args(argv).update
    pinned = find(load_game("sinterklaas").spec, range(SEEDS))
    if pinned is None:
        print(f"no ideal swap round in {SEEDS} games")
        return 1
    text = pinned.to_json()
    if update:
        FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        FIXTURE.write_text(text, encoding="utf-8")
        print(f"wrote {FIXTURE.name}: seed {pinned.record.seed}")
        return 0
    current = FIXTURE.read_text(encoding="utf-8") if FIXTURE.exists() else ""
    print(f"{FIXTURE.name}: {'matches a fresh search' if current == text else 'stale'}")
    return 0 if current == text else 1


if __name__ == "__main__":
    raise SystemExit(main())
