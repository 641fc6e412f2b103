import { CHARACTERS, characterSchema, masterReplySchema, pokemonRoleParamsSchema } from '@rankmatch/shared';
import { z } from 'zod';
import { liveCatalogue } from '../badges/service.ts';
import type { AppContext } from '../context.ts';
import { type RouteDef, route } from '../http/route.ts';
import { readSettings } from '../settings/service.ts';

/** Settings, badges and the roster: signed in (every badge) and for anyone (the badges on show). */
export function masterRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  return [
    /** Signed in: every badge, retired ones included (an owned retired badge must still render). */
    route(
      {
        method: 'GET',
        url: '/api/master',
        summary: 'Settings, every badge, the roster',
        tag: 'master',
        access: 'identity',
        reply: masterReplySchema,
      },
      async () => {
        const [settings, badges] = await Promise.all([readSettings(db), liveCatalogue(db)]);
        return { settings, badges, pokemon: CHARACTERS };
      },
    ),
    /** Anyone: the settings a visitor reads, active badges and the roster. */
    route(
      {
        method: 'GET',
        url: '/api/public/master',
        summary: 'Settings, active badges, the roster',
        tag: 'master',
        access: 'public',
        reply: masterReplySchema,
        // Changes when an admin saves: a visitor sees it within 10 s (the cache in front revalidates that often,
        // usually a 304: docs/deployment.md, "The cache in front").
        cache: { sharedSeconds: 10, staleSeconds: 60 },
      },
      async () => {
        const [settings, badges] = await Promise.all([readSettings(db), liveCatalogue(db)]);
        return { settings, badges: badges.filter((b) => b.is_active), pokemon: CHARACTERS };
      },
    ),
    route(
      {
        method: 'GET',
        url: '/api/pokemon',
        summary: 'The roster',
        tag: 'master',
        access: 'public',
        reply: z.object({ pokemon: z.array(characterSchema) }),
      },
      () => ({ pokemon: CHARACTERS }),
    ),
    route(
      {
        method: 'GET',
        url: '/api/pokemon/role/:role',
        summary: 'The roster of one battle type',
        tag: 'master',
        access: 'public',
        params: pokemonRoleParamsSchema,
        reply: z.object({ pokemon: z.array(characterSchema) }),
      },
      ({ params }) => ({ pokemon: CHARACTERS.filter((c) => c.type === params.role) }),
    ),
  ];
}
