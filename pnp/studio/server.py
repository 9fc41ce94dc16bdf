"""``pnp studio``: serve the studio on this machine and say where.

The server listens on 127.0.0.1 unless told otherwise; it answers only requests made to
its own address (see :mod:`pnp.studio.app`). Its kits go to ``OUT/studio/`` (the output
folder the settings name), one folder per kit asked for.
"""

from __future__ import annotations

import socket
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path

from pnp import api
from pnp.base.errors import PnpError
from pnp.studio.app import make_app

LOCAL = "127.0.0.1"
STUDIO_FOLDER = "studio"


def own_hosts(host: str, port: int) -> list[str]:
    """The Host headers the server answers: its address and, on this machine, ``localhost``,
    each with its port (and without, as a browser may send for the default port)."""
    names = {host} | ({"localhost"} if host == LOCAL else set())
    return sorted({f"{name}:{port}" for name in names} | names)


def studio_root(out: Path | None = None) -> Path:
    """Where the studio's kits go: ``studio/`` in the output folder (``--out`` or the saved
    or default one)."""
    return api.resolve_settings(out=out).out.value / STUDIO_FOLDER


def serve(
    port: int,
    *,
    host: str = LOCAL,
    out: Path | None = None,
    open_browser: bool = False,
    say: Callable[[str], None] = print,
) -> None:
    """Serve the studio until interrupted (Ctrl-C); ``say`` hears its address."""
    import uvicorn  # only when serving

    _check_free(host, port)
    root = studio_root(out)
    app = make_app(root, own_hosts(host, port))
    address = f"http://{host}:{port}/"
    say(f"pnp studio: {address} (kits in {root}; Ctrl-C stops)")
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(address,)).start()
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning")
    finally:
        app.state.stop.set()


def _check_free(host: str, port: int) -> None:
    """Refuse, in one line, an address the server could not listen on (a port in use)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise PnpError.single(
                f"cannot listen on {host}:{port}: {exc.strerror} (choose another --port)"
            ) from None
