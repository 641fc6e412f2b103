import { DEFAULT_THEME_COLOR } from '@rankmatch/shared';
import type { MapContext, SeasonInsert } from './map-context.ts';
import type { SeasonRow, UserRow } from './rows.ts';
import type { Row } from './rows-parse.ts';

// Seasons: their SEASON master rows, plus a season for every past_seasons id no SEASON row describes (Unitemate's
// season reset names a season only by its id in the users' records). A season that ended before the import is closed
// (ended_at), so rankmatch's season end does not run it again; the active one stays open.

export class SeasonIndex {
  readonly byId = new Map<string, SeasonInsert>();

  constructor(private readonly now: number) {}

  get active(): SeasonInsert | null {
    for (const season of this.byId.values()) if (season.isActive) return season;
    return null;
  }

  /** The season a match played at `time` belongs to: one whose dates hold it, else the latest started before it. */
  seasonAt(time: number): SeasonInsert | null {
    const dated = [...this.byId.values()].filter((s) => s.startDate > 0 || s.endDate > 0);
    const holding = dated.filter((s) => s.startDate <= time && time <= s.endDate);
    const active = this.active;
    if (active && holding.includes(active)) return active;
    if (holding[0]) return holding[0];
    const before = dated.filter((s) => s.startDate <= time).sort((a, b) => b.startDate - a.startDate);
    return before[0] ?? null;
  }

  /** Where the players' current numbers (rate, matches this season) go: the active season, else the one holding now. */
  current(): SeasonInsert | null {
    return this.active ?? this.seasonAt(this.now);
  }
}

function seasonRow(row: SeasonRow, now: number): SeasonInsert {
  const ended = !row.is_active && row.end_date <= now;
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? '',
    startDate: row.start_date,
    endDate: row.end_date,
    imageUrl: row.image_url ?? '',
    themeColor: row.theme_color || DEFAULT_THEME_COLOR,
    isActive: row.is_active,
    awards: null,
    endingStartedAt: ended ? row.end_date : null,
    endedAt: ended ? row.end_date : null,
    createdAt: row.created_at ?? row.start_date,
  };
}

export function mapSeasons(ctx: MapContext, rows: readonly Row<SeasonRow>[], users: readonly Row<UserRow>[]) {
  const index = new SeasonIndex(ctx.options.now);
  const active = rows.filter((r) => r.data.is_active);
  for (const extra of active.slice(1)) {
    const first = active[0] as Row<SeasonRow>;
    const message = `シーズン ${extra.data.id} と ${first.data.id} が両方とも有効になっています（rankmatch では1つだけ）`;
    ctx.errorAt('conflicting_seasons', extra.source, message);
  }
  for (const { data } of rows) index.byId.set(data.id, seasonRow(data, ctx.options.now));
  for (const { data, source } of users) {
    for (const past of data.past_seasons ?? []) {
      if (index.byId.has(past.season_id)) continue;
      index.byId.set(past.season_id, {
        ...seasonRow(
          {
            data_type: 'SEASON',
            id: past.season_id,
            name: past.season_name || past.season_id,
            start_date: 0,
            end_date: 0,
            is_active: false,
          },
          ctx.options.now,
        ),
        endingStartedAt: 0,
        endedAt: 0,
      });
      const message = `シーズン ${past.season_id} のマスターデータがないため、期間不明（0）のシーズンとして作ります`;
      ctx.warn('users', data.user_id, source, message);
    }
  }
  return index;
}

/** Unitemate's first season, kept by nobody: the matches' time span (the only season of a matches-only export). */
export const FALLBACK_SEASON_ID = 'unitemate';

/** When the input names no season at all, one spanning the matches, so they have a season to belong to. */
export function addFallbackSeason(ctx: MapContext, index: SeasonIndex, times: readonly number[]): void {
  if (index.byId.size > 0 || times.length === 0) return;
  const start = times.reduce((a, b) => Math.min(a, b));
  const end = times.reduce((a, b) => Math.max(a, b)) + 3600;
  const row: SeasonRow = {
    data_type: 'SEASON',
    id: FALLBACK_SEASON_ID,
    name: 'Unitemate',
    start_date: start,
    end_date: end,
    is_active: false,
  };
  index.byId.set(FALLBACK_SEASON_ID, seasonRow(row, ctx.options.now));
  ctx.warn(
    'master_data',
    `SEASON#${FALLBACK_SEASON_ID}`,
    { file: '（入力全体）', line: 0 },
    'シーズンのデータがないため、試合の期間をシーズン「Unitemate」として作りました',
  );
}

/** The season rows, in start order (after the awards inferred from the records were set on them). */
export function pushSeasons(ctx: MapContext, index: SeasonIndex): void {
  const list = [...index.byId.values()].sort((a, b) => a.startDate - b.startDate || (a.id < b.id ? -1 : 1));
  ctx.result.rows.seasons.push(...list);
}
