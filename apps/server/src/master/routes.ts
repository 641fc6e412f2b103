import { CHARACTERS, pokemonRoleParamsSchema, settingUpdateSchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import { liveCatalogue } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { readSettings, writeSetting } from '../settings/service.ts';

export function registerMasterRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  const { db } = ctx;

  /** Signed in: every badge, retired ones included (an owned retired badge must still render). */
  app.get('/api/master', async (request) => {
    await guard.identity(request);
    const [settings, badges] = await Promise.all([readSettings(db), liveCatalogue(db)]);
    return { settings, badges, pokemon: CHARACTERS };
  });

  /** Anyone: the settings a visitor reads, active badges and the roster. */
  app.get('/api/public/master', async () => {
    const [settings, badges] = await Promise.all([readSettings(db), liveCatalogue(db)]);
    return { settings, badges: badges.filter((b) => b.is_active), pokemon: CHARACTERS };
  });

  app.put('/api/master/settings', async (request, reply) => {
    try {
      const { user } = await guard.admin(request);
      const body = parse(settingUpdateSchema, request.body);
      await writeSetting(db, { id: body.id, value: body.value, actorId: user.id, now: ctx.now() });
      return { ok: true as const, settings: await readSettings(db) };
    } catch (err) {
      // The admin client reads `message` from this call's error body (spec admin §7).
      if (err instanceof AppError) {
        const body = (err as AppError & { body?: { error: string; code: string } }).body ?? {
          error: err.message,
          code: err.code,
        };
        return reply.status(err.status).send({ ...body, message: body.error });
      }
      throw err;
    }
  });

  app.get('/api/pokemon', async () => ({ pokemon: CHARACTERS }));

  app.get('/api/pokemon/role/:role', async (request) => {
    const { role } = parse(pokemonRoleParamsSchema, request.params);
    return { pokemon: CHARACTERS.filter((c) => c.type === role) };
  });
}
