"""Sinterklaas kit: configuration from the spec tables, setup figures, balance study and report."""
