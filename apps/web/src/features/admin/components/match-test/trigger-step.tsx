import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useReadyAll } from '../../api/ready-all.ts';
import { useTriggerMatchmaking } from '../../api/trigger-matchmaking.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ActionStatus } from '../action-status.tsx';
import { StepCard } from './step-card.tsx';

const T = ADMIN_TEXTS.matchTest;

/**
 * Step 2: run a wave now; the matches it created are offered in step 3. With the ready check on (issue 35) the wave
 * opens checks instead: 準備確認中, and a button that readies every test account, whose started matches go on to step 3.
 * A wave that made nothing still offers the button: the scheduled wave (every even minute in matching hours) may have
 * taken the queued test accounts into a check a moment before this one ran.
 */
export function TriggerStep({ onCreated }: { onCreated: (matchIds: string[]) => void }) {
  const trigger = useTriggerMatchmaking();
  const run = useSingleFlight(trigger);
  const readyAll = useReadyAll();
  const readyAllOnce = useSingleFlight(readyAll);
  const noMatch = trigger.data?.created_matches.length === 0;
  const checks = noMatch ? (trigger.data?.ready_checks ?? []) : [];
  return (
    <StepCard title={T.step2}>
      <div className="admin-tool__action">
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            run(undefined, {
              onSuccess: (reply) => {
                readyAll.reset();
                onCreated(reply.created_matches);
              },
            })
          }
          disabled={trigger.isPending}
        >
          {T.run}
        </button>
        <ActionStatus action={trigger} pending={T.running}>
          {trigger.data && (
            <>
              <p>{trigger.data.message}</p>
              {trigger.data.created_matches.length > 0 && (
                <p>{ADMIN_TEXTS.overview.createdMatches(trigger.data.created_matches)}</p>
              )}
            </>
          )}
        </ActionStatus>
      </div>
      {noMatch && (
        <div className="admin-tool__action match-test__ready">
          {checks.length > 0 && <p className="match-test__ready-title">{ADMIN_TEXTS.overview.readyChecks(checks)}</p>}
          <p className="muted">{checks.length > 0 ? T.readyChecksLead(checks.length) : T.readyChecksElsewhere}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() =>
              readyAllOnce(undefined, {
                onSuccess: (reply) => {
                  if (reply.started_matches.length > 0) onCreated(reply.started_matches);
                },
              })
            }
            disabled={readyAll.isPending}
          >
            {T.readyAll}
          </button>
          <ActionStatus action={readyAll} pending={T.readyingAll}>
            {readyAll.data && (
              <>
                <p>{T.readied(readyAll.data.readied)}</p>
                {readyAll.data.started_matches.length > 0 ? (
                  <p>{ADMIN_TEXTS.overview.createdMatches(readyAll.data.started_matches)}</p>
                ) : (
                  <p>{T.readyNotStarted}</p>
                )}
              </>
            )}
          </ActionStatus>
        </div>
      )}
    </StepCard>
  );
}
