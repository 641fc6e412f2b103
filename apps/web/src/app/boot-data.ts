import { activeSeasonReplySchema } from '@rankmatch/shared';
import type { QueryClient } from '@tanstack/react-query';
import { activeSeasonQueryOptions } from '../features/season/api/get-active-season.ts';

// Replies the server wrote into index.html (apps/server/src/site/pages.ts bootData), so the first render has them
// without a request: the active season (the top page's banner, the theme colour). Checked with the same schema as the
// API client's; anything missing or malformed is simply requested as usual.

export const BOOT_DATA_ID = 'boot-data';

function readBootData(): Record<string, unknown> {
  const text = document.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Puts the embedded replies into the query cache under the keys their queries use. */
export function seedBootData(client: QueryClient): void {
  const data = readBootData();
  const season = activeSeasonReplySchema.safeParse(data['seasons/active']);
  if (season.success) client.setQueryData(activeSeasonQueryOptions().queryKey, season.data);
}
