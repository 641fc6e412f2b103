import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useTriggerMatchmaking } from '../../api/trigger-matchmaking.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ActionStatus } from '../action-status.tsx';
import { StepCard } from './step-card.tsx';

const T = ADMIN_TEXTS.matchTest;

/** Step 2: run a wave now; the matches it created are offered in step 3. */
export function TriggerStep({ onCreated }: { onCreated: (matchIds: string[]) => void }) {
  const trigger = useTriggerMatchmaking();
  const run = useSingleFlight(trigger);
  return (
    <StepCard title={T.step2}>
      <div className="admin-tool__action">
        <button
          type="button"
          className="button button--primary"
          onClick={() => run(undefined, { onSuccess: (reply) => onCreated(reply.created_matches) })}
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
    </StepCard>
  );
}
