import { BACKTEST_BANDS, backtestBandLabel } from '../../../contract/backtest';
import { KIND_RULE_GROUPS, KIND_RULES } from '../../../contract/kind-rules';
import {
  CATEGORIES,
  MAX_CATEGORY_SCORE,
  MAX_TOTAL,
  METHODOLOGY_CHANGELOG,
  METHODOLOGY_VERSION,
  MIN_CATEGORY_SCORE,
  RATING_BAND_TONES,
  RISK_BANDS,
  RISK_LEVEL_LABELS,
  WEIGHT_SUM,
} from '../../../contract/methodology';
import { PAGES } from '../../../contract/pages';
import {
  EVIDENCE_RISKS_NOTE,
  KNOCKOUT_NOTE,
  KNOCKOUT_RULES,
  NO_EVIDENCE_NOTE,
  SCORING_RULES,
  SCORING_RULES_BY_VERSION,
} from '../../../contract/scoring-rules';
import { TRACK_RECORD_MIN_FOR_PERCENT } from '../../../contract/track-record';
import { Badge } from '../../components/ui/badge';
import { Card, CardTitle } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { StaticHtml } from '../../components/ui/static-html';
import { BACKTEST_FIGURES } from '../../lib/backtest-figures';
import { ApiSection } from './ApiSection';

// Generated from contract/: the same categories, weights, rules and bands score every report.
// Earlier versions stay listed, so a report scored under them can still be explained.

const PREVIOUS_VERSIONS = Object.entries(SCORING_RULES_BY_VERSION).filter(
  ([version]) => version !== METHODOLOGY_VERSION,
);

const RATING_BANDS = [
  { band: 'Excellent', rule: '4.0 or more' },
  { band: 'Good', rule: '3.0 to 3.9' },
  { band: 'Poor', rule: 'below 3.0' },
] as const;

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The current version's back-test (npm run research:backtest writes the figures; decision 0290). */
function BacktestFigures() {
  // Written by headlineFigures (server/research/backtest/artefact.ts) as this type; JSON widens its enums and tuples.
  const figures = BACKTEST_FIGURES;
  const at365 = figures.accuracy.find((a) => a.days === 365)?.ratio;
  const holdout = figures.study.samples.find((s) => s.sample === 'holdout' && s.days === 365);
  return (
    <div className="mt-4 text-sm" data-testid="methodology-backtest">
      <h3 className="font-semibold">Back-test of methodology {figures.methodologyVersion}</h3>
      <p className="mt-2">
        A back-test, not a published record: {figures.ratings.toLocaleString('en-US')} ratings computed now,
        with this methodology, for {figures.assets} assets on every monthly market snapshot from{' '}
        {figures.firstAsOf} to {figures.lastAsOf}, each from the facts dated on or before its day; then each
        asset's first failure within a year (an issuer or custodian default, a dollar coin's lasting depeg, a
        material exploit, a terminal death, or a collapse far beyond the market's), with assets that left the
        snapshots censored.
      </p>
      {holdout && (
        <p className="mt-2">
          Hold-out (ratings from {figures.study.holdoutFrom}, never used to choose a rule): accuracy ratio
          within each month at 365 days{' '}
          {holdout.cohortAccuracyRatio === null ? 'not measurable' : holdout.cohortAccuracyRatio.toFixed(2)},
          on {holdout.distinctEvents} distinct events; the baselines beside it are on the track record.
        </p>
      )}
      <p className="mt-2">
        Accuracy ratio at 365 days:{' '}
        {at365 === null || at365 === undefined ? 'not measurable' : at365.toFixed(2)} (1 ranks every failure
        first, 0 is no better than chance, below 0 ranks failures as safer).
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {figures.bands365.map((band) => (
          <li key={band.band}>
            <span className="font-medium">{backtestBandLabel(band.band)}:</span> {band.failures} of{' '}
            {band.observable} failed within 365 days
            {band.observable >= TRACK_RECORD_MIN_FOR_PERCENT && band.low !== null && band.high !== null
              ? ` (${percent(band.failures / band.observable)}; 95% interval ${percent(band.low)} to ${percent(band.high)})`
              : ''}
          </li>
        ))}
        {/* A band the back-test never gave is still named, so its absence is not read as left out. */}
        {BACKTEST_BANDS.filter((band) => !figures.bands365.some((b) => b.band === band)).map((band) => (
          <li key={band}>
            <span className="font-medium">{backtestBandLabel(band)}:</span> no rating in the back-test
          </li>
        ))}
      </ul>
      <p className="mt-2">
        Rank order at 365 days{' '}
        {figures.rankOrder365.holds ? 'holds.' : `breaks: ${figures.rankOrder365.breaks.join('; ')}.`}
      </p>
      {figures.methodologyVersion !== METHODOLOGY_VERSION && (
        <p className="mt-2 text-muted">
          These figures are of methodology {figures.methodologyVersion}; the current version{' '}
          {METHODOLOGY_VERSION} has not been back-tested yet.
        </p>
      )}
    </div>
  );
}

