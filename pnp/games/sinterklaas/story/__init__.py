"""Sinterklaas rulebook examples: the rows and STORY, notation, sentences, claims, checks, trace and table figure."""
