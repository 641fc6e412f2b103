import { FakeDiscord } from '../test/helpers/fake-discord.ts';
import type { Api } from './api.ts';

// How a rehearsal player signs in: a test account through /api/auth/dummy/login (the generated community), a player
// moved in from Unitemate through Discord as a browser does (their Discord id is their account's id): the site's
// authorize redirect and its state cookie, Discord's consent page (the local fake, where the player's browser is
// signed in as them), and the callback with the code. Players and operators alike sign in here.

export interface SignedIn {
  status: number;
  token: string | null;
  /** The error code of a refusal (BANNED). */
  code: string | null;
}

/** Tries of a Discord sign-in whose state expired on the way (the player presses the button again). */
const DISCORD_TRIES = 3;

export class SignIn {
  /** Discord sign-ins done (and refused), for the figures. */
  discord = 0;
  /**
   * Discord sign-ins tried again: the sign-in's state lives 10 simulated minutes, 4 real seconds at 150×, which a
   * busy machine's three requests can take; a player who sees the error signs in again.
   */
  discordAgain = 0;

  constructor(
    private readonly api: Api,
    /** The players who sign in through Discord (the fake, where their browser is signed in as them). */
    private readonly discordIds: ReadonlySet<string> = new Set(),
  ) {}

  viaDiscord(userId: string): boolean {
    return this.discordIds.has(userId);
  }

  /** Signs `userId` in; a test account is created at its first sign-in with `account` (name, start rate). */
  async as(userId: string, account: { trainer_name?: string; rate?: number } = {}): Promise<SignedIn> {
    if (this.viaDiscord(userId)) {
      let reply = await this.throughDiscord(userId);
      for (let i = 1; i < DISCORD_TRIES && reply.code?.startsWith('OAUTH_STATE_INVALID'); i++) {
        this.discordAgain += 1;
        reply = await this.throughDiscord(userId);
      }
      return reply;
    }
    const reply = await this.api.call<{ access_token?: string; code?: string }>('POST', '/api/auth/dummy/login', {
      body: { user_id: userId, ...account },
    });
    return { status: reply.status, token: reply.body?.access_token ?? null, code: reply.body?.code ?? null };
  }

  private async throughDiscord(userId: string): Promise<SignedIn> {
    this.discord += 1;
    const began = Date.now();
    const start = await this.api.call('GET', '/api/auth/discord/authorize?return_to=%2F');
    const location = start.headers.location;
    const cookie = String(start.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    if (start.status !== 302 || !location) return { status: start.status, token: null, code: 'AUTHORIZE_FAILED' };
    // Discord's page, in the player's browser (signed in to Discord as them): it sends them back with a code.
    const consent = await this.api.call('GET', location, { cookie: FakeDiscord.browserCookie(userId) });
    const back = consent.headers.location ? new URL(consent.headers.location) : null;
    if (consent.status !== 302 || !back) return { status: consent.status, token: null, code: 'CONSENT_FAILED' };
    const reply = await this.api.call<{ access_token?: string; code?: string }>('POST', '/api/auth/discord/callback', {
      cookie,
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    const code = reply.body?.code ?? null;
    return {
      status: reply.status,
      token: reply.body?.access_token ?? null,
      code: code && `${code} (${start.ms}+${consent.ms}+${reply.ms} of ${Date.now() - began} ms)`,
    };
  }
}