/** The page's table of contents: it is several screens long on a phone. */
const CONTENTS = [
  { id: 'scale', title: `The ${MAX_TOTAL}-point scale` },
  { id: 'knockouts', title: 'Knockout rules' },
  { id: 'kind-checks', title: 'Checks for each kind of asset' },
  { id: 'categories', title: 'Categories and weights' },
  { id: 'scoring-rules', title: 'Scoring rules' },
  { id: 'track-record', title: 'How the ratings held up' },
  { id: 'api', title: 'API' },
  { id: 'change-log', title: 'Change log' },
] as const;

export function DocumentationPage() {
  return (
    <Page meta={PAGES.documentation.meta} title="Research Methodology" wide>
      {/* Text and tables only (the version details open natively): not walked while hydrating. */}
      <StaticHtml>
        <p className="mb-6 text-muted">
          Twelve research agents each score one category from {MIN_CATEGORY_SCORE} to {MAX_CATEGORY_SCORE}{' '}
          from sourced evidence. Weighted scores combine into a total on a {MAX_TOTAL}-point scale.
          Methodology version {METHODOLOGY_VERSION}; every report stores the version that scored it.
        </p>

        <nav aria-labelledby="toc-title" className="mb-8 rounded-lg border border-border bg-card p-4">
          <h2 id="toc-title" className="text-sm font-semibold">
            On this page
          </h2>
          <ul className="mt-1 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
            {CONTENTS.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`#${entry.id}`}
                  className="flex min-h-11 items-center text-sm text-primary underline"
                >
                  {entry.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <Card className="mb-8">
          <CardTitle id="scale" className="scroll-mt-4">
            The {MAX_TOTAL}-point scale
          </CardTitle>
          <div className="mt-3 space-y-2 text-sm">
            <p>
              Weighted sum S = Σ (weight × score) over all twelve categories, a category not assessed (no
              evidence) counted at the lowest level, 1; its maximum M = 5 × the sum of the weights (S runs
              from {WEIGHT_SUM} to {WEIGHT_SUM * MAX_CATEGORY_SCORE}: the weights add up to {WEIGHT_SUM}).
            </p>
            <p>
              Total T = S × {MAX_TOTAL} / M, rounded to 2 decimals: from{' '}
              {((WEIGHT_SUM * MAX_TOTAL) / (WEIGHT_SUM * MAX_CATEGORY_SCORE)).toFixed(2)} to {MAX_TOTAL}.00.
              That is T = S × {MAX_TOTAL} / {WEIGHT_SUM * MAX_CATEGORY_SCORE} (reports of methodology
              2026.11-4 weighed only the categories with evidence). Every report prints this arithmetic with
              its own figures (“How the total is computed”), so its total can be checked by hand. The
              dashboard shows it as x.x/{MAX_TOTAL}.0.
            </p>
            <p>Composite out of 5 on the report page: C = T / {MAX_TOTAL} × 5, shown to one decimal.</p>
            <p>{NO_EVIDENCE_NOTE}</p>
            <p>{EVIDENCE_RISKS_NOTE}</p>
          </div>
        </Card>

        <div className="mb-8 grid gap-6 md:grid-cols-2">
          <Card>
            <CardTitle>Score bands (composite out of 5)</CardTitle>
            <ul className="mt-3 space-y-2 text-sm">
              {RATING_BANDS.map(({ band, rule }) => (
                <li key={band} className="flex items-center justify-between gap-3">
                  <Badge tone={RATING_BAND_TONES[band]}>{band}</Badge>
                  <span>{rule}</span>
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <CardTitle>Risk bands (total on the {MAX_TOTAL}-point scale)</CardTitle>
            <ul className="mt-3 space-y-2 text-sm">
              {RISK_BANDS.map((band) => (
                <li key={band.level} className="flex items-center justify-between gap-3">
                  <span className="font-medium">{RISK_LEVEL_LABELS[band.level]}</span>
                  <span>
                    {band.from}-{band.to}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </div>

        <Card className="mb-8">
          <CardTitle id="knockouts" className="scroll-mt-4">
            Knockout rules
          </CardTitle>
          <p className="mt-3 text-sm">{KNOCKOUT_NOTE}</p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {KNOCKOUT_RULES.map((rule) => (
              <li key={rule.kind}>
                {rule.rule} Scores 1 in {CATEGORIES.find((c) => c.key === rule.category)?.name}; the report is
                Not Safe.
              </li>
            ))}
          </ul>
        </Card>

        <Card className="mb-8">
          <CardTitle id="kind-checks" className="scroll-mt-4">
            Checks for each kind of asset
          </CardTitle>
          <p className="mt-3 text-sm">
            On top of the 12 categories (their weights unchanged), each report checks what matters for the
            kind of asset it is. A check is met, a risk, not assessed when none of the report’s sources states
            it, or does not apply to the asset (a reserve attestation for an algorithmic peg, which has no
            reserve); every risk joins the report’s key risks under the category named.
          </p>
          {KIND_RULE_GROUPS.map((group) => (
            <div key={group} className="mt-4">
              <h3 className="text-base font-semibold">
                {KIND_RULES[group].title}{' '}
                <span className="font-normal text-muted">({KIND_RULES[group].appliesTo})</span>
              </h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {KIND_RULES[group].rules.map((rule) => (
                  <li key={rule.key}>
                    <span className="font-medium">{rule.label}:</span> {rule.rule} (
                    {CATEGORIES.find((c) => c.key === rule.category)?.name})
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Card>

        <Card className="mb-8 overflow-x-auto">
          <CardTitle id="categories" className="scroll-mt-4">
            Categories and weights
          </CardTitle>
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-4">
                  Category
                </th>
                <th scope="col" className="py-2 pr-4">
                  Weight
                </th>
                <th scope="col" className="py-2">
                  What it measures
                </th>
              </tr>
            </thead>
            <tbody>
              {CATEGORIES.map((category) => (
                <tr key={category.key} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {category.name}
                  </th>
                  <td className="py-2 pr-4">×{category.weight}</td>
                  <td className="py-2">{SCORING_RULES[category.key].measures}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>

        <h2 id="scoring-rules" className="mb-4 scroll-mt-4 text-2xl font-semibold">
          Scoring rules
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {CATEGORIES.map((category) => {
            const rule = SCORING_RULES[category.key];
            return (
              <Card key={category.key} className="p-5">
                <h3 className="font-semibold">
                  {category.name}{' '}
                  <span className="text-sm font-normal text-muted">(weight {category.weight})</span>
                </h3>
                <p className="mt-1 text-sm text-muted">Evidence: {rule.evidence}</p>
                <dl className="mt-3 space-y-1 text-sm">
                  {rule.levels.map((level) => (
                    <div key={level.score} className="flex gap-3">
                      <dt className="w-8 shrink-0 font-semibold tabular-nums">{level.score}</dt>
                      <dd>{level.when}</dd>
                    </div>
                  ))}
                </dl>
                {rule.notes?.map((note) => (
                  <p key={note} className="mt-2 text-xs text-muted">
                    {note}
                  </p>
                ))}
              </Card>
            );
          })}
        </div>

        <h2 id="track-record" className="mt-10 mb-4 scroll-mt-4 text-2xl font-semibold">
          How the ratings held up
        </h2>
        <Card>
          <p className="text-sm">
            Every report is a dated version; a new report on the same asset becomes its next version and
            shows, category by category, what changed and whether the rules or the evidence moved the score.
            The{' '}
            <a href="/track-record" className="underline">
              track record
            </a>{' '}
            counts the incidents recorded after each public report by the risk level it gave, the risk levels
            per methodology version, and how often a later version changed the verdict.
          </p>
          <BacktestFigures />
        </Card>

        <ApiSection />

        <h2 id="change-log" className="mt-10 mb-4 scroll-mt-4 text-2xl font-semibold">
          Change log
        </h2>
        <Card>
          <ol className="space-y-5 text-sm">
            {METHODOLOGY_CHANGELOG.map((entry) => (
              <li key={entry.version}>
                <h3 className="font-semibold">
                  Version {entry.version}{' '}
                  <span className="font-normal text-muted">
                    ({entry.date}
                    {entry.version === METHODOLOGY_VERSION ? ', current' : ''})
                  </span>
                </h3>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {entry.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
                {SCORING_RULES_BY_VERSION[entry.version] && entry.version !== METHODOLOGY_VERSION ? (
                  <details className="mt-3">
                    <summary className="cursor-pointer font-medium">Rules of version {entry.version}</summary>
                    <dl className="mt-2 space-y-2">
                      {CATEGORIES.map((category) => {
                        const rule = SCORING_RULES_BY_VERSION[entry.version]![category.key];
                        return (
                          <div key={category.key}>
                            <dt className="font-medium">{category.name}</dt>
                            <dd className="text-muted">
                              {rule.evidence}{' '}
                              {rule.levels.map((level) => `${level.score}: ${level.when}`).join('; ')}.
                              {rule.notes?.length ? ` ${rule.notes.join(' ')}` : ''}
                            </dd>
                          </div>
                        );
                      })}
                    </dl>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
          {PREVIOUS_VERSIONS.length ? (
            <p className="mt-5 text-xs text-muted">
              Every report stores the methodology version that scored it; its categories are explained with
              the rules of that version.
            </p>
          ) : null}
        </Card>
      </StaticHtml>
    </Page>
  );
}
