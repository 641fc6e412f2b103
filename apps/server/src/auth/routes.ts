import { randomBytes } from 'node:crypto';
import {
  discordAuthorizeQuerySchema,
  discordCallbackSchema,
  discordLoginReplySchema,
  dummyLoginSchema,
  dummyUserSchema,
  loginReplySchema,
  OAUTH_STATE_LIFETIME_SECONDS,
  okReplySchema,
  type UserProfile,
  userProfileSchema,
} from '@rankmatch/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { discordCredentials, oauthStates } from '../db/schema.ts';
import { api } from '../docs/contract.ts';
import type { DomainEvents } from '../events/domain.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { defaultTrainerName, ensureUser } from '../users/service.ts';
import { setDiscordProfile } from '../users/writes.ts';
import { configuredAdmin } from './admins.ts';
import {
  authorizeUrl,
  avatarUrl,
  type DiscordConfig,
  type DiscordTokens,
  type DiscordUser,
  exchangeCode,
  fetchDiscordUser,
  pkcePair,
  refreshTokens,
} from './discord.ts';
import { dummyLogin, listDummyUsers } from './dummy.ts';
import type { Guard } from './guard.ts';
import { openSession, revokeSession } from './sessions.ts';

function requireDiscord(ctx: AppContext): DiscordConfig {
  if (!ctx.config.discord) throw new AppError('DISCORD_NOT_CONFIGURED');
  return ctx.config.discord;
}

async function saveCredentials(db: Executor, user: DiscordUser, tokens: DiscordTokens, now: number) {
  const values = {
    userId: user.id,
    profile: { username: user.username, global_name: user.global_name, avatar: user.avatar },
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: now + tokens.expires_in,
    updatedAt: now,
  };
  await db
    .insert(discordCredentials)
    .values(values)
    .onConflictDoUpdate({ target: discordCredentials.userId, set: values });
}

/**
 * Creates the user on first sign-in (an admin when ADMIN_USER_IDS names them); later sign-ins refresh the Discord
 * name and avatar.
 */
async function upsertDiscordUser(db: Executor, user: DiscordUser, now: number, isAdmin: boolean): Promise<void> {
  const row = await ensureUser(db, {
    id: user.id,
    authSub: `discord|${user.id}`,
    isAdmin,
    discordUsername: user.username,
    discordAvatarUrl: avatarUrl(user),
    trainerName: defaultTrainerName(user.global_name, user.username),
    createdAt: now,
    updatedAt: now,
  });
  if (row.discordUsername !== user.username || row.discordAvatarUrl !== avatarUrl(user)) {
    await setDiscordProfile(db, user.id, { username: user.username, avatarUrl: avatarUrl(user) }, now);
  }
  if (row.isBanned) throw new AppError('BANNED');
}

/** The cookie that binds an OAuth state to the browser that asked for it. */
const OAUTH_STATE_COOKIE = 'rankmatch_oauth_state';

