"""Rulebooks: Dutch templates, engine-generated examples, platypus layout and booklet imposition."""
