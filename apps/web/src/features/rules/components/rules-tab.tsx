import { matchingStateOf, type Settings, type SystemReply } from '@rankmatch/shared';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { Markdown, useMarkdownRenderer } from '../../../components/markdown.tsx';
import { MatchingPill } from '../../../components/matching-pill.tsx';
import { ErrorState } from '../../../components/notice.tsx';
import { Skeleton, SkeletonBlock } from '../../../components/skeleton.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { formatInteger, formatLongDate } from '../../../lib/format.ts';
import { useMaster } from '../../../lib/master.ts';
import { DEFAULT_RULES } from '../../../lib/texts.ts';
import { usePublicMaster } from '../api/get-public-master.ts';
import { usePublicSystem } from '../api/get-public-system.ts';
import { RULES_TEXTS as T } from '../texts.ts';
import './rules.css';

const RULES_PLACEHOLDER_HEIGHT = 900;

/** The rules tab: announcement, rules (or the fallback text), and for visitors the public system data. */
export function RulesTab() {
  const session = useSession();
  const signedIn = session !== null;
  const master = useMaster(signedIn ? session.user.user_id : null);
  const publicMaster = usePublicMaster(!signedIn);
  // Public for everyone: visitors see the site status from it, everyone the rule details.
  const system = usePublicSystem();
  const settings = signedIn ? master : publicMaster;
  const texts = settings.data
    ? [settings.data.settings.announcement_content, settings.data.settings.rules_content]
    : [];
  const markdownReady = useMarkdownRenderer(texts.some((text) => text.trim() !== ''));

  // One placeholder taller than a phone's screen until everything the tab shows first is in (its data and, for
  // texts, the Markdown renderer): the cards then appear at their final size, instead of each growing in turn and
  // pushing the next ones down (issue 25).
  if (settings.isPending || (!signedIn && system.isPending) || (texts.some((t) => t.trim()) && !markdownReady)) {
    return (
      <div className="rules-tab">
        <SkeletonBlock height={RULES_PLACEHOLDER_HEIGHT} label={T.loading} />
      </div>
    );
  }

  return (
    <div className="rules-tab">
      {!signedIn && <SystemPanel query={system} />}
      <section className="card" aria-labelledby="announcement-title">
        <h2 id="announcement-title" className="card__title">
          <Icon name="megaphone" className="card__title-icon" />
          {T.announcementTitle}
        </h2>
        <SettingsText
          query={settings}
          pick={(s) => s.announcement_content}
          empty={<p className="muted">{T.noAnnouncement}</p>}
        />
      </section>
      <section className="card" aria-labelledby="rules-title">
        <h2 id="rules-title" className="card__title">
          <Icon name="book" className="card__title-icon" />
          {T.rulesTitle}
        </h2>
        <SettingsText query={settings} pick={(s) => s.rules_content} empty={<FallbackRules />} />
      </section>
      {settings.data && <ReadyCheckRules seconds={settings.data.settings.ready_check_seconds} />}
      <RuleDetails query={system} />
    </div>
  );
}

/** How the ready check works (issue 35): the site's time, and what becomes of those who do not press 準備完了. */
function ReadyCheckRules({ seconds }: { seconds: number }) {
  return (
    <section className="card" aria-labelledby="ready-check-rules-title">
      <h2 id="ready-check-rules-title" className="card__title">
        <Icon name="users" className="card__title-icon" />
        {T.readyCheckTitle}
      </h2>
      {seconds > 0 ? (
        <div className="ready-check-rules">
          <p>{T.readyCheckOn(seconds)}</p>
          <p>{T.readyCheckFailed}</p>
          <p>{T.readyCheckSteps}</p>
        </div>
      ) : (
        <p>{T.readyCheckOff}</p>
      )}
    </section>
  );
}

type SystemQuery = {
  isPending: boolean;
  isError: boolean;
  data: SystemReply | undefined;
  error: Error | null;
  refetch: () => unknown;
};

