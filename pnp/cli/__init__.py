"""The command line: parses arguments, shows progress and messages, and calls the library
API (:mod:`pnp.api`), which makes every decision.

The commands live in :mod:`pnp.cli.kits` (build), :mod:`pnp.cli.exports` (preview,
export) and :mod:`pnp.cli.design` (the designer's and proofreader's tools); importing them registers
them on :data:`app`, in the order ``pnp --help`` lists them.
"""

# isort: off
# The order of import is the order ``pnp --help`` lists the commands in.
from pnp.cli.app import app
from pnp.cli import kits, exports, design, studio

# isort: on

__all__ = ["app", "design", "exports", "kits", "main", "studio"]


def main() -> None:
    """Entry point of the ``pnp`` script and ``python -m pnp``."""
    app(prog_name="pnp")
