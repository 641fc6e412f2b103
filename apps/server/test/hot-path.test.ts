import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/auth/tokens.ts';
import { openPostgres, rowsOf } from '../src/db/client.ts';
import { MAX_PREPARED_STATEMENTS, StatementNames } from '../src/db/prepared.ts';
import { type DomainEvent, RedisBus } from '../src/events/bus.ts';

// What the report's hot path leans on: named prepared statements for the queries the app repeats, verified tokens
// remembered (never past their expiry), and the Redis bus sending the events of one event-loop turn as one message.

describe('statement names', () => {
  it('names a parameterised text the second time it is seen, with a name that is a hash of the text', () => {
    const names = new StatementNames();
    const text = 'select * from users where id = $1';
    expect(names.nameFor(text)).toBeUndefined();
    const name = names.nameFor(text);
    expect(name).toMatch(/^rm_[A-Za-z0-9_-]{27}$/);
    expect(names.nameFor(text)).toBe(name);
    names.nameFor('select 2 where $1');
    expect(names.nameFor('select 2 where $1')).not.toBe(name);
  });

  it('never names bulk texts, and stops naming at the bound', () => {
    const names = new StatementNames();
    const bulk = `insert into t values ${'($1), '.repeat(4000)}($1)`;
    names.nameFor(bulk);
    expect(names.nameFor(bulk)).toBeUndefined();
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 10; i++) {
      names.nameFor(`select ${i} where $1`);
      names.nameFor(`select ${i} where $1`);
    }
    expect(names.size).toBe(MAX_PREPARED_STATEMENTS);
    names.nameFor('select late where $1');
    expect(names.nameFor('select late where $1')).toBeUndefined();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres';

describe.runIf(pgUrl && onPostgres)('prepared statements on PostgreSQL', () => {
  it('runs a repeated parameterised query as a named statement on its connection, BEGIN as plain text', async () => {
    const database = await openPostgres(pgUrl as string, 2);
    try {
      // One transaction: one connection, whose prepared statements are then listed.
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          const [row] = rowsOf<{ x: number }>(await tx.execute(sql`select ${i}::int as x`));
          expect(row?.x).toBe(i);
        }
        const prepared = rowsOf<{ name: string; statement: string }>(
          await tx.execute(sql`select name, statement from pg_prepared_statements where ${1} = 1`),
        );
        const mine = prepared.filter((p) => p.statement === 'select $1::int as x');
        expect(mine).toHaveLength(1);
        expect(mine[0]?.name).toMatch(/^rm_/);
        expect(prepared.some((p) => /^\s*(begin|commit)/i.test(p.statement))).toBe(false);
      });
    } finally {
      await database.close();
    }
  });
});

describe.runIf(pgUrl && onPostgres)('the scheduler lock on PostgreSQL', () => {
  it('leaves nothing behind on the pooled connection it borrows, however many jobs run', async () => {
    // Locks taken one after the other borrow the same pooled connection (the pool hands out the one released last):
    // a listener left per lock would pile up on it (a leak that node reports past ten listeners).
    const database = await openPostgres(pgUrl as string, 2);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 30; i++) {
        const run = await database.exclusive('hot-path-test', async () => i);
        expect(run).toEqual({ ran: true, value: i });
      }
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await database.close();
    }
  });
});

describe('verified tokens', () => {
  it('remembers a good token but checks its expiry on every use, and never remembers a forged one', async () => {
    let now = 1_800_000_000;
    const tokens = new TokenSigner('a-secret-that-is-long-enough-for-hs256-0123456789', () => now);
    const token = await tokens.sign({ userId: 'u1', sessionId: 's1', dummy: false, expiresAt: now + 60 });
    const [a, b] = await Promise.all([tokens.verify(token), tokens.verify(token)]);
    expect(a?.sub).toBe('u1');
    expect(b).toEqual(a);
    now += 59;
    expect((await tokens.verify(token))?.sid).toBe('s1');
    now += 1;
    expect(await tokens.verify(token)).toBeNull();

    const other = new TokenSigner('another-secret-that-is-long-enough-for-hs256-012345', () => now);
    const forged = await other.sign({ userId: 'u1', sessionId: 's1', dummy: false, expiresAt: now + 60 });
    expect(await Promise.all([tokens.verify(forged), tokens.verify(forged)])).toEqual([null, null]);
    expect(await tokens.verify(forged)).toBeNull();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl && onPostgres)('Redis bus batching', () => {
  it('sends the events of one turn as one message, in order, with one queue.changed', async () => {
    const channel = `rankmatch:test-batch:${process.pid}:${Date.now()}:events`;
    const a = await RedisBus.connect(redisUrl as string, channel);
    const b = await RedisBus.connect(redisUrl as string, channel);
    const raw = new Redis(redisUrl as string);
    const received: DomainEvent[] = [];
    b.subscribe((event) => received.push(event));
    try {
      const update = (id: string): DomainEvent => ({
        type: 'match.updated',
        data: { match_id: id, lobby_id: null, host_user_id: null, status: 'done', report_count: 2 },
      });
      const sent: DomainEvent[] = [{ type: 'queue.changed' }, update('1'), { type: 'queue.changed' }, update('2')];
      for (const event of sent) void a.publish(event);
      await expect.poll(() => received.length).toBe(3);
      expect(received).toEqual([{ type: 'queue.changed' }, update('1'), update('2')]);
      // One message in the deployment's stream.
      expect(await raw.xlen(channel)).toBe(1);
    } finally {
      await raw.del(channel);
      raw.disconnect();
      await a.close();
      await b.close();
    }
  });
});
