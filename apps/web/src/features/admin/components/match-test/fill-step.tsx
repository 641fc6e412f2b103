import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { FILL_COUNT, useFillQueue } from '../../api/fill-queue.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ActionStatus } from '../action-status.tsx';
import { FillResult } from '../fill-result.tsx';
import { StepCard } from './step-card.tsx';

/** Step 1: one match's worth of test accounts joins the queue. */
export function FillStep() {
  const fill = useFillQueue();
  const add = useSingleFlight(fill);
  return (
    <StepCard title={ADMIN_TEXTS.matchTest.step1}>
      <div className="admin-tool__action">
        <button
          type="button"
          className="button button--primary"
          onClick={() => add(FILL_COUNT)}
          disabled={fill.isPending}
        >
          {ADMIN_TEXTS.overview.fillQueue(FILL_COUNT)}
        </button>
        <ActionStatus action={fill} pending={ADMIN_TEXTS.running}>
          {fill.data && <FillResult reply={fill.data} />}
        </ActionStatus>
      </div>
    </StepCard>
  );
}
