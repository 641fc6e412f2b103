import {
  BODY_LIMIT_BYTES,
  CHARACTERS,
  characterSchema,
  MARKDOWN_SETTING_MAX,
  masterReplySchema,
  pokemonRoleParamsSchema,
  settingUpdateSchema,
} from '@rankmatch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminOf } from '../admin/scope.ts';
import type { Guard } from '../auth/guard.ts';
import { liveCatalogue } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import type { DomainEvents } from '../events/domain.ts';
import { parse } from '../http/validate.ts';
import { readSettings, writeSetting } from '../settings/service.ts';

/**
 * A markdown setting may hold 20,000 characters of any kind: up to 4 bytes each in UTF-8, more than the app-wide body
 * limit. This route alone takes that much.
 */
const SETTINGS_BODY_LIMIT = Math.max(BODY_LIMIT_BYTES, MARKDOWN_SETTING_MAX * 4 + 4096);

/** Copies `error` to `message` in an error reply's JSON body. */
async function withMessage(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as { error?: unknown; message?: unknown } | null;
    if (body && typeof body.error === 'string' && body.message === undefined) {
      return JSON.stringify({ ...body, message: body.error });
    }
  } catch {
    // not JSON: sent as is
  }
  return payload;
}

export function registerMasterRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  const { db } = ctx;

  /** Signed in: every badge, retired ones included (an owned retired badge must still render). */
  app.get(
    '/api/master',
    api({ summary: 'Settings, every badge, the roster', tag: 'master', access: 'user', reply: masterReplySchema }),
    async (request) => {
      await guard.identity(request);
      const [settings, badges] = await Promise.all([readSettings(db), liveCatalogue(db)]);
      return { settings, badges, pokemon: CHARACTERS };
    },
  );

  /** Anyone: the settings a visitor reads, active badges and the roster. */
  app.get(
    '/api/public/master',
    api({ summary: 'Settings, active badges, the roster', tag: 'master', access: 'public', reply: masterReplySchema }),
    async () => {
      const [settings, badges] = await Promise.all([readSettings(db), liveCatalogue(db)]);
      return { settings, badges: badges.filter((b) => b.is_active), pokemon: CHARACTERS };
    },
  );

  app.get(
    '/api/pokemon',
    api({
      summary: 'The roster',
      tag: 'master',
      access: 'public',
      reply: z.object({ pokemon: z.array(characterSchema) }),
    }),
    async () => ({ pokemon: CHARACTERS }),
  );

  app.get(
    '/api/pokemon/role/:role',
    api({
      summary: 'The roster of one battle type',
      tag: 'master',
      access: 'public',
      reply: z.object({ pokemon: z.array(characterSchema) }),
    }),
    async (request) => {
      const { role } = parse(pokemonRoleParamsSchema, request.params);
      return { pokemon: CHARACTERS.filter((c) => c.type === role) };
    },
  );
}

/** Admin scope: the content tab's settings write (settings.changed after it: the Discord channel's announcement). */
export function registerMasterAdminRoutes(admin: FastifyInstance, ctx: AppContext, events: DomainEvents): void {
  const { db } = ctx;
  // The admin client reads `message` from this call's error body (spec admin §7), whatever failed: guard,
  // validation, or a body Fastify could not parse before the handler ran.
  admin.put(
    '/api/master/settings',
    {
      config: api({ summary: 'Writes a setting', tag: 'admin', access: 'admin', body: settingUpdateSchema }).config,
      bodyLimit: SETTINGS_BODY_LIMIT,
      onSend: withMessage,
    },
    async (request) => {
      const body = parse(settingUpdateSchema, request.body);
      await writeSetting(db, { id: body.id, value: body.value, actorId: adminOf(request).user.id, now: ctx.now() });
      await events.publish({ type: 'settings.changed', id: body.id });
      return { ok: true as const, settings: await readSettings(db) };
    },
  );
}
