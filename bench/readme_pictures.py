"""Make the README's pictures again: each game's hand and one contact sheet, from ``pnp preview``.

Runs ``pnp preview GAME --paper a4 --backs long-edge`` for every bundled game into a
temporary folder (so saved settings and earlier kits play no part), then copies the hand
of each game to ``docs/pictures/GAME-hand.png`` and stoomboot's house tiles to
``docs/pictures/stoomboot-huizen.png``; and the English stoomboot kit's hand (``--lang en``)
to ``docs/pictures/stoomboot-hand-en.png``. The same data and pnp give the same bytes; the
script says which pictures changed.

Run: ``python bench/readme_pictures.py``
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

GAMES = ("sinterklaas", "stoomboot", "twaalf-dagen", "santoska")
ENGLISH = ("stoomboot",)
"""Games whose English kit's hand is shown too (in the README's section on languages)."""
SHEETS = {"stoomboot": ("huizen.png",)}
"""Contact sheets shown beside the hands (small ones: a README picture stays small)."""
PICTURES = Path(__file__).resolve().parent.parent / "docs" / "pictures"


def main() -> int:
    """Write the pictures; print each one's name, size and whether it changed."""
    PICTURES.mkdir(parents=True, exist_ok=True)
    runs = [(game, "nl") for game in GAMES] + [(game, "en") for game in ENGLISH]
    for game, lang in runs:
        with tempfile.TemporaryDirectory() as out:
            command = [sys.executable, "-m", "pnp", "preview", game, "--out", out, "-q"]
            command += ["--paper", "a4", "--backs", "long-edge", "--lang", lang]
            subprocess.run(command, check=True)
            folder = Path(out) / game / "preview"
            if lang == "nl":
                copies = {"hand.png": f"{game}-hand.png"}
                copies.update({sheet: f"{game}-{sheet}" for sheet in SHEETS.get(game, ())})
            else:
                copies = {"hand.png": f"{game}-hand-{lang}.png"}
            for source, target in copies.items():
                data = (folder / source).read_bytes()
                path = PICTURES / target
                changed = not path.is_file() or path.read_bytes() != data
                path.write_bytes(data)
                state = "changed" if changed else "unchanged"
                print(f"docs/pictures/{target}: {len(data):,} bytes, {state}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
