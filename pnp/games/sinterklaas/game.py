"""Sinterklaas, declared once: engine, spec tables, deck check and rulebook examples."""

from __future__ import annotations

from pnp.engine.kit import EngineKit, GoldenCase
from pnp.engine.notation import event_line
from pnp.engine.policies import RandomPolicy
from pnp.gamedef import Game
from pnp.games.sinterklaas.kit.balance import BALANCE
from pnp.games.sinterklaas.kit.report import BALANCE_REPORT
from pnp.games.sinterklaas.kit.setup_figures import setup
from pnp.games.sinterklaas.kit.spec_config import config_from_spec
from pnp.games.sinterklaas.policies import HeuristicPolicy
from pnp.games.sinterklaas.rules.config import config_for_variants, validate_deck
from pnp.games.sinterklaas.rules.engine import ENGINE
from pnp.games.sinterklaas.story.examples import STORY

H, R = "heuristic", "random"
EVERY_RULE = ("actiepiet", "pietje-precies", "speculaas", "wie-kent-hem-niet")

GAME = Game(
    engine=EngineKit(
        engine=ENGINE,
        standard_config=config_for_variants,
        policies={R: RandomPolicy, H: HeuristicPolicy},
        render_event=event_line,
        golden_cases=(
            GoldenCase((), 3, 1, (H, R, H)),
            GoldenCase((), 4, 2, (H, H, H, H)),
            GoldenCase(("minder-pakjes",), 5, 3, (H, R, H, R, H)),
            GoldenCase(("meer-pakjes", "surprises"), 4, 4, (H, H, R, H)),
            GoldenCase(("speculaas",), 4, 5, (H, R, H, H)),
            GoldenCase(("actiepiet", "pietje-precies"), 4, 6, (H, H, R, H)),
            GoldenCase(("actiepiet", "eerste-stopper", "wie-kent-hem-niet"), 5, 7, (H, R, H, H, R)),
            GoldenCase(EVERY_RULE, 6, 8, (H, R, H, R, H, H)),
        ),
        # The components and the deck checks: the kit and `pnp check` enact them, no move.
        unplayed_rules=("SK-C1", "SK-C2", "SK-C3", "SK-C4", "SK-C5", "SK-D1"),
    ),
    config_from_spec=config_from_spec,
    validate_config=validate_deck,
    story=STORY,
    study=BALANCE,
    setup=setup,
    balance=BALANCE_REPORT,
)
