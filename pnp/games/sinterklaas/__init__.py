"""Sinterklaas: a poker-like bidding card game for the pakjesavond (reference engine and plugin)."""
