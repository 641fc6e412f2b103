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
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { api } from '../docs/contract.ts';
import type { DomainEvents } from '../events/domain.ts';
import { cookieValue } from '../http/cookies.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { DiscordSignIn, requireDiscord } from './discord-signin.ts';
import { dummyLogin, listDummyUsers } from './dummy.ts';
import type { Guard } from './guard.ts';
import { openSession, revokeSession } from './sessions.ts';

/** The cookie that binds an OAuth state to the browser that asked for it. */
const OAUTH_STATE_COOKIE = 'rankmatch_oauth_state';

function stateCookie(ctx: AppContext, value: string, maxAge: number): string {
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${OAUTH_STATE_COOKIE}=${value}; Path=/api/auth/discord; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
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
  registerSessionRoutes(app, ctx, guard, events);
  registerDiscordRoutes(app, ctx, guard, loadProfile);
  // Test accounts. When they are off, every /api/auth/dummy/* route answers 404 as if it did not exist.
  if (ctx.config.dummyLogin.enabled) registerDummyRoutes(app, ctx, loadProfile);
}

/** What the sign-in screen may offer, and the sign-out. */
function registerSessionRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard, events: DomainEvents): void {
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

  app.post(
    '/api/auth/logout',
    api({ summary: 'Ends the session', tag: 'auth', access: 'user', reply: okReplySchema }),
    async (request) => {
      const identity = await guard.identity(request);
      await revokeSession(ctx.db, identity.sessionId, ctx.now());
      // The session's sockets close on every instance.
      await events.publish({ type: 'session.revoked', user_id: identity.userId, session_id: identity.sessionId });
      return { ok: true as const };
    },
  );
}

/** The Discord sign-in (its cookie and redirect; the rest in discord-signin.ts) and the profile's refresh. */
function registerDiscordRoutes(app: FastifyInstance, ctx: AppContext, guard: Guard, loadProfile: ProfileLoader): void {
  const { db } = ctx;
  const signIn = new DiscordSignIn(ctx);

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
      const { state, url } = await signIn.start(query.return_to);
      // The state is bound to this browser: only the browser that started the sign-in can finish it (login CSRF).
      reply.header('set-cookie', stateCookie(ctx, state, OAUTH_STATE_LIFETIME_SECONDS));
      return reply.redirect(url, 302);
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
      requireDiscord(ctx);
      if (cookieValue(request.headers.cookie, OAUTH_STATE_COOKIE) !== body.state)
        throw new AppError('OAUTH_STATE_INVALID');
      reply.header('set-cookie', stateCookie(ctx, '', 0));
      const { accessToken, userId, returnTo } = await signIn.finish(body);
      const user = await loadProfile(db, userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      return { access_token: accessToken, user, return_to: returnTo };
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
      await signIn.refreshProfile(user);
      return loadProfile(db, user.id);
    },
  );
}

/** Test accounts (development and staging). */
function registerDummyRoutes(app: FastifyInstance, ctx: AppContext, loadProfile: ProfileLoader): void {
  const { db } = ctx;
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
