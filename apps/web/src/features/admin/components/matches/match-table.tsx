import { type adminMatchListItemSchema, MATCH_SIZE, type z } from '@rankmatch/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { StatusPill } from './status-pill.tsx';
import './matches.css';

const T = ADMIN_TEXTS.matches;

type MatchRow = z.infer<typeof adminMatchListItemSchema>;

/**
 * The match list; scrolls sideways on phones, each cell on one line (a narrow column would otherwise break a host's
 * Japanese name one character per line). Reports count out of the ten players (spec admin §9).
 */
export function MatchTable({ matches, onOpen }: { matches: MatchRow[]; onOpen: (matchId: string) => void }) {
  return (
    <div className="table-scroll">
      <table className="admin-table admin-matches__table">
        <caption className="visually-hidden">{T.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.columns.id}</th>
            <th scope="col">{T.columns.status}</th>
            <th scope="col">{T.columns.startedAt}</th>
            <th scope="col">{T.columns.players}</th>
            <th scope="col">{T.columns.reports}</th>
            <th scope="col">{T.columns.lobby}</th>
            <th scope="col">{T.columns.host}</th>
            <th scope="col">{T.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {matches.map((m) => (
            <tr key={m.match_id}>
              <td className="admin-mono">#{m.match_id}</td>
              <td>
                <StatusPill status={m.status} />
              </td>
              <td>{formatDateTime(m.started_at)}</td>
              <td>{T.playersCount(m.player_count)}</td>
              <td>{T.reportProgress(m.report_count, MATCH_SIZE)}</td>
              <td className="admin-mono">{m.lobby_id ?? ADMIN_TEXTS.dash}</td>
              <td className="admin-matches__host">{m.host_trainer_name ?? ADMIN_TEXTS.dash}</td>
              <td>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onOpen(m.match_id)}
                  aria-label={T.detailLabel(m.match_id)}
                >
                  {T.detail}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
