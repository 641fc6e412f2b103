import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeDiscordRest } from './fake-discord-rest.ts';

// A small local stand-in for Discord's OAuth2 endpoints (authorize, token, users/@me), speaking the same protocol:
// authorization code with PKCE S256, client authentication by HTTP Basic, bearer access tokens. Under the same base, the
// REST calls of the community channel and the bot's DMs (`rest`, fake-discord-rest.ts).

export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

interface CodeGrant {
  user: FakeDiscordUser;
  challenge: string;
  redirectUri: string;
  used: boolean;
}

export class FakeDiscord {
  readonly clientId = 'fake-client-id';
  readonly clientSecret = 'fake-client-secret';
  /**
   * Users signed in to "discord.com" in their own browser: an authorize call carrying the cookie
   * `fake_discord_user=<id>` of one of them consents as that user (several players signing in at once, as in the
   * rehearsal); without it, as nextUser.
   */
  private readonly browsers = new Map<string, FakeDiscordUser>();
  /** The user who "consents" at the next authorize call. */
  nextUser: FakeDiscordUser = {
    id: '112233445566778899',
    username: 'unite_fan',
    global_name: 'ユナイト太郎',
    avatar: 'abc123',
  };
  /** The next authorize call is denied by the user (error=access_denied). */
  denyNext = false;
  /** The token endpoint answers with this status (e.g. 500) instead of working. */
  tokenFailureStatus: number | null = null;
  tokenRequests = 0;
  /** Webhooks, DM channels and messages, with 429s and failures on demand. */
  readonly rest = new FakeDiscordRest();
  private server: Server | null = null;
  private codes = new Map<string, CodeGrant>();
  private accessTokens = new Map<string, FakeDiscordUser>();
  private refreshTokens = new Map<string, FakeDiscordUser>();
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(({ status, headers, body }) => {
          res.writeHead(status, headers);
          res.end(body);
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  env(): Record<string, string> {
    return {
      DISCORD_CLIENT_ID: this.clientId,
      DISCORD_CLIENT_SECRET: this.clientSecret,
      DISCORD_AUTHORIZE_URL: `${this.base}/oauth2/authorize`,
      DISCORD_API_BASE: `${this.base}/api`,
    };
  }

  /** A user who is signed in to Discord in their browser (see `browsers`). */
  addBrowserUser(user: FakeDiscordUser): void {
    this.browsers.set(user.id, user);
  }

  /** The cookie of that user's browser on the authorize page. */
  static browserCookie(userId: string): string {
    return `fake_discord_user=${userId}`;
  }

  /** Makes an issued access token invalid (as when it expires on Discord's side). */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** Changes the profile Discord returns for a user (name and avatar refresh). */
  renameUser(id: string, username: string): void {
    for (const map of [this.accessTokens, this.refreshTokens]) {
      for (const [k, u] of map) if (u.id === id) map.set(k, { ...u, username });
    }
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const url = new URL(req.url ?? '/', this.base);
    const json = (status: number, value: unknown) => ({
      status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(value),
    });

    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const p = url.searchParams;
      const redirect = new URL(p.get('redirect_uri') ?? 'http://invalid/');
      if (
        p.get('client_id') !== this.clientId ||
        p.get('response_type') !== 'code' ||
        p.get('scope') !== 'identify' ||
        p.get('code_challenge_method') !== 'S256' ||
        !p.get('code_challenge')
      ) {
        return json(400, { error: 'invalid_request' });
      }
      redirect.searchParams.set('state', p.get('state') ?? '');
      if (this.denyNext) {
        this.denyNext = false;
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(12).toString('hex');
        const browser = /(?:^|;\s*)fake_discord_user=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
        this.codes.set(code, {
          user: (browser && this.browsers.get(browser)) || this.nextUser,
          challenge: p.get('code_challenge') ?? '',
          redirectUri: p.get('redirect_uri') ?? '',
          used: false,
        });
        redirect.searchParams.set('code', code);
      }
      return { status: 302, headers: { location: redirect.toString() }, body: '' };
    }

    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
      this.tokenRequests++;
      if (this.tokenFailureStatus) return json(this.tokenFailureStatus, { error: 'server_error' });
      const expectedAuth = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expectedAuth) return json(401, { error: 'invalid_client' });
      const form = new URLSearchParams(await readBody(req));
      let user: FakeDiscordUser | undefined;
      if (form.get('grant_type') === 'authorization_code') {
        const grant = this.codes.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!grant || grant.used || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) {
          return json(400, { error: 'invalid_grant' });
        }
        grant.used = true;
        user = grant.user;
      } else if (form.get('grant_type') === 'refresh_token') {
        user = this.refreshTokens.get(form.get('refresh_token') ?? '');
        if (!user) return json(400, { error: 'invalid_grant' });
      } else {
        return json(400, { error: 'unsupported_grant_type' });
      }
      const access = randomBytes(16).toString('hex');
      const refresh = randomBytes(16).toString('hex');
      this.accessTokens.set(access, user);
      this.refreshTokens.set(refresh, user);
      return json(200, {
        access_token: access,
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: refresh,
        scope: 'identify',
      });
    }

    if (req.method === 'GET' && url.pathname === '/api/users/@me') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const user = token ? this.accessTokens.get(token) : undefined;
      if (!user) return json(401, { message: '401: Unauthorized', code: 0 });
      return json(200, { ...user, discriminator: '0' });
    }
    const rest = await this.rest.handle(req, url, await readBody(req));
    if (rest) return rest;
    return json(404, { message: '404: Not Found', code: 0 });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
