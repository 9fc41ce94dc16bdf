"""Spec tables: the single source of truth for what cards and tiles exist.

Import from the submodules (``pnp.spec.model``, ``pnp.spec.loader``); this package
imports nothing itself, so ``pnp.spec.sizes`` can use the model without a cycle.
"""
