"""The kit pipeline: building a kit (its parts, record and manifest), the settings it is built
with, checking, watching, and the designer's runs (simulate, study, golden, pin) that the
library API (:mod:`pnp.api`) offers."""
