import {
  AVOID_LIST_CHANGES_PER_HOUR,
  avoidAddSchema,
  avoidListSchema,
  PLAYER_SEARCHES_PER_MINUTE,
  playerSearchQuerySchema,
  playerSearchReplySchema,
  userIdParamsSchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { PerUserLimit } from '../http/per-user-limit.ts';
import { type RouteDef, route } from '../http/route.ts';
import { addAvoids, avoidList, removeAvoid, searchPlayers } from './service.ts';

/** My page's マッチングを避けるプレイヤー: the list, its search, additions and removals (limited per player). */
export function avoidRoutes(ctx: AppContext): RouteDef[] {
  const changes = new PerUserLimit(AVOID_LIST_CHANGES_PER_HOUR, 3600, 'AVOID_TOO_OFTEN');
  const searches = new PerUserLimit(PLAYER_SEARCHES_PER_MINUTE, 60, 'PLAYER_SEARCH_TOO_OFTEN');
  return [
    route(
      {
        method: 'GET',
        url: '/api/users/me/avoids',
        summary: 'Players I do not want in my matches',
        description: 'Only the player who avoids sees the list; nothing tells the avoided player.',
        tag: 'users',
        access: 'user',
        reply: avoidListSchema,
      },
      ({ user }) => avoidList(ctx.db, user.id),
    ),
    route(
      {
        method: 'GET',
        url: '/api/users/me/avoids/search',
        summary: 'Players by trainer name, to add to my avoid list',
        description:
          'Substring of the trainer name, case-insensitive; at most 10, the caller left out. Limited per minute.',
        errors: ['PLAYER_SEARCH_TOO_OFTEN'],
        tag: 'users',
        access: 'user',
        query: playerSearchQuerySchema,
        reply: playerSearchReplySchema,
      },
      async ({ user, query, now }) => {
        searches.take(user.id, now);
        return { players: await searchPlayers(ctx.db, user.id, query.q) };
      },
    ),
    route(
      {
        method: 'POST',
        url: '/api/users/me/avoids',
        summary: 'Adds a player to my avoid list',
        description:
          'Adding a listed player again changes nothing. At most 10 players. Additions and removals together are ' +
          'limited per hour. Replies with the list.',
        errors: ['AVOID_SELF', 'AVOID_PLAYER_NOT_FOUND', 'AVOID_LIST_FULL', 'AVOID_TOO_OFTEN'],
        tag: 'users',
        access: 'user',
        body: avoidAddSchema,
        reply: avoidListSchema,
        writes: true,
      },
      async ({ work, user, body, now }) => {
        changes.take(user.id, now);
        await addAvoids(work.tx, user.id, [body.user_id], now);
        return avoidList(work.tx, user.id);
      },
    ),
    route(
      {
        method: 'DELETE',
        url: '/api/users/me/avoids/:id',
        summary: 'Takes a player off my avoid list',
        description: 'A player not on the list changes nothing. Replies with the list.',
        errors: ['AVOID_TOO_OFTEN'],
        tag: 'users',
        access: 'user',
        params: userIdParamsSchema,
        reply: avoidListSchema,
        writes: true,
      },
      async ({ work, user, params, now }) => {
        changes.take(user.id, now);
        await removeAvoid(work.tx, user.id, params.id);
        return avoidList(work.tx, user.id);
      },
    ),
  ];
}
