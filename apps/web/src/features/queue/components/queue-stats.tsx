import { matchingStateOf, type QueueInfo } from '@rankmatch/shared';
import { Icon } from '../../../components/icon.tsx';
import { MatchingPill } from '../../../components/matching-pill.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatClock, formatCountdown, formatInteger, formatShortDateTime } from '../../../lib/format.ts';
import { RECONNECT_ATTEMPTS } from '../../../lib/realtime/realtime-client.ts';
import type { QueueFeed } from '../hooks/use-queue-feed.ts';
import { QUEUE_TEXTS as T } from '../texts.ts';

/** The queue's numbers, the next-wave countdown and the live-update state; never a made-up count. */
export function QueueStats({ feed, now, onRelogin }: { feed: QueueFeed; now: number; onRelogin: () => void }) {
  const { info, stop } = feed;
  const data = info.data;
  return (
    <section className="card queue-stats" aria-labelledby="queue-stats-title">
      <header className="queue-stats__header">
        <h2 id="queue-stats-title" className="card__title">
          <Icon name="swords" className="card__title-icon" />
          {T.title}
          {data && <MatchingPill state={matchingStateOf(data.is_season_active, data.is_matching_open)} />}
        </h2>
        <LiveIndicator feed={feed} />
      </header>

      {stop === 'auth' && (
        <Notice tone="danger" live>
          <p>{T.authExpired}</p>
          <button type="button" className="button button--primary button--small" onClick={onRelogin}>
            {T.relogin}
          </button>
        </Notice>
      )}
      {(stop === 'failures' || stop === 'connection') && (
        <Notice tone="warning" title={T.stoppedTitle} live>
          <p>{stop === 'failures' ? T.stoppedFailures : T.stoppedConnection}</p>
          {data && info.dataUpdatedAt > 0 && (
            <p className="queue-stats__stale">{T.staleNote(formatClock(Math.floor(info.dataUpdatedAt / 1000)))}</p>
          )}
          <button type="button" className="button button--secondary button--small" onClick={feed.retry}>
            <Icon name="refresh" size={16} />
            {T.retry}
          </button>
        </Notice>
      )}

      {data ? (
        <QueueNumbers info={data} now={now} />
      ) : info.isPending ? (
        <Skeleton lines={3} label={T.loading} />
      ) : (
        <div className="queue-unreachable" role="alert">
          <Icon name="plugOff" size={28} />
          <div>
            <p className="queue-unreachable__title">{T.unreachableTitle}</p>
            <p>{T.unreachableText}</p>
            {info.error && <p className="queue-unreachable__detail">{info.error.message}</p>}
          </div>
          {stop === null && (
            <button type="button" className="button button--secondary button--small" onClick={feed.retry}>
              {T.retry}
            </button>
          )}
        </div>
      )}

      {data && !data.is_season_active && <Notice tone="warning">{T.seasonClosedNotice}</Notice>}
      {data?.is_season_active && !data.is_matching_open && (
        <Notice tone="info">{T.closedNotice(formatShortDateTime(data.next_wave_unixtime))}</Notice>
      )}
    </section>
  );
}

function QueueNumbers({ info, now }: { info: QueueInfo; now: number }) {
  const untilWave = info.next_wave_unixtime - now;
  const average = info.average_wait_time === null ? null : Math.round(info.average_wait_time);
  return (
    <dl className="stat-grid queue-numbers">
      <div className="stat stat--highlight">
        <dt>{T.waiting}</dt>
        <dd className="queue-numbers__big" data-testid="queue-waiting">
          {formatInteger(info.total_waiting)}
          <small>{T.waitingUnit}</small>
        </dd>
      </div>
      <div className="stat">
        <dt>{T.ongoing}</dt>
        <dd data-testid="queue-ongoing">
          {formatInteger(info.ongoing_matches)}
          <small>{T.ongoingUnit}</small>
        </dd>
      </div>
      <div className="stat">
        <dt>{T.nextWave}</dt>
        <dd data-testid="queue-next-wave">
          {info.is_matching_open && info.is_season_active ? (
            <>
              <span role="timer" className="queue-numbers__countdown">
                {untilWave > 0 ? formatCountdown(untilWave) : T.nextWaveSoon}
              </span>
              <span className="stat__note">{T.nextWaveAt(formatClock(info.next_wave_unixtime))}</span>
            </>
          ) : (
            <span className="queue-numbers__text">
              {info.is_season_active ? formatShortDateTime(info.next_wave_unixtime) : '—'}
            </span>
          )}
        </dd>
      </div>
      <div className="stat stat--text">
        <dt>{T.previousWave}</dt>
        <dd data-testid="queue-previous-wave">
          {info.previous_matched_unixtime === null
            ? T.previousWaveNone
            : T.previousWaveValue(
                // The time alone when it was today-ish; with the date when it is older.
                now - info.previous_matched_unixtime < 12 * 3600
                  ? formatClock(info.previous_matched_unixtime)
                  : formatShortDateTime(info.previous_matched_unixtime),
                info.previous_user_count,
              )}
        </dd>
      </div>
      <div className="stat stat--text">
        <dt>{T.averageWait}</dt>
        <dd>{average === null ? T.averageWaitNone : T.minutesSeconds(Math.floor(average / 60), average % 60)}</dd>
      </div>
    </dl>
  );
}

function LiveIndicator({ feed }: { feed: QueueFeed }) {
  if (feed.stop !== null) return null;
  const { status, attempt } = feed.socket;
  const text =
    status === 'open'
      ? T.live
      : status === 'reconnecting'
        ? T.reconnecting(Math.max(1, attempt), RECONNECT_ATTEMPTS)
        : T.connecting;
  return (
    <span className={`live-indicator live-indicator--${status === 'open' ? 'on' : 'wait'}`} role="status">
      <span className="live-indicator__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
