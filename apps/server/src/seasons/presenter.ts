import type { Season } from '@rankmatch/shared';
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
