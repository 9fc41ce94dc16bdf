"""Form XObjects that carry every resource their content names.

ReportLab's ``Canvas.endForm`` gives a form a resource dictionary with its
fonts and XObjects only: graphics states set inside the form (the
``/gRLs0 gs`` of a translucent SVG stroke), colour spaces and shadings are
left out, so viewers and print-shop preflights report them as unknown and
translucent art prints solid. :func:`end_form` ends the form and gives it the
complete dictionary.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas


def end_form(canvas: Canvas, name: str) -> None:
    """End the form ``name`` begun with ``canvas.beginForm`` and complete its resources."""
    canvas.endForm()
    document = canvas._doc
    form = document.idToObject[pdfdoc.xObjectName(name)]
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    if form.hasImages:
        resources.allProcs()
    else:
        resources.basicProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    if form.ExtGState:
        resources.ExtGState = form.ExtGState
    resources.setColorSpace(getattr(form, "_colorsUsed", {}))
    resources.setShading(getattr(canvas, "_shadingUsed", {}))
    form.Resources = resources
