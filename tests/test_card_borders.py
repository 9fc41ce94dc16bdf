"""No card face draws a line along its trim: a border line 2 mm inside the edge shows every
cutting or duplex error of a millimetre as an uneven border. Read back from the card sheets:
no straight stroke of a face runs along an edge (over half its length) within 4 mm of it, or
1.5 mm outside it."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from pnp.spec.sizes import BLEED
from tests.conftest import KitMaker
from tests.pdfinspect import MM, read_page

NEAR_INSIDE = 4.0
NEAR_OUTSIDE = 1.5
STRAIGHT = 0.05


@pytest.mark.parametrize("game", ["sinterklaas", "twaalf-dagen", "santoska", "stoomboot"])
def test_no_face_has_a_line_along_its_trim(kit: KitMaker, game: str) -> None:
    built = kit(game)
    checked = 0
    for file in sorted({p["file"] for p in built.manifest["placements"]}):
        reader = built.reader(file)
        # The first sheet's front and, printed duplex, its backs.
        for page in range(min(2, len(reader.pages))):
            checked += _check_page(reader, page, file)
    assert checked, "faces were checked"


def _check_page(reader: PdfReader, page: int, file: str) -> int:
    """Check every card face and back drawn on one page; return how many were checked."""
    content = read_page(reader, page)
    faces = {
        f.name: f
        for f in content.forms
        if not f.parents and (".face." in f.name or ".back." in f.name)
    }
    for name, face in faces.items():
        x, y, w, h = (v / MM for v in face.box())
        left, bottom, right, top = x + BLEED, y + BLEED, x + w - BLEED, y + h - BLEED
        # A shared back design (not a second face such as a house tile's other side) is
        # checked with its art: a border drawn in the picture counts too.
        back = ".back." in name and name.count(".") == 3
        for s in content.segments:
            if not (s.parents[:1] == (name,) if back else s.parents == (name,)):
                continue
            x1, y1, x2, y2 = (v / MM for v in (s.x1, s.y1, s.x2, s.y2))
            # A border runs along most of its edge (a box near the edge is not one).
            if abs(x1 - x2) < STRAIGHT and abs(y1 - y2) > (top - bottom) / 2:
                gaps = (x1 - left, right - x1)
            elif abs(y1 - y2) < STRAIGHT and abs(x1 - x2) > (right - left) / 2:
                gaps = (y1 - bottom, top - y1)
            else:
                continue
            near = [g for g in gaps if -NEAR_OUTSIDE <= g <= NEAR_INSIDE]
            assert not near, f"{file} {name}: a line {near[0]:.1f} mm from the trim"
    return len(faces)
