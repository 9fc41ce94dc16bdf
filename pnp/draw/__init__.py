"""The drawing kit: fonts, SVG art and reusable PDF forms."""
