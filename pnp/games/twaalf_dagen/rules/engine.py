"""The twaalf-dagen engine object for the runner, replay and the golden files."""

from __future__ import annotations

import random

from pnp.engine.core import JSON, EventLog
from pnp.games.twaalf_dagen.rules.actions import Action, ChooseDealer, Deal, format_play, parse_play
from pnp.games.twaalf_dagen.rules.config import GAME_ID, VARIANT_SHORT, TwaalfDagenConfig
from pnp.games.twaalf_dagen.rules.state import PHASE_DEAL, PHASE_DEALER, TwaalfDagenState
from pnp.games.twaalf_dagen.view import TwaalfDagenView


class TwaalfDagenEngine:
    """The engine object for :func:`pnp.engine.core.play` and friends."""

    game_id = GAME_ID

    def variants(self, config: TwaalfDagenConfig) -> tuple[str, ...]:
        """``("kort",)`` for the short game, else ``()``."""
        return (VARIANT_SHORT,) if config.short_game else ()

    def new_state(
        self, config: TwaalfDagenConfig, num_players: int, log: EventLog | None = None
    ) -> TwaalfDagenState:
        """A new game waiting for the dealer draw."""
        return TwaalfDagenState(config, num_players, log)

    def sample_chance(self, state: TwaalfDagenState, rng: random.Random) -> Action:
        """Draw the dealer (game start) or shuffle and deal (start of a hand)."""
        if state.phase == PHASE_DEALER:
            return ChooseDealer(rng.randrange(state.num_players))
        if state.phase != PHASE_DEAL:
            raise ValueError("not a chance node")
        deck = list(state.deck)
        rng.shuffle(deck)
        size = state.hand_size
        return Deal(
            tuple(
                tuple(sorted(deck[seat * size : (seat + 1) * size]))
                for seat in range(state.num_players)
            )
        )

    def player_view(self, state: TwaalfDagenState, player: int) -> TwaalfDagenView:
        """The view policies get for ``player``."""
        return TwaalfDagenView(state, player)

    def encode_action(self, action: Action) -> JSON:
        """``"pass"``, ``"8 8"``, ``{"dealer": 2}`` or ``{"deal": [[...], ...]}``."""
        if isinstance(action, ChooseDealer):
            return {"dealer": action.dealer}
        if isinstance(action, Deal):
            return {"deal": [list(hand) for hand in action.hands]}
        return format_play(action)

    def decode_action(self, data: JSON) -> Action:
        """Inverse of :meth:`encode_action`."""
        if isinstance(data, str):
            return parse_play(data)
        if isinstance(data, dict):
            if set(data) == {"dealer"} and isinstance(data["dealer"], int):
                return ChooseDealer(data["dealer"])
            hands = data.get("deal")
            if set(data) == {"deal"} and isinstance(hands, list):
                out: list[tuple[int, ...]] = []
                for hand in hands:
                    if not isinstance(hand, list) or not all(isinstance(c, int) for c in hand):
                        raise ValueError(f"malformed deal: {data!r}")
                    out.append(tuple(c for c in hand if isinstance(c, int)))
                return Deal(tuple(out))
        raise ValueError(f"not a twaalf-dagen action: {data!r}")

    def metrics(self, state: TwaalfDagenState) -> dict[str, list[float]]:
        """Samples for simulation summaries of a finished game."""
        return {
            "hands_per_game": [float(state.hands_done)],
            "tricks_per_hand": [float(t) for t in state.tricks_per_hand],
            "gifts_per_winner": [float(state.gifts[w]) for w in state.winners],
            "actions_per_game": [float(len(state.history))],
        }


ENGINE = TwaalfDagenEngine()
