import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Guard, Identity } from '../auth/guard.ts';
import type { UserRow } from '../users/queries.ts';

// One admin scope: every /api/admin and /api/debug route (and the settings write) is registered inside it, and its
// onRequest hook authenticates and checks is_admin once, before the body is even parsed. Handlers read the admin with
// adminOf(request) instead of calling the guard themselves.

export interface AdminCaller {
  identity: Identity;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    adminCaller: AdminCaller | null;
  }
}

/** The admin behind a request of the admin scope. */
export function adminOf(request: FastifyRequest): AdminCaller {
  if (!request.adminCaller) throw new Error('adminOf called outside the admin scope');
  return request.adminCaller;
}

/** Registers `routes` inside the admin scope. */
export async function registerAdminScope(
  app: FastifyInstance,
  guard: Guard,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  app.decorateRequest('adminCaller', null);
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      request.adminCaller = await guard.admin(request);
    });
    routes(scope);
  });
}
