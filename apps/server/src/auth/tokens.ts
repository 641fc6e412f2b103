import { createSecretKey, type KeyObject } from 'node:crypto';
import { type AccessTokenClaims, TOKEN_LIFETIME_SECONDS } from '@rankmatch/shared';
import { jwtVerify, SignJWT } from 'jose';

/** Verified tokens remembered (each signed-in request is checked by the rate limit and by the guard). */
const VERIFIED_CACHE_SIZE = 10_000;

// Our own access tokens: HS256 JWT, sub = user id, sid = session id, exp = 24 h. Test-account tokens are signed the
// same way and carry `dummy: true`.
export class TokenService {
  private readonly key: KeyObject;
  /** Token → its claims, for tokens whose signature was checked; expiry is checked on every use. */
  private readonly verified = new Map<string, AccessTokenClaims>();
  constructor(
    secret: string,
    private readonly now: () => number,
  ) {
    this.key = createSecretKey(new TextEncoder().encode(secret));
  }

  async sign(input: { userId: string; sessionId: string; dummy: boolean; expiresAt: number }): Promise<string> {
    const jwt = new SignJWT({
      sid: input.sessionId,
      ...(input.dummy ? { dummy: true, original_user_id: input.userId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(input.userId)
      .setIssuedAt(this.now())
      .setExpirationTime(input.expiresAt);
    return jwt.sign(this.key);
  }

  /** The user id of a validly signed bearer token (the rate limit's key), or null. */
  async subjectOf(authorization: string | undefined): Promise<string | null> {
    const token = bearerToken(authorization);
    return token ? ((await this.verify(token))?.sub ?? null) : null;
  }

  /** The claims of a valid token, or null when it is unsigned, tampered, malformed or expired. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const known = this.verified.get(token);
    if (known) return known.exp > this.now() ? known : null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now() * 1000),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
        return null;
      }
      const claims = payload as unknown as AccessTokenClaims;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

export const tokenExpiry = (now: number) => now + TOKEN_LIFETIME_SECONDS;
