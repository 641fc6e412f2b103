import { profileUpdateSchema, publicUserSchema, userIdParamsSchema, userProfileSchema } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { configuredAdmin } from '../auth/admins.ts';
import { avatarUrl } from '../auth/discord.ts';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { discordCredentials } from '../db/schema.ts';
import { api } from '../docs/contract.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { presentPublicUser } from '../users/presenter.ts';
import { findSeasonStats, findUser, isListed } from '../users/queries.ts';
import { defaultTrainerName, ensureUser } from '../users/service.ts';
import { loadProfile, updateProfile } from './profile.ts';

/** The signed-in player's account and profile, and another user's public fields (/api/users). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard): void {
  const { db } = ctx;

  app.get(
    '/api/users/me',
    api({ summary: 'The signed-in user', tag: 'users', access: 'user', reply: userProfileSchema }),
    async (request) => {
      const identity = await guard.identity(request);
      const profile = await loadProfile(db, identity.userId);
      if (!profile) throw new AppError('USER_NOT_FOUND');
      return profile;
    },
  );

  /** Creates the record for the signed-in identity (idempotent: an existing record is returned as is). */
  app.post(
    '/api/users',
    api({
      summary: 'Creates the record of the signed-in identity',
      description: 'Idempotent: 201 with the new record, or 200 with the existing one.',
      noBody: 'None is read (the web app sends {}): the record is made from the signed-in identity',
      replies: { 201: { description: 'Created', schema: userProfileSchema } },
      tag: 'users',
      access: 'user',
      reply: userProfileSchema,
    }),
    async (request, reply) => {
      const identity = await guard.identity(request);
      const existing = await loadProfile(db, identity.userId);
      if (existing) return existing;
      const now = ctx.now();
      const [cred] = identity.dummy
        ? []
        : await db.select().from(discordCredentials).where(eq(discordCredentials.userId, identity.userId));
      const profile = cred?.profile;
      await ensureUser(db, {
        id: identity.userId,
        authSub: `${identity.dummy ? 'dummy' : 'discord'}|${identity.userId}`,
        isDummy: identity.dummy,
        isAdmin: configuredAdmin(ctx.config, identity.userId, identity.dummy),
        discordUsername: profile?.username ?? (identity.dummy ? identity.userId : ''),
        discordAvatarUrl: profile ? avatarUrl({ id: identity.userId, ...profile }) : '',
        trainerName: defaultTrainerName(profile?.global_name, profile?.username),
        createdAt: now,
        updatedAt: now,
      });
      reply.status(201);
      return loadProfile(db, identity.userId);
    },
  );

  app.put(
    '/api/users/me/profile',
    api({
      errors: ['BADGE_SLOTS_SAME'],
      summary: 'Edits the profile',
      tag: 'users',
      access: 'user',
      body: profileUpdateSchema,
      reply: userProfileSchema,
    }),
    async (request) => {
      const { user } = await guard.user(request);
      const input = parse(profileUpdateSchema, request.body);
      await updateProfile(db, user, input, ctx.now());
      return loadProfile(db, user.id);
    },
  );

  /** Another user's public fields. */
  app.get(
    '/api/users/:id',
    api({
      errors: ['USER_NOT_FOUND'],
      summary: "Another user's public fields",
      tag: 'users',
      access: 'public',
      reply: publicUserSchema,
    }),
    async (request) => {
      const { id } = parse(userIdParamsSchema, request.params);
      const user = await findUser(db, id);
      // Banned players and those without a trainer name have no public face.
      if (!isListed(user)) throw new AppError('USER_NOT_FOUND');
      const season = await markedActiveSeason(db);
      const stats = season ? await findSeasonStats(db, user.id, season.id) : undefined;
      return presentPublicUser(user, stats);
    },
  );
}
