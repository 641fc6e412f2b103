import {
  matchIdParamsSchema,
  matchSummarySchema,
  PERSONAL_DATA_DOWNLOADS_PER_HOUR,
  personalDataSchema,
  playerPageSchema,
  profileUpdateSchema,
  publicUserSchema,
  ratingHistoryReplySchema,
  recordsReplySchema,
  userIdParamsSchema,
  userProfileSchema,
} from '@rankmatch/shared';
import { presentPublicUser } from '../accounts/presenter.ts';
import { findSeasonStats, findUser, isListed } from '../accounts/queries.ts';
import { recreateAccount } from '../auth/discord-signin.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { PerUserLimit } from '../http/per-user-limit.ts';
import { type RouteDef, route } from '../http/route.ts';
import { ratingHistory } from '../matches/history.ts';
import { markedActiveSeason } from '../seasons/queries.ts';
import { seasonRecords } from '../seasons/records.ts';
import { personalDataOf } from './personal-data.ts';
import { loadProfile, updateProfile } from './profile.ts';
import { matchSummary, playerPage } from './service.ts';

/** The signed-in player's account and profile (/api/users), and what anyone may see of players and matches. */
export function profileRoutes(ctx: AppContext): RouteDef[] {
  return [...ownProfileRoutes(ctx), ...myRecordRoutes(ctx), ...publicRoutes(ctx)];
}

function ownProfileRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  return [
    route(
      {
        method: 'GET',
        url: '/api/users/me',
        summary: 'The signed-in user',
        tag: 'users',
        access: 'identity',
        reply: userProfileSchema,
      },
      async ({ identity, now }) => {
        const profile = await loadProfile(db, identity.userId, now);
        if (!profile) throw new AppError('USER_NOT_FOUND');
        return profile;
      },
    ),
    /** Creates the record for the signed-in identity (idempotent: an existing record is returned as is). */
    route(
      {
        method: 'POST',
        url: '/api/users',
        summary: 'Creates the record of the signed-in identity',
        description: 'Idempotent: 201 with the new record, or 200 with the existing one.',
        noBody: 'None is read (the web app sends {}): the record is made from the signed-in identity',
        replies: { 201: { description: 'Created', schema: userProfileSchema } },
        tag: 'users',
        access: 'identity',
        reply: userProfileSchema,
      },
      async ({ identity, reply, now }) => {
        const existing = await loadProfile(db, identity.userId, now);
        if (existing) return existing;
        await recreateAccount(ctx, identity);
        reply.status(201);
        return loadProfile(db, identity.userId, now);
      },
    ),
    route(
      {
        method: 'PUT',
        url: '/api/users/me/profile',
        errors: ['BADGE_SLOTS_SAME'],
        summary: 'Edits the profile',
        tag: 'users',
        access: 'user',
        body: profileUpdateSchema,
        reply: userProfileSchema,
        writes: true,
      },
      async ({ work, user, body, now }) => {
        await updateProfile(work.tx, user, body, now);
        return loadProfile(work.tx, user.id, now);
      },
    ),
  ];
}

/** My page's past seasons, rating chart and data download. */
function myRecordRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const downloads = new PerUserLimit(PERSONAL_DATA_DOWNLOADS_PER_HOUR, 3600, 'PERSONAL_DATA_TOO_OFTEN');
  return [
    route(
      {
        method: 'GET',
        url: '/api/users/me/data',
        errors: ['PERSONAL_DATA_TOO_OFTEN'],
        summary: 'Everything the site holds about the player',
        description: 'Table by table, as stored; secrets (tokens, push keys, session ids) left out. Limited per hour.',
        tag: 'users',
        access: 'user',
        reply: personalDataSchema,
      },
      async ({ user, now }) => {
        downloads.take(user.id, now);
        return personalDataOf(db, user.id, now);
      },
    ),
    route(
      {
        method: 'GET',
        url: '/api/users/me/records',
        summary: 'Ended seasons',
        tag: 'seasons',
        access: 'user',
        reply: recordsReplySchema,
      },
      async ({ user }) => ({ records: await seasonRecords(db, user.id) }),
    ),
    /** The active season's rate after each rated match, oldest first. */
    route(
      {
        method: 'GET',
        url: '/api/users/me/rating-history',
        summary: 'Rate after each rated match',
        tag: 'users',
        access: 'user',
        reply: ratingHistoryReplySchema,
      },
      async ({ user }) => {
        const season = await markedActiveSeason(db);
        return { season_id: season?.id ?? null, points: season ? await ratingHistory(db, user.id, season.id) : [] };
      },
    ),
  ];
}

function publicRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  return [
    /** Another user's public fields. */
    route(
      {
        method: 'GET',
        url: '/api/users/:id',
        errors: ['USER_NOT_FOUND'],
        summary: "Another user's public fields",
        tag: 'users',
        access: 'public',
        params: userIdParamsSchema,
        reply: publicUserSchema,
      },
      async ({ params }) => {
        const user = await findUser(db, params.id);
        // Banned players and those without a trainer name have no public face.
        if (!isListed(user)) throw new AppError('USER_NOT_FOUND');
        const season = await markedActiveSeason(db);
        const stats = season ? await findSeasonStats(db, user.id, season.id) : undefined;
        return presentPublicUser(user, stats);
      },
    ),
    route(
      {
        method: 'GET',
        url: '/api/players/:id',
        errors: ['USER_NOT_FOUND'],
        summary: "A player's page: profile, season, chart, characters, matches",
        tag: 'players',
        access: 'public',
        params: userIdParamsSchema,
        reply: playerPageSchema,
        // Changes with each settled match of the player (who looks right after it).
        cache: { sharedSeconds: 60, staleSeconds: 60 },
      },
      ({ params }) => playerPage(db, params.id),
    ),
    route(
      {
        method: 'GET',
        url: '/api/matches/:id/summary',
        errors: ['MATCH_SUMMARY_NOT_FOUND'],
        summary: 'A settled match: teams, result, rate changes',
        tag: 'players',
        access: 'public',
        params: matchIdParamsSchema,
        reply: matchSummarySchema,
        // A settled match changes only by an admin's correction, but then its players are watching (a dispute's
        // outcome): short, so neither the cache in front nor a browser shows the old result for long.
        cache: { sharedSeconds: 60, staleSeconds: 60 },
      },
      ({ params }) => matchSummary(db, Number(params.id)),
    ),
  ];
}
