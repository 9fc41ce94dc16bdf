"""Sheet geometry: paper, card sizes, imposition of cards onto printable sheets."""
