import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useQueueCountCheck } from '../../api/get-queue-count.ts';
import { useManualWave } from '../../hooks/use-manual-wave.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ActionStatus } from '../action-status.tsx';
import { ToolCard } from './tool-card.tsx';

const T = ADMIN_TEXTS.overview;

/** Gather then matchmaking (with its progress), and the queue count check. */
export function MatchmakingTools() {
  const { run, step } = useManualWave();
  const runWave = useSingleFlight(run);
  const queueCount = useQueueCountCheck();
  const queueCountOnce = useSingleFlight(queueCount);
  return (
    <ToolCard title={T.matchmakingTitle}>
      <div className="admin-tool__action">
        <button
          type="button"
          className="button button--primary"
          onClick={() => runWave(undefined)}
          disabled={run.isPending}
        >
          {T.runWave}
        </button>
        <ActionStatus action={run} pending={step === 'matching' ? T.matching : T.gathering}>
          {run.data && (
            <>
              <p>{T.gathered(run.data.processed)}</p>
              <p>{run.data.wave.message}</p>
              {run.data.wave.created_matches.length > 0 && <p>{T.createdMatches(run.data.wave.created_matches)}</p>}
              {run.data.wave.ready_checks.length > 0 && <p>{T.readyChecks(run.data.wave.ready_checks)}</p>}
            </>
          )}
        </ActionStatus>
      </div>
      <div className="admin-tool__action">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => queueCountOnce()}
          disabled={queueCount.isPending}
        >
          {T.checkQueue}
        </button>
        <ActionStatus action={queueCount} pending={ADMIN_TEXTS.running}>
          {queueCount.data && <p>{T.queueCount(queueCount.data.queue_count)}</p>}
        </ActionStatus>
      </div>
    </ToolCard>
  );
}
