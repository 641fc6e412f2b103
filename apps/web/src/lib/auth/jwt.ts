/** The `exp` claim (unix seconds) of a JWT, or null when the token cannot be read. The signature is not checked. */
export function tokenExpiry(token: string): number | null {
  const claims = tokenClaims(token);
  return typeof claims?.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : null;
}

/** The `sub` claim, or null. */
export function tokenSubject(token: string): string | null {
  const claims = tokenClaims(token);
  return typeof claims?.sub === 'string' ? claims.sub : null;
}

function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A token is usable while its expiry lies in the future. */
export function isTokenFresh(token: string, nowMs: number = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}
