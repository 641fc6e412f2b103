import {
  adminSanctionsSchema,
  adminSuspendSchema,
  adminSuspensionParamsSchema,
  adminUserDetailSchema,
  adminUserIdParamsSchema,
  adminUserSearchReplySchema,
  adminUserSearchSchema,
  adminUserUpdateSchema,
  adminWarnSchema,
} from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { liftAsAdmin, suspendAsAdmin, userSanctions, warnAsAdmin } from './sanctions.ts';
import { adminUserDetail, searchUsers, updateUserAsAdmin } from './service.ts';

/** The user tab (search, detail, edit, sanctions). */
export function moderationAdminRoutes(ctx: AppContext): RouteDef[] {
  return [...userRoutes(ctx), ...sanctionRoutes(ctx)];
}

function userRoutes(ctx: AppContext): RouteDef[] {
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

/** Sanctions in proportion (issue 35): matching suspensions, their lifting, warnings. */
function sanctionRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/admin/users/:user_id/sanctions',
        summary: "A user's matching suspensions and warnings",
        tag: 'admin',
        access: 'admin',
        params: adminUserIdParamsSchema,
        reply: adminSanctionsSchema,
        errors: ['USER_NOT_FOUND'],
      },
      ({ params, now }) => userSanctions(ctx.db, params.user_id, now),
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/users/:user_id/suspensions',
        summary: 'Suspends a user from matching for a set time (with the reason they see)',
        description: 'Takes them out of the queue at once; an open match of theirs goes on; sign-in still works.',
        tag: 'admin',
        access: 'admin',
        params: adminUserIdParamsSchema,
        body: adminSuspendSchema,
        reply: adminSanctionsSchema,
        writes: true,
        errors: ['USER_NOT_FOUND'],
      },
      async ({ work, user, params, body, now }) => {
        const input = { userId: params.user_id, duration: body.duration, reason: body.reason, actorId: user.id, now };
        await suspendAsAdmin(work, input);
        return userSanctions(work.tx, params.user_id, now);
      },
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/users/:user_id/suspensions/:suspension_id/lift',
        summary: 'Lifts a matching suspension in force',
        noBody: 'None is read (the web app sends {})',
        tag: 'admin',
        access: 'admin',
        params: adminSuspensionParamsSchema,
        reply: adminSanctionsSchema,
        writes: true,
        errors: ['SUSPENSION_NOT_FOUND', 'SUSPENSION_NOT_ACTIVE'],
      },
      async ({ work, user, params, now }) => {
        const suspensionId = Number(params.suspension_id);
        await liftAsAdmin(work, { userId: params.user_id, suspensionId, actorId: user.id, now });
        return userSanctions(work.tx, params.user_id, now);
      },
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/users/:user_id/warnings',
        summary: 'Warns a user (shown to them once)',
        tag: 'admin',
        access: 'admin',
        params: adminUserIdParamsSchema,
        body: adminWarnSchema,
        reply: adminSanctionsSchema,
        writes: true,
        errors: ['USER_NOT_FOUND'],
      },
      async ({ work, user, params, body, now }) => {
        await warnAsAdmin(work, { userId: params.user_id, reason: body.reason, actorId: user.id, now });
        return userSanctions(work.tx, params.user_id, now);
      },
    ),
  ];
}
