import type { ServerMessage } from '@rankmatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Api } from './api.ts';
import { fromJst, RehearsalClock } from './clock.ts';
import { ensureServerBuilt, ServerProcess } from './server.ts';

// The heartbeat: nothing pressed, the real built server's own scheduler (the cron library on its simulated clock)
// runs the next even minute's wave on a Thursday evening and ten waiting players get their match. (The wave that took
// its own lock again skipped every scheduled turn, and only the admin's button made matches: this fails on that code.)

const speed = 20;
let server: ServerProcess;
let clock: RehearsalClock;
let api: Api;
const ids = Array.from({ length: 10 }, (_, i) => `dummy_hb${String(i).padStart(2, '0')}`);

beforeAll(async () => {
  ensureServerBuilt();
  // From 19:20 JST on a Thursday: matching hours, a few waves after the server is up.
  clock = new RehearsalClock(fromJst('2026-11-26T19:20'), speed);
  server = new ServerProcess('heartbeat', { SIMULATED_CLOCK: clock.env, SEED_DEMO_DATA: 'false' });
  await server.start();
  api = new Api([server.base]);
}, 120_000);

afterAll(async () => {
  api?.close();
  expect(await server?.stop()).toBe(0);
});

describe('the scheduled wave (real server, its own cron, a simulated clock)', () => {
  it('matches ten waiting players at the next even minute with nobody pressing anything', async () => {
    const admin = (
      await api.call<{ access_token: string }>('POST', '/api/auth/dummy/login', { body: { user_id: 'dummy_admin' } })
    ).body.access_token;
    const now = Math.floor(clock.now());
    const season = { id: 'heartbeat', name: 'シーズン1', start_date: now - 86_400, end_date: now + 30 * 86_400 };
    expect((await api.call('POST', '/api/admin/seasons', { token: admin, body: season })).status).toBe(200);
    expect((await api.call('POST', '/api/admin/seasons/heartbeat/activate', { token: admin })).status).toBe(200);

    const tokens: string[] = [];
    for (const id of ids) {
      const login = await api.call<{ access_token: string }>('POST', '/api/auth/dummy/login', {
        body: { user_id: id, trainer_name: `ハート${id.slice(-2)}`, rate: 1500 },
      });
      tokens.push(login.body.access_token);
    }
    const socket = new WebSocket(`${server.base.replace('http', 'ws')}/api/ws?token=${tokens[0]}`);
    const found = new Promise<string>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as ServerMessage;
        if (message.type === 'matchFound') resolve(message.match_id);
      });
    });
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ action: 'askQueueInfo' }));
    for (const token of tokens) {
      const join = await api.call('POST', '/api/queue/join', { token, body: {} });
      expect(join.status, JSON.stringify(join.body)).toBe(200);
    }
    // The next even minute's wave (or the one after, when the joins straddled a wave): a few real seconds.
    const nextWave = Math.ceil(clock.now() / 120) * 120;
    const matchId = await Promise.race([found, clock.until(nextWave + 120 + 30).then(() => null)]);
    socket.close();
    expect(matchId, 'a match at the next waves without anybody pressing anything').not.toBeNull();
    for (const token of tokens) {
      const mine = await api.call<{ match: { match_id: string } | null }>('GET', '/api/matches/me', { token });
      expect(mine.body.match?.match_id).toBe(matchId);
    }
    const queue = await api.call<{ total_waiting: number }>('GET', '/api/queue');
    expect(queue.body.total_waiting).toBe(0);
  }, 120_000);
});
