import {
  adminUserDetailSchema,
  adminUserIdParamsSchema,
  adminUserSearchReplySchema,
  adminUserSearchSchema,
  adminUserUpdateSchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../admin/scope.ts';
import { grantedEvent } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import type { DomainEvents } from '../events/domain.ts';
import { parse } from '../http/validate.ts';
import { adminUserDetail, searchUsers, updateUserAsAdmin } from './service.ts';

/** Admin scope: the user tab (search, detail, edit). */
export function registerUserAdminRoutes(admin: FastifyInstance, ctx: AppContext, events: DomainEvents): void {
  admin.post(
    '/api/admin/users/search',
    api({
      summary: 'Searches users',
      tag: 'admin',
      access: 'admin',
      body: adminUserSearchSchema,
      reply: adminUserSearchReplySchema,
    }),
    async (request) => {
      const body = parse(adminUserSearchSchema, request.body);
      const found = await searchUsers(ctx.db, { query: body.query, searchType: body.search_type, limit: body.limit });
      return { data: { users: found, count: found.length } };
    },
  );

  admin.get(
    '/api/admin/users/:user_id',
    api({ summary: 'A user in detail', tag: 'admin', access: 'admin', reply: adminUserDetailSchema }),
    async (request) => {
      const { user_id } = parse(adminUserIdParamsSchema, request.params);
      return adminUserDetail(ctx.db, user_id);
    },
  );

  admin.put(
    '/api/admin/users/:user_id',
    api({
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
      body: adminUserUpdateSchema,
      reply: adminUserDetailSchema,
    }),
    async (request) => {
      const { user_id } = parse(adminUserIdParamsSchema, request.params);
      const update = parse(adminUserUpdateSchema, request.body);
      const { banned, granted } = await updateUserAsAdmin(ctx.db, {
        userId: user_id,
        update,
        actorId: adminOf(request).user.id,
        now: ctx.now(),
        production: ctx.config.env === 'production',
      });
      await events.publish(...grantedEvent(granted), { type: 'profile.changed', user_ids: [user_id], reason: 'admin' });
      if (banned) await events.publish({ type: 'user.banned', user_id }, { type: 'queue.changed' });
      return adminUserDetail(ctx.db, user_id);
    },
  );
}
