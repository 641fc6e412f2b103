import type { SourceRef } from './issues.ts';
import type { MapContext } from './map-context.ts';
import type { UnitemateDump } from './rows-parse.ts';

// Players who deleted their account on this site after an earlier import (options.deletedAccounts: deletion/
// remainders.ts reads them from the site). The export still holds them, but they must not come back: their users row
// and owned badges are left out (skipped, with the reason: the deletion removed them), and every row of history the
// deletion handed to the anonymised remainder (matches, reports, season numbers and records, awards, the MMR) is
// mapped onto the remainder's id, as the deletion moved it. A rerun then finds that history unchanged, teams keep ten
// players, and nothing is ever written under the deleted id again (so their next Discord sign-in makes a new account).

/** Where the export holds a player: their users row, else the first match that names them. */
function sourceOf(dump: UnitemateDump, userId: string): SourceRef {
  const row = dump.users.find((u) => u.data.user_id === userId);
  if (row) return row.source;
  const match = dump.matches.find((m) => [...m.data.team_a, ...m.data.team_b].some((p) => p.user_id === userId));
  return match?.source ?? { file: '', line: 0 };
}

export function handOverDeleted(ctx: MapContext, dump: UnitemateDump): void {
  const deleted = ctx.options.deletedAccounts;
  if (!deleted || deleted.size === 0) return;
  const rows = ctx.result.rows;
  const gone = rows.users.filter((u) => deleted.has(u.id));
  if (gone.length === 0) return;
  const to = (id: string) => deleted.get(id) ?? id;
  for (const user of gone) {
    ctx.skip(
      'users',
      user.id,
      sourceOf(dump, user.id),
      `${user.id} はこのサイトで退会したプレイヤーです（記録は ${to(user.id)} に残っています）。移行し直しても戻しません`,
    );
  }
  rows.users = rows.users.filter((u) => !deleted.has(u.id));
  for (const badge of rows.userBadges.filter((b) => deleted.has(b.userId))) {
    ctx.skip(
      'user_badges',
      `${badge.userId}/${badge.badgeId}`,
      sourceOf(dump, badge.userId),
      '退会したプレイヤーの勲章です（退会で削除したため戻しません）',
    );
  }
  rows.userBadges = rows.userBadges.filter((b) => !deleted.has(b.userId));
  for (const list of [rows.seasonStats, rows.seasonRecords, rows.seasonAwards, rows.playerMmr, rows.matchPlayers]) {
    for (const row of list) row.userId = to(row.userId);
  }
  for (const report of rows.matchReports) {
    report.userId = to(report.userId);
    report.violationReport = to(report.violationReport);
  }
  for (const match of rows.matches) {
    match.hostUserId = to(match.hostUserId);
    match.penaltyUserIds = match.penaltyUserIds.map(to);
  }
}
