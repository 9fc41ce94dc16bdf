"""Small drawings of the real card faces for rulebooks: the same forms the card sheets print.

A picture is the card's face layout filled with its spec-table row, drawn once
per PDF as a form XObject and placed scaled down, clipped to the trim line with
rounded corners, so the rulebook shows exactly what the kit prints.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from pnp.base.errors import PnpError
from pnp.base.units import mm
from pnp.draw.fonts import font_name
from pnp.example_model import CardPicture
from pnp.layout.game_data import GameData
from pnp.layout.render import FaceContext, FaceRenderer, FormCache
from pnp.spec.model import CardRow, Component
from pnp.spec.sizes import BLEED

CORNER_MM = 3.0
"""Corner radius of a printed card, scaled with the picture."""

OUTLINE = HexColor("#8A8178")


@dataclass(frozen=True)
class Captioned:
    """A card picture with a short caption under it (a count, "achterkant")."""

    picture: CardPicture
    caption: str = ""
    back: bool = False


class CardArtist:
    """Draws card faces of one game at any size on any canvas (forms are made once per canvas)."""

    def __init__(self, data: GameData, chosen: tuple[str, ...] = ()) -> None:
        self.data = data
        self.chosen = chosen
        self._contexts: dict[str, FaceContext] = {}
        self.sketch = False
        """While true, pictures only take their space (for the layout passes that find page numbers)."""
        self._forms: weakref.WeakKeyDictionary[Canvas, FaceRenderer] = weakref.WeakKeyDictionary()

    def check(self, picture: CardPicture) -> None:
        """Raise a :class:`PnpError` if ``picture`` names no card of the spec tables."""
        self._row(picture)

    def _row(self, picture: CardPicture) -> tuple[Component, CardRow]:
        spec = self.data.spec
        try:
            comp = spec.component(picture.component)
        except KeyError:
            raise PnpError.single(
                f"a rulebook picture names unknown component '{picture.component}'",
                spec.folder / "game.toml",
            ) from None
        try:
            return comp, comp.row(picture.row)
        except KeyError:
            raise PnpError.single(
                f"a rulebook picture names unknown card '{picture.row}'", comp.table
            ) from None

    def aspect(self, picture: CardPicture) -> float:
        """Height over width of the card's trim box."""
        comp, _ = self._row(picture)
        return comp.size.height / comp.size.width

    def draw(
        self,
        canvas: Canvas,
        picture: CardPicture,
        x: float,
        y: float,
        width: float,
        back: bool = False,
        rounded: bool = True,
    ) -> None:
        """Draw the card (or its back) with its trim box's bottom-left at (x, y), ``width`` points wide.

        Cards get rounded corners; tiles (``rounded=False``) stay square.
        """
        comp, row = self._row(picture)
        if self.sketch:
            return
        renderer = self._forms.get(canvas)
        if renderer is None:
            renderer = FaceRenderer(FormCache(canvas), self.data.art)
            self._forms[canvas] = renderer
        spec = self.data.spec
        context = self._contexts.get(comp.id)
        if context is None:
            context = self._contexts[comp.id] = self.data.face_context(comp, self.chosen)
        if back:
            if comp.back is None:
                raise PnpError.single(
                    f"component '{comp.id}' has no back", spec.folder / "game.toml"
                )
            layout = self.data.layouts.load(comp.back, comp.size)
            key = self.data.back_key(comp, row, layout, context)
            form = renderer.face(key, layout, row, context)
        else:
            layout = self.data.layouts.load(comp.layout, comp.size)
            form = renderer.face(self.data.face_key(comp, row), layout, row, context)
        scale = width / mm(comp.size.width)
        height = width * comp.size.height / comp.size.width
        radius = mm(CORNER_MM) * scale if rounded else 0.0
        canvas.saveState()
        path = canvas.beginPath()
        path.roundRect(x, y, width, height, radius)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.translate(x - mm(BLEED) * scale, y - mm(BLEED) * scale)
        canvas.scale(scale, scale)
        canvas.doForm(form)
        canvas.restoreState()
        canvas.saveState()
        canvas.setStrokeColor(OUTLINE)
        canvas.setLineWidth(0.4)
        canvas.roundRect(x, y, width, height, radius, stroke=1, fill=0)
        canvas.restoreState()


class CardStrip(Flowable):  # type: ignore[misc]
    """A row (wrapping to more rows) of card pictures, side by side or fanned like a hand."""

    def __init__(
        self,
        artist: CardArtist,
        cards: Sequence[Captioned],
        card_width_mm: float,
        *,
        gap_mm: float = 2.0,
        overlap: float = 0.0,
        caption_size: float = 7.0,
        frame_height: float | None = None,
    ) -> None:
        super().__init__()
        self.frame_height = frame_height
        """Only a strip taller than this (a whole frame) is split across pages; None: never."""
        self.artist = artist
        self.cards = list(cards)
        self.card_width = mm(card_width_mm)
        self.gap = mm(gap_mm)
        self.overlap = overlap
        self.caption_size = caption_size
        self.aspect = max((artist.aspect(c.picture) for c in self.cards), default=1.4)
        self.captions = any(c.caption for c in self.cards)
        self._rows: list[list[Captioned]] = []

    def _step(self) -> float:
        if self.overlap:
            return self.card_width * (1 - self.overlap)
        return self.card_width + self.gap

    def _row_height(self) -> float:
        caption = self.caption_size * 1.6 if self.captions else 0.0
        return self.card_width * self.aspect + caption

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        step = self._step()
        per_row = max(1, int((availWidth - self.card_width) // step) + 1)
        self._rows = [self.cards[i : i + per_row] for i in range(0, len(self.cards), per_row)]
        widest = max((len(r) for r in self._rows), default=0)
        self.width = (widest - 1) * step + self.card_width if widest else 0.0
        self.height = len(self._rows) * self._row_height() + max(0, len(self._rows) - 1) * self.gap
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """Split between rows of cards, only when the strip is taller than a whole page.

        A strip that fits a page moves to the next page whole: a card grid cut in
        two reads as two grids.
        """
        self.wrap(availWidth, availHeight)
        if self.frame_height is None or self.height <= self.frame_height:
            return []
        fit = int((availHeight + self.gap) // (self._row_height() + self.gap))
        if fit < 1 or fit >= len(self._rows):
            return []
        per_row = len(self._rows[0])
        head, tail = self.cards[: fit * per_row], self.cards[fit * per_row :]
        return [self._like(head), self._like(tail)]

    def _like(self, cards: list[Captioned]) -> CardStrip:
        strip = CardStrip(
            self.artist,
            cards,
            self.card_width / mm(1),
            overlap=self.overlap,
            frame_height=self.frame_height,
        )
        strip.gap, strip.caption_size = self.gap, self.caption_size
        return strip

    def draw(self) -> None:
        """Draw every row of cards, top row first."""
        canvas: Canvas = self.canv
        step = self._step()
        top = self.height
        for cards in self._rows:
            card_h = self.card_width * self.aspect
            bottom = top - card_h
            for index, card in enumerate(cards):
                x = index * step
                self.artist.draw(canvas, card.picture, x, bottom, self.card_width, card.back)
                if card.caption:
                    canvas.setFillColor(HexColor("#3A332D"))
                    canvas.setFont(font_name("regular"), self.caption_size)
                    canvas.drawCentredString(
                        x + self.card_width / 2, bottom - self.caption_size * 1.3, card.caption
                    )
            top -= self._row_height() + self.gap
