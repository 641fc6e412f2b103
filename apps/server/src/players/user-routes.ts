import { profileUpdateSchema, publicUserSchema, userIdParamsSchema, userProfileSchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { recreateAccount } from '../auth/discord-signin.ts';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { presentPublicUser } from '../users/presenter.ts';
import { findSeasonStats, findUser, isListed } from '../users/queries.ts';
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
      await recreateAccount(ctx, identity);
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
