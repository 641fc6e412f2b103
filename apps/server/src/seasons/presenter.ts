import type { AdminSeason, AdminSeasonListItem, Season } from '@rankmatch/shared';
import type { SeasonRow } from './queries.ts';

export function presentSeason(s: SeasonRow): Season {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    start_date: s.startDate,
    end_date: s.endDate,
    image_url: s.imageUrl,
    theme_color: s.themeColor,
    is_active: s.isActive,
    ended_at: s.endedAt,
  };
}

/**
 * The admin's season list: each season with its match count and whether it can be deleted (the same rules as the
 * delete: not the active season, no matches), so the list offers 削除 only where it works and says why elsewhere.
 */
export function presentAdminSeasonList(
  seasons: AdminSeason[],
  matchCounts: Map<string, number>,
): AdminSeasonListItem[] {
  return seasons.map((season) => {
    const matchCount = matchCounts.get(season.id) ?? 0;
    return { ...season, match_count: matchCount, deletable: !season.is_active && matchCount === 0 };
  });
}
