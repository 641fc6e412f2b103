import { DEFAULT_TRUST_CONFIG, wilsonInterval } from '@rankmatch/engine';
import type { ReporterRecord } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { textArray } from '../db/arrays.ts';
import { type Executor, rowsOf } from '../db/client.ts';

// A player's reports against the results their matches settled on (after any correction), counted over matches
// whose report window has closed (every report is in). "Alone": the one dissenter among at least three reporters —
// the engine's verdictsOf says the same for one match; this counts it over a player's history in one statement.

const RESULT_OF_WINNER = sql.raw(`case m.winner when 'A' then 'A-win' when 'B' then 'B-win' else 'invalid' end`);

interface Counts {
  user_id: string;
  reports: number;
  agreed: number;
  dissented: number;
  alone: number;
}

/** The records of some players (a player without reports has zeros). */
export async function reporterRecords(db: Executor, userIds: readonly string[]): Promise<Map<string, ReporterRecord>> {
  const records = new Map<string, ReporterRecord>(userIds.map((id) => [id, recordOf(0, 0, 0, 0)]));
  if (userIds.length === 0) return records;
  const rows = rowsOf<Counts>(
    await db.execute(sql`with mine as (
        select r.user_id, r.match_id, r.result <> ${RESULT_OF_WINNER} as dissent,
          (select count(*) from match_reports o where o.match_id = r.match_id) as reporters,
          (select count(*) from match_reports o where o.match_id = r.match_id
            and o.result <> ${RESULT_OF_WINNER}) as dissenters
        from match_reports r join matches m on m.id = r.match_id
        where r.user_id = any(${textArray(userIds)}::text[])
          and m.status = 'done' and m.penalties_processed)
      select user_id, count(*)::int as reports, (count(*) filter (where not dissent))::int as agreed,
        (count(*) filter (where dissent))::int as dissented,
        (count(*) filter (where dissent and dissenters = 1 and reporters >= 3))::int as alone
      from mine group by user_id`),
  );
  for (const r of rows) records.set(r.user_id, recordOf(r.reports, r.agreed, r.dissented, r.alone));
  return records;
}

export async function reporterRecord(db: Executor, userId: string): Promise<ReporterRecord> {
  return (await reporterRecords(db, [userId])).get(userId) ?? recordOf(0, 0, 0, 0);
}

function recordOf(reports: number, agreed: number, dissented: number, alone: number): ReporterRecord {
  const { low, high } = wilsonInterval(alone, reports, DEFAULT_TRUST_CONFIG.wilsonZ);
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  return { reports, agreed, dissented, alone, alone_rate_low: round(low), alone_rate_high: round(high) };
}
