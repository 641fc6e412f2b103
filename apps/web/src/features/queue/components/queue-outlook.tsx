import { useId } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { ErrorState } from '../../../components/notice.tsx';
import { useActiveSeason } from '../../../lib/active-season.ts';
import { useQueueOutlook } from '../api/get-queue-outlook.ts';
import { bestHour, hoursFrom, japanHour, queueScale, waitText } from '../outlook.ts';
import { QUEUE_TEXTS } from '../texts.ts';
import { OutlookHours } from './outlook-hours.tsx';
import { OutlookNow } from './outlook-now.tsx';
import './outlook.css';

const T = QUEUE_TEXTS.outlook;
/** The hours listed first: this one and the next seven. */
const UPCOMING = 8;
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => (from + i) % 24);

/**
 * When to come (GET /api/queue/outlook): the next wave and who is waiting (unless the queue panel above shows them
 * live), signed in the players near the player's rate, and by hour the typical queue and wait from the recorded
 * waves, this hour first. Its rows stand while it loads. Between seasons no wave runs: a sentence says so instead.
 */
export function QueueOutlook({
  userId,
  queueShown = false,
}: {
  userId: string | null;
  /** The queue panel above shows the next wave's countdown and the players waiting, live: not twice. */
  queueShown?: boolean;
}) {
  const titleId = useId();
  const outlook = useQueueOutlook(userId);
  const data = outlook.data;
  const hour = japanHour(Math.floor(Date.now() / 1000));
  const scale = data ? queueScale(data.by_hour) : 1;
  const best = data ? bestHour(data.by_hour) : null;
  const anyWaves = data?.by_hour.some((f) => f.waves > 0) ?? false;
  const offSeason = useActiveSeason().data?.is_season_active === false;
  if (offSeason) {
    return (
      <section className="card queue-outlook" aria-labelledby={titleId}>
        <h2 id={titleId} className="card__title">
          <Icon name="clock" className="card__title-icon" />
          {T.title}
        </h2>
        <p className="queue-outlook__peak" data-testid="outlook-peak">
          {T.offSeason}
        </p>
      </section>
    );
  }
  return (
    <section className="card queue-outlook" aria-labelledby={titleId} aria-busy={outlook.isPending}>
      <h2 id={titleId} className="card__title">
        <Icon name="clock" className="card__title-icon" />
        {T.title}
      </h2>
      <OutlookNow outlook={data} wave={!queueShown} near={userId !== null} />
      {outlook.isError && !data ? (
        <ErrorState message={`${T.loadFailed}: ${outlook.error.message}`} onRetry={() => outlook.refetch()} />
      ) : (
        <>
          <p className="queue-outlook__peak" data-testid="outlook-peak">
            {!data
              ? T.loading
              : best
                ? T.best(best.hour, waitText(best.wait_p50_seconds), Math.round(best.typical_queue))
                : anyWaves
                  ? T.noMatches
                  : T.noRecords}
          </p>
          <h3 className="queue-outlook__subtitle">{T.hoursTitle}</h3>
          <OutlookHours
            figures={data ? hoursFrom(data.by_hour, hour, UPCOMING) : null}
            hours={range(hour, UPCOMING)}
            currentHour={hour}
            scale={scale}
            label={T.hoursTitle}
          />
          <details className="queue-outlook__all">
            <summary>{T.allHours}</summary>
            {data && (
              <OutlookHours
                figures={hoursFrom(data.by_hour, 0, 24)}
                hours={range(0, 24)}
                currentHour={hour}
                scale={scale}
                label={T.allHours}
              />
            )}
          </details>
        </>
      )}
      <p className="queue-outlook__note">{T.note}</p>
      {userId && (
        <Link className="queue-outlook__link" to="/?tab=mypage">
          <Icon name="bell" size={16} />
          {T.alertLink}
        </Link>
      )}
    </section>
  );
}
