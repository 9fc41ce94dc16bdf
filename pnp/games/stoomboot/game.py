"""Stoomboot, declared once: engine, spec tables, deck check, examples, map, setup figures and
win rates."""

from __future__ import annotations

from pnp.engine.kit import EngineKit, GoldenCase
from pnp.engine.notation import event_line
from pnp.engine.policies import RandomPolicy
from pnp.gamedef import Game
from pnp.games.stoomboot.kit.map_sheet import map_board
from pnp.games.stoomboot.kit.report import BALANCE_REPORT
from pnp.games.stoomboot.kit.setup_figures import setup_figures
from pnp.games.stoomboot.kit.spec_config import config_from_spec
from pnp.games.stoomboot.kit.winrates import WIN_RATES, tables_fingerprint
from pnp.games.stoomboot.policies.bots import HeuristicPolicy
from pnp.games.stoomboot.rules.config import config_for_variants, validate_deck
from pnp.games.stoomboot.rules.engine import ENGINE
from pnp.games.stoomboot.story.examples import STORY

H, R = "heuristic", "random"

GAME = Game(
    engine=EngineKit(
        engine=ENGINE,
        standard_config=config_for_variants,
        policies={R: RandomPolicy, H: HeuristicPolicy, "cooperative": HeuristicPolicy},
        render_event=event_line,
        golden_cases=(
            GoldenCase((), 3, 55, (H, H, H)),  # a won base game
            GoldenCase(("kleine-kaart",), 2, 105, (H, R)),  # the small map, won
            # rocks, a drift, damage, storm and kompas positions
            GoldenCase(("prachtige-pakjes", "pepernoot-plekken"), 2, 269, (H, H)),
            # Kalender events, Pieten
            GoldenCase(("krappe-kalender", "rebelse-pietjes"), 2, 190, (H, H)),
        ),
        # The components and the deck checks: the kit and `pnp check` enact them, no move.
        unplayed_rules=("ST-C1", "ST-C2", "ST-C3", "ST-C4", "ST-D1"),
    ),
    config_from_spec=config_from_spec,
    validate_config=validate_deck,
    story=STORY,
    board=map_board,
    tables_fingerprint=tables_fingerprint,
    study=WIN_RATES,
    setup=setup_figures,
    balance=BALANCE_REPORT,
)
