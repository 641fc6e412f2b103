import { randomBytes } from 'node:crypto';
import type { discordCallbackSchema } from '@rankmatch/shared';
import { OAUTH_STATE_LIFETIME_SECONDS } from '@rankmatch/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserRow } from '../accounts/queries.ts';
import { defaultTrainerName, ensureUser } from '../accounts/service.ts';
import { setDiscordProfile } from '../accounts/writes.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { discordCredentials, oauthStates } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
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
import { openSession } from './sessions.ts';

// The Discord sign-in (OAuth 2 with PKCE): its one-time states (oauth_states), the stored credentials
// (discord_credentials), the account it creates or refreshes, and the session it opens. The routes keep the HTTP
// parts: the state's cookie and the redirect.

export type DiscordCallback = z.infer<typeof discordCallbackSchema>;

export function requireDiscord(ctx: AppContext): DiscordConfig {
  if (!ctx.config.discord) throw new AppError('DISCORD_NOT_CONFIGURED');
  return ctx.config.discord;
}

export async function saveCredentials(db: Executor, user: DiscordUser, tokens: DiscordTokens, now: number) {
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

/** A one-time state for this sign-in (the route binds it to the browser with a cookie) and Discord's page. */
export async function startDiscordSignIn(
  ctx: AppContext,
  returnTo: string | undefined,
): Promise<{ state: string; url: string }> {
  const discord = requireDiscord(ctx);
  const now = ctx.now();
  const state = randomBytes(24).toString('base64url');
  const { verifier, challenge } = pkcePair();
  await ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await ctx.db.insert(oauthStates).values({
    state,
    codeVerifier: verifier,
    returnTo: returnTo ?? '/',
    expiresAt: now + OAUTH_STATE_LIFETIME_SECONDS,
  });
  return { state, url: authorizeUrl(discord, ctx.config.publicUrl, state, challenge) };
}

/**
 * Finishes a sign-in whose state the browser proved it holds: the state is taken (deleted) whatever happens next,
 * the code exchanged, the account created or refreshed and a session opened.
 */
export async function finishDiscordSignIn(
  ctx: AppContext,
  body: DiscordCallback,
): Promise<{ accessToken: string; userId: string; returnTo: string }> {
  const discord = requireDiscord(ctx);
  const now = ctx.now();
  const [stored] = await ctx.db
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

  const accessToken = await ctx.db.transaction(async (tx) => {
    await upsertDiscordUser(tx, discordUser, now, configuredAdmin(ctx.config, discordUser.id, false));
    await saveCredentials(tx, discordUser, tokens, now);
    return openSession(tx, ctx.tokens, { userId: discordUser.id, dummy: false, now });
  });
  return { accessToken, userId: discordUser.id, returnTo: stored.returnTo };
}

/** Refreshes a Discord account's name and avatar with its stored credentials (refreshing the tokens if needed). */
export async function refreshDiscordProfile(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.isDummy) throw new AppError('NOT_DISCORD_ACCOUNT');
  const discord = requireDiscord(ctx);
  const [cred] = await ctx.db.select().from(discordCredentials).where(eq(discordCredentials.userId, user.id));
  if (!cred) throw new AppError('NOT_DISCORD_ACCOUNT');
  const now = ctx.now();
  let accessToken = cred.accessToken;
  let profile = cred.expiresAt > now ? await fetchDiscordUser(discord, ctx.fetch, accessToken) : null;
  if (!profile && cred.refreshToken) {
    const tokens = await refreshTokens(discord, ctx.fetch, cred.refreshToken);
    accessToken = tokens.access_token;
    profile = await fetchDiscordUser(discord, ctx.fetch, accessToken);
    if (profile) await saveCredentials(ctx.db, profile, tokens, now);
  }
  if (!profile) throw new AppError('UNAUTHORIZED');
  await setDiscordProfile(ctx.db, user.id, { username: profile.username, avatarUrl: avatarUrl(profile) }, now);
}

/**
 * Recreates the account of a signed-in identity whose record is missing (the spec's 404 → POST /api/users), from the
 * stored Discord profile (a test account from its id).
 */
export async function recreateAccount(ctx: AppContext, identity: { userId: string; dummy: boolean }): Promise<void> {
  const now = ctx.now();
  const [cred] = identity.dummy
    ? []
    : await ctx.db.select().from(discordCredentials).where(eq(discordCredentials.userId, identity.userId));
  const profile = cred?.profile;
  await ensureUser(ctx.db, {
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
}
