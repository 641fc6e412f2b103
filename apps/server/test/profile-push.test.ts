import type { AddressInfo } from 'node:net';
import { serverMessageSchema } from '@rankmatch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { activeSeason, matchTen, postReport, report } from './helpers/match.ts';
import { TestSocket } from './helpers/ws-client.ts';

// Issue 21, item 2: a correction, a settlement and an admin edit of a player change the rate the player's screens
// show; each is pushed to the player's sockets (profileChanged), so every view of the rate reloads it.

let t: TestApp;
let admin: string;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('dummy_admin');
  await activeSeason(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
});
afterAll(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
});

async function connect(token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${base}?token=${encodeURIComponent(token)}`);
  sockets.push(socket);
  return socket;
}

/** Waits until every socket has the message, and the messages parse as the protocol says. */
async function pushed(list: TestSocket[], reason: string): Promise<void> {
  for (const socket of list) {
    const message = await socket.next('profileChanged');
    expect(serverMessageSchema.parse(message)).toEqual({ type: 'profileChanged', reason });
  }
}

const rateOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/users/me', token })).json().rate as number;

describe('profileChanged pushes', () => {
  it('tell the players of a settled match, of a corrected one, and a player an admin edited; nobody else', async () => {
    const m = await matchTen(t, admin);
    const players = await Promise.all([...m.teamA, ...m.teamB].map((id) => connect(m.tokenOf(id))));
    const bystander = await connect(await t.login('dummy_20'));

    for (const id of [m.teamA[0], m.teamB[0]] as string[]) {
      const res = await postReport(t, m.match.match_id, m.tokenOf(id), report('A-win'));
      expect(res.statusCode, res.body).toBe(200);
    }
    await pushed(players, 'settled');
    const winner = m.teamA[0] as string;
    expect(await rateOf(m.tokenOf(winner))).toBe(1510);

    const corrected = await t.request({
      method: 'POST',
      url: `/api/admin/matches/${m.match.match_id}/result`,
      token: admin,
      payload: { winner: 'B' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await pushed(players, 'corrected');
    expect(await rateOf(m.tokenOf(winner))).toBe(1490);

    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${winner}`,
      token: admin,
      payload: { rate: 1600 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await pushed([players[0] as TestSocket], 'admin');
    expect(await rateOf(m.tokenOf(winner))).toBe(1600);

    await t.built.events.drain();
    expect(bystander.messages.filter((msg) => msg.type === 'profileChanged')).toEqual([]);
    // The admin edit told only the player edited.
    for (const socket of players.slice(1)) {
      expect(socket.messages.filter((msg) => msg.type === 'profileChanged')).toHaveLength(2);
    }
  });
});
