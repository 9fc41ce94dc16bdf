"""``pnp study GAME --report``: a balance report a designer can act on.

The report plays seeded games with the game's reference engine, every setting from the
same seeds (:mod:`pnp.engine.balance`), and reports per player count who wins (by seat,
against the fair share, or the table's win rate in a cooperative game), how long a game
takes and how that varies, how games end, what each variant changes against the base game
on the same seeds, whether skill matters (each policy against the others), and the
designer notes' checks against their targets. A difference is put into words only where
its 95 % interval leaves out zero (:mod:`pnp.base.stats`). The words are data: the
report's own in ``cardspecs/common/taal/<lang>.toml`` (``report_…`` labels), the game's
in its ``voorbeelden.toml`` (``report_…`` phrases).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pnp import __version__
from pnp.base.errors import PnpError
from pnp.base.output import commit_files
from pnp.base.stats import (
    FEWEST,
    Estimate,
    difference,
    histogram,
    mean,
    paired_difference,
    quantile,
    share,
    z_for,
)
from pnp.catalog.project import load_game, require_engine
from pnp.engine.balance import BalanceRun, Played, SettingKey, play_run
from pnp.gamedef import BalanceMeasures
from pnp.language import BASE_LANGUAGE, Language
from pnp.report.model import (
    BalanceReport,
    Bar,
    Bars,
    Change,
    ChangeRow,
    CheckRow,
    CountRow,
    Spread,
)
from pnp.report.pages import report_pdf
from pnp.spec.model import GameSpec
from pnp.spec.variants import resolve_variants
from pnp.story.phrases import Phrases, load_phrases

Progress = Callable[[int, int], None]

LABELS = (
    "findings",
    "no_findings",
    "checks",
    "check_met",
    "check_missed",
    "made",
    "per_count",
    "policies",
    "policies_note",
    "no_change",
    "no_checks",
)
"""The report's own words the pages print, ``report_<key>`` in the language file."""


@dataclass(frozen=True)
class ReportRequest:
    """What a report measures; empty tuples mean everything the game has."""

    game: str
    variants: tuple[str, ...] = ()
    players: tuple[int, ...] = ()
    games: int | None = None
    seed: int = 0
    jobs: int = 2
    policies: tuple[str, ...] = ()
    lang: str = BASE_LANGUAGE


@dataclass(frozen=True)
class MadeReport:
    """A report written: its file, the report itself, and the time the games took."""

    path: Path
    report: BalanceReport
    seconds: float
    games: int
    """Games played in all."""
    per_setting: int
    """Games played of each setting."""


@dataclass(frozen=True)
class ReportPlan:
    """What a report compares: its player counts, the count variants and policies are
    compared at, the variants and the policies."""

    players: tuple[int, ...]
    reference: int
    variants: tuple[tuple[str, tuple[str, ...]], ...]
    """Each variant compared: its name, and the variants it plays with (its includes)."""
    policies: tuple[str, ...]


def balance_report(
    request: ReportRequest, out: Path, progress: Progress | None = None
) -> MadeReport:
    """Play the games of the report, write ``out/GAME/<balans>.pdf`` and return it."""
    registered = require_engine(request.game, "study --report")
    measures = registered.balance
    if measures is None:
        raise PnpError.single(f"{request.game} has no balance report")
    data = load_game(request.game, lang=request.lang)
    spec = data.spec
    plan = _plan(spec, registered.engine.policies, measures, request)
    settings = _settings(spec, registered, measures, plan)
    count = request.games if request.games is not None else measures.games
    if count < 2 or request.jobs < 1:
        raise PnpError.single("--games must be at least 2 and --jobs at least 1")
    started = time.perf_counter()
    run = play_run(
        request.game,
        registered.engine.engine,
        settings,
        count,
        request.seed,
        request.jobs,
        progress,
    )
    seconds = time.perf_counter() - started
    report = ReportComposer(spec, measures, plan, run).report()
    name = f"{spec.language.file('balance')}.pdf"
    folder = out / request.game
    (path,) = commit_files(folder, {name: report_pdf(report)})
    return MadeReport(path, report, seconds, count * len(settings), count)


