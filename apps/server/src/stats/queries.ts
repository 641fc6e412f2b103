import {
  addBanGroup,
  addMatchGroup,
  addPlayerGroup,
  addRoleAdvantageGroup,
  emptySeason,
  type RatingBand,
  type SeasonCounts,
} from '@rankmatch/engine';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client.ts';

// A season's statistics counted by the database (GROUP BY over the settled matches) rather than by reading every row:
// the same counts as folding each match (the engine's addMatch), in a few queries whatever the number of matches.

const band = (rate: ReturnType<typeof sql>) =>
  sql`case when ${rate} < 1500 then 'lt1500' when ${rate} < 1700 then '1500_1699' else 'ge1700' end`;

/** Which settled matches of a season to count: all, or the given ones. */
export type CountScope = { kind: 'all' } | { kind: 'ids'; ids: readonly number[] };

const scoped = (scope: CountScope) =>
  scope.kind === 'ids' ? sql` and m.id = any(${`{${scope.ids.join(',')}}`}::bigint[])` : sql``;

/**
 * The counts of a season's settled matches (in `scope`) and their ids, in the caller's transaction: room to sort and
 * hash in memory (the default 4 MB spills a season's million player rows to disk) and no PostgreSQL JIT, whose compile
 * time costs more than it saves here.
 */
export async function seasonCounts(
  tx: Tx,
  seasonId: string,
  scope: CountScope = { kind: 'all' },
): Promise<{ counts: SeasonCounts; ids: number[] }> {
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local jit = off`);
  const settled = sql`select m.id, m.winner, m.first_attack, m.settled_at from matches m
    where m.season_id = ${seasonId} and m.status = 'done' and m.settled_at is not null${scoped(scope)}`;
  const matchRows = await tx.execute(sql`with m as (${settled}),
        a as (select mp.match_id, avg(mp.rate_before) as rate from match_players mp join m on m.id = mp.match_id
          group by mp.match_id)
      select ${band(sql`a.rate`)} as band, m.winner, (m.winner = m.first_attack) as first_attack_won,
        to_char(to_timestamp(m.settled_at) at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day,
        extract(dow from to_timestamp(m.settled_at) at time zone 'Asia/Tokyo')::int as weekday,
        extract(hour from to_timestamp(m.settled_at) at time zone 'Asia/Tokyo')::int as hour,
        count(*)::int as n
      from m join a on a.match_id = m.id
      group by 1, 2, 3, 4, 5, 6`);
  const playerRows = await tx.execute(sql`with m as (${settled})
      select ${band(sql`mp.rate_before`)} as band, coalesce(r.picked_pokemon, '') as picked,
        (mp.team = m.winner) as won, count(*)::int as n
      from match_players mp join m on m.id = mp.match_id
        left join match_reports r on r.match_id = mp.match_id and r.user_id = mp.user_id
      where m.winner is not null
      group by 1, 2, 3`);
  // Each role's two opposing players of different rates: did the higher one's team win?
  const roleRows = await tx.execute(sql`with m as (${settled}),
        a as (select mp.match_id, avg(mp.rate_before) as rate from match_players mp join m on m.id = mp.match_id
          group by mp.match_id)
      select ${band(sql`a.rate`)} as band, pa.role,
        ((case when pa.rate_before > pb.rate_before then 'A' else 'B' end) = m.winner) as won, count(*)::int as n
      from m join a on a.match_id = m.id
        join match_players pa on pa.match_id = m.id and pa.team = 'A'
        join match_players pb on pb.match_id = m.id and pb.team = 'B' and pb.role = pa.role
          and pb.rate_before <> pa.rate_before
      where m.winner is not null
      group by 1, 2, 3`);
  const banRows = await tx.execute(sql`with m as (${settled}),
        a as (select mp.match_id, avg(mp.rate_before) as rate from match_players mp join m on m.id = mp.match_id
          group by mp.match_id)
      select ${band(sql`a.rate`)} as band, r.banned_pokemon as banned, count(distinct r.match_id)::int as n
      from match_reports r join a on a.match_id = r.match_id
      where r.banned_pokemon <> ''
      group by 1, 2`);
  const idRows = await tx.execute(sql`select id from (${settled}) m`);
  const counts = emptySeason();
  const both = (b: RatingBand | null): RatingBand[] => (b ? ['all', b] : ['all']);
  for (const r of rowsOf<{
    band: RatingBand;
    winner: 'A' | 'B' | null;
    first_attack_won: boolean | null;
    day: string;
    weekday: number;
    hour: number;
    n: number;
  }>(matchRows)) {
    for (const b of both(r.band)) {
      addMatchGroup(counts[b], {
        winner: r.winner,
        firstAttackWon: r.first_attack_won === true,
        day: r.day,
        weekday: r.weekday,
        hour: r.hour,
        n: r.n,
      });
    }
  }
  for (const r of rowsOf<{ band: RatingBand; picked: string; won: boolean; n: number }>(playerRows)) {
    for (const b of both(r.band)) addPlayerGroup(counts[b], { picked: r.picked, won: r.won, n: r.n });
  }
  for (const r of rowsOf<{ band: RatingBand; role: string; won: boolean; n: number }>(roleRows)) {
    for (const b of both(r.band)) addRoleAdvantageGroup(counts[b], { role: r.role, won: r.won, n: r.n });
  }
  for (const r of rowsOf<{ band: RatingBand; banned: string; n: number }>(banRows)) {
    for (const b of both(r.band)) addBanGroup(counts[b], r.banned, r.n);
  }
  const ids = rowsOf<{ id: number | string }>(idRows).map((r) => Number(r.id));
  return { counts, ids };
}
