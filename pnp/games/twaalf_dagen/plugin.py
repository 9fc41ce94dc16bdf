"""twaalf-dagen ("12 Dagen van Kerstmis") plugged into the registry."""

from pnp.registry import GamePlugin

PLUGIN = GamePlugin(id="twaalf-dagen")
