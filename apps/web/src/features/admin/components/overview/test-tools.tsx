import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useClearQueue } from '../../api/clear-queue.ts';
import { FILL_COUNT, useFillQueue } from '../../api/fill-queue.ts';
import { useReportAll } from '../../api/report-all.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ActionStatus } from '../action-status.tsx';
import { FillResult } from '../fill-result.tsx';
import { ToolCard } from './tool-card.tsx';

const T = ADMIN_TEXTS.overview;

/** Test tools: fill the queue with test accounts, report every test match as a team A win, empty the queue. */
export function TestTools() {
  const fill = useFillQueue();
  const reportAll = useReportAll();
  const add = useSingleFlight(fill);
  const reportEvery = useSingleFlight(reportAll);
  const clear = useClearQueue();
  const clearOnce = useSingleFlight(clear);
  const confirm = useConfirm();
  const onClear = async () => {
    const yes = await confirm.ask({
      title: T.clearConfirmTitle,
      message: T.clearConfirm,
      confirmLabel: T.clearConfirmButton,
    });
    if (yes) clearOnce();
  };
  return (
    <ToolCard title={T.testToolsTitle}>
      <div className="admin-tool__action">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => add(FILL_COUNT)}
          disabled={fill.isPending}
        >
          {T.fillQueue(FILL_COUNT)}
        </button>
        <ActionStatus action={fill} pending={ADMIN_TEXTS.running}>
          {fill.data && <FillResult reply={fill.data} />}
        </ActionStatus>
      </div>
      <div className="admin-tool__action">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => reportEvery(undefined)}
          disabled={reportAll.isPending}
        >
          {T.reportAll}
        </button>
        <ActionStatus action={reportAll} pending={ADMIN_TEXTS.running}>
          {reportAll.data && (
            <p>{T.reportedAll(reportAll.data.matches, reportAll.data.reported, reportAll.data.settled)}</p>
          )}
        </ActionStatus>
      </div>
      <div className="admin-tool__action">
        <button type="button" className="button button--danger-ghost" onClick={onClear} disabled={clear.isPending}>
          {T.clearQueue}
        </button>
        <ActionStatus action={clear} pending={ADMIN_TEXTS.running}>
          {clear.data && <p>{T.cleared(clear.data.removed)}</p>}
        </ActionStatus>
      </div>
      {confirm.dialog}
    </ToolCard>
  );
}
