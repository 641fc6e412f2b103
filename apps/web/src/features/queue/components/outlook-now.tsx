import type { QueueOutlook } from '@rankmatch/shared';
import { formatClock, formatCountdown } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { QUEUE_TEXTS } from '../texts.ts';

const T = QUEUE_TEXTS.outlook;

/**
 * The next wave's countdown (each second) and the players waiting, unless the queue panel above shows them live;
 * signed in, the players near the player's rate.
 */
export function OutlookNow({
  outlook,
  wave,
  near,
}: {
  outlook: QueueOutlook | undefined;
  /** Show the countdown and the players waiting. */
  wave: boolean;
  /** Show the players near the player's rate. */
  near: boolean;
}) {
  const now = useNow(wave ? 1000 : 60_000);
  const next = outlook?.next_wave_at ?? null;
  return (
    <dl className={`stat-grid queue-outlook__now queue-outlook__now--${(wave ? 2 : 0) + (near ? 1 : 0)}`}>
      {wave && (
        <>
          <div className="stat">
            <dt>{T.nextWave}</dt>
            <dd data-testid="outlook-next-wave">
              {!outlook ? (
                '—'
              ) : next === null ? (
                T.nextWaveClosed
              ) : (
                <>
                  <span role="timer">{next > now ? formatCountdown(next - now) : T.nextWaveSoon}</span>
                  <span className="stat__note">{T.nextWaveAt(formatClock(next))}</span>
                </>
              )}
            </dd>
          </div>
          <div className="stat">
            <dt>{T.waiting}</dt>
            <dd data-testid="outlook-waiting">{outlook ? T.people(outlook.total_waiting) : '—'}</dd>
          </div>
        </>
      )}
      {near && (
        <div className="stat stat--highlight">
          <dt>{T.near}</dt>
          <dd data-testid="outlook-near">{outlook?.near_waiting == null ? '—' : T.nearValue(outlook.near_waiting)}</dd>
        </div>
      )}
    </dl>
  );
}
