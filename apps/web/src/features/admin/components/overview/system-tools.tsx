import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useCalculateRanking } from '../../api/calculate-ranking.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ActionStatus } from '../action-status.tsx';
import { ToolCard } from './tool-card.tsx';

const T = ADMIN_TEXTS.overview;

/** Manual ranking calculation. */
export function SystemTools() {
  const ranking = useCalculateRanking();
  const rankingOnce = useSingleFlight(ranking);
  return (
    <ToolCard title={T.systemTitle}>
      <div className="admin-tool__action">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => rankingOnce()}
          disabled={ranking.isPending}
        >
          {T.calculateRanking}
        </button>
        <ActionStatus action={ranking} pending={ADMIN_TEXTS.running}>
          {ranking.data && <p>{T.rankingDone(ranking.data.rankings_count)}</p>}
        </ActionStatus>
      </div>
    </ToolCard>
  );
}