/** The matchmaking, settlement, rating and penalty rules as the server states them (one paragraph per line). */
function RuleDetails({ query }: { query: SystemQuery }) {
  const rules = query.data?.rules;
  return (
    <section className="card" aria-labelledby="rule-details-title">
      <h2 id="rule-details-title" className="card__title">
        <Icon name="stats" className="card__title-icon" />
        {T.detailsTitle}
      </h2>
      {query.isPending ? (
        <Skeleton lines={6} />
      ) : query.isError || !rules ? (
        <ErrorState message={query.error?.message ?? T.loadFailed} onRetry={() => query.refetch()} />
      ) : (
        <div className="rule-details">
          <p className="muted rule-details__intro">{T.detailsIntro}</p>
          {(Object.keys(T.detailsSections) as (keyof typeof T.detailsSections)[]).map((key) => (
            <section key={key} className="rule-details__section" aria-labelledby={`rule-details-${key}`}>
              <h3 id={`rule-details-${key}`}>{T.detailsSections[key]}</h3>
              {rules[key]
                .split('\n')
                .filter((line) => line.trim())
                .map((line) => (
                  <p key={line}>{line}</p>
                ))}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

interface SettingsQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: { settings: Settings } | undefined;
  refetch: () => unknown;
}

function SettingsText({
  query,
  pick,
  empty,
}: {
  query: SettingsQuery;
  pick: (s: Settings) => string;
  empty: ReactNode;
}) {
  if (query.isPending) return <Skeleton lines={4} />;
  if (query.isError || !query.data) {
    return <ErrorState message={query.error?.message ?? T.loadFailed} onRetry={() => query.refetch()} />;
  }
  const text = pick(query.data.settings).trim();
  return text ? <Markdown>{text}</Markdown> : empty;
}

export function FallbackRules() {
  return (
    <div className="fallback-rules">
      <p>{DEFAULT_RULES.intro}</p>
      <ol className="rule-list">
        {DEFAULT_RULES.items.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The season open now by the server's word (is_season_active), never merely the one marked active: before its start
 * date it is シーズン期間外, with when it starts.
 */
function SeasonNow({ system }: { system: SystemReply }) {
  const season = system.active_season;
  if (system.is_season_active && season) return <dd>{season.name}</dd>;
  return (
    <dd>
      {T.noActiveSeason}
      {season && season.start_date > system.server_time && (
        <span className="stat__note">{T.seasonStarts(season.name, formatLongDate(season.start_date))}</span>
      )}
    </dd>
  );
}

function SystemPanel({ query }: { query: SystemQuery }) {
  return (
    <section className="card" aria-labelledby="system-title">
      <h2 id="system-title" className="card__title">
        <Icon name="stats" className="card__title-icon" />
        {T.systemTitle}
      </h2>
      {query.isPending ? (
        <Skeleton lines={2} />
      ) : query.isError || !query.data ? (
        <ErrorState message={query.error?.message ?? T.loadFailed} onRetry={() => query.refetch()} />
      ) : (
        <dl className="stat-grid">
          <div className="stat stat--text">
            <dt>{T.activeSeason}</dt>
            <SeasonNow system={query.data} />
          </div>
          <div className="stat stat--text">
            <dt>{T.matching}</dt>
            <dd>
              <MatchingPill state={matchingStateOf(query.data.is_season_active, query.data.matching.is_open)} />
              <span className="stat__note">{query.data.matching.hours_text}</span>
            </dd>
          </div>
          <div className="stat">
            <dt>{T.players}</dt>
            <dd>
              {formatInteger(query.data.player_count)}
              <small>{T.playersUnit}</small>
            </dd>
          </div>
          <div className="stat">
            <dt>{T.matches}</dt>
            <dd>
              {formatInteger(query.data.match_count)}
              <small>{T.matchesUnit}</small>
              <span className="stat__note">{T.matchesNote}</span>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
