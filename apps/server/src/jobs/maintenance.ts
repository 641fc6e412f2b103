import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Scheduler } from './scheduler.ts';

// The embedded database has no autovacuum: without fresh planner statistics its plans for the big tables (matches,
// their players and reports) turn into nested loops over thousands of rows. An hourly job refreshes them; PostgreSQL's
// autovacuum does this by itself.

export const ANALYZE_JOB = 'analyze';
const HOURLY = '17 * * * *';

/** Refreshes the planner statistics of the whole database (a sample per table: quick). */
export async function analyze(database: Pick<Database, 'db'>): Promise<void> {
  await database.db.execute(sql`analyze`);
}

export function defineMaintenance(database: Database, jobs: Scheduler): void {
  if (database.kind !== 'pglite') return;
  jobs.define({ name: ANALYZE_JOB, schedule: { cron: HOURLY }, run: () => analyze(database), quiet: true });
}
