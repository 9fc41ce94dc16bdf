"""The twaalf-dagen engine object for the runner, replay and the golden files."""

from __future__ import annotations

from pnp.engine.delegating import DelegatingEngine
from pnp.games.twaalf_dagen.rules.actions import decode_action, encode_action
from pnp.games.twaalf_dagen.rules.config import GAME_ID
from pnp.games.twaalf_dagen.rules.state import TwaalfDagenState
from pnp.games.twaalf_dagen.view import TwaalfDagenView


def metrics(state: TwaalfDagenState) -> dict[str, list[float]]:
    """Samples for simulation summaries of a finished game."""
    return {
        "hands_per_game": [float(state.hands_done)],
        "tricks_per_hand": [float(t) for t in state.tricks_per_hand],
        "gifts_per_winner": [float(state.gifts[w]) for w in state.winners],
        "actions_per_game": [float(len(state.history))],
    }


ENGINE = DelegatingEngine(
    GAME_ID, TwaalfDagenState, TwaalfDagenView, encode_action, decode_action, metrics
)
"""The engine for :func:`pnp.engine.core.play` and friends."""
