import { webcrypto } from 'node:crypto';
import { type AccessTokenClaims, TOKEN_LIFETIME_SECONDS } from '@rankmatch/shared';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Tokens whose signature was checked, remembered (each signed-in request is checked by the rate limit and by the
 * guard, and a player sends many); expiry is still checked on every use.
 */
const VERIFIED_CACHE_SIZE = 10_000;

// Our own access tokens: HS256 JWT, sub = user id, sid = session id, exp = 24 h. Test-account tokens are signed the
// same way and carry `dummy: true`.
export class TokenSigner {
  /** Imported once (jose would import a raw key again on every call). */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /** Token → its claims once the signature checked out (a check under way is shared by concurrent callers). */
  private readonly verified = new Map<string, Promise<AccessTokenClaims | null>>();
  constructor(
    secret: string,
    private readonly now: () => number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
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
    return jwt.sign(await this.key);
  }

  /** The user id of a validly signed bearer token (the rate limit's key), or null. */
  async subjectOf(authorization: string | undefined): Promise<string | null> {
    const token = bearerToken(authorization);
    return token ? ((await this.verify(token))?.sub ?? null) : null;
  }

  /** The claims of a valid token, or null when it is unsigned, tampered, malformed or expired. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    let check = this.verified.get(token);
    if (!check) {
      check = this.checkSignature(token);
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, check);
      // Only good tokens are remembered: garbage must not fill the map.
      void check.then((claims) => {
        if (!claims) this.verified.delete(token);
      });
    }
    const claims = await check;
    return claims && claims.exp > this.now() ? claims : null;
  }

  private async checkSignature(token: string): Promise<AccessTokenClaims | null> {
    try {
      // Expiry is checked here and again on every later use of the remembered claims (verify).
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now() * 1000),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
        return null;
      }
      return payload as unknown as AccessTokenClaims;
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
