import { wilson } from '@rankmatch/engine';
import type { StatsReply } from '@rankmatch/shared';
import { formatInteger } from '../../../lib/format.ts';
import { formatInterval, formatRate, resultShares } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';

/**
 * Matches, the first-attack win rate (with the same Wilson interval as the characters), the share of ready checks that
 * failed (once there were any) and the result mix.
 */
export function Overview({ stats }: { stats: StatsReply }) {
  const first = stats.first_attack;
  const checks = stats.ready_checks;
  const [low, high] = wilson(first.wins, first.games);
  const shares = resultShares(stats.results);
  const summary = T.resultsSummary(
    shares.map((s) => `${s.label} ${T.resultShare(formatInteger(s.count), formatRate(s.share))}`).join('、'),
  );
  return (
    <section className="card stats-card stats-overview" aria-labelledby="stats-overview-title">
      <h2 id="stats-overview-title" className="card__title">
        {T.overviewTitle}
      </h2>
      <dl className="stat-grid stats-overview__numbers">
        <div className="stat stat--highlight">
          <dt>{T.matches}</dt>
          <dd>
            {formatInteger(stats.matches)}
            <span className="stat__note">{T.matchesNote(formatInteger(stats.results.invalid))}</span>
          </dd>
        </div>
        <div className="stat">
          <dt>{T.firstAttack}</dt>
          <dd>
            {first.games > 0 ? formatRate(first.win_rate) : T.noValue}
            {first.games > 0 && <small>{T.interval(formatInterval(low, high))}</small>}
            <span className="stat__note">
              {T.firstAttackNote(formatInteger(first.wins), formatInteger(first.games))}
            </span>
          </dd>
        </div>
        {checks.opened > 0 && (
          <div className="stat">
            <dt>{T.readyChecks}</dt>
            <dd>
              {formatRate(checks.failed / checks.opened)}
              <span className="stat__note">
                {T.readyChecksNote(formatInteger(checks.failed), formatInteger(checks.opened))}
              </span>
            </dd>
          </div>
        )}
      </dl>
      <h3 className="section-label stats-overview__label">{T.resultsTitle}</h3>
      <div className="stats-results" role="img" aria-label={summary}>
        {shares.map((s) =>
          s.count > 0 ? (
            <span
              key={s.key}
              className={`stats-results__part stats-results__part--${s.key}`}
              style={{ width: `${s.share * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <dl className="stats-results__legend">
        {shares.map((s) => (
          <div key={s.key} className="stats-results__item">
            <dt>
              <span className={`stats-swatch stats-results__part--${s.key}`} aria-hidden="true" />
              {s.label}
            </dt>
            <dd>{T.resultShare(formatInteger(s.count), formatRate(s.share))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
