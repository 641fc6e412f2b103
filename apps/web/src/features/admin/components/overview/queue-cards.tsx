import { Icon } from '../../../../components/icon.tsx';
import { ErrorState } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { formatInteger } from '../../../../lib/format.ts';
import { useLiveQueueInfo } from '../../hooks/use-live-queue-info.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.overview;

/** Shown when no wave has matched anyone yet (spec admin §9 "Default expected wait: 10 minutes"). */
const DEFAULT_WAIT_MINUTES = 10;

/** average_wait_time (seconds) in whole minutes; 10 when the server has none yet. */
function expectedWaitMinutes(averageWaitSeconds: number | null): number {
  return averageWaitSeconds === null ? DEFAULT_WAIT_MINUTES : Math.round(averageWaitSeconds / 60);
}

/** Waiting players, ongoing matches and the expected wait, live from the socket. */
export function QueueCards() {
  const info = useLiveQueueInfo();
  return (
    <section className="card" aria-labelledby="admin-queue-title">
      <h2 id="admin-queue-title" className="card__title">
        <Icon name="users" className="card__title-icon" />
        {T.queueTitle}
      </h2>
      {info.data ? (
        <dl className="stat-grid">
          <div className="stat stat--highlight">
            <dt>{T.waiting}</dt>
            <dd data-testid="admin-queue-waiting">
              {formatInteger(info.data.total_waiting)}
              <small>{T.waitingUnit}</small>
            </dd>
          </div>
          <div className="stat">
            <dt>{T.ongoing}</dt>
            <dd data-testid="admin-queue-ongoing">
              {formatInteger(info.data.ongoing_matches)}
              <small>{T.ongoingUnit}</small>
            </dd>
          </div>
          <div className="stat">
            <dt>{T.expectedWait}</dt>
            <dd data-testid="admin-queue-wait">
              {expectedWaitMinutes(info.data.average_wait_time)}
              <small>{T.minutesUnit}</small>
            </dd>
          </div>
        </dl>
      ) : info.isPending ? (
        <Skeleton lines={2} label={T.queueLoading} />
      ) : (
        <ErrorState message={T.queueFailed} onRetry={() => info.refetch()} />
      )}
    </section>
  );
}
