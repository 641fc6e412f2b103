import { createHash, randomBytes } from 'node:crypto';
import { toWellFormedText } from '@rankmatch/shared';
import type { Config } from '../config.ts';
import { AppError } from '../http/errors.ts';

// Discord OAuth2 (authorization code + PKCE S256, scope identify), spoken from the server so the client secret never
// reaches the browser. Endpoint bases come from configuration so tests can point them at a local fake.

export type DiscordConfig = NonNullable<Config['discord']>;

export interface DiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

export interface DiscordTokens {
  access_token: string;
  refresh_token: string | null;
  expires_in: number;
}

export const redirectUri = (publicUrl: string) => `${publicUrl}/auth/callback`;

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(discord: DiscordConfig, publicUrl: string, state: string, challenge: string): string {
  const url = new URL(discord.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', discord.clientId);
  url.searchParams.set('scope', 'identify');
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', redirectUri(publicUrl));
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('prompt', 'none');
  return url.toString();
}

export function avatarUrl(user: DiscordUser): string {
  if (user.avatar) return `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png?size=128`;
  // Default avatars: (id >> 22) % 6 for the new username system.
  const index = Number((BigInt(user.id) >> 22n) % 6n);
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

async function tokenRequest(
  discord: DiscordConfig,
  http: typeof fetch,
  body: Record<string, string>,
): Promise<DiscordTokens> {
  let response: Response;
  try {
    response = await http(`${discord.apiBase}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${discord.clientId}:${discord.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError('OAUTH_EXCHANGE_FAILED');
  }
  // Discord answers 400 invalid_grant for a bad, used or expired code: the user must sign in again.
  if (response.status === 400 || response.status === 401) throw new AppError('OAUTH_STATE_INVALID');
  if (!response.ok) throw new AppError('OAUTH_EXCHANGE_FAILED');
  const json = (await response.json().catch(() => null)) as Partial<DiscordTokens> | null;
  if (!json || typeof json.access_token !== 'string') throw new AppError('OAUTH_EXCHANGE_FAILED');
  return {
    access_token: json.access_token,
    refresh_token: typeof json.refresh_token === 'string' ? json.refresh_token : null,
    expires_in: typeof json.expires_in === 'number' ? json.expires_in : 3600,
  };
}

export function exchangeCode(
  discord: DiscordConfig,
  http: typeof fetch,
  input: { code: string; verifier: string; publicUrl: string },
): Promise<DiscordTokens> {
  return tokenRequest(discord, http, {
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: redirectUri(input.publicUrl),
    code_verifier: input.verifier,
  });
}

export function refreshTokens(
  discord: DiscordConfig,
  http: typeof fetch,
  refreshToken: string,
): Promise<DiscordTokens> {
  return tokenRequest(discord, http, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** GET /users/@me. Returns null when Discord refuses the token (expired or revoked). */
export async function fetchDiscordUser(
  discord: DiscordConfig,
  http: typeof fetch,
  accessToken: string,
): Promise<DiscordUser | null> {
  let response: Response;
  try {
    response = await http(`${discord.apiBase}/users/@me`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError('OAUTH_EXCHANGE_FAILED');
  }
  if (response.status === 401) return null;
  if (!response.ok) throw new AppError('OAUTH_EXCHANGE_FAILED');
  const json = (await response.json().catch(() => null)) as Partial<DiscordUser> | null;
  if (!json || typeof json.id !== 'string' || !/^\d{1,25}$/.test(json.id) || typeof json.username !== 'string') {
    throw new AppError('OAUTH_EXCHANGE_FAILED');
  }
  // Discord's JSON could carry a lone surrogate ("\ud800"), which PostgreSQL refuses: it becomes U+FFFD rather than
  // failing the sign-in.
  return {
    id: json.id,
    username: toWellFormedText(json.username),
    global_name: typeof json.global_name === 'string' ? toWellFormedText(json.global_name) : null,
    avatar: typeof json.avatar === 'string' ? toWellFormedText(json.avatar) : null,
  };
}
