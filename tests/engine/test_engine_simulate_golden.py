"""Parallel simulation, golden playthroughs and the policies' strength and information use."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from typer.testing import CliRunner

from pnp.catalog.registry import game
from pnp.cli import app
from pnp.engine.golden import DEFAULT_ROOT, check_golden, golden_path
from pnp.engine.simulate import game_seed, simulate
from pnp.games.twaalf_dagen.policies import HeuristicPolicy
from pnp.games.twaalf_dagen.rules.actions import lead_actions
from pnp.games.twaalf_dagen.rules.config import standard_config
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from pnp.games.twaalf_dagen.rules.state import TwaalfDagenState

CONFIG = standard_config()


def pnp_golden(args: list[str]) -> tuple[int, str]:
    """Run ``pnp golden ...``; its exit status and everything it printed."""
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.output.strip()


def test_simulation_is_identical_for_any_number_of_jobs() -> None:
    """Seeds come from (base seed, game index), so jobs=1 and jobs=2 agree exactly."""
    seen: list[tuple[int, int]] = []
    one = simulate(game("twaalf-dagen").engine, CONFIG, 4, 24, seed=9, jobs=1, chunk_size=5)
    two = simulate(
        game("twaalf-dagen").engine,
        CONFIG,
        4,
        24,
        seed=9,
        jobs=2,
        chunk_size=3,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert one == two
    assert seen[-1] == (24, 24) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert one.metrics["hands_per_game"].mean == 12
    assert one.metrics["tricks_per_hand"].count == 24 * 12
    assert abs(sum(one.win_share) - 1) < 1e-9
    assert one.total_actions == one.metrics["actions_per_game"].mean * 24
    assert "win share per seat" in one.format_table()
    assert game_seed(9, 0) != game_seed(9, 1) and game_seed(9, 0) == game_seed(9, 0)


def test_heuristic_clearly_beats_random_play() -> None:
    """The heuristic in seat 0 wins far more than its fair quarter of 400 4-player games."""
    summary = simulate(
        game("twaalf-dagen").engine,
        CONFIG,
        4,
        400,
        seed=2024,
        policies=("heuristic", "random", "random", "random"),
    )
    assert summary.win_share[0] > 0.6, summary.format_table()


def _position(own: list[int], others: list[list[int]], leader: int) -> TwaalfDagenState:
    state = ENGINE.new_state(CONFIG, 1 + len(others))
    state.set_position([own, *others], leader)
    return state


def test_heuristic_ignores_hidden_cards() -> None:
    """The heuristic's choice depends only on its own cards and public facts:
    swapping the opponents' hidden cards (same hand sizes) never changes it."""
    rng = random.Random(5)
    policy = HeuristicPolicy()
    for _ in range(60):
        deck = list(ENGINE.new_state(CONFIG, 3).deck)
        rng.shuffle(deck)
        own = sorted(deck[:8])
        rest = deck[8:]
        lead = sorted(rest[:3])
        choices = set()
        for _ in range(3):
            rng.shuffle(rest)
            # P2 leads with a fixed hand and lead; P0 (our seat) and P1 respond.
            state = _position(own, [sorted(rest[:6]), [*lead, 12]], leader=2)
            state.push(lead_actions(state.hands[2], 12)[0])
            if state.current_player() != 0:
                continue
            view = ENGINE.player_view(state, 0)
            choices.add(policy.choose(view, state.legal_actions(), rng))
        assert len(choices) <= 1
        leads = set()
        for _ in range(3):
            rng.shuffle(rest)
            state = _position(own, [sorted(rest[:6]), sorted(rest[6:12])], leader=0)
            view = ENGINE.player_view(state, 0)
            leads.add(policy.choose(view, state.legal_actions(), rng))
        assert len(leads) == 1


def test_view_exposes_no_other_hands() -> None:
    """The policy view has no attribute giving other players' cards."""
    state = _position([1, 2], [[3, 4], [5]], leader=0)
    view = ENGINE.player_view(state, 0)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert "hands" not in public and "hand" in public
    assert view.hand_sizes == (2, 2, 1)


def test_golden_check_detects_a_difference(tmp_path: Path) -> None:
    """A changed event line in a golden file is reported and fails the command."""
    root = tmp_path / "golden"
    shutil.copytree(DEFAULT_ROOT / "twaalf-dagen", root / "twaalf-dagen")
    path = golden_path("twaalf-dagen", ("kort",), root)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["games"][0]["events"][5] = "P9: 13 13"
    path.write_text(json.dumps(data), encoding="utf-8")
    problems = check_golden(game("twaalf-dagen").engine, root)
    assert len(problems) == 1 and "event line 5" in problems[0]
    status, output = pnp_golden(["golden", "twaalf-dagen", "--root", str(root)])
    assert status == 1 and "event line 5" in output
    status, output = pnp_golden(["golden", "twaalf-dagen", "--root", str(root), "--update"])
    assert status == 0 and output.startswith("wrote ")
    assert check_golden(game("twaalf-dagen").engine, root) == []
    assert pnp_golden(["golden", "twaalf-dagen", "--root", str(root)]) == (0, "golden files match")
