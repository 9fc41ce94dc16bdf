"""Millimetres are the unit of the code; points appear only where the PDF is written."""

MM_TO_PT = 72.0 / 25.4


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * MM_TO_PT


def to_mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / MM_TO_PT
