"""pnp's side of the peer comparison: the 90-card twaalf-dagen deck as one PDF, for ``bench/run.py``.

The 78 day cards and 12 gift cards (the player aids, which ``kaarten.pdf`` also
holds, left out), 63 x 88 mm on A4 with 3 mm bleed and crop marks, each sheet of
fronts followed by its backs mirrored for long-edge duplex: the deck
``bench/peer_protograf.py`` builds with protograf, drawn the way ``pnp build``
draws ``kaarten.pdf``. Run as a whole process (imports included)::

    python bench/pnp_deck.py OUT.pdf
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.base.back_mode import BackMode
from pnp.catalog.project import load_game
from pnp.sheets.card_jobs import card_jobs
from pnp.sheets.cards import SheetOptions, render_card_sheets
from pnp.sheets.imposition import plan_sheet
from pnp.spec.sizes import PAPERS

GAME = "twaalf-dagen"
DECK = ("deck", "gifts")
"""The components of the 90-card deck."""


def deck_pdf() -> tuple[bytes, int]:
    """The deck's PDF and its number of cards."""
    data = load_game(GAME)
    deck = [c for c in data.spec.components_for(()) if c.id in DECK]
    jobs = card_jobs(data, deck)
    plan = plan_sheet(PAPERS["a4"], deck[0].size, BackMode.LONG_EDGE)
    options = SheetOptions(BackMode.LONG_EDGE)
    sheets = render_card_sheets(
        jobs, lambda _: plan, options, data.art, data.spec.name, "deck", data.spec.language
    )
    return sheets.pdf, len(jobs)


def main() -> None:
    """Write the deck to the file the command line names."""
    pdf, _cards = deck_pdf()
    Path(sys.argv[1]).write_bytes(pdf)


if __name__ == "__main__":
    main()
