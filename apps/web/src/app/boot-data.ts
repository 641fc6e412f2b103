import { activeSeasonReplySchema, BOOT_KEYS } from '@rankmatch/shared';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { readBootData } from '../boot/read-boot-data.ts';
import { activeSeasonQueryOptions } from '../lib/active-season.ts';

// Replies the server wrote into index.html (apps/server/src/site/pages.ts bootData, and the page the server rendered:
// entry-server.tsx), so the first render has them without a request: the active season (the top page's banner, the
// theme colour) and, under `queries`, every query the server-rendered page read. The season is checked with the same
// schema as the API client's; the queries are the server's own render of the same API client's checked replies.
// Anything missing or malformed is simply requested as usual.

const isDehydratedState = (value: unknown): value is DehydratedState =>
  !!value && typeof value === 'object' && Array.isArray((value as DehydratedState).queries);

/** Puts the embedded replies into the query cache under the keys their queries use. */
export function seedBootData(client: QueryClient, data: Record<string, unknown> = readBootData()): void {
  const season = activeSeasonReplySchema.safeParse(data[BOOT_KEYS.season]);
  if (season.success) client.setQueryData(activeSeasonQueryOptions().queryKey, season.data);
  const queries = data[BOOT_KEYS.queries];
  if (isDehydratedState(queries)) hydrate(client, queries);
}
