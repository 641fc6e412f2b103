import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Icon } from '../../../../components/icon.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { adminMatchKey, useAdminMatch } from '../../api/get-match.ts';
import { useAdminMatches } from '../../api/get-matches.ts';
import { statusErrorText } from '../../errors.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { PlayerView } from './player-view.tsx';
import { ReportStep } from './report-step.tsx';
import { StepCard } from './step-card.tsx';

const T = ADMIN_TEXTS.matchTest;

/** Step 3: pick a match (just created, or any open one) and a player; step 4 reports for its players. */
export function MatchStep({
  created,
  matchId,
  onSelect,
}: {
  created: string[];
  matchId: string | null;
  onSelect: (matchId: string | null) => void;
}) {
  const open = useAdminMatches('matched');
  const queryClient = useQueryClient();
  const selectId = useId();
  const openIds = open.data?.matches.map((m) => m.match_id) ?? [];
  const options = [
    ...created.map((id) => ({ id, label: T.created })),
    ...openIds.filter((id) => !created.includes(id)).map((id) => ({ id, label: T.open })),
  ];

  return (
    <>
      <StepCard title={T.step3}>
        <div className="match-test__picker">
          <div className="field">
            <label htmlFor={selectId} className="field__label">
              {T.matchLabel}
            </label>
            <select
              id={selectId}
              className="input"
              value={matchId ?? ''}
              onChange={(e) => onSelect(e.target.value || null)}
            >
              <option value="">{T.matchPlaceholder}</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {T.matchOption(o.id, o.label)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              void open.refetch();
              // The chosen match's count too: players may have reported since (through their own wizard).
              if (matchId) void queryClient.invalidateQueries({ queryKey: adminMatchKey(matchId) });
            }}
            disabled={open.isFetching}
          >
            <Icon name="refresh" size={16} />
            {ADMIN_TEXTS.refresh}
          </button>
        </div>
        {open.isError && (
          <Notice tone="danger" title={T.matchesFailed} live>
            <p>{statusErrorText(open.error)}</p>
          </Notice>
        )}
        {open.isSuccess && options.length === 0 && <p className="muted">{T.noMatches}</p>}
        {matchId && <SelectedMatch key={matchId} matchId={matchId} />}
      </StepCard>
      {matchId && <RosterReports key={matchId} matchId={matchId} />}
    </>
  );
}

/** The chosen match's players as a viewpoint list, and the match screen as that player sees it. */
function SelectedMatch({ matchId }: { matchId: string }) {
  const match = useAdminMatch(matchId);
  const [viewer, setViewer] = useState('');
  const selectId = useId();
  if (match.isPending) return <Skeleton lines={3} />;
  if (match.isError) {
    return (
      <Notice tone="danger" title={ADMIN_TEXTS.matches.detailFailed} live>
        <p>{statusErrorText(match.error)}</p>
      </Notice>
    );
  }
  const players = [...match.data.team_a.players, ...match.data.team_b.players];
  const viewerId = viewer || players[0]?.user_id || '';
  return (
    <>
      <div className="field match-test__viewer">
        <label htmlFor={selectId} className="field__label">
          {T.playerLabel}
        </label>
        <select id={selectId} className="input" value={viewerId} onChange={(e) => setViewer(e.target.value)}>
          {players.map((p) => (
            <option key={p.user_id} value={p.user_id}>
              {p.trainer_name ?? p.user_id}（{p.user_id}）
            </option>
          ))}
        </select>
      </div>
      {viewerId && <PlayerView matchId={matchId} userId={viewerId} />}
    </>
  );
}

/** Step 4, once the match's roster is known. */
function RosterReports({ matchId }: { matchId: string }) {
  const match = useAdminMatch(matchId);
  if (!match.data) return null;
  return <ReportStep match={match.data} />;
}