function stateCookie(ctx: AppContext, value: string, maxAge: number): string {
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${OAUTH_STATE_COOKIE}=${value}; Path=/api/auth/discord; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** One cookie's value from a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * The profile a sign-in replies with: players/profile.ts's loadProfile, handed in by app.ts (the profile is assembled
 * from modules that sit above auth, so auth does not import it).
 */
export type ProfileLoader = (db: Executor, userId: string) => Promise<UserProfile | null>;

export function registerAuthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  events: DomainEvents,
  loadProfile: ProfileLoader,
): void {
  const { db } = ctx;

  /** What the sign-in screen may offer. */
  app.get(
    '/api/auth/providers',
    api({ summary: 'Which sign-in methods are offered', tag: 'auth', access: 'public' }),
    async () => ({
      discord: ctx.config.discord !== null,
      dummy: ctx.config.dummyLogin.enabled,
      dummy_password_required: ctx.config.dummyLogin.enabled && Boolean(ctx.config.dummyLogin.password),
    }),
  );

  app.get(
    '/api/auth/discord/authorize',
    api({
      summary: 'Starts the Discord sign-in (302)',
      tag: 'auth',
      access: 'public',
      query: discordAuthorizeQuerySchema,
      replies: {
        302: {
          description: "To Discord's authorization page; the sign-in's state is set in a cookie",
          headers: { Location: "Discord's authorization URL", 'Set-Cookie': 'The state of this sign-in' },
        },
      },
      errors: ['DISCORD_NOT_CONFIGURED'],
    }),
    async (request, reply) => {
      // Bad input is refused first, whatever the configuration.
      const query = parse(discordAuthorizeQuerySchema, request.query);
      const discord = requireDiscord(ctx);
      const now = ctx.now();
      const state = randomBytes(24).toString('base64url');
      const { verifier, challenge } = pkcePair();
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
      await db.insert(oauthStates).values({
        state,
        codeVerifier: verifier,
        returnTo: query.return_to ?? '/',
        expiresAt: now + OAUTH_STATE_LIFETIME_SECONDS,
      });
      // The state is bound to this browser: only the browser that started the sign-in can finish it (login CSRF).
      reply.header('set-cookie', stateCookie(ctx, state, OAUTH_STATE_LIFETIME_SECONDS));
      return reply.redirect(authorizeUrl(discord, ctx.config.publicUrl, state, challenge), 302);
    },
  );

  app.post(
    '/api/auth/discord/callback',
    api({
      errors: ['OAUTH_STATE_INVALID', 'OAUTH_DENIED', 'OAUTH_EXCHANGE_FAILED', 'DISCORD_NOT_CONFIGURED', 'BANNED'],
      summary: 'Finishes the Discord sign-in',
      tag: 'auth',
      access: 'public',
      body: discordCallbackSchema,
      reply: discordLoginReplySchema,
    }),
    async (request, reply) => {
      const body = parse(discordCallbackSchema, request.body);
      const discord = requireDiscord(ctx);
      const now = ctx.now();
      if (cookieValue(request.headers.cookie, OAUTH_STATE_COOKIE) !== body.state)
        throw new AppError('OAUTH_STATE_INVALID');
      reply.header('set-cookie', stateCookie(ctx, '', 0));
      // One-time state: taken (deleted) whatever happens next.
      const [stored] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, body.state), gt(oauthStates.expiresAt, now)))
        .returning();
      if (!stored) throw new AppError('OAUTH_STATE_INVALID');
      if (body.error !== undefined || body.code === undefined) throw new AppError('OAUTH_DENIED');

      const tokens = await exchangeCode(discord, ctx.fetch, {
        code: body.code,
        verifier: stored.codeVerifier,
        publicUrl: ctx.config.publicUrl,
      });
      const discordUser = await fetchDiscordUser(discord, ctx.fetch, tokens.access_token);
      if (!discordUser) throw new AppError('OAUTH_EXCHANGE_FAILED');

      const accessToken = await db.transaction(async (tx) => {
        await upsertDiscordUser(tx, discordUser, now, configuredAdmin(ctx.config, discordUser.id, false));
        await saveCredentials(tx, discordUser, tokens, now);
        return openSession(tx, ctx.tokens, { userId: discordUser.id, dummy: false, now });
      });
      const user = await loadProfile(db, discordUser.id);
      if (!user) throw new AppError('USER_NOT_FOUND');
      return { access_token: accessToken, user, return_to: stored.returnTo };
    },
  );

  /** Refreshes name and avatar from Discord (the client calls it when the name starts with User_). */
  app.put(
    '/api/users/me/discord',
    api({
      summary: 'Refreshes the Discord name and avatar',
      tag: 'users',
      access: 'user',
      noBody: 'None is read (the web app sends {}): the name and avatar come from Discord with the stored credentials',
      reply: userProfileSchema,
      errors: ['NOT_DISCORD_ACCOUNT', 'DISCORD_NOT_CONFIGURED', 'OAUTH_EXCHANGE_FAILED'],
    }),
    async (request) => {
      const { user } = await guard.user(request);
      if (user.isDummy) throw new AppError('NOT_DISCORD_ACCOUNT');
      const discord = requireDiscord(ctx);
      const [cred] = await db.select().from(discordCredentials).where(eq(discordCredentials.userId, user.id));
      if (!cred) throw new AppError('NOT_DISCORD_ACCOUNT');
      const now = ctx.now();
      let accessToken = cred.accessToken;
      let profile = cred.expiresAt > now ? await fetchDiscordUser(discord, ctx.fetch, accessToken) : null;
      if (!profile && cred.refreshToken) {
        const tokens = await refreshTokens(discord, ctx.fetch, cred.refreshToken);
        accessToken = tokens.access_token;
        profile = await fetchDiscordUser(discord, ctx.fetch, accessToken);
        if (profile) await saveCredentials(db, profile, tokens, now);
      }
      if (!profile) throw new AppError('UNAUTHORIZED');
      await setDiscordProfile(db, user.id, { username: profile.username, avatarUrl: avatarUrl(profile) }, now);
      return loadProfile(db, user.id);
    },
  );

  app.post(
    '/api/auth/logout',
    api({ summary: 'Ends the session', tag: 'auth', access: 'user', reply: okReplySchema }),
    async (request) => {
      const identity = await guard.identity(request);
      await revokeSession(db, identity.sessionId, ctx.now());
      // The session's sockets close on every instance.
      await events.publish({ type: 'session.revoked', user_id: identity.userId, session_id: identity.sessionId });
      return { ok: true as const };
    },
  );

  // Test accounts. When they are off, every /api/auth/dummy/* route answers 404 as if it did not exist.
  if (ctx.config.dummyLogin.enabled) {
    app.get(
      '/api/auth/dummy/users',
      api({
        summary: 'Test accounts (development)',
        tag: 'auth',
        access: 'public',
        reply: z.object({ dummy_users: z.array(dummyUserSchema) }),
      }),
      async () => ({ dummy_users: await listDummyUsers(db) }),
    );

    app.post(
      '/api/auth/dummy/login',
      api({
        errors: ['DUMMY_PASSWORD_INVALID', 'BANNED', 'FORBIDDEN'],
        summary: 'Signs a test account in',
        tag: 'auth',
        access: 'public',
        body: dummyLoginSchema,
        reply: loginReplySchema,
      }),
      async (request) => {
        const body = parse(dummyLoginSchema, request.body);
        const now = ctx.now();
        const row = await dummyLogin(db, ctx.config, body, now);
        const accessToken = await openSession(db, ctx.tokens, { userId: row.id, dummy: true, now });
        const user = await loadProfile(db, row.id);
        return { access_token: accessToken, user };
      },
    );
  }
}