def _plan(
    spec: GameSpec, policies: Any, measures: BalanceMeasures, request: ReportRequest
) -> ReportPlan:
    low, high = spec.players
    players = tuple(sorted(set(request.players))) or tuple(range(low, high + 1))
    for count in players:
        if not low <= count <= high:
            raise PnpError.single(f"{spec.id} is for {low} to {high} players, not {count}")
    reference = measures.players if measures.players in players else players[len(players) // 2]
    asked = tuple(dict.fromkeys(request.variants)) or tuple(spec.variants)
    variants = []
    for variant in asked:
        resolved = resolve_variants(spec, (variant,))
        if resolved:
            variants.append((variant, resolved))
    known = tuple(sorted(policies))
    for policy in request.policies:
        if policy not in known:
            raise PnpError.single(
                f"unknown policy '{policy}' for {spec.id} (known: {', '.join(known)})"
            )
    chosen = tuple(dict.fromkeys(request.policies)) or known
    return ReportPlan(players, reference, tuple(variants), chosen)


def _settings(
    spec: GameSpec, registered: Any, measures: BalanceMeasures, plan: ReportPlan
) -> list[tuple[SettingKey, Any, tuple[Callable[[], Any], ...]]]:
    """Every setting to play, each once: the base game and the variant sets the checks need
    at every player count; each variant and each policy at the reference count."""
    factories = registered.engine.policies
    default = measures.policy
    keys: list[SettingKey] = []
    for players in plan.players:
        for variants in ((), *measures.every_count):
            keys.append(SettingKey(players, variants, (default,) * players))
    r = plan.reference
    keys += [SettingKey(r, resolved, (default,) * r) for _, resolved in plan.variants]
    for policy in plan.policies:
        seats = (policy,) * r if measures.cooperative else (policy,) + (default,) * (r - 1)
        keys.append(SettingKey(r, (), seats))
    settings = []
    for key in dict.fromkeys(keys):
        problems = registered.validate_deck(spec, key.variants)
        if problems:
            raise PnpError.single(f"{'+'.join(key.variants) or 'base game'}: {problems[0]}")
        config = registered.config_from_spec(spec, key.variants)
        settings.append((key, config, tuple(factories[p] for p in key.policies)))
    return settings


class ReportComposer:
    """The report's figures and sentences from the games played (``report()``)."""

    def __init__(
        self, spec: GameSpec, measures: BalanceMeasures, plan: ReportPlan, run: BalanceRun
    ) -> None:
        self.spec = spec
        self.measures = measures
        self.plan = plan
        self.run = run
        self.words: Language = spec.language
        self.phrases: Phrases = load_phrases(spec)
        self.findings: list[str] = []

    def label(self, key: str, **fields: object) -> str:
        return self.words.label(f"report_{key}", **fields)

    def say(self, key: str, **fields: object) -> str:
        return self.phrases.say(f"report_{key}", **fields)

    def percent(self, value: float) -> str:
        """A share in whole percents, its sign kept with its number (no line break)."""
        percent = value * 100
        # a small share keeps a decimal, so that its interval does not read "0 % to 0 %"
        shown = round(percent) if percent == 0 or abs(percent) >= 10 else round(percent, 1)
        return self.words.decimal(shown) + "\u00a0%"

    def number(self, value: float) -> str:
        return self.words.decimal(round(value, 1))

    def base(self, players: int) -> Played:
        return self.run.get(players, (), (self.measures.policy,) * players)

    def report(self) -> BalanceReport:
        counts = tuple(self._count(players) for players in self.plan.players)
        if self.measures.cooperative:
            self._counts_differ()
        changes = tuple(self._change(name, resolved) for name, resolved in self.plan.variants)
        policies = self._policies()
        checks = self._checks()
        return BalanceReport(
            title=self.label("title", game=self.spec.name),
            subtitle=self.label(
                "subtitle", games=self.run.games, seed=self.run.seed, players=self.plan.reference
            ),
            labels=self._labels(),
            findings=tuple(self.findings),
            checks=checks,
            counts=counts,
            changes_heading=self.label("changes", players=self.plan.reference),
            changes=changes,
            policies=policies,
            made=self._made(),
            decimal_point=self.words.decimal(0.5)[1],
        )

    def _labels(self) -> dict[str, str]:
        labels = {key: self.label(key) for key in LABELS}
        if self.measures.cooperative:
            labels["policies_note"] = self.label("policies_note_together")
        return labels

    def policy(self, policy: str) -> str:
        """A policy's name in the game's words."""
        return self.say(f"policy_{policy}")

    # -- per player count ----------------------------------------------------------------

    def _count(self, players: int) -> CountRow:
        played = self.base(players)
        m = self.measures
        n = len(played.outcomes)
        charts: list[Bars | Spread] = []
        if m.cooperative:
            bars = [Bar(self.label("won"), share(sum(played.wins()), n))]
            bars += [
                Bar(self.say(f"end_{e}"), share(sum(played.per_game(e)), n)) for e in m.endings
            ]
            charts.append(Bars(self.label("outcomes"), tuple(bars), 1.0, across=True))
        else:
            fair = 1 / players
            seats = [share(sum(played.seat_wins(s)), n) for s in range(players)]
            top = max(0.5, max(s.high for s in seats))
            bars = [Bar(str(s + 1), e) for s, e in enumerate(seats)]
            charts.append(
                Bars(self.label("by_seat"), tuple(bars), _top(top), fair, self.label("fair_share"))
            )
            # every seat of every player count is compared with its fair share
            z = z_for(sum(self.plan.players))
            for seat in range(players):
                estimate = share(sum(played.seat_wins(seat)), n, z)
                if n >= FEWEST and not estimate.low <= fair <= estimate.high:
                    key = "seat_more" if estimate.value > fair else "seat_less"
                    self.findings.append(
                        self.label(
                            key,
                            players=players,
                            seat=seat + 1,
                            value=self.percent(estimate.value),
                            low=self.percent(estimate.low),
                            high=self.percent(estimate.high),
                            fair=self.percent(fair),
                        )
                    )
        lengths = played.per_game(m.length)
        if len(set(lengths)) > 1:
            charts.append(self._spread(self.label("length"), lengths, played.actions()))
        else:  # every game as long (a fixed number of rounds): how many moves it takes
            fixed = self.label("fixed_length", rounds=self.number(lengths[0] if lengths else 0))
            moves = self._spread(self.label("moves"), played.actions())
            charts.append(replace(moves, caption=f"{fixed} {moves.caption}"))
        for metric, title in ((m.score, "score"), (m.left_at_win, "left_at_win")):
            values = played.per_game(metric) if metric is not None else []
            if values:  # (no game won: no rounds to spare to show)
                charts.append(self._spread(self.say(title), values))
        if m.endings and not m.cooperative:
            bars = [Bar(self.say(f"end_{e}"), _share_of(played.samples(e))) for e in m.endings]
            per_game = all(
                len(o.metrics.get(e, ())) == 1 for o in played.outcomes for e in m.endings
            )
            title = self.label("outcomes" if per_game else "endings")
            charts.append(Bars(title, tuple(bars), 1.0, across=True))
        return CountRow(self.label("count", players=players, games=n), tuple(charts))

    def _counts_differ(self) -> None:
        """A finding when the table's chance of winning depends on the number of players: the
        lowest and the highest differ by more than chance (counting every pair of counts)."""
        if len(self.plan.players) < 2:
            return
        z = z_for(len(self.plan.players) * (len(self.plan.players) - 1) // 2)
        rates = []
        for players in self.plan.players:
            played = self.base(players)
            rates.append((players, share(sum(played.wins()), len(played.outcomes), z)))
        low = min(rates, key=lambda r: r[1].value)
        high = max(rates, key=lambda r: r[1].value)
        if low[1].high < high[1].low:
            self.findings.append(
                self.label(
                    "counts_differ",
                    low=self.percent(low[1].value),
                    low_players=low[0],
                    high=self.percent(high[1].value),
                    high_players=high[0],
                )
            )

    def _spread(self, title: str, values: Sequence[float], actions: Sequence[float] = ()) -> Spread:
        median = quantile(values, 0.5)
        low, high = quantile(values, 0.1), quantile(values, 0.9)
        caption = self.label(
            "spread", median=self.number(median), low=self.number(low), high=self.number(high)
        )
        if actions:
            caption += " " + self.label(
                "actions",
                median=self.number(quantile(actions, 0.5)),
                low=self.number(quantile(actions, 0.1)),
                high=self.number(quantile(actions, 0.9)),
            )
        return Spread(title, histogram(values), median, low, high, caption)

    # -- variants against the base game --------------------------------------------------

    def _figures(self) -> list[tuple[str, str, bool]]:
        """The figures a variant is compared on: (metric, name, a share)."""
        m = self.measures
        figures = [(m.length, self.label("length_mean"), False)]
        if m.cooperative:
            figures.append(("won", self.label("won"), True))
        figures += [(e, self.say(f"end_{e}"), True) for e in m.endings]
        if m.score is not None:
            figures.append((m.score, self.say("score"), False))
        return figures

    def _values(self, played: Played, metric: str) -> list[float]:
        return played.wins() if metric == "won" else played.samples(metric)

    def _change(self, name: str, resolved: tuple[str, ...]) -> Change:
        r = self.plan.reference
        base = self.base(r)
        other = self.run.get(r, resolved, (self.measures.policy,) * r)
        title = self.spec.variants[name].name
        changes, verdicts = [], []
        figures = self._figures()
        # every figure of every variant is one comparison: a verdict must hold for them all
        z = z_for(len(figures) * len(self.plan.variants))
        for metric, what, is_share in figures:
            before, after = self._values(base, metric), self._values(other, metric)
            paired = len(before) == len(after) == len(base.outcomes)
            change = paired_difference if paired else difference
            estimate = change(before, after)
            said = change(before, after, z).excludes_zero
            shown = self.percent if is_share else self.number
            if math.isfinite(estimate.half_width):
                change_text = _signed(shown(estimate.value), estimate.value)
                text = f"{change_text} ±\u00a0{shown(estimate.half_width)}"
            else:  # too few games to say how sure the change is
                text = self.label("too_few")
            changes.append(ChangeRow(what[:1].upper() + what[1:], estimate, text, said))
            if said:
                verdict = self.label(
                    "change",
                    what=what[:1].lower() + what[1:],  # inside a sentence
                    after=shown(mean(after).value),
                    before=shown(mean(before).value),
                    change=_signed(shown(estimate.value), estimate.value),
                    half=shown(estimate.half_width),
                )
                verdicts.append(verdict)
        if verdicts:  # one line of the first page per variant, its changes together
            self.findings.append(
                self.label("changes_of", variant=title, changes="; ".join(verdicts))
            )
        # on the variant's own lines each change is a sentence of its own
        return Change(title, tuple(changes), tuple(f"{v[:1].upper()}{v[1:]}." for v in verdicts))

    # -- policies ------------------------------------------------------------------------

    def _policies(self) -> Bars | None:
        r, m = self.plan.reference, self.measures
        bars = []
        base = self.base(r)
        z = z_for(len(self.plan.policies))  # every policy is compared with the default one
        for policy in self.plan.policies:
            seats = (policy,) * r if m.cooperative else (policy,) + (m.policy,) * (r - 1)
            played = self.run.get(r, (), seats)
            n = len(played.outcomes)
            # the first seat's wins (the whole table's, together), against the default
            # policy's in the same seat on the same seeds: the seat's own luck cancels out
            mine = played.wins() if m.cooperative else played.seat_wins(0)
            default = base.wins() if m.cooperative else base.seat_wins(0)
            won = share(sum(mine), n)
            bars.append(Bar(self.policy(policy), won))
            if policy == m.policy or not paired_difference(default, mine, z).excludes_zero:
                continue
            together = "_together" if m.cooperative else ""
            key = (
                f"policy{together}_more"
                if won.value > mean(default).value
                else f"policy{together}_less"
            )
            self.findings.append(
                self.label(
                    key,
                    policy=self.policy(policy),
                    others=self.policy(m.policy),
                    value=self.percent(won.value),
                    low=self.percent(won.low),
                    high=self.percent(won.high),
                    base=self.percent(mean(default).value),
                )
            )
        if not bars:
            return None
        fair_share = None if m.cooperative else 1 / r
        top = _top(max(b.value.high for b in bars))
        title = self.label("policy_table" if m.cooperative else "policy_seat", players=r)
        return Bars(
            title, tuple(bars), top, fair_share, self.label("fair_share") if fair_share else ""
        )

    # -- the designer notes' checks and how the report was made ----------------------------

    def _checks(self) -> tuple[CheckRow, ...]:
        if self.measures.checks is None:
            return ()
        rows = [
            CheckRow(check.rule, self.say(check.key, **check.fields), check.ok)
            for check in self.measures.checks(self.spec, self.run)
        ]
        missed = [self.label("check_failed", rule=r.rule, text=r.text) for r in rows if not r.ok]
        self.findings[:0] = missed  # a missed target is what a designer reads first
        return tuple(rows)

    def _made(self) -> tuple[str, ...]:
        run = self.run
        policies = ", ".join(self.policy(p) for p in self.plan.policies)
        settings = len(run.played)
        return (
            self.label(
                "made_games", games=run.games, settings=settings, total=run.games * settings
            ),
            self.label("made_seed", seed=run.seed),
            self.label(
                "made_policies", default=self.policy(self.measures.policy), policies=policies
            ),
            self.label("made_work", actions=f"{run.actions:,}".replace(",", "\u2009")),
            self.label("made_version", version=__version__),
        )


def _share_of(samples: Sequence[float]) -> Estimate:
    """The share of 0/1 samples that are 1, with Wilson's interval."""
    return share(sum(samples), len(samples))


def _top(value: float) -> float:
    """A round top for a share's scale: the next tenth above ``value`` (at most 1)."""
    return min(1.0, (int(value * 10) + 1) / 10)


def _signed(text: str, value: float) -> str:
    """A change with its sign as written (none for a change that rounds to nothing)."""
    bare = text.lstrip("-\u2212+")
    if not any(c in "123456789" for c in bare):
        return bare
    return ("+" if value > 0 else "\u2212") + bare
