"""Millimetres are the unit of the code; points appear only where the PDF is written."""

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0
MM_TO_PT = POINTS_PER_INCH / MM_PER_INCH


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * MM_TO_PT


def to_mm(points: float) -> float:
    """PDF points to millimetres."""
    return points / MM_TO_PT
