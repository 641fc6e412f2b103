import {
  adminUserDetailSchema,
  adminUserIdParamsSchema,
  adminUserSearchReplySchema,
  adminUserSearchSchema,
  adminUserUpdateSchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { adminUserDetail, searchUsers, updateUserAsAdmin } from './service.ts';

/** The user tab (search, detail, edit). */
export function moderationAdminRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'POST',
        url: '/api/admin/users/search',
        summary: 'Searches users',
        tag: 'admin',
        access: 'admin',
        body: adminUserSearchSchema,
        reply: adminUserSearchReplySchema,
      },
      async ({ body }) => {
        const found = await searchUsers(ctx.db, { query: body.query, searchType: body.search_type, limit: body.limit });
        return { data: { users: found, count: found.length } };
      },
    ),
    route(
      {
        method: 'GET',
        url: '/api/admin/users/:user_id',
        summary: 'A user in detail',
        tag: 'admin',
        access: 'admin',
        params: adminUserIdParamsSchema,
        reply: adminUserDetailSchema,
      },
      ({ params }) => adminUserDetail(ctx.db, params.user_id),
    ),
    route(
      {
        method: 'PUT',
        url: '/api/admin/users/:user_id',
        errors: [
          'ADMIN_DUMMY_PROMOTE',
          'ADMIN_SELF_BAN',
          'ADMIN_SELF_DEMOTE',
          'NO_ACTIVE_SEASON',
          'NO_CHANGES',
          'BADGE_NOT_FOUND',
        ],
        summary: 'Edits a user',
        tag: 'admin',
        access: 'admin',
        params: adminUserIdParamsSchema,
        body: adminUserUpdateSchema,
        reply: adminUserDetailSchema,
        writes: true,
      },
      async ({ work, user, params, body, now }) => {
        const production = ctx.config.env === 'production';
        await updateUserAsAdmin(work, { userId: params.user_id, update: body, actorId: user.id, now, production });
        return adminUserDetail(work.tx, params.user_id);
      },
    ),
  ];
}
