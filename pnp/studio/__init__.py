"""``pnp studio``: a local web studio over the library API, for families who want to see a
kit before they print it (see :mod:`pnp.studio.app`)."""
