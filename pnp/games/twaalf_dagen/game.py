"""twaalf-dagen ("12 Dagen van Kerstmis"), declared once: engine, spec tables, deck check, examples, setup figure."""

from __future__ import annotations

from pnp.engine.kit import EngineKit, GoldenCase
from pnp.engine.notation import event_line
from pnp.engine.policies import RandomPolicy
from pnp.gamedef import Game
from pnp.games.twaalf_dagen.kit.report import BALANCE_REPORT
from pnp.games.twaalf_dagen.kit.setup_figures import setup_figures
from pnp.games.twaalf_dagen.kit.spec_config import config_from_spec, locate_deck_problem
from pnp.games.twaalf_dagen.policies import HeuristicPolicy
from pnp.games.twaalf_dagen.rules.config import VARIANT_SHORT, config_for_variants, validate_deck
from pnp.games.twaalf_dagen.rules.engine import ENGINE
from pnp.games.twaalf_dagen.story.examples import STORY

H, R = "heuristic", "random"

GAME = Game(
    engine=EngineKit(
        engine=ENGINE,
        standard_config=config_for_variants,
        policies={R: RandomPolicy, H: HeuristicPolicy},
        render_event=event_line,
        golden_cases=(
            GoldenCase((), 3, 1, (H, R, H)),
            GoldenCase((), 5, 2, (H, H, R, R, H)),
            GoldenCase((VARIANT_SHORT,), 2, 3, (H, R)),
            GoldenCase((VARIANT_SHORT,), 4, 4, (H, R, H, R)),
            GoldenCase((VARIANT_SHORT,), 8, 5, (H, H, H, H, R, R, R, R)),
        ),
        # The components and the deck checks: the kit and `pnp check` enact them, no move.
        unplayed_rules=("TD-C1", "TD-C2"),
    ),
    config_from_spec=config_from_spec,
    validate_config=validate_deck,
    story=STORY,
    setup=setup_figures,
    locate_deck=locate_deck_problem,
    balance=BALANCE_REPORT,
)
