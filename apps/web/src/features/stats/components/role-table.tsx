import { ROLE_LABELS, ROLES, type Role, type StatsReply } from '@rankmatch/shared';
import { RoleIcon } from '../../../components/role-icon.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { formatInterval, formatRate } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';
import { IntervalBar } from './interval-bar.tsx';

const isRole = (role: string): role is Role => ROLES.some((r) => r === role);
/** The game's order (上ルート, 中央, 下ルート…), roles the site does not know last. */
const order = (role: string) => (isRole(role) ? ROLES.indexOf(role) : ROLES.length);

/**
 * Per role, the win rate of the team whose player in that role was rated higher than the opposing one, with its
 * sample and 95 % Wilson interval. (The role's players' own win rate is 50 % by construction: each team has one of
 * each role.) Above 50 %, a rating edge in that role goes with winning.
 */
export function RoleTable({ roles }: { roles: StatsReply['role_advantage'] }) {
  const rows = [...roles].sort((a, b) => order(a.role) - order(b.role) || a.role.localeCompare(b.role));
  return (
    <section className="card stats-card" aria-labelledby="stats-roles-title">
      <h2 id="stats-roles-title" className="card__title">
        {T.rolesTitle}
      </h2>
      <p className="stats-card__note muted">{T.rolesNote}</p>
      {rows.length === 0 ? (
        <p className="stats-card__empty muted">{T.rolesEmpty}</p>
      ) : (
        <div className="stats-scroll">
          <table className="stats-table stats-table--roles">
            <caption className="visually-hidden">{T.rolesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columnRole}</th>
                <th scope="col">{T.columnWinRate}</th>
                <th scope="col">{T.columnInterval}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const { win_rate_low: low, win_rate_high: high } = row;
                return (
                  <tr key={row.role}>
                    <th scope="row">
                      <span className="stats-role">
                        {isRole(row.role) && <RoleIcon role={row.role} decorative />}
                        {isRole(row.role) ? ROLE_LABELS[row.role] : row.role}
                      </span>
                    </th>
                    <td>
                      <span className="stats-figure">{row.games > 0 ? formatRate(row.win_rate) : T.noWinRate}</span>
                      <small className="stats-sample">
                        {T.winsOfGames(formatInteger(row.wins), formatInteger(row.games))}
                      </small>
                    </td>
                    <td>
                      {row.games > 0 ? (
                        <>
                          <span className="stats-interval__text">{formatInterval(low, high)}</span>
                          <IntervalBar low={low} high={high} rate={row.win_rate} />
                        </>
                      ) : (
                        T.noWinRate
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
