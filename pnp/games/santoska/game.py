"""Santoska, declared once: engine, spec tables, deck check and rulebook examples."""

from __future__ import annotations

from pnp.engine.kit import EngineKit, GoldenCase
from pnp.engine.notation import event_line
from pnp.engine.policies import RandomPolicy
from pnp.gamedef import Game
from pnp.games.santoska.kit.report import BALANCE_REPORT
from pnp.games.santoska.kit.setup_figures import setup
from pnp.games.santoska.kit.spec_config import config_from_spec
from pnp.games.santoska.policies import HeuristicPolicy
from pnp.games.santoska.rules.config import config_for_variants, validate_deck
from pnp.games.santoska.rules.engine import ENGINE
from pnp.games.santoska.story.examples import STORY

H, R = "heuristic", "random"

GAME = Game(
    engine=EngineKit(
        engine=ENGINE,
        standard_config=config_for_variants,
        policies={R: RandomPolicy, H: HeuristicPolicy},
        render_event=event_line,
        golden_cases=(
            GoldenCase((), 3, 24, (H, R, H)),  # eliminations, last player standing
            GoldenCase((), 2, 9, (H, H)),  # a win with exactly 100
            GoldenCase(("rijen-4",), 3, 55, (H, H, R)),  # an elimination, then exactly 100
        ),
        # The components and the deck checks: the kit and `pnp check` enact them, no move.
        unplayed_rules=("SA-C1", "SA-C2", "SA-C3"),
    ),
    config_from_spec=config_from_spec,
    validate_config=validate_deck,
    story=STORY,
    setup=setup,
    balance=BALANCE_REPORT,
)
