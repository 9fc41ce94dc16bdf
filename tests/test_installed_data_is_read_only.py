"""Developer commands never write into the data an installed pnp carries (a wheel's
``pnp/_data``): ``pnp study --write`` and ``pnp pin --update`` refuse with one line, while
a checkout (where people edit the bundled games) and a user's project folder stay writable."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.base import paths
from pnp.base.errors import PnpError
from pnp.base.paths import BUNDLED_PACKAGE_FOLDER
from pnp.kit import maintenance


def test_a_write_into_installed_data_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed = tmp_path / "site-packages" / "pnp" / BUNDLED_PACKAGE_FOLDER
    target = installed / "cardspecs" / "sinterklaas" / "rulebook" / "studie.toml"
    target.parent.mkdir(parents=True)
    monkeypatch.setattr(paths, "bundled_root", lambda: installed.resolve())
    with pytest.raises(PnpError) as refused:
        maintenance.refuse_installed_data(target, "study --write")
    (problem,) = refused.value.problems
    assert "'pnp study --write' would write into the data installed with pnp" in str(problem)
    assert "pnp.toml" in str(problem)
    # A project folder elsewhere is the user's own: writable.
    maintenance.refuse_installed_data(tmp_path / "project" / "cardspecs" / "x.toml", "pin")


def test_a_checkout_stays_writable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checkout = tmp_path / "pnp-checkout"
    target = checkout / "cardspecs" / "sinterklaas" / "rulebook" / "studie.toml"
    target.parent.mkdir(parents=True)
    monkeypatch.setattr(paths, "bundled_root", lambda: checkout.resolve())
    maintenance.refuse_installed_data(target, "study --write")
