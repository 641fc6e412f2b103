import { BODY_LIMIT_BYTES, MARKDOWN_SETTING_MAX, settingUpdateSchema } from '@rankmatch/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RouteDef, route } from '../http/route.ts';
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

/** The content tab's settings write (settings.changed after it: the Discord channel's announcement). */
export function masterAdminRoutes(): RouteDef[] {
  return [
    // The admin client reads `message` from this call's error body (spec admin §7), whatever failed: access,
    // validation, or a body Fastify could not parse before the handler ran.
    route(
      {
        method: 'PUT',
        url: '/api/master/settings',
        summary: 'Writes a setting',
        tag: 'admin',
        access: 'admin',
        body: settingUpdateSchema,
        bodyLimit: SETTINGS_BODY_LIMIT,
        onSend: withMessage,
        writes: true,
      },
      async ({ work, body, user, now }) => {
        await writeSetting(work, { id: body.id, value: body.value, actorId: user.id, now });
        return { ok: true as const, settings: await readSettings(work.tx) };
      },
    ),
  ];
}
