"""Exports made from a built kit: previews, Tabletop Simulator decks, print-shop files.

Every export is cut from the kit's own rendered pages or laid out from the same
layouts, so what a preview shows is what prints. An export folder lives inside
the kit folder and is replaced as a whole (:mod:`pnp.export.folder`).
"""
