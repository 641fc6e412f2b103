import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../accounts/queries.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import type { Authenticator, Identity } from '../http/route.ts';
import { metricsAccess } from '../metrics/metrics.ts';
import { findSessionWithUser } from './sessions.ts';
import { bearerToken } from './tokens.ts';

/**
 * Authentication by a route's declared access (identity: an open session; user: with its record; admin: is_admin;
 * metrics: the scrape's token or address) and by the WebSocket's handshake. Banned users are refused at every level.
 */
export interface Guard extends Authenticator {
  /** A raw access token (the WebSocket handshake carries it in the query). */
  token(raw: string): Promise<{ identity: Identity; user: UserRow }>;
}

const bearer = (request: FastifyRequest) => bearerToken(request.headers.authorization);

export function createGuard(ctx: AppContext): Guard {
  /** Null for a token that does not hold (UNAUTHORIZED); a request without any token is told to sign in. */
  async function resolve(request: FastifyRequest): Promise<{ identity: Identity; user: UserRow | undefined } | null> {
    const token = bearer(request);
    if (!token) throw new AppError('LOGIN_REQUIRED');
    return resolveToken(token);
  }

  async function resolveToken(token: string): Promise<{ identity: Identity; user: UserRow | undefined } | null> {
    const claims = await ctx.tokens.verify(token);
    if (!claims) return null;
    const found = await findSessionWithUser(ctx.db, claims.sid);
    const now = ctx.now();
    if (!found) return null;
    const { session, user } = found;
    if (session.userId !== claims.sub || session.expiresAt <= now) return null;
    if (session.revokedAt !== null) {
      // A ban revokes every session: say why instead of "expired".
      if (user?.isBanned) throw new AppError('BANNED');
      return null;
    }
    // Test-account sessions die with the switch that allowed them.
    if (session.isDummy && !ctx.config.dummyLogin.enabled) return null;
    if (user?.isBanned) throw new AppError('BANNED');
    return { identity: { userId: claims.sub, sessionId: session.id, dummy: session.isDummy }, user };
  }

  async function identity(request: FastifyRequest): Promise<Identity> {
    const found = await resolve(request);
    if (!found) throw new AppError('UNAUTHORIZED');
    return found.identity;
  }

  async function user(request: FastifyRequest) {
    const found = await resolve(request);
    if (!found) throw new AppError('UNAUTHORIZED');
    if (!found.user) throw new AppError('USER_NOT_FOUND');
    return { identity: found.identity, user: found.user };
  }

  async function admin(request: FastifyRequest) {
    const found = await user(request);
    // Test accounts never act as admins in production.
    if (!found.user.isAdmin || (found.user.isDummy && ctx.config.env === 'production')) throw new AppError('FORBIDDEN');
    return found;
  }

  async function optional(request: FastifyRequest) {
    try {
      return (await resolve(request))?.identity ?? null;
    } catch {
      return null;
    }
  }

  async function token(raw: string) {
    if (!raw) throw new AppError('LOGIN_REQUIRED');
    const found = await resolveToken(raw);
    if (!found?.user) throw new AppError('UNAUTHORIZED');
    return { identity: found.identity, user: found.user };
  }

  async function metrics(request: FastifyRequest) {
    metricsAccess(ctx.config.metrics, request.headers.authorization, request.ip);
  }

  return { identity, user, admin, optional, token, metrics };
}
