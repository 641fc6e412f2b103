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
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { cookieValue } from '../http/cookies.ts';
import { AppError } from '../http/errors.ts';
import { type RouteDef, route } from '../http/route.ts';
import { finishDiscordSignIn, refreshDiscordProfile, requireDiscord, startDiscordSignIn } from './discord-signin.ts';
import { dummyLogin, listDummyUsers } from './dummy.ts';
import { openSession, revokeSession } from './sessions.ts';

/** The cookie that binds an OAuth state to the browser that asked for it. */
const OAUTH_STATE_COOKIE = 'rankmatch_oauth_state';

function stateCookie(ctx: AppContext, value: string, maxAge: number): string {
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${OAUTH_STATE_COOKIE}=${value}; Path=/api/auth/discord; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The profile a sign-in replies with: profiles/profile.ts's loadProfile, handed in by app.ts (the profile is
 * assembled from modules that sit above auth, so auth does not import it).
 */
export type ProfileLoader = (db: Executor, userId: string) => Promise<UserProfile | null>;

/** Sign-in (Discord; test accounts where they are on) and sign-out. */
export function authRoutes(ctx: AppContext, loadProfile: ProfileLoader): RouteDef[] {
  return [
    ...sessionRoutes(ctx),
    ...discordRoutes(ctx, loadProfile),
    // Test accounts. When they are off, every /api/auth/dummy/* route answers 404 as if it did not exist.
    ...(ctx.config.dummyLogin.enabled ? dummyRoutes(ctx, loadProfile) : []),
  ];
}

/** What the sign-in screen may offer, and the sign-out. */
function sessionRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/auth/providers',
        summary: 'Which sign-in methods are offered',
        tag: 'auth',
        access: 'public',
      },
      () => ({
        discord: ctx.config.discord !== null,
        dummy: ctx.config.dummyLogin.enabled,
        dummy_password_required: ctx.config.dummyLogin.enabled && Boolean(ctx.config.dummyLogin.password),
      }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/auth/logout',
        summary: 'Ends the session',
        tag: 'auth',
        access: 'identity',
        reply: okReplySchema,
        writes: true,
      },
      async ({ work, identity, now }) => {
        await revokeSession(work, identity, now);
        return { ok: true as const };
      },
    ),
  ];
}

/** The Discord sign-in (its cookie and redirect; the rest in discord-signin.ts) and the profile's refresh. */
function discordRoutes(ctx: AppContext, loadProfile: ProfileLoader): RouteDef[] {
  const { db } = ctx;
  return [
    route(
      {
        method: 'GET',
        url: '/api/auth/discord/authorize',
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
      },
      async ({ query, reply }) => {
        const { state, url } = await startDiscordSignIn(ctx, query.return_to);
        // The state is bound to this browser: only the browser that started the sign-in can finish it (login CSRF).
        reply.header('set-cookie', stateCookie(ctx, state, OAUTH_STATE_LIFETIME_SECONDS));
        return reply.redirect(url, 302);
      },
    ),
    route(
      {
        method: 'POST',
        url: '/api/auth/discord/callback',
        errors: ['OAUTH_STATE_INVALID', 'OAUTH_DENIED', 'OAUTH_EXCHANGE_FAILED', 'DISCORD_NOT_CONFIGURED', 'BANNED'],
        summary: 'Finishes the Discord sign-in',
        tag: 'auth',
        access: 'public',
        body: discordCallbackSchema,
        reply: discordLoginReplySchema,
      },
      async ({ request, reply, body }) => {
        requireDiscord(ctx);
        if (cookieValue(request.headers.cookie, OAUTH_STATE_COOKIE) !== body.state)
          throw new AppError('OAUTH_STATE_INVALID');
        reply.header('set-cookie', stateCookie(ctx, '', 0));
        const { accessToken, userId, returnTo } = await finishDiscordSignIn(ctx, body);
        const user = await loadProfile(db, userId);
        if (!user) throw new AppError('USER_NOT_FOUND');
        return { access_token: accessToken, user, return_to: returnTo };
      },
    ),
    /** Refreshes name and avatar from Discord (the client calls it when the name starts with User_). */
    route(
      {
        method: 'PUT',
        url: '/api/users/me/discord',
        summary: 'Refreshes the Discord name and avatar',
        tag: 'users',
        access: 'user',
        noBody:
          'None is read (the web app sends {}): the name and avatar come from Discord with the stored credentials',
        reply: userProfileSchema,
        errors: ['NOT_DISCORD_ACCOUNT', 'DISCORD_NOT_CONFIGURED', 'OAUTH_EXCHANGE_FAILED'],
      },
      async ({ user }) => {
        await refreshDiscordProfile(ctx, user);
        return loadProfile(db, user.id);
      },
    ),
  ];
}

/** Test accounts (development and staging). */
function dummyRoutes(ctx: AppContext, loadProfile: ProfileLoader): RouteDef[] {
  const { db } = ctx;
  return [
    route(
      {
        method: 'GET',
        url: '/api/auth/dummy/users',
        summary: 'Test accounts (development)',
        tag: 'auth',
        access: 'public',
        reply: z.object({ dummy_users: z.array(dummyUserSchema) }),
      },
      async () => ({ dummy_users: await listDummyUsers(db) }),
    ),
    route(
      {
        method: 'POST',
        url: '/api/auth/dummy/login',
        errors: ['DUMMY_PASSWORD_INVALID', 'BANNED', 'FORBIDDEN'],
        summary: 'Signs a test account in',
        tag: 'auth',
        access: 'public',
        body: dummyLoginSchema,
        reply: loginReplySchema,
      },
      async ({ body, now }) => {
        const row = await dummyLogin(db, ctx.config, body, now);
        const accessToken = await openSession(db, ctx.tokens, { userId: row.id, dummy: true, now });
        const user = await loadProfile(db, row.id);
        return { access_token: accessToken, user };
      },
    ),
  ];
}
